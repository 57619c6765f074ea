import { test } from 'node:test';
import { sweepHidden } from '../../server/src/cli/unified-diff';
import { assertLinear } from '../support/growth';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { parseDocument } from '../../server/src/core';
import { removeTree, runCli, tempTree } from './support';

const read = (dir: string, name: string): string => fs.readFileSync(path.join(dir, name), 'utf8');

/** Two fixable mistakes (a number written as a string, a version written as a number) and a comment. */
const FIXABLE_JSONC = [
  '{',
  '  // production service',
  '  "search": { "http_max_content_length": "104857600" }, /* bytes */',
  '  "search_version": 3.6',
  '}',
  '',
].join('\n');

test('--fix rewrites the file, keeps comments and formatting, and is idempotent', async () => {
  const dir = tempTree({ 'a.search.jsonc': FIXABLE_JSONC });
  try {
    const r = await runCli(['lint', '--fix', '--format', 'json'], { cwd: dir });
    const fixed = read(dir, 'a.search.jsonc');
    assert.equal(fixed, FIXABLE_JSONC.replace('"104857600"', '104857600').replace('3.6', '"3.6"'));
    assert.equal(r.code, 0, r.out + r.err);
    assert.deepEqual(JSON.parse(r.out)[0].messages, [], 'findings are those of the fixed text');
    await runCli(['lint', '--fix'], { cwd: dir });
    assert.equal(read(dir, 'a.search.jsonc'), fixed, 'fixing again changes nothing');
  } finally {
    removeTree(dir);
  }
});

test('--fix keeps CRLF line endings', async () => {
  const crlf = FIXABLE_JSONC.replace(/\n/g, '\r\n');
  const dir = tempTree({ 'a.search.jsonc': crlf });
  try {
    await runCli(['lint', '--fix'], { cwd: dir });
    const fixed = read(dir, 'a.search.jsonc');
    assert.equal(fixed, crlf.replace('"104857600"', '104857600').replace('3.6', '"3.6"'));
    assert.equal(fixed.split('\r\n').length, crlf.split('\r\n').length);
    assert.ok(!/[^\r]\n/.test(fixed), 'no bare LF introduced');
  } finally {
    removeTree(dir);
  }
});

test('a byte order mark is kept by --fix, and positions are counted without it', async () => {
  const text = '\uFEFF{\n  "static_ips": "true"\n}\n';
  const dir = tempTree({ 'a.search.json': text });
  try {
    const before = await runCli(['lint', '--format', 'json'], { cwd: dir });
    const [msg] = JSON.parse(before.out)[0].messages;
    assert.deepEqual(
      [msg.ruleId, msg.line, msg.column],
      ['type-mismatch', 2, 17],
      'no syntax error for the BOM, column as an editor shows it',
    );
    const start = text.slice(1).indexOf('"true"');
    assert.deepEqual(msg.fix.range, [start, start + 6], 'fix offsets are in the text without the BOM');
    await runCli(['lint', '--fix'], { cwd: dir });
    assert.equal(read(dir, 'a.search.json'), '\uFEFF{\n  "static_ips": true\n}\n');
  } finally {
    removeTree(dir);
  }
});

test('--fix keeps the file mode and writes through a temporary file (no leftovers)', async () => {
  const dir = tempTree({ 'a.search.jsonc': FIXABLE_JSONC });
  try {
    const file = path.join(dir, 'a.search.jsonc');
    fs.chmodSync(file, 0o640);
    const inode = fs.statSync(file).ino;
    await runCli(['lint', '--fix'], { cwd: dir });
    const st = fs.statSync(file);
    assert.equal(st.mode & 0o777, 0o640);
    assert.notEqual(st.ino, inode, 'replaced by rename, not rewritten in place');
    assert.deepEqual(fs.readdirSync(dir), ['a.search.jsonc']);
  } finally {
    removeTree(dir);
  }
});

test('--fix writes through a symbolic link to its target and keeps the link', async () => {
  const dir = tempTree({ 'real/a.search.jsonc': FIXABLE_JSONC });
  try {
    fs.symlinkSync(path.join(dir, 'real/a.search.jsonc'), path.join(dir, 'link.search.jsonc'));
    await runCli(['lint', '--fix', 'link.search.jsonc'], { cwd: dir });
    assert.ok(fs.lstatSync(path.join(dir, 'link.search.jsonc')).isSymbolicLink());
    assert.ok(read(dir, 'real/a.search.jsonc').includes('104857600,') || read(dir, 'real/a.search.jsonc').includes(': 104857600 }'));
  } finally {
    removeTree(dir);
  }
});

test('--fix never writes a file that would still have syntax errors', async () => {
  const broken = '{\n  "static_ips": "true"\n  "service_log": true\n}\n';
  const dir = tempTree({ 'a.search.json': broken });
  try {
    const r = await runCli(['lint', '--fix'], { cwd: dir });
    assert.equal(read(dir, 'a.search.json'), broken);
    assert.equal(r.code, 1, 'a syntax error is a finding, not an internal error');
    assert.match(r.out, /invalid-json/);
    assert.match(r.err, /fixes were not applied because the result would still contain syntax errors/);
  } finally {
    removeTree(dir);
  }
});

test('--fix repairs what it can in a file whose only syntax problems are fixable', async () => {
  const text = '{\n  "static_ips": "true",\n}\n';
  const dir = tempTree({ 'a.search.json': text });
  try {
    await runCli(['lint', '--fix'], { cwd: dir });
    const fixed = read(dir, 'a.search.json');
    assert.equal(parseDocument(fixed, { fileName: 'a.search.json' }).syntaxErrors.length, 0);
    assert.ok(fixed.includes('"static_ips": true'));
  } finally {
    removeTree(dir);
  }
});

test('--fix-dry-run prints a unified diff, writes nothing, and masks secrets in context lines', async () => {
  const text =
    '{\n  "openid": {\n    "client_secret": "CANARY-fix-dry-run",\n    "client_id": "x",\n    "refresh_rate_limit_count": "20"\n  },\n  "mistyped_secret": "CANARY-unknown-key"\n}\n';
  const dir = tempTree({ 'a.search.json': text });
  try {
    const r = await runCli(['lint', '--fix-dry-run'], { cwd: dir });
    assert.equal(read(dir, 'a.search.json'), text, 'nothing written');
    assert.ok(r.out.startsWith('--- a/a.search.json\n+++ b/a.search.json\n@@ '), r.out);
    assert.match(r.out, /^-    "refresh_rate_limit_count": "20"$/m);
    assert.match(r.out, /^\+    "refresh_rate_limit_count": 20,?$/m);
    assert.match(r.out, /^ {5}"client_secret": "\*\*\*",$/m);
    assert.ok(!r.out.includes('CANARY') && !r.err.includes('CANARY'), 'no secret in the output');
  } finally {
    removeTree(dir);
  }
});

test('--fix-dry-run: a value a fix carries from an unknown key to a known one stays masked on both sides, and only the key changes', async () => {
  // `cluster_search_request_slowlog` is renamed to the API's dotted key: the value below it was
  // masked as an unknown key's, and the fixed side must not show it (nor show it as changed).
  const text = '{\n  "search": {\n    "cluster_search_request_slowlog": {\n      "level": "CANARY-moved"\n    }\n  }\n}\n';
  const dir = tempTree({ 'a.search.json': text });
  try {
    const r = await runCli(['lint', '--fix-dry-run'], { cwd: dir });
    assert.match(
      r.out,
      /^-    "cluster_search_request_slowlog": \{\n\+    "cluster\.search\.request\.slowlog": \{\n {7}"level": "\*\*\*"$/m,
      r.out,
    );
    assert.ok(!r.out.includes('CANARY') && !r.err.includes('CANARY'), r.out);
    const json = await runCli(['lint', '--fix-dry-run', '--format', 'json'], { cwd: dir });
    assert.ok(JSON.parse(json.out)[0].output.includes('"level": "***"'), json.out);
    assert.ok(!json.out.includes('CANARY'), json.out);
  } finally {
    removeTree(dir);
  }
});

test("--fix-dry-run shows the value of a key that surely names a plain field (the vendor's product name), and masks one that may be a misspelt secret", async () => {
  const text = '{"opensearch_version": "2.19", "client_secrt": "CANARY-typo", "opensearch": {"email_sender_password": "CANARY-smtp"}}\n';
  const dir = tempTree({ 'a.search.json': text });
  try {
    const r = await runCli(['lint', '--fix-dry-run', 'a.search.json'], { cwd: dir });
    assert.match(
      r.out,
      /^-\{"opensearch_version": "2\.19", "client_secrt": "\*\*\*", "opensearch": \{"email_sender_password": "\*\*\*"\}\}$/m,
      r.out,
    );
    assert.match(
      r.out,
      /^\+\{"search_version": "2\.19", "client_secrt": "\*\*\*", "search": \{"email_sender_password": "\*\*\*"\}\}$/m,
      r.out,
    );
    const json = await runCli(['lint', '--fix-dry-run', '--format', 'json', 'a.search.json'], { cwd: dir });
    assert.ok(JSON.parse(json.out)[0].output.startsWith('{"search_version": "2.19", '), json.out);
    assert.ok(!r.out.includes('CANARY') && !json.out.includes('CANARY'), r.out + json.out);
  } finally {
    removeTree(dir);
  }
});

test('a key cut short and as near another key by a typo gets both as suggestions and no fix: a password is never moved into a plain field', async () => {
  const text = '{\n  "search": {\n    "email_sender_username": "alerts@example.com",\n    "email_sender_pass": "CANARY-pass-1"\n  }\n}\n';
  const dir = tempTree({ 'a.search.json': text });
  try {
    const r = await runCli(['lint', '--format', 'json', 'a.search.json'], { cwd: dir });
    const [message] = JSON.parse(r.out)[0].messages;
    assert.equal(
      message.message,
      'Unknown field "email_sender_pass" in search: did you mean "email_sender_password" or "email_sender_name"?',
    );
    assert.equal(message.fix, undefined, 'no automatic fix');
    assert.deepEqual(
      message.suggestions.map((s: { desc: string }) => s.desc),
      ['Rename "email_sender_pass" to "email_sender_password"', 'Rename "email_sender_pass" to "email_sender_name"'],
    );
    await runCli(['lint', '--fix', 'a.search.json'], { cwd: dir });
    assert.equal(read(dir, 'a.search.json'), text, '--fix leaves it');
    assert.ok(!r.out.includes('CANARY'), r.out);
  } finally {
    removeTree(dir);
  }
});

test('a secret written as a number beyond 2^53 is never printed: not in a fix of -f json, not rounded', async () => {
  const dir = tempTree({
    'a.search.json': '{ "search": { "email_sender_password": 918273645546372819 } }\n',
    'main.tf':
      'resource "vendor_search" "x" {\n  search_user_config {\n    search {\n      email_sender_password = 918273645546372819\n    }\n  }\n}\n',
  });
  try {
    for (const format of ['json', 'sarif', 'stylish']) {
      const r = await runCli(['lint', '--format', format, 'a.search.json', 'main.tf'], { cwd: dir });
      assert.ok(r.out.includes('email_sender_password'), r.out);
      // The number as written, and as a double prints it.
      assert.ok(!/91827364554637(2819|2800|29)/.test(r.out + r.err), `${format}: ${r.out}`);
    }
    const dry = await runCli(['lint', '--fix-dry-run', 'a.search.json', 'main.tf'], { cwd: dir });
    assert.ok(!/91827364554637/.test(dry.out + dry.err), dry.out);
  } finally {
    removeTree(dir);
  }
});

test("--fix-dry-run: a secret a variable default in the same file gives is masked in the diff and in -f json's output", async () => {
  const dir = tempTree({
    'main.tf': [
      'variable "cs" { default = "CANARY-variable-default" }',
      'resource "vendor_search" "a" {',
      '  search_user_config {',
      '    static_ips = "true"',
      '    openid {',
      '      enabled       = true',
      '      connect_url   = "https://idp.example.com/.well-known/openid-configuration"',
      '      client_id     = "app"',
      '      client_secret = var.cs',
      '    }',
      '  }',
      '}',
      '',
    ].join('\n'),
  });
  try {
    const dry = await runCli(['lint', '--fix-dry-run', 'main.tf'], { cwd: dir });
    assert.match(dry.out, /^\+ {4}static_ips = true$/m);
    assert.match(dry.out, /^ variable "cs" \{ default = "\*\*\*" \}$/m);
    assert.ok(!(dry.out + dry.err).includes('CANARY'), dry.out);
    const json = await runCli(['lint', '--fix-dry-run', '--format', 'json', 'main.tf'], { cwd: dir });
    const [file] = JSON.parse(json.out) as Array<{ output: string }>;
    assert.match(file.output, /static_ips = true/);
    assert.ok(!(json.out + json.err).includes('CANARY'), json.out);
  } finally {
    removeTree(dir);
  }
});

test('-f json keeps the move of a field written at the wrong level (its value read as that field), in JSON and .tf; a guess, whose value may be a secret, stays out', async () => {
  const move = (range: [number, number], text: string): unknown => [
    { desc: 'Move "http_max_content_length" into a new search object', fix: { range, text } },
  ];
  const dir = tempTree({
    'a.search.json': '{\n  "search_version": "2.19",\n  "http_max_content_length": 1048576\n}\n',
    // A duplicate key: the values that may be secrets are read from the full parse tree instead.
    'b.search.json': '{\n  "service_log": true,\n  "service_log": true,\n  "http_max_content_length": 1048576\n}\n',
    'main.tf':
      'resource "vendor_search" "x" {\n  search_user_config {\n    http_max_content_length = 1048576\n    search_version          = "2.19"\n  }\n}\n',
    // A misspelling of a field of another object: the editor offers the move, but the value may have been meant for any field.
    'c.search.json': '{\n  "http_max_content_lenght": 918273645\n}\n',
  });
  try {
    const r = await runCli(['lint', '--format', 'json', '.'], { cwd: dir });
    const byFile = new Map<string, Array<{ ruleId: string; suggestions?: unknown }>>(
      JSON.parse(r.out).map((f: { filePath: string; messages: [] }) => [f.filePath, f.messages]),
    );
    const moveOf = (file: string): unknown => byFile.get(file)?.find((m) => m.ruleId === 'unknown-field')?.suggestions;
    assert.deepEqual(moveOf('a.search.json'), move([32, 66], '"search": { "http_max_content_length": 1048576 }'));
    assert.deepEqual(moveOf('b.search.json'), move([50, 84], '"search": { "http_max_content_length": 1048576 }'));
    assert.deepEqual(
      moveOf('main.tf'),
      move([58, 128], 'search_version = "2.19"\n    search {\n      http_max_content_length = 1048576\n    }'),
    );
    assert.equal(moveOf('c.search.json'), undefined);
    assert.ok(!r.out.includes('918273645'), r.out);
  } finally {
    removeTree(dir);
  }
});

test('--fix-dry-run with --format json: standard output is one JSON document, the fixed text in "output" (secrets masked), no diff', async () => {
  const text =
    '{\n  "openid": {\n    "client_secret": "CANARY-fix-dry-run",\n    "client_id": "x",\n    "refresh_rate_limit_count": "20"\n  }\n}\n';
  const dir = tempTree({ 'a.search.json': text, 'clean.search.json': '{\n  "service_log": true\n}\n' });
  try {
    const r = await runCli(['lint', '--fix-dry-run', '--format', 'json'], { cwd: dir });
    assert.equal(read(dir, 'a.search.json'), text, 'nothing written');
    const results = JSON.parse(r.out);
    assert.equal(results[0].filePath, 'a.search.json');
    assert.equal(
      results[0].output,
      '{\n  "openid": {\n    "client_secret": "***",\n    "client_id": "x",\n    "refresh_rate_limit_count": 20\n  }\n}\n',
    );
    assert.equal(results[1].filePath, 'clean.search.json');
    assert.ok(!('output' in results[1]), 'no output member for a file the fixes leave as it is (as ESLint)');
    assert.equal(r.err, '', 'no diff anywhere');
    assert.ok(!r.out.includes('CANARY'), 'no secret in the output');
    const sarif = await runCli(['lint', '--fix-dry-run', '--format', 'sarif'], { cwd: dir });
    JSON.parse(sarif.out);
    assert.match(sarif.err, /^--- a\/a\.search\.json\n/, 'the other machine formats leave the diff to standard error');
  } finally {
    removeTree(dir);
  }
});

test('standard input is linted, never written; --fix-dry-run on it prints the diff', async () => {
  const dir = tempTree({});
  try {
    const r = await runCli(['lint', '--format', 'json', '--stdin-filename', 'svc.search.jsonc', '-'], { cwd: dir, stdin: FIXABLE_JSONC });
    const [result] = JSON.parse(r.out);
    assert.equal(result.filePath, 'svc.search.jsonc');
    assert.equal(result.messages.filter((m: { ruleId: string }) => m.ruleId === 'type-mismatch').length, 2);
    assert.equal(r.code, 1);
    const d = await runCli(['lint', '--fix-dry-run', '-'], { cwd: dir, stdin: '{\n  "static_ips": "true"\n}\n' });
    assert.match(d.out, /^--- a\/<stdin>/);
    assert.deepEqual(fs.readdirSync(dir), [], 'nothing written for standard input');
    const plain = await runCli(['lint', '--format', 'json', '-'], { cwd: dir, stdin: '{ // comment\n "service_log": true }' });
    assert.equal(JSON.parse(plain.out)[0].messages[0].ruleId, 'invalid-json', 'without a name, standard input is a .json file');
  } finally {
    removeTree(dir);
  }
});

test('the dry run hides a value on both sides in time linear in the file, however many values it hides', () => {
  const file = (n: number): { text: string; hidden: Set<string> } => {
    const hidden = new Set<string>();
    const lines: string[] = [];
    for (let i = 0; i < n; i++) {
      // A quoted value, a number and a plain YAML value with blanks, each hidden.
      const [q, num, plain] = [`"secret-${i}"`, `${100000 + i}`, `plain value ${i}`];
      hidden.add(q).add(num).add(plain);
      lines.push(`  "k${i}": ${q},`, `  "n${i}": ${num},`, `  p${i}: ${plain}`);
    }
    return { text: lines.join('\n'), hidden };
  };
  const { text, hidden } = file(50);
  const swept = sweepHidden(text, hidden);
  assert.ok(!/secret-|100\d{3}|plain value/.test(swept), swept);
  assert.match(swept, /^ {2}"k0": "\*\*\*",\n {2}"n0": "\*\*\*",\n {2}p0: "\*\*\*"$/m);
  assertLinear('sweeping hidden values', (k, s) => {
    const big = file(200 * k * s);
    return () => sweepHidden(big.text, big.hidden);
  });
});

test('a file --fix leaves as it is (a syntax error its fixes do not repair) counts no fixable finding; each fix stays a suggestion', async () => {
  const dir = tempTree({
    // The map left open on the last line: the fixes above it cannot be written, since the file would not parse.
    'open.search.yaml': 'ip_filter: ["10.0.0.1/8"]\nstatic_ips: "true"\nsearch: {http_max_content_length: 100mb\n',
    // A trailing comma is a syntax error that --fix repairs: its fixes count.
    'comma.search.json': '{\n  "static_ips": "true",\n}\n',
  });
  try {
    const open = await runCli(['lint', 'open.search.yaml'], { cwd: dir });
    assert.ok(!open.out.includes('potentially fixable'), open.out);
    const json = await runCli(['lint', '--format', 'json', 'open.search.yaml'], { cwd: dir });
    const [file] = JSON.parse(json.out) as Array<{ messages: Array<{ ruleId: string; fix?: unknown; suggestions?: unknown[] }> }>;
    assert.deepEqual(
      file.messages.map((m) => [m.ruleId, m.fix !== undefined, m.suggestions?.length ?? 0]),
      [
        ['invalid-cidr', false, 1],
        ['type-mismatch', false, 1],
        ['invalid-syntax', false, 0],
      ],
    );
    const comma = await runCli(['lint', 'comma.search.json'], { cwd: dir });
    assert.match(comma.out, /2 errors and 0 warnings potentially fixable with the `--fix` option\./);
    await runCli(['lint', '--fix', 'comma.search.json'], { cwd: dir });
    assert.equal(fs.readFileSync(path.join(dir, 'comma.search.json'), 'utf8'), '{\n  "static_ips": true\n}\n');
  } finally {
    removeTree(dir);
  }
});

test('--fix-dry-run shows a fix whose only change is in a masked value as its changed line, the value masked on both sides', async () => {
  const dir = tempTree({
    'a.search.json':
      '{\n  "openid": {"enabled": true, "connect_url": "https://idp.example.com/", "client_id": "c",\n    "client_secret": 918273645}\n}\n',
  });
  try {
    const dry = await runCli(['lint', '--fix-dry-run', 'a.search.json'], { cwd: dir });
    assert.match(dry.out, /^- {4}"client_secret": "\*\*\*"\}\n\+ {4}"client_secret": "\*\*\*"\}$/m);
    assert.ok(!(dry.out + dry.err).includes('918273645'), dry.out);
    await runCli(['lint', '--fix', 'a.search.json'], { cwd: dir });
    assert.match(fs.readFileSync(path.join(dir, 'a.search.json'), 'utf8'), /"client_secret": "918273645"/);
  } finally {
    removeTree(dir);
  }
});
