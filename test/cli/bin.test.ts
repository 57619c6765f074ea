import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BIN, CLEAN, ONE_ERROR_ONE_WARNING, removeTree, tempTree } from './support';

/** A few runs of the real binary, to prove the bundle, stdin, streams and exit codes work end to end. */
const run = (args: string[], cwd: string, input?: string, uid?: number) =>
  spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    input,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    ...(uid !== undefined ? { uid, gid: uid } : {}),
  });

test('the binary lints a directory and exits 1 on errors, 0 when clean', () => {
  const dir = tempTree({ 'bad/a.search.json': ONE_ERROR_ONE_WARNING, 'good/a.search.json': CLEAN });
  try {
    const bad = run(['lint', 'bad'], dir);
    assert.equal(bad.status, 1, bad.stderr);
    assert.match(bad.stdout, /^bad\/a\.search\.json\n {2}bad\/a\.search\.json:2:17 {2}error {3}.* {2}type-mismatch$/m);
    assert.match(bad.stdout, /✖ 2 problems \(1 error, 1 warning\)/);
    const good = run(['good'], dir);
    assert.equal(good.status, 0, 'lint is the default command');
    assert.equal(good.stdout, '');
  } finally {
    removeTree(dir);
  }
});

test('the binary reads standard input with --stdin-filename', () => {
  const dir = tempTree({});
  try {
    const r = run(['lint', '--format', 'json', '--stdin-filename', 'x.search.json', '-'], dir, ONE_ERROR_ONE_WARNING);
    assert.equal(r.status, 1, r.stderr);
    assert.equal(JSON.parse(r.stdout)[0].filePath, 'x.search.json');
  } finally {
    removeTree(dir);
  }
});

test('the binary reports a usage error with exit 2', () => {
  const r = run(['lint', '--no-such-option'], process.cwd());
  assert.equal(r.status, 2);
  assert.match(r.stderr, /unknown option --no-such-option/);
});

const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;
/** As root, the check runs the binary as an unprivileged user, which needs to be able to read the checkout. */
const nobodyCanRun = (): boolean =>
  !asRoot ||
  spawnSync(
    process.execPath,
    [
      '-e',
      `require('fs').accessSync(${JSON.stringify(BIN)}, 4); require('fs').accessSync(${JSON.stringify(path.join(path.dirname(BIN), '../dist/cli.js'))}, 4)`,
    ],
    { uid: NOBODY, gid: NOBODY },
  ).status === 0;

test(
  'an unreadable file exits 2 while the other files are still linted',
  { skip: process.platform === 'win32' || !nobodyCanRun() ? 'needs a user that cannot read the file but can run the checkout' : false },
  () => {
    const dir = tempTree({ 'a.search.json': CLEAN, 'b.search.json': ONE_ERROR_ONE_WARNING });
    try {
      fs.chmodSync(dir, 0o755);
      fs.chmodSync(path.join(dir, 'b.search.json'), 0o644);
      fs.chmodSync(path.join(dir, 'a.search.json'), 0o000);
      // Root reads any file, so as root the binary runs as an unprivileged user.
      const r = run(['lint', '--format', 'json'], dir, undefined, asRoot ? NOBODY : undefined);
      assert.equal(r.status, 2, r.stderr);
      assert.match(r.stderr, /a\.search\.json cannot be read: EACCES/);
      assert.deepEqual(
        JSON.parse(r.stdout).map((f: { filePath: string }) => f.filePath),
        ['b.search.json'],
      );
    } finally {
      removeTree(dir);
    }
  },
);

test('TIMING prints the time by phase and rule to standard error, leaving the report on standard output intact', () => {
  const dir = tempTree({ 'a.search.json': ONE_ERROR_ONE_WARNING, 'b.search.json': CLEAN });
  try {
    const timed = spawnSync(process.execPath, [BIN, 'lint', '--format', 'json', '.'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, TIMING: 'all' },
    });
    assert.equal(timed.status, 1, timed.stderr);
    assert.equal(JSON.parse(timed.stdout).length, 2);
    const lines = timed.stderr.trim().split('\n');
    assert.match(lines[0], /^Rule or phase +\| Time \(ms\) \| Relative$/);
    assert.match(lines[1], /^:-+\|-+:\|-+:$/);
    const names = lines.slice(2, -1).map((l) => l.split('|')[0].trim());
    for (const phase of ['parse', 'schema', 'type-mismatch', 'unknown-field', 'other'])
      assert.ok(names.includes(phase), `${phase} in ${names.join(', ')}`);
    assert.match(lines[lines.length - 1], /^Total of all phases: \d+\.\d{3} ms$/);
    const shares = lines.slice(2, -1).map((l) => Number(l.split('|')[2].trim().replace('%', '')));
    assert.ok(Math.abs(shares.reduce((a, b) => a + b, 0) - 100) < 1, `shares add up to ${shares.join(' + ')}`);
    const ten = spawnSync(process.execPath, [BIN, 'lint', '.'], { cwd: dir, encoding: 'utf8', env: { ...process.env, TIMING: '1' } });
    assert.equal(ten.stderr.trim().split('\n').length, 2 + 10 + 1, 'as with ESLint, a number up to 10 shows the ten longest');
    const plain = run(['lint', '.'], dir);
    assert.doesNotMatch(plain.stderr, /Rule or phase/);
  } finally {
    removeTree(dir);
  }
});

test('colour on a terminal or with --color; not into a pipe or a file otherwise', (t) => {
  const dir = tempTree({ 'a.search.json': ONE_ERROR_ONE_WARNING });
  try {
    const env = { ...process.env };
    delete env.NO_COLOR;
    delete env.FORCE_COLOR;
    const piped = spawnSync(process.execPath, [BIN, 'lint', '.'], { cwd: dir, encoding: 'utf8', env });
    assert.doesNotMatch(piped.stdout, /\x1b\[/);
    // --color is obeyed into a pipe (as for `| less -R`), every part alike.
    const forced = spawnSync(process.execPath, [BIN, 'lint', '--color', '.'], { cwd: dir, encoding: 'utf8', env });
    assert.match(forced.stdout, /\x1b\[31merror +\x1b\[39m/);
    assert.match(forced.stdout, /\x1b\[33mwarning\x1b\[39m/);
    assert.match(forced.stdout, /\x1b\[2mtype-mismatch\x1b\[22m/);
    assert.match(forced.stdout, /\x1b\[31m\x1b\[1m✖ 2 problems/);
    const file = path.join(dir, 'out.txt');
    const fd = fs.openSync(file, 'w');
    try {
      spawnSync(process.execPath, [BIN, 'lint', '.'], { cwd: dir, stdio: ['ignore', fd, 'ignore'], env });
    } finally {
      fs.closeSync(fd);
    }
    assert.match(fs.readFileSync(file, 'utf8'), /type-mismatch/);
    assert.doesNotMatch(fs.readFileSync(file, 'utf8'), /\x1b\[/);
    // util-linux's script(1) runs the command on a pseudo-terminal.
    if (!fs.existsSync('/usr/bin/script')) {
      t.skip('script(1) is not installed');
      return;
    }
    const command = [process.execPath, BIN, 'lint', '.'].map((a) => `'${a}'`).join(' ');
    const tty = spawnSync('/usr/bin/script', ['-qec', command, '/dev/null'], { cwd: dir, encoding: 'utf8', env });
    assert.match(tty.stdout, /\x1b\[31merror +\x1b\[39m/);
  } finally {
    removeTree(dir);
  }
});
