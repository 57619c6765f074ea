import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { REPO } from '../support/repo';
import { CLEAN, ONE_ERROR_ONE_WARNING, ONE_WARNING, removeTree, runCli, tempTree } from './support';

test('exit 0 for clean files, with nothing printed', async () => {
  const dir = tempTree({ 'a.search.json': CLEAN });
  try {
    const r = await runCli(['lint'], { cwd: dir });
    assert.deepEqual([r.code, r.out, r.err], [0, '', '']);
  } finally {
    removeTree(dir);
  }
});

test('exit 1 when there is an error', async () => {
  const dir = tempTree({ 'a.search.json': ONE_ERROR_ONE_WARNING });
  try {
    const r = await runCli(['lint', 'a.search.json'], { cwd: dir });
    assert.equal(r.code, 1);
    assert.match(r.out, /✖ 2 problems \(1 error, 1 warning\)/);
  } finally {
    removeTree(dir);
  }
});

test('warnings alone exit 0, unless there are more than --max-warnings', async () => {
  const dir = tempTree({ 'a.search.json': ONE_WARNING, 'b.search.json': ONE_WARNING });
  try {
    assert.equal((await runCli(['lint'], { cwd: dir })).code, 0);
    assert.equal((await runCli(['lint', '--max-warnings', '2'], { cwd: dir })).code, 0);
    const over = await runCli(['lint', '--max-warnings', '1'], { cwd: dir });
    assert.equal(over.code, 1);
    assert.match(over.err, /2 warnings, more than the --max-warnings limit of 1/);
    assert.equal((await runCli(['lint', '--max-warnings', '0', '--rule', 'deprecated-field=off'], { cwd: dir })).code, 0);
    // -1 is ESLint's default: no limit.
    for (const argv of [['--max-warnings', '-1'], ['--max-warnings=-1']]) {
      const none = await runCli(['lint', ...argv], { cwd: dir });
      assert.deepEqual([none.code, none.err], [0, ''], argv.join(' '));
      assert.match(none.out, /2 problems \(0 errors, 2 warnings\)/);
    }
  } finally {
    removeTree(dir);
  }
});

test('--min-severity hides findings below it, and they no longer count', async () => {
  const dir = tempTree({ 'a.search.json': ONE_WARNING });
  try {
    const r = await runCli(['lint', '--min-severity', 'error', '--max-warnings', '0'], { cwd: dir });
    assert.deepEqual([r.code, r.out], [0, '']);
  } finally {
    removeTree(dir);
  }
});

const USAGE_CASES: Array<[string[], RegExp]> = [
  [['--frmat', 'json'], /unknown option --frmat \(did you mean --format\?\)/],
  [['--format', 'xml'], /--format must be stylish, json, sarif, github or junit, not "xml"/],
  [['--rule', 'unit-hnt=off'], /unknown rule "unit-hnt"; did you mean "unit-hint"\?/],
  [['--rule', 'unit-hint=loud'], /the level must be off, error, warning, info or hint, not "loud"\n/],
  // ESLint's words and a slip of a level name: what was meant is said.
  [['--rule', 'unit-hint=warn'], /the level must be off, error, warning, info or hint, not "warn"; did you mean unit-hint=warning\?/],
  [['--rule', 'unit-hint=2'], /not "2"; did you mean unit-hint=error\?/],
  [['--rule', 'unit-hint=eror'], /not "eror"; did you mean unit-hint=error\?/],
  [['--rule', 'unit-hint'], /--rule takes ID=LEVEL/],
  [['--max-warnings', 'many'], /--max-warnings takes a whole number/],
  [['--max-warnings', '-2'], /--max-warnings takes a whole number, not "-2"/],
  [['--cpus', '0'], /--cpus takes a whole number of at least 1/],
  [['--min-severity', 'fatal'], /--min-severity must be/],
  [['--output'], /--output needs a value/],
  [['--fix', '--fix-dry-run'], /cannot be used together/],
  [['--fix', '-'], /--fix cannot write to standard input; use --fix-dry-run/],
  [['--stdin-filename', 'x.json'], /only used with '-'/],
  [['--config', 'missing.json'], /the settings file missing.json does not exist/],
  [['--baseline', 'missing.json'], /the baseline file missing.json does not exist/],
];
for (const [argv, message] of USAGE_CASES) {
  test(`usage error exits 2: ${argv.join(' ')}`, async () => {
    const dir = tempTree({ 'a.search.json': CLEAN });
    try {
      const r = await runCli(['lint', ...argv], { cwd: dir });
      assert.equal(r.code, 2);
      assert.match(r.err, message);
      assert.match(r.err, /Run 'search-config lint --help'/);
      assert.equal(r.out, '');
    } finally {
      removeTree(dir);
    }
  });
}

test('--help prints the options and exits 0', async () => {
  const r = await runCli(['lint', '--help'], { cwd: process.cwd() });
  assert.equal(r.code, 0);
  for (const option of [
    '--format',
    '--output',
    '--min-severity',
    '--max-warnings',
    '--rule',
    '--config',
    '--baseline',
    '--cpus',
    '--fix',
    '--fix-dry-run',
    '--no-color',
    '--stdin-filename',
  ])
    assert.ok(r.out.includes(option), option);
});

test('a missing file exits 2 while the other files are still linted and reported', async () => {
  const dir = tempTree({ 'a.search.json': ONE_ERROR_ONE_WARNING });
  try {
    const r = await runCli(['lint', '--format', 'json', 'nope.search.json', 'a.search.json'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.err, /nope.search.json cannot be read: no such file or directory/);
    assert.equal(JSON.parse(r.out)[0].errorCount, 1);
  } finally {
    removeTree(dir);
  }
});

test('a broken symbolic link exits 2 while the other files are still linted', async () => {
  const dir = tempTree({ 'a.search.json': ONE_WARNING });
  try {
    fs.symlinkSync(path.join(dir, 'gone.json'), path.join(dir, 'dangling.search.json'));
    fs.symlinkSync(path.join(dir, 'gone.txt'), path.join(dir, 'unrelated-link'));
    const r = await runCli(['lint', '--format', 'json'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.err, /dangling.search.json is a broken symbolic link/);
    assert.doesNotMatch(r.err, /unrelated-link/, 'links that would not be linted are not reported');
    assert.deepEqual(
      JSON.parse(r.out).map((f: { filePath: string }) => f.filePath),
      ['a.search.json'],
    );
    const explicit = await runCli(['lint', 'dangling.search.json', 'a.search.json'], { cwd: dir });
    assert.equal(explicit.code, 2);
    assert.match(explicit.err, /dangling.search.json is a broken symbolic link/);
  } finally {
    removeTree(dir);
  }
});

test('a directory loop exits 2 while every file is still linted once', async () => {
  const dir = tempTree({ 'sub/a.search.json': ONE_ERROR_ONE_WARNING, 'b.search.json': CLEAN });
  try {
    fs.symlinkSync(dir, path.join(dir, 'sub', 'loop'));
    const r = await runCli(['lint', '--format', 'json'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.err, /sub\/loop is a directory loop/);
    const files = JSON.parse(r.out).map((f: { filePath: string }) => f.filePath);
    assert.deepEqual(files, ['b.search.json', 'sub/a.search.json']);
  } finally {
    removeTree(dir);
  }
});

test('a directory named like a configuration is searched, not read as a file', async () => {
  const dir = tempTree({ 'a.search.json': CLEAN, 'dir.search.json/inner.search.json': CLEAN });
  try {
    const r = await runCli(['lint', '--format', 'json', 'a.search.json', 'dir.search.json'], { cwd: dir });
    assert.equal(r.code, 0);
    assert.deepEqual(
      JSON.parse(r.out).map((f: { filePath: string }) => f.filePath),
      ['a.search.json', 'dir.search.json/inner.search.json'],
    );
  } finally {
    removeTree(dir);
  }
});

test('no configuration files in a directory, or a glob matching nothing, exits 2', async () => {
  const dir = tempTree({ 'readme.txt': 'x' });
  try {
    const r = await runCli(['lint'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.err, /no configuration files found in \./);
    const g = await runCli(['lint', 'configs/**/*.json'], { cwd: dir });
    assert.equal(g.code, 2);
    assert.match(g.err, /no files match the pattern "configs\/\*\*\/\*.json"/);
  } finally {
    removeTree(dir);
  }
});

test('--output writes the report to a file and nothing to stdout', async () => {
  const dir = tempTree({ 'a.search.json': ONE_ERROR_ONE_WARNING });
  try {
    const r = await runCli(['lint', '--format', 'json', '--output', 'reports/lint.json'], { cwd: dir, isTTY: true });
    assert.deepEqual([r.code, r.out], [1, '']);
    assert.equal(JSON.parse(fs.readFileSync(path.join(dir, 'reports/lint.json'), 'utf8'))[0].errorCount, 1);
    const s = await runCli(['lint', '--output', 'report.txt'], { cwd: dir, isTTY: true });
    assert.equal(s.code, 1);
    assert.doesNotMatch(fs.readFileSync(path.join(dir, 'report.txt'), 'utf8'), /\u001b\[/, 'no colour in a file');
  } finally {
    removeTree(dir);
  }
});

test('colour only on a terminal, never with --no-color or NO_COLOR', async () => {
  const dir = tempTree({ 'a.search.json': ONE_ERROR_ONE_WARNING });
  try {
    const esc = /\u001b\[/;
    assert.match((await runCli(['lint'], { cwd: dir, isTTY: true })).out, esc);
    assert.doesNotMatch((await runCli(['lint'], { cwd: dir, isTTY: false })).out, esc);
    assert.doesNotMatch((await runCli(['lint', '--no-color'], { cwd: dir, isTTY: true })).out, esc);
    assert.doesNotMatch((await runCli(['lint'], { cwd: dir, isTTY: true, env: { NO_COLOR: '1' } })).out, esc);
    assert.match((await runCli(['lint', '--color'], { cwd: dir, isTTY: false })).out, esc);
  } finally {
    removeTree(dir);
  }
});

test('-o to a path that cannot be made: exit 2 at once, saying why (a file where a directory is needed, a path below /proc)', async () => {
  const dir = tempTree({ 'a.search.json': CLEAN, afile: '' });
  try {
    const r = await runCli(['lint', '-o', 'afile/sub/report.txt', 'a.search.json'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.err, /cannot write the report to afile\/sub\/report\.txt: a file stands where its path needs a directory \(ENOTDIR\)/);
    // A recursive mkdir of such a path loops for ever on Node 20: the command runs in a process of its own, with a deadline.
    if (fs.existsSync('/proc/self')) {
      const p = spawnSync(
        process.execPath,
        [path.join(REPO, 'bin', 'search-config.js'), 'lint', '-o', '/proc/no-such-dir/x/report.txt', 'a.search.json'],
        {
          cwd: dir,
          encoding: 'utf8',
          timeout: 60_000,
        },
      );
      assert.equal(p.status, 2, `status ${p.status}, signal ${p.signal}: ${p.stderr}`);
      assert.match(
        p.stderr,
        /cannot write the report to \/proc\/no-such-dir\/x\/report\.txt: a directory on its path does not exist and cannot be made \(ENOENT\)/,
      );
    }
  } finally {
    removeTree(dir);
  }
});
