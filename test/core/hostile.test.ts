import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { parseTree } from 'jsonc-parser';
import {
  ALL_FIELDS,
  analyze,
  fixAll,
  parseDocument,
  schemaAt,
  fieldAt,
  fieldByName,
  rootSchema,
  type AnalyzeOptions,
  type SchemaNode,
} from '../../server/src/core';
import { DEFAULT_MAX_FILE_SIZE } from '../../server/src/core/types';
import { complete, hoverAt } from '../../server/src/core/editor';
import { changeImpact } from '../../server/src/core/changes/comparison';
import { diffConfigs, parseConfig } from '../../server/src/core/changes/diff';
import { pathToFileURL } from 'node:url';
import { runCli, removeTree, tempTree } from '../cli/support';
import { TestClient } from '../lsp/harness';
import { documentWith, STRING_FIELDS } from '../support/schema-docs';
import { cpuTimed } from '../support/cpu-time';
import { loadTerraformFromDisk } from '../../server/src/node/terraform-wasm';

// Hostile and broken input: each case is its own test, so that a failure names the case.

/** Process CPU time, not wall-clock time: see test/support/cpu-time.ts. */
const timed = cpuTimed;
/** Generous: a blow-up is orders of magnitude above it. The product goal (1 s) is what the fuzzer reports. */
const BOUND_MS = 5000;

const ruleIds = (text: string, options: AnalyzeOptions = { fileName: 'x.json' }): string[] =>
  analyze(text, options).findings.map((f) => f.ruleId);

test('hostile: 100,000 levels of nesting give one input-limit finding, not a stack overflow', () => {
  const n = 100_000;
  const shapes = {
    arrays: '['.repeat(n) + ']'.repeat(n),
    objects: '{"a":'.repeat(n) + '1' + '}'.repeat(n),
    'inside a field': `{"ip_filter": ${'['.repeat(n)}${']'.repeat(n)}}`,
    unclosed: '[{"a":'.repeat(n),
  };
  for (const [name, text] of Object.entries(shapes)) {
    // The parser itself would recurse once per level: prove the input is deep enough to overflow it.
    if (name === 'arrays') assert.throws(() => parseTree(text, []), RangeError);
    for (const fileName of ['x.json', 'x.jsonc']) {
      const { value: result, ms } = timed(() => analyze(text, { fileName }));
      assert.deepEqual(
        result.findings.map((f) => f.ruleId),
        ['input-limit'],
        `${name} (${fileName})`,
      );
      const [f] = result.findings;
      assert.match(f.message, /nested .*levels deep/);
      assert.equal(f.severity, 'error');
      assert.equal(result.doc.root, undefined, 'the parser never ran on it');
      assert.ok(f.offset + f.length <= text.length);
      assert.ok(ms < BOUND_MS, `${name}: ${Math.round(ms)} ms`);
      assert.equal(fixAll(text, { fileName }).text, text, 'fixing leaves it alone');
    }
  }
});

test('hostile: a file past maxFileSize gets a clear input-limit finding and is not parsed', () => {
  const text = `{"custom_domain": "${'a'.repeat(1000)}"}`;
  const limited = analyze(text, { fileName: 'x.json', maxFileSize: 500 });
  assert.deepEqual(
    limited.findings.map((f) => f.ruleId),
    ['input-limit'],
  );
  assert.match(limited.findings[0].message, new RegExp(`${text.length}.*500.*maxFileSize`));
  assert.equal(fixAll(text, { fileName: 'x.json', maxFileSize: 500 }).text, text);
  assert.ok(
    !ruleIds(text, { fileName: 'x.json', maxFileSize: text.length }).includes('input-limit'),
    'a file exactly at the limit is analysed',
  );
  // The default limit applies without options.
  const huge = `{"custom_domain": "${' '.repeat(DEFAULT_MAX_FILE_SIZE)}"}`;
  const { value: result, ms } = timed(() => analyze(huge, { fileName: 'x.json' }));
  assert.deepEqual(
    result.findings.map((f) => f.ruleId),
    ['input-limit'],
  );
  assert.ok(ms < BOUND_MS, `${Math.round(ms)} ms`);
});

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype).sort();
function assertNoPollution(where: string): void {
  assert.equal(({} as Record<string, unknown>).polluted, undefined, `${where}: ({}).polluted`);
  assert.deepEqual(Object.getOwnPropertyNames(Object.prototype).sort(), PROTOTYPE_NAMES, `${where}: Object.prototype`);
  assert.equal(Object.prototype.toString.call([]), '[object Array]', `${where}: toString intact`);
}

test('hostile: __proto__, constructor and prototype keys cause no prototype pollution', () => {
  const texts = [
    '{"__proto__": {"polluted": 1}}',
    '{"constructor": {"prototype": {"polluted": 1}}}',
    '{"prototype": {"polluted": 1}, "__proto__": [1], "toString": 1, "hasOwnProperty": 2}',
    '{"search": {"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}}}',
    '{"ip_filter": [{"__proto__": {"polluted": 1}, "network": "10.0.0.0/8"}], "index_patterns": [{"constructor": 1}]}',
    '{"openid": {"__proto__": {"client_secret": "x"}}, "saml": {"prototype": null}}',
  ];
  for (const text of texts) {
    for (const fileName of ['x.json', 'x.jsonc']) {
      const result = analyze(text, { fileName, baselineText: text.replace('1', '2'), cpus: 4 });
      assert.deepEqual(result.internalErrors, [], text);
      const value = result.doc.value as Record<string, unknown>;
      assert.equal(Object.getPrototypeOf(value), Object.prototype, 'the parsed value keeps its prototype');
      if (text.startsWith('{"__proto__"'))
        assert.ok(Object.prototype.hasOwnProperty.call(value, '__proto__'), '__proto__ is an ordinary own key');
      assertNoPollution(`analyze ${text}`);
      fixAll(text, { fileName });
      assertNoPollution(`fixAll ${text}`);
      const doc = parseDocument(text, { fileName });
      for (let offset = 0; offset <= text.length; offset++) {
        complete(doc, offset, { snippets: true });
        hoverAt(doc, offset);
      }
      assertNoPollution(`completion and hover ${text}`);
      diffConfigs(parseConfig('{}').value, parseConfig(text).value);
      changeImpact(text, '{"__proto__": {"polluted": 2}}');
      assertNoPollution(`diff ${text}`);
      // No finding may treat an inherited member as a field of the schema.
      for (const f of result.findings) assert.doesNotMatch(f.message, /function|\[object/, f.message);
    }
  }
  for (const key of ['__proto__', 'constructor', 'prototype', 'toString']) {
    assert.equal(schemaAt([key]), undefined, `schemaAt(${key})`);
    assert.equal(schemaAt(['search', key]), undefined, `schemaAt(search.${key})`);
    assert.equal(fieldAt([key]), undefined, `fieldAt(${key})`);
    assert.equal(fieldByName(key), undefined, `fieldByName(${key})`);
  }
});

/** Every position in findings is inside the text, and lines/columns agree with offsets counted in UTF-16 code units. */
function assertPositions(text: string, options: AnalyzeOptions): void {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n' || (text[i] === '\r' && text[i + 1] !== '\n')) lineStarts.push(i + 1);
  for (const f of analyze(text, options).findings) {
    assert.ok(f.offset >= 0 && f.offset + f.length <= text.length, `${f.ruleId} ${f.offset}+${f.length}`);
    let line = 0;
    while (line + 1 < lineStarts.length && lineStarts[line + 1] <= f.offset) line++;
    assert.deepEqual(f.range.start, { line, character: f.offset - lineStarts[line] }, `${f.ruleId} start`);
  }
}

test('hostile: a manifest name or resource label with terminal control characters is printed escaped, never raw', async () => {
  const yaml =
    'apiVersion: vendor.io/v1alpha1\nkind: Search\nmetadata:\n  name: "x\\e]0;pwned\\a\\rFAKE\\u202e"\n  namespace: "n\\e[2J"\nspec:\n  userConfig:\n    static_ips: "yes"\n';
  const [manifest] = analyze(yaml, { fileName: 'deploy.yaml' }).findings;
  assert.match(manifest.message, /^Search\/n\\u001b\[2J\/x\\u001b\]0;pwned\\u0007\\u000dFAKE\\u202e: static_ips/);
  await loadTerraformFromDisk();
  const tf = 'resource "vendor_search" "a\\u001b[2Jb" {\n  search_user_config {\n    static_ips = "maybe"\n  }\n}\n';
  const [resource] = analyze(tf, { fileName: 'main.tf' }).findings;
  assert.match(resource.message, /^vendor_search\.a\\u001b\[2Jb: static_ips/);
  for (const f of [manifest, resource]) assert.ok(!/[\u0000-\u001f\u007f-\u009f\u202a-\u202e]/.test(f.message), JSON.stringify(f.message));
});

test('hostile: an ip_filter entry of a megabyte is quoted cut short in its message, whatever part of it is wrong', () => {
  const mb = 1_000_000;
  const entries = [`10.0.0.0/8${'x'.repeat(mb)}`, '1'.repeat(mb), `10.0.0.0/${'9'.repeat(mb)}`, `10.0.0.0/${'9'.repeat(mb)}x`];
  const { findings } = analyze(JSON.stringify({ ip_filter: entries }), { fileName: 'a.search.json' });
  assert.deepEqual(
    findings.map((f) => f.ruleId),
    ['invalid-cidr', 'invalid-cidr', 'invalid-cidr', 'invalid-cidr'],
  );
  for (const f of findings) assert.ok(f.message.length < 400, `${f.message.length}: ${f.message.slice(0, 200)}`);
});

test('hostile: a byte order mark is read as a blank: no syntax finding, columns unchanged, never a crash', () => {
  const text = '\uFEFF{"search_version": 2}';
  const result = analyze(text, { fileName: 'x.json' });
  assert.deepEqual(result.internalErrors, []);
  assertPositions(text, { fileName: 'x.json' });
  assert.deepEqual(
    result.findings.filter((f) => f.ruleId === 'invalid-json'),
    [],
  );
  const mismatch = result.findings.find((f) => f.ruleId === 'type-mismatch');
  assert.equal(mismatch?.range.start.character, text.indexOf('2'), 'the BOM counts as one UTF-16 code unit, as editors count it');
});

test('hostile: CRLF line endings give the same lines and columns as LF, and fixes keep CRLF', () => {
  const lf = '{\n  "static_ips": "true",\n  "search_version": 2,\n}\n';
  const crlf = lf.replace(/\n/g, '\r\n');
  const at = (text: string) =>
    analyze(text, { fileName: 'x.json' }).findings.map(
      (f) => `${f.ruleId}@${f.range.start.line}:${f.range.start.character}-${f.range.end.line}:${f.range.end.character}`,
    );
  assert.deepEqual(at(crlf), at(lf));
  assert.ok(at(crlf).length >= 2);
  assertPositions(crlf, { fileName: 'x.json' });
  const fixed = fixAll(crlf, { fileName: 'x.json' }).text;
  assert.notEqual(fixed, crlf, 'something was fixed');
  assert.equal(fixed.replace(/\r\n/g, ''), fixed.replace(/\r\n/g, '').replace(/[\r\n]/g, ''), 'no lone CR or LF introduced');
  const cr = lf.replace(/\n/g, '\r');
  assertPositions(cr, { fileName: 'x.json' });
});

test('hostile: NUL bytes inside and outside strings are reported, never a crash', () => {
  for (const text of [
    '{"custom_domain": "a\u0000b"}',
    '{\u0000"search_version": "2.19"}',
    '\u0000',
    '{"a\u0000": 1}',
    `{"custom_domain": "${'\u0000'.repeat(10_000)}"}`,
  ]) {
    const result = analyze(text, { fileName: 'x.json' });
    assert.deepEqual(result.internalErrors, [], JSON.stringify(text));
    assert.ok(result.findings.length > 0, `${JSON.stringify(text.slice(0, 40))} is reported`);
    assertPositions(text, { fileName: 'x.json' });
    fixAll(text, { fileName: 'x.json' });
  }
});

test('hostile: lone surrogates in keys, strings and between tokens', () => {
  for (const text of [
    '{"custom_domain": "\ud800", "search_version": 2}',
    '{"\udc00": 1, "search_version": 2}',
    '{"custom_domain": "\\ud800"}',
    '\ud800{"search_version": 2}',
    '{"openid": {"client_secret": "\udbff"}}',
  ]) {
    const result = analyze(text, { fileName: 'x.json' });
    assert.deepEqual(result.internalErrors, [], JSON.stringify(text));
    assertPositions(text, { fileName: 'x.json' });
    for (const f of result.findings) JSON.stringify(f); // serialisable for the JSON output
    fixAll(text, { fileName: 'x.json' });
  }
  // A lone surrogate is one code unit: the column after it counts it once.
  const text = '{ "custom_domain": "\ud800", "search_version": 2 }';
  const f = analyze(text, { fileName: 'x.json' }).findings.find((x) => x.ruleId === 'type-mismatch');
  assert.deepEqual(f?.range.start, { line: 0, character: 42 });
});

test('hostile: astral characters count as two UTF-16 code units in positions', () => {
  const text = '{ "custom_domain": "😀😀", "search_version": 2 }\n{';
  const f = analyze(text, { fileName: 'x.json' }).findings.find((x) => x.ruleId === 'type-mismatch');
  // `{ "custom_domain": "` is 20 code units, each emoji 2, then `", "search_version": ` 21.
  assert.deepEqual(f?.range, { start: { line: 0, character: 45 }, end: { line: 0, character: 46 } });
  const key = '{ "𝔘𝔫𝔦𝔠𝔬𝔡𝔢": 1 }';
  const u = analyze(key, { fileName: 'x.json' }).findings.find((x) => x.ruleId === 'unknown-field');
  assert.deepEqual(u?.range, { start: { line: 0, character: 2 }, end: { line: 0, character: 2 + 2 + 14 } });
});

/** Integer fields whose bounds reach beyond what a double holds exactly. */
const BIG_INTEGER_FIELDS = ALL_FIELDS.filter((f) => {
  const t = f.schema.type;
  const integer = t === 'integer' || (Array.isArray(t) && t.includes('integer'));
  return integer && typeof f.schema.maximum === 'number' && f.schema.maximum >= 2 ** 53;
});

test('hostile: integers beyond 2^53 within the 64-bit bound are not reported out of range', () => {
  assert.ok(BIG_INTEGER_FIELDS.length > 0, 'the schema has 64-bit integer fields');
  for (const field of BIG_INTEGER_FIELDS) {
    for (const raw of ['9007199254740993', '9223372036854775807']) {
      const text = documentWith(field, raw);
      const bad = analyze(text, { fileName: 'x.json' }).findings.filter(
        (f) => f.path === field.dotted.replace(/\[\]/g, '[0]') && (f.ruleId === 'invalid-value' || f.ruleId === 'type-mismatch'),
      );
      assert.deepEqual(
        bad.map((f) => f.message),
        [],
        `${field.dotted} = ${raw}`,
      );
    }
    const over = documentWith(field, '9223372036854775808');
    assert.ok(
      analyze(over, { fileName: 'x.json' }).findings.some((f) => f.ruleId === 'invalid-value'),
      `${field.dotted} = 2^63 is out of range`,
    );
  }
});

test('hostile: lines of several megabytes are analysed within the time bound', () => {
  const mb = 1024 * 1024;
  const cases: Record<string, string> = {
    'long string value': `{"custom_domain": "${'a'.repeat(5 * mb)}"}`,
    'long description': `{"ip_filter": [{"network": "10.0.0.0/8", "description": "${'x'.repeat(5 * mb)}"}]}`,
    'long unknown key': `{"${'k'.repeat(2 * mb)}": 1}`,
    'long secret': `{"openid": {"client_secret": "${'s'.repeat(3 * mb)}"}}`,
    'many unknown keys on one line': `{"search": {${Array.from({ length: 20_000 }, (_, i) => `"setting_${i}": ${i}`).join(',')}}}`,
    'many ip_filter entries on one line': `{"ip_filter": [${Array.from({ length: 8000 }, (_, i) => `"10.${i >> 8}.${i & 255}.1/24"`).join(',')}]}`,
    blanks: `{${' '.repeat(5 * mb)}}`,
    'long line comment': `{ // ${'c'.repeat(5 * mb)}\n}`,
  };
  for (const [name, text] of Object.entries(cases)) {
    const fileName = name.includes('comment') ? 'x.jsonc' : 'x.json';
    const { value: result, ms } = timed(() => analyze(text, { fileName }));
    assert.deepEqual(result.internalErrors, [], name);
    assert.ok(ms < BOUND_MS, `${name}: analyze took ${Math.round(ms)} ms`);
    const fix = timed(() => fixAll(text, { fileName }));
    assert.ok(fix.ms < 2 * BOUND_MS, `${name}: fixAll took ${Math.round(fix.ms)} ms`);
    for (const f of result.findings) assert.ok(f.message.length < 2000, `${name}: ${f.ruleId} message of ${f.message.length} characters`);
  }
});

test('hostile: comments and commas in .jsonc files are read in linear time', () => {
  const mb = 1024 * 1024;
  const cases: Record<string, string> = {
    'many unclosed block comments': `{ "a": 1 ${'/*a'.repeat(mb / 4)}`,
    'blanks before a trailing comma': `{ "a": 1${' '.repeat(5 * mb)}, }`,
    'commas separated by blanks': `[1${`${' '.repeat(64)},`.repeat(mb / 64)} ]`,
    'many comments and trailing commas': `{ "ip_filter": [${Array.from({ length: 20_000 }, (_, i) => `"10.${i >> 8}.${i & 255}.0/24" /* ${i} */`).join(',\n')},\n], }`,
    'unterminated strings': `{ "a": 1, ${'"x'.repeat(mb / 2)} }`,
  };
  for (const [name, text] of Object.entries(cases)) {
    const { value: result, ms } = timed(() => analyze(text, { fileName: 'x.search.jsonc' }));
    assert.deepEqual(result.internalErrors, [], name);
    assert.ok(ms < BOUND_MS, `${name}: analyze took ${Math.round(ms)} ms`);
  }
});

/** Every `pattern` in the schema, with where it is. */
function schemaPatterns(): Array<{ where: string; pattern: string }> {
  const out: Array<{ where: string; pattern: string }> = [];
  const stack: Array<{ node: SchemaNode; where: string }> = [{ node: rootSchema, where: '' }];
  while (stack.length) {
    const { node, where } = stack.pop()!;
    if (node.pattern) out.push({ where: where || '(root)', pattern: node.pattern });
    for (const [k, child] of Object.entries(node.properties ?? {})) stack.push({ node: child, where: where ? `${where}.${k}` : k });
    if (node.items) stack.push({ node: node.items, where: `${where}[]` });
    for (const k of ['if', 'then', 'else'] as const) if (node[k]) stack.push({ node: node[k]!, where: `${where}/${k}` });
  }
  return out;
}

const ALPHABET = [
  ...'abcxyzABCXYZ0189-_.:/@*?+=%$#!~ \t\n\r',
  '\u0000',
  '\u001f',
  'é',
  '😀',
  '\\',
  '"',
  "'",
  '[',
  ']',
  '{',
  '}',
  '(',
  ')',
  ',',
];

/** Strings built to make a backtracking matcher explode: long runs of accepted characters ending in a rejected one. */
function adversarialStrings(re: RegExp, n: number): string[] {
  const accepted = ALPHABET.filter((c) => re.test(c.repeat(3)));
  const rejected = ALPHABET.filter((c) => !re.test(c.repeat(3))).slice(0, 6);
  const out: string[] = [];
  const cycle = accepted.join('');
  for (const bad of rejected.length ? rejected : ['\n']) {
    for (const a of accepted.slice(0, 8)) out.push(a.repeat(n) + bad, bad + a.repeat(n), a.repeat(n / 2) + bad + a.repeat(n / 2));
    if (cycle) out.push(cycle.repeat(Math.ceil(n / cycle.length)) + bad);
  }
  if (!accepted.length) out.push('a'.repeat(n) + '!', ' '.repeat(n) + '!');
  return out;
}

test('hostile: no schema pattern backtracks catastrophically', () => {
  const patterns = schemaPatterns();
  assert.ok(patterns.length > 0);
  for (const { where, pattern } of patterns) {
    const re = new RegExp(pattern, 'u');
    for (const s of adversarialStrings(re, 50_000)) {
      const { ms } = timed(() => re.test(s));
      assert.ok(ms < 1000, `${where} /${pattern}/ took ${Math.round(ms)} ms on ${JSON.stringify(s.slice(0, 20))}... (${s.length} chars)`);
    }
  }
});

/** Generic strings that stress format checks (URL, host name, CIDR, PEM, host:port, placeholders, units). */
function formatStressStrings(n: number): string[] {
  return [
    'a'.repeat(n) + '!',
    'a.'.repeat(n / 2) + '-',
    '1.'.repeat(n / 2) + 'x',
    '1'.repeat(n) + ' mb!',
    '1' + ' '.repeat(n) + '!',
    'http://' + 'a'.repeat(n) + ' ',
    'https://' + 'a.'.repeat(n / 2) + ':',
    'https://x/' + '%'.repeat(n),
    ':'.repeat(n),
    '::' + 'f:'.repeat(n / 2) + '/',
    '10.0.0.0/' + '0'.repeat(n),
    '-----BEGIN CERTIFICATE-----\n' + 'A'.repeat(n) + '\n!',
    '-----BEGIN CERTIFICATE-----\n'.repeat(n / 30),
    '${' + 'A'.repeat(n),
    '<' + 'a'.repeat(n),
    '{{ ' + ' '.repeat(n) + 'x',
    '((' + ' '.repeat(n),
    'a-'.repeat(n / 2) + '.',
    '[' + ':'.repeat(n),
    'x'.repeat(n) + ':' + '9'.repeat(n),
  ];
}

test('hostile: every string field survives adversarial strings through the analyzer within the time bound', () => {
  const strings = formatStressStrings(20_000);
  for (const field of STRING_FIELDS) {
    const extra = field.schema.pattern ? adversarialStrings(new RegExp(field.schema.pattern, 'u'), 20_000).slice(0, 6) : [];
    for (const s of [...strings, ...extra]) {
      const text = documentWith(field, JSON.stringify(s));
      const { value: result, ms } = timed(() => analyze(text, { fileName: 'x.json' }));
      assert.deepEqual(result.internalErrors, [], `${field.dotted}`);
      assert.ok(ms < BOUND_MS, `${field.dotted}: ${Math.round(ms)} ms on ${JSON.stringify(s.slice(0, 24))}... (${s.length} chars)`);
    }
  }
});

test('hostile: invalid UTF-8 read from a file is reported by its byte offset and position, never a crash', async () => {
  const bytes = Buffer.concat([
    Buffer.from('{\n  "custom_domain": "'),
    Buffer.from([0xff, 0xfe, 0xc3]),
    Buffer.from('",\n  "search_version": 2\n}\n'),
  ]);
  const dir = tempTree({});
  try {
    fs.writeFileSync(path.join(dir, 'bad.search.json'), bytes);
    const r = await runCli(['lint', '--format', 'json', 'bad.search.json'], { cwd: dir });
    assert.equal(r.code, 1, r.err);
    const [file] = JSON.parse(r.out) as Array<{ messages: Array<{ ruleId: string; line: number; column: number; message: string }> }>;
    assert.deepEqual(
      file.messages.map((m) => [m.ruleId, m.line, m.column]),
      [['invalid-json', 2, 21]],
    );
    assert.match(file.messages[0].message, /not valid UTF-8: the byte at byte offset 22 \(line 2, column 21\)/);
  } finally {
    removeTree(dir);
  }
});

test('hostile: a deeply nested or __proto__-laden .search-lint.json is reported, never a crash, and the files are still checked', async () => {
  const settings = {
    deep: `{"rules": ${'['.repeat(100_000)}`,
    proto: '{"__proto__": {"polluted": 1}, "rules": {"__proto__": {"type-mismatch": "off"}}}',
  };
  for (const [name, text] of Object.entries(settings)) {
    const dir = tempTree({ '.search-lint.json': text, 'a.search.json': '{ "static_ips": "true" }\n' });
    try {
      const r = await runCli(['lint', '--format', 'json', '.'], { cwd: dir });
      assert.equal(r.code, 2, `${name}: ${r.err}`);
      assert.doesNotMatch(r.err, /internal error|Maximum call stack/i, `${name}: ${r.err}`);
      assert.match(r.err, /\.search-lint\.json/, `${name}: the settings file is named`);
      assert.doesNotMatch(r.err, /polluted/, `${name}: __proto__ is an ordinary key, not a prototype`);
      assertNoPollution(`settings ${name}`);
      // The language server reads the same file: the configuration is still checked.
      const client = await TestClient.start({ folders: [dir] });
      try {
        const uri = pathToFileURL(path.join(dir, 'a.search.json')).href;
        await client.open(uri, '{ "static_ips": "true" }\n');
        assert.ok(
          (await client.diagnostics(uri)).some((d) => d.code === 'type-mismatch'),
          `${name}: diagnostics in the editor`,
        );
        assert.doesNotMatch(client.logs.join('\n'), /Maximum call stack/, name);
      } finally {
        await client.shutdown();
      }
      assertNoPollution(`settings ${name} in the language server`);
    } finally {
      removeTree(dir);
    }
  }
});
