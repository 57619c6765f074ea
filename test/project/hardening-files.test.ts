import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseDocument } from '../../server/src/core';
import { repoRoot } from '../fuzz/corpus';

// What `--fix` does to files on disk, and how unreadable inputs are reported, through the
// real command as a user runs it.

const BIN = path.join(repoRoot(), 'bin/search-config.js');

function tempDir(files: Record<string, string | Buffer> = {}): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'search-config-files-')));
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
  return dir;
}
const run = (dir: string, args: string[], opts: { input?: string; uid?: number } = {}): SpawnSyncReturns<string> =>
  spawnSync(process.execPath, [BIN, ...args], { cwd: dir, input: opts.input, encoding: 'utf8', uid: opts.uid, gid: opts.uid });
const read = (dir: string, name: string): string => fs.readFileSync(path.join(dir, name), 'utf8');

/** A .jsonc file with comments, CRLF line endings, a BOM, odd spacing and two fixable findings. */
const CRLF_BOM =
  '\uFEFF' +
  [
    '{',
    '  // production service',
    '  "search":   { "http_max_content_length": "104857600" },   /* bytes */',
    '\t"search_version": 3.6,',
    '  "static_ips": "true" // keep',
    '}',
    '',
  ].join('\r\n');
const CRLF_BOM_FIXED = CRLF_BOM.replace('"104857600"', '104857600').replace('3.6', '"3.6"').replace('"true"', 'true');

test('files: --fix keeps comments, spacing, CRLF line endings and the byte order mark, and is idempotent', () => {
  const dir = tempDir({ 'a.search.jsonc': CRLF_BOM });
  try {
    const r = run(dir, ['lint', '--fix', 'a.search.jsonc']);
    assert.notEqual(r.status, 2, r.stderr);
    assert.equal(read(dir, 'a.search.jsonc'), CRLF_BOM_FIXED, 'only the fixed values changed');
    const again = run(dir, ['lint', '--fix', 'a.search.jsonc']);
    assert.notEqual(again.status, 2, again.stderr);
    assert.equal(read(dir, 'a.search.jsonc'), CRLF_BOM_FIXED, 'fixing again changes nothing');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('files: --fix replaces the file atomically, keeps its mode, and leaves no temporary file', () => {
  const dir = tempDir({ 'a.search.json': '{ "static_ips": "true" }\n', 'b.search.json': '{ "static_ips": "false" }\n' });
  try {
    const file = path.join(dir, 'a.search.json');
    fs.chmodSync(file, 0o640);
    const other = path.join(dir, 'b.search.json');
    fs.chmodSync(other, 0o604);
    const link = path.join(dir, 'hard-link-to-a');
    fs.linkSync(file, link);
    const before = fs.statSync(file);
    const r = run(dir, ['lint', '--fix', '.']);
    assert.notEqual(r.status, 2, r.stderr);
    const after = fs.statSync(file);
    assert.equal(read(dir, 'a.search.json'), '{ "static_ips": true }\n');
    assert.equal(after.mode & 0o7777, 0o640, 'mode kept');
    assert.equal(fs.statSync(other).mode & 0o7777, 0o604, 'mode kept');
    assert.equal(after.uid, before.uid);
    assert.notEqual(after.ino, before.ino, 'a new file was renamed into place, not written over the old one');
    assert.equal(fs.readFileSync(link, 'utf8'), '{ "static_ips": "true" }\n', 'the old inode was never modified in place');
    assert.deepEqual(fs.readdirSync(dir).sort(), ['a.search.json', 'b.search.json', 'hard-link-to-a'], 'no temporary file left behind');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('files: --fix through a symbolic link rewrites the target and keeps the link', () => {
  const dir = tempDir({ 'real.json': '{ "static_ips": "true" }\n' });
  try {
    fs.symlinkSync('real.json', path.join(dir, 'link.search.json'));
    const r = run(dir, ['lint', '--fix', 'link.search.json']);
    assert.notEqual(r.status, 2, r.stderr);
    assert.ok(fs.lstatSync(path.join(dir, 'link.search.json')).isSymbolicLink(), 'still a link');
    assert.equal(read(dir, 'real.json'), '{ "static_ips": true }\n');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('files: --fix never writes a file that has syntax errors', () => {
  const broken = [
    '{ "static_ips": "true", "search_version": 3.6 "service_log": true }\n',
    '{ "static_ips": "true",\n  "search_version": 3.6,\n  "x": [1, 2\n}\n',
    '{ "static_ips": "true", /* open comment\n',
    '{ "static_ips": "true" } trailing\n',
  ];
  for (const text of broken) {
    const dir = tempDir({ 'a.search.json': text });
    try {
      run(dir, ['lint', '--fix', 'a.search.json']);
      const after = read(dir, 'a.search.json');
      const errorsBefore = parseDocument(text, { fileName: 'a.search.json' }).syntaxErrors.length;
      const errorsAfter = parseDocument(after, { fileName: 'a.search.json' }).syntaxErrors.length;
      assert.ok(
        after === text || errorsAfter === 0,
        `${JSON.stringify(text)} was rewritten with ${errorsAfter} syntax error(s) (before: ${errorsBefore}):\n${after}`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
});

test('files: standard input mode never writes, even with --fix and a matching file name', () => {
  const text = '{ "static_ips": "true" }\n';
  const dir = tempDir({ 'a.search.json': text });
  try {
    const before = fs.statSync(path.join(dir, 'a.search.json'));
    for (const args of [
      ['lint', '--fix', '--stdin-filename', 'a.search.json', '-'],
      ['lint', '--fix-dry-run', '--stdin-filename', 'a.search.json', '-'],
      ['lint', '--stdin-filename', 'a.search.json', '-'],
    ]) {
      const r = run(dir, args, { input: text });
      // --fix with standard input may be refused as a usage error; the others must lint.
      if (!args.includes('--fix')) assert.notEqual(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
      else assert.ok(r.status !== 2 || /standard input/.test(r.stderr), r.stderr);
      assert.equal(read(dir, 'a.search.json'), text, args.join(' '));
      assert.equal(fs.statSync(path.join(dir, 'a.search.json')).mtimeMs, before.mtimeMs, args.join(' '));
      assert.deepEqual(fs.readdirSync(dir), ['a.search.json'], args.join(' '));
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** Runs the command as an unprivileged user when the tests run as root, so that file modes apply. */
const UNPRIVILEGED = process.getuid?.() === 0 ? 65534 : undefined;

test('files: an unreadable file, a directory loop and a broken link exit 2 while every other file is still linted', () => {
  const dir = tempDir({ 'good.search.json': '{ "static_ips": "true" }\n', 'locked.search.json': '{ "static_ips": "true" }\n' });
  try {
    fs.chmodSync(dir, 0o755);
    fs.chmodSync(path.join(dir, 'good.search.json'), 0o644);
    fs.chmodSync(path.join(dir, 'locked.search.json'), 0o000);
    fs.mkdirSync(path.join(dir, 'nested'));
    fs.symlinkSync('..', path.join(dir, 'nested', 'loop'));
    fs.symlinkSync('self.search.json', path.join(dir, 'self.search.json'));
    fs.symlinkSync('missing.json', path.join(dir, 'broken.search.json'));
    fs.chmodSync(path.dirname(dir), fs.statSync(path.dirname(dir)).mode | 0o001);
    const explicit = ['good.search.json', 'locked.search.json', 'self.search.json', 'broken.search.json', 'nowhere.search.json'];
    for (const args of [['.'], explicit]) {
      const r = run(dir, ['lint', '--format', 'json', ...args], { uid: UNPRIVILEGED });
      assert.equal(r.status, 2, `${args.join(' ')}: exit ${r.status}\n${r.stderr}`);
      const report = JSON.parse(r.stdout) as Array<{ filePath: string; messages: Array<{ ruleId: string }> }>;
      const good = report.find((f) => f.filePath.endsWith('good.search.json'));
      assert.ok(good && good.messages.some((m) => m.ruleId === 'type-mismatch'), `the readable file is linted (${args.join(' ')})`);
      assert.match(r.stderr, /locked\.search\.json/, 'the unreadable file is named');
      assert.match(r.stderr, /broken\.search\.json/, 'the broken link is named');
      assert.match(r.stderr, /self\.search\.json/, 'the link loop is named');
    }
  } finally {
    fs.chmodSync(path.join(dir, 'locked.search.json'), 0o644);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('files: a file past maxFileSize (from .search-lint.json, or the default) is reported and the others are linted', () => {
  const small = '{ "static_ips": "true" }\n';
  const big = `{ "custom_domain": "${'a'.repeat(200)}" }\n`;
  const dir = tempDir({ '.search-lint.json': '{ "maxFileSize": 100 }\n', 'big.search.json': big, 'small.search.json': small });
  try {
    const r = run(dir, ['lint', '--format', 'json', '.']);
    assert.equal(r.status, 1, r.stderr);
    const report = JSON.parse(r.stdout) as Array<{ filePath: string; messages: Array<{ ruleId: string; message: string }> }>;
    const bigReport = report.find((f) => f.filePath.endsWith('big.search.json'));
    assert.deepEqual(
      bigReport?.messages.map((m) => m.ruleId),
      ['input-limit'],
    );
    assert.match(bigReport!.messages[0].message, /maxFileSize/);
    assert.ok(report.find((f) => f.filePath.endsWith('small.search.json'))?.messages.some((m) => m.ruleId === 'type-mismatch'));
    // 30 MB of nothing (a sparse file): past the default limit of 20 MiB.
    fs.rmSync(path.join(dir, '.search-lint.json'));
    const huge = path.join(dir, 'huge.search.json');
    fs.writeFileSync(huge, '{');
    fs.truncateSync(huge, 30 * 1024 * 1024);
    const h = run(dir, ['lint', '--format', 'json', 'huge.search.json']);
    assert.notEqual(h.status, 0, h.stderr);
    assert.deepEqual(
      (JSON.parse(h.stdout) as Array<{ messages: Array<{ ruleId: string }> }>)[0].messages.map((m) => m.ruleId),
      ['input-limit'],
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('files: file names with line breaks, workflow-command syntax and unicode cannot break or inject into the reports', () => {
  const names = ['a\n::error file=x::injected.search.json', 'b%0A,:c.search.json', 'ünï cødé 😀.search.json'];
  const dir = tempDir(Object.fromEntries(names.map((n) => [n, '{ "static_ips": "true" }\n'])));
  try {
    const github = run(dir, ['lint', '--format', 'github', '.']);
    const lines = github.stdout.split('\n').filter(Boolean);
    assert.equal(lines.length, names.length, github.stdout);
    for (const line of lines) assert.match(line, /^::error file=[^\n]*,line=1,col=\d+,endLine=1,endColumn=\d+,title=type-mismatch::/);
    assert.ok(!lines.some((l) => l.includes('::injected')), 'the name cannot end the command early');
    const json = JSON.parse(run(dir, ['lint', '--format', 'json', '.']).stdout) as Array<{ filePath: string }>;
    assert.deepEqual(json.map((f) => f.filePath).sort(), [...names].sort());
    const sarif = JSON.parse(run(dir, ['lint', '--format', 'sarif', '.']).stdout);
    const uris: string[] = sarif.runs[0].results.map(
      (r: { locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }> }) =>
        r.locations[0].physicalLocation.artifactLocation.uri,
    );
    assert.deepEqual(uris.map((u) => decodeURIComponent(u)).sort(), [...names].sort());
    const junit = run(dir, ['lint', '--format', 'junit', '.']).stdout;
    assert.doesNotMatch(junit, /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
    assert.ok(!/<testsuite[^>]*name="[^"]*\n/.test(junit), 'a line break in a name is escaped in attributes');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
