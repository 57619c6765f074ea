import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { readGitBaseline } from '../../server/src/node/baseline-files';
import { BIN, removeTree, runCli, tempTree } from './support';

const config = (hosts: string[]): string => JSON.stringify({ search: { reindex_remote_whitelist: hosts } }, null, 2) + '\n';
const OLD = config(['old.example.com:9200']);
const NEW = config(['new.example.com:9200']);

type Message = { ruleId: string; message: string };
async function restartFindings(cwd: string, ...argv: string[]): Promise<{ code: number; err: string; found: Message[][] }> {
  const r = await runCli(['lint', '--format', 'json', ...argv], { cwd });
  const results = r.out ? (JSON.parse(r.out) as Array<{ messages: Message[] }>) : [];
  return { code: r.code, err: r.err, found: results.map((f) => f.messages.filter((m) => m.ruleId === 'restart-required')) };
}

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'init.defaultBranch=main', ...args], {
    cwd,
    stdio: 'ignore',
  });
}

/** A git in front of the real one on PATH that notes the subcommand of each start. */
function countingGit(dir: string): { env: NodeJS.ProcessEnv; starts: () => string[] } {
  const bin = path.join(dir, 'bin');
  fs.mkdirSync(bin);
  const log = path.join(dir, 'git-starts.log');
  const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  fs.writeFileSync(path.join(bin, 'git'), `#!/bin/sh\necho "$1" >> "${log}"\nexec "${realGit}" "$@"\n`, { mode: 0o755 });
  return {
    env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` },
    starts: () => fs.readFileSync(log, 'utf8').trim().split('\n'),
  };
}

test('without a baseline, change-aware rules stay silent', async () => {
  const dir = tempTree({ 'a.search.json': NEW });
  try {
    assert.deepEqual((await restartFindings(dir)).found, [[]]);
  } finally {
    removeTree(dir);
  }
});

test('--baseline FILE compares with that file', async () => {
  const dir = tempTree({ 'a.search.json': NEW, 'deployed.json': OLD });
  try {
    const r = await restartFindings(dir, '--baseline', 'deployed.json', 'a.search.json');
    assert.equal(r.found[0].length, 1, r.err);
    assert.equal(r.code, 0, 'restart-required is a warning');
  } finally {
    removeTree(dir);
  }
});

test('--baseline git:HEAD reads the same file at that revision', async () => {
  const dir = tempTree({ 'svc/a.search.json': OLD, 'svc/same.search.json': OLD });
  try {
    git(dir, 'init', '-q');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'deployed');
    fs.writeFileSync(path.join(dir, 'svc/a.search.json'), NEW);
    fs.writeFileSync(path.join(dir, 'svc/new.search.json'), NEW);
    const r = await restartFindings(dir, '--baseline', 'git:HEAD');
    assert.equal(r.err, '');
    // a.search.json changed; new.search.json is a new service (no baseline, no error); same.search.json is unchanged.
    assert.deepEqual(
      r.found.map((f) => f.length),
      [1, 0, 0],
    );
    assert.equal(r.code, 0);
    const fromInside = await restartFindings(path.join(dir, 'svc'), '--baseline', 'git:HEAD', 'a.search.json');
    assert.equal(fromInside.found[0].length, 1, 'paths are resolved from the file, wherever lint runs');
  } finally {
    removeTree(dir);
  }
});

test('an unknown revision or a directory outside git exits 2, and the files are still linted', async () => {
  const dir = tempTree({ 'a.search.json': NEW });
  try {
    const outside = await restartFindings(dir, '--baseline', 'git:HEAD');
    assert.equal(outside.code, 2);
    assert.match(outside.err, /cannot read the baseline git:HEAD of .*a\.search\.json/);
    assert.equal(outside.found.length, 1, 'the file is reported all the same');
    git(dir, 'init', '-q');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'x');
    const unknown = await restartFindings(dir, '--baseline', 'git:no-such-branch');
    assert.equal(unknown.code, 2);
    assert.match(unknown.err, /cannot read the baseline git:no-such-branch/);
  } finally {
    removeTree(dir);
  }
});

test('a revision that looks like an option is refused before git runs', async () => {
  const r = await readGitBaseline(path.join(process.cwd(), 'x.json'), '--output=/tmp/x');
  assert.equal(r.ok, false);
});

test('the baselines of many files are read through one git process, and a commit made meanwhile is seen', async () => {
  const files = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`svc/s${i}.search.json`, OLD]));
  const dir = tempTree({ ...files, 'other/t.search.json': OLD });
  try {
    git(dir, 'init', '-q');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'deployed');
    for (const name of [...Object.keys(files), 'other/t.search.json']) fs.writeFileSync(path.join(dir, name), NEW);
    fs.writeFileSync(path.join(dir, 'svc/new.search.json'), NEW);
    // A process per file costs tens of milliseconds each (more in a language server with a large heap).
    const counted = countingGit(dir);
    const r = spawnSync(process.execPath, [BIN, 'lint', '--format', 'json', '--baseline', 'git:HEAD', 'svc', 'other'], {
      cwd: dir,
      encoding: 'utf8',
      env: counted.env,
    });
    assert.equal(r.stderr, '');
    const results = JSON.parse(r.stdout) as Array<{ filePath: string; messages: Message[] }>;
    const restarts = (name: string): number =>
      results.find((f) => f.filePath.endsWith(name))!.messages.filter((m) => m.ruleId === 'restart-required').length;
    for (const name of Object.keys(files)) assert.equal(restarts(path.basename(name)), 1, name);
    assert.equal(restarts('t.search.json'), 1);
    assert.equal(restarts('new.search.json'), 0, 'a file the revision lacks is a new service');
    const starts = counted.starts();
    assert.deepEqual(starts, ['cat-file', 'cat-file'], 'one git process per folder');

    // In one process (as the language server), a batch still open sees a commit made meanwhile.
    const file = path.join(dir, 'svc/s0.search.json');
    assert.deepEqual(await readGitBaseline(file, 'HEAD'), { ok: true, text: OLD, label: 'git:HEAD' });
    git(dir, 'commit', '-q', '-am', 'deployed again');
    assert.deepEqual(await readGitBaseline(file, 'HEAD'), { ok: true, text: NEW, label: 'git:HEAD' });
    assert.deepEqual(await readGitBaseline(path.join(dir, 'svc/gone.search.json'), 'HEAD'), {
      ok: true,
      text: undefined,
      label: 'git:HEAD',
    });
    const unknown = await readGitBaseline(file, 'no-such-branch');
    assert.equal(unknown.ok, false);
  } finally {
    removeTree(dir);
  }
});

test('files in more folders than batches kept at once are all read against their baseline', () => {
  const folders = Array.from({ length: 12 }, (_, i) => `f${i}`);
  const dir = tempTree(
    Object.fromEntries(
      folders.flatMap((f) => [
        [`${f}/a.search.json`, OLD],
        [`${f}/b.search.json`, OLD],
      ]),
    ),
  );
  try {
    git(dir, 'init', '-q');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'deployed');
    for (const f of folders) fs.writeFileSync(path.join(dir, f, 'a.search.json'), NEW);
    const counted = countingGit(dir);
    const r = spawnSync(process.execPath, [BIN, 'lint', '--format', 'json', '--baseline', 'git:HEAD', ...folders], {
      cwd: dir,
      encoding: 'utf8',
      env: counted.env,
    });
    assert.equal(r.stderr, '');
    const results = JSON.parse(r.stdout) as Array<{ filePath: string; messages: Message[] }>;
    assert.equal(results.length, 24);
    for (const f of results)
      assert.equal(
        f.messages.filter((m) => m.ruleId === 'restart-required').length,
        f.filePath.endsWith('a.search.json') ? 1 : 0,
        f.filePath,
      );
    const starts = counted.starts();
    assert.ok(starts.length <= folders.length, `git started ${starts.length} times: ${starts.join(', ')}`);
  } finally {
    removeTree(dir);
  }
});
