/**
 * Suppression comments reach exactly as far as they say, in every comment syntax of every format:
 * ESLint's four directives, rule ids that exist, `enable` that re-enables, unused parts reported
 * per rule, the reason carried to SARIF, and quick fixes written in the file's own comment syntax.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import { analyze, fixAll, type Finding } from '../../../server/src/core';
import { disableForFile, disableForLine, quickFixes } from '../../../server/src/core/editor';
import { LineIndex } from '../../../server/src/core/lines';
import { RULE_NAMES } from '../../../server/src/core/rules';
import { parseDirectives } from '../../../server/src/core/suppress';
import { loadTerraformFromDisk } from '../../../server/src/node/terraform-wasm';
import { removeTree, runCli, tempTree } from '../../cli/support';
import { assertLinear } from '../../support/growth';

before(() => loadTerraformFromDisk());

const ids = (text: string, fileName: string): string[] =>
  analyze(text, { fileName }).findings.map((f) => `${f.range.start.line}:${f.range.start.character} ${f.ruleId}`);
const applyEdits = (text: string, edits: Array<{ offset: number; length: number; newText: string }>): string =>
  [...edits].sort((a, b) => b.offset - a.offset).reduce((t, e) => t.slice(0, e.offset) + e.newText + t.slice(e.offset + e.length), text);

const SECRET_TF = [
  'resource "vendor_search" "a" {',
  '  search_user_config {',
  '    openid {',
  '      enabled       = true',
  '      client_id     = "app"',
  '      client_secret = "first-s3cret-value" # search-config-disable-line secret-in-plain-text',
  '      connect_url   = "https://idp.example.com/.well-known/openid-configuration"',
  '    }',
  '    search {',
  '      email_sender_password = "second-s3cret-value"',
  '    }',
  '  }',
  '}',
  '',
].join('\n');

test('disable-line silences its own line only: a second secret below is still reported (Terraform, #)', () => {
  const { findings, suppressed } = analyze(SECRET_TF, { fileName: 'main.tf' });
  const secrets = findings.filter((f) => f.ruleId === 'secret-in-plain-text');
  assert.deepEqual(
    secrets.map((f) => f.range.start.line),
    [9],
    'the secret on line 10 is reported',
  );
  assert.deepEqual(
    findings.filter((f) => f.ruleId.endsWith('-suppression')),
    [],
  );
  assert.deepEqual(
    suppressed?.map((s) => [s.finding.ruleId, s.finding.range.start.line]),
    [['secret-in-plain-text', 5]],
  );
});

test('disable-line in every comment syntax: // and /* */ in Terraform and JSONC, # in YAML', () => {
  for (const marker of ['//', '/*']) {
    const close = marker === '/*' ? ' */' : '';
    const tf = SECRET_TF.replace(
      '# search-config-disable-line secret-in-plain-text',
      `${marker} search-config-disable-line secret-in-plain-text${close}`,
    );
    assert.deepEqual(
      analyze(tf, { fileName: 'main.tf' })
        .findings.filter((f) => f.ruleId === 'secret-in-plain-text')
        .map((f) => f.range.start.line),
      [9],
      `${marker} in HCL`,
    );
    const jsonc = `{\n  "search": {"email_sender_password": "first-s3cret-value"}, ${marker} search-config-disable-line secret-in-plain-text${close}\n  "openid": {"enabled": true, "client_id": "app", "client_secret": "second-s3cret-value", "connect_url": "https://idp.example.com/.well-known/openid-configuration"}\n}\n`;
    assert.deepEqual(
      analyze(jsonc, { fileName: 'a.search.jsonc' })
        .findings.filter((f) => f.ruleId === 'secret-in-plain-text')
        .map((f) => f.range.start.line),
      [2],
      `${marker} in JSONC`,
    );
  }
  const yaml =
    'search: {email_sender_password: first-s3cret-value} # search-config-disable-line secret-in-plain-text\nopenid:\n  enabled: true\n  client_id: app\n  client_secret: second-s3cret-value\n  connect_url: https://idp.example.com/.well-known/openid-configuration\n';
  assert.deepEqual(
    analyze(yaml, { fileName: 'a.search.yaml' })
      .findings.filter((f) => f.ruleId === 'secret-in-plain-text')
      .map((f) => f.range.start.line),
    [4],
  );
});

test('a directive word that is not one of the four is an error and suppresses nothing', () => {
  const text = '{\n  "static_ips": "true" // search-config-disable-lines type-mismatch\n}\n';
  assert.deepEqual(ids(text, 'a.search.jsonc'), ['1:16 type-mismatch', '1:26 invalid-suppression']);
  const f = analyze(text, { fileName: 'a.search.jsonc' }).findings.find((x) => x.ruleId === 'invalid-suppression')!;
  assert.equal(f.severity, 'error');
  assert.match(f.message, /"search-config-disable-lines" is not a search-config directive.*did you mean search-config-disable-line\?/);
  assert.equal(applyEdits(text, f.suggestions![0].edits), text.replace('disable-lines', 'disable-line'));
  // A slip of one of the four, and other linters' words for it, are errors too; other words are comments.
  for (const word of ['disabel', 'enabel', 'disable-nextline', 'nolint', 'noqa', 'allow']) {
    const written = `{\n  // search-config-${word} type-mismatch\n  "static_ips": "true"\n}\n`;
    assert.deepEqual(ids(written, 'a.search.jsonc'), ['1:5 invalid-suppression', '2:16 type-mismatch'], word);
  }
  const plain = '{\n  // search-config-lint checks this file in CI\n  "static_ips": "true"\n}\n';
  assert.deepEqual(ids(plain, 'a.search.jsonc'), ['2:16 type-mismatch']);
});

test('a reason written without " -- " is one error, with the fix that writes it, and the directive suppresses nothing', () => {
  for (const [name, text] of [
    [
      'a.search.jsonc',
      '{\n  // search-config-disable-next-line invalid-value because it is legacy\n  "search": { "thread_pool_search_size": 500 }\n}\n',
    ],
    ['a.search.yaml', 'search:\n  thread_pool_search_size: 500 # search-config-disable-line invalid-value kept for the old clients\n'],
    [
      'main.tf',
      'resource "vendor_search" "a" {\n  search_user_config {\n    search {\n      # search-config-disable-next-line invalid-value legacy value\n      thread_pool_search_size = 500\n    }\n  }\n}\n',
    ],
  ]) {
    const { findings } = analyze(text, { fileName: name });
    const bad = findings.filter((f) => f.ruleId === 'invalid-suppression');
    assert.equal(bad.length, 1, `${name}: ${findings.map((f) => f.message).join('\n')}`);
    assert.ok(
      findings.some((f) => f.ruleId === 'invalid-value'),
      `${name}: the directive suppresses nothing`,
    );
    assert.equal(
      bad[0].message,
      'These words are no rule ids, so this suppression comment suppresses nothing: a reason goes after " -- " (`search-config-disable-line RULE -- why`).',
    );
    const fixed = applyEdits(text, bad[0].suggestions![0].edits);
    assert.match(fixed, /invalid-value -- \w/, name);
    // With the reason after " -- ", the directive works.
    assert.deepEqual(
      analyze(fixed, { fileName: name }).findings.map((f) => f.ruleId),
      [],
      `${name}: ${fixed}`,
    );
  }
  // Rule ids misspelt one by one are still each reported with their did-you-mean.
  const typos = analyze('static_ips: "true" # search-config-disable-line type-missmatch unknwn-field\n', { fileName: 'a.search.yaml' });
  assert.equal(typos.findings.filter((f) => f.ruleId === 'invalid-suppression').length, 2);
});

test('a rule id that does not exist is an error and the directive suppresses nothing, not even its valid ids', () => {
  const text = 'static_ips: "true" # search-config-disable-line type-missmatch, unknown-field\n';
  const { findings } = analyze(text, { fileName: 'a.search.yaml' });
  assert.deepEqual(
    findings.map((f) => `${f.range.start.character} ${f.ruleId}`),
    ['12 type-mismatch', '48 invalid-suppression'],
  );
  assert.match(findings[1].message, /"type-missmatch" is not a rule of search-config.*did you mean type-mismatch\?/);
  assert.equal(text.slice(findings[1].offset, findings[1].offset + findings[1].length), 'type-missmatch');
  // Text that is no rule id is never quoted: it could be anything, a secret too.
  const secret = analyze('static_ips: "true" # search-config-disable-line pass=hunter2\n', { fileName: 'a.search.yaml' }).findings;
  assert.ok(secret.some((f) => f.ruleId === 'invalid-suppression'));
  assert.ok(!secret.some((f) => f.message.includes('hunter2')));
});

test('enable RULE after a bare disable turns that rule back on; a stray enable is reported', () => {
  const text = [
    '{',
    '  // search-config-disable',
    '  "static_ips": "true",',
    '  // search-config-enable type-mismatch',
    '  "service_log": "yes",',
    '  "max_index_count": 5',
    '  // search-config-enable',
    '  // search-config-enable unknown-field',
    '}',
    '',
  ].join('\n');
  assert.deepEqual(ids(text, 'a.search.jsonc'), ['4:17 type-mismatch', '7:2 unused-suppression']);
  const stray = analyze(text, { fileName: 'a.search.jsonc' }).findings[1];
  assert.match(stray.message, /search-config-enable unknown-field turns on a rule that no search-config-disable above turned off/);
  // Turned off twice, by its own disable and a bare one: its enable turns it on (as ESLint does).
  const twice = [
    '{',
    '  // search-config-disable type-mismatch',
    '  // search-config-disable',
    '  // search-config-enable type-mismatch',
    '  "static_ips": "true",',
    '  "max_index_count": 5',
    '  // search-config-enable',
    '}',
    '',
  ].join('\n');
  assert.deepEqual(ids(twice, 'a.search.jsonc'), ['1:2 unused-suppression', '4:16 type-mismatch']);
});

test('a disable reaches to its enable and no further', () => {
  const text =
    '{\n  // search-config-disable type-mismatch\n  "static_ips": "true",\n  // search-config-enable type-mismatch\n  "service_log": "yes"\n}\n';
  assert.deepEqual(ids(text, 'a.search.jsonc'), ['4:17 type-mismatch']);
});

test('an unused rule of a directive is reported on its own name, and its fix removes only that name', () => {
  const text =
    '{\n  // search-config-disable-next-line type-mismatch, unit-hint -- converted by our deploy script\n  "static_ips": "true"\n}\n';
  const { findings } = analyze(text, { fileName: 'a.search.jsonc' });
  assert.deepEqual(
    findings.map((f) => `${f.range.start.line}:${f.range.start.character} ${f.ruleId}`),
    ['1:52 unused-suppression'],
  );
  assert.match(findings[0].message, /^unit-hint in this suppression comment suppresses nothing on the next line/);
  assert.equal(fixAll(text, { fileName: 'a.search.jsonc' }).text, text.replace(', unit-hint', ''));
  // The first name of two, when it is the unused one.
  const first = '{\n  // search-config-disable-next-line unit-hint, type-mismatch\n  "static_ips": "true"\n}\n';
  assert.equal(fixAll(first, { fileName: 'a.search.jsonc' }).text, first.replace('unit-hint, ', ''));
  // Nothing of it used: the whole comment goes.
  const none = '{\n  // search-config-disable-next-line unit-hint, type-mismatch\n  "static_ips": true\n}\n';
  assert.equal(fixAll(none, { fileName: 'a.search.jsonc' }).text, '{\n  "static_ips": true\n}\n');
});

test('a file-top disable in a manifest reaches every document below; a next-line comment under --- speaks for that line', () => {
  const text = [
    '# search-config-disable type-mismatch -- our deploy converts these',
    'apiVersion: vendor.io/v1',
    'kind: Search',
    'metadata: {name: a}',
    'spec:',
    '  userConfig:',
    '    static_ips: "true"',
    '---',
    '# search-config-disable-next-line unknown-field',
    'apiVersion: vendor.io/v1',
    'kind: Search',
    'metadata: {name: b}',
    'spec:',
    '  userConfig:',
    '    static_ips: "true"',
    '    not_a_field: 1',
    '',
  ].join('\n');
  const { findings, suppressed } = analyze(text, { fileName: 'search.yaml' });
  assert.deepEqual(
    findings.map((f) => `${f.range.start.line} ${f.ruleId}`),
    ['8 unused-suppression', '15 unknown-field'],
  );
  assert.deepEqual(
    suppressed?.map((s) => [s.finding.range.start.line, s.directive.reason]),
    [
      [6, 'our deploy converts these'],
      [14, 'our deploy converts these'],
    ],
  );
});

test('a directive in another Terraform block (locals, another resource) speaks for the file; a slip there is reported', () => {
  const resource = 'resource "vendor_search" "a" {\n  search_user_config {\n    static_ips = "maybe"\n  }\n}\n';
  const locals = 'locals {\n  # search-config-disable type-mismatch -- legacy strings\n  x = 1\n}\n';
  assert.deepEqual(ids(locals + resource, 'main.tf'), []);
  const bucket = 'resource "aws_s3_bucket" "b" {\n  # search-config-disable-lines type-mismatch\n  bucket = "b"\n}\n';
  assert.deepEqual(ids(bucket + resource, 'main.tf'), ['1:4 invalid-suppression', '6:17 type-mismatch']);
});

test('text that only looks like a directive is none: strings, heredocs, block scalars', () => {
  const cases: Array<[string, string]> = [
    ['a.search.jsonc', '{\n  "static_ips": "true",\n  "custom_domain": "// search-config-disable"\n}\n'],
    ['a.search.yaml', 'static_ips: "true"\ncustom_domain: "# search-config-disable"\nnote: |\n  # search-config-disable\n'],
    // A quoted scalar over several lines, and one with a '' in it, hold no comment.
    ['a.search.yaml', 'custom_domain: "a\n  # search-config-disable\n  b"\nstatic_ips: "true"\n'],
    ['a.search.yaml', "custom_domain: 'it''s # search-config-disable'\nstatic_ips: \"true\"\n"],
    [
      'main.tf',
      'resource "vendor_search" "a" {\n  search_user_config {\n    custom_domain = "# search-config-disable"\n    note = <<EOT\n# search-config-disable\n// search-config-disable-lines\nEOT\n    static_ips = "yes"\n  }\n}\n',
    ],
  ];
  for (const [fileName, text] of cases) {
    const { findings, suppressed } = analyze(text, { fileName });
    assert.ok(!findings.some((f) => f.ruleId.endsWith('-suppression')), `${fileName}: ${findings.map((f) => f.ruleId)}`);
    assert.deepEqual(suppressed ?? [], [], fileName);
    assert.ok(findings.length > 0, `${fileName}: the rest is still reported`);
  }
});

test('the directive reader is linear on hostile comments', () => {
  const lines = (n: number, body: string): string => Array.from({ length: n }, () => body).join('\n');
  const shapes = [
    (n: number) => `// search-config-disable-next-line ${'a,'.repeat(n)}`,
    (n: number) => `// search-config-disable-next-line ${'-'.repeat(n)}`,
    (n: number) => `// search-config-disable ${' --'.repeat(n)}`,
    (n: number) => `// search-config-${'disable-'.repeat(n)}`,
    (n: number) => lines(n >> 2, '# search-config-disable-line type-mismatch, , ,'),
  ];
  for (const shape of shapes) {
    // The same amount of input in 16, 4 and 1 pieces (test/support/growth.ts): a quadratic reading takes 16x.
    assertLinear(`the directive reader on ${shape(3)}`, (k, s) => {
      const text = shape(5_000 * k * s);
      const comments = [...text.matchAll(/(?:\/\/|#)[^\n]*/g)].map((m) => ({ offset: m.index!, length: m[0].length }));
      const index = new LineIndex(text);
      return () => parseDirectives(text, comments, index, RULE_NAMES);
    });
  }
});

test('"disable for this line" and "for this file" are written in the comment syntax of .tf and YAML', () => {
  const tf = 'resource "vendor_search" "a" {\n  search_user_config {\n    max_index_count = 5\n  }\n}\n';
  const tfFinding = analyze(tf, { fileName: 'main.tf' }).findings.find((f) => f.ruleId === 'deprecated-field')!;
  const hcl = { text: tf, comment: '#' as const };
  const line = applyEdits(tf, disableForLine(hcl, tfFinding)!.edits);
  assert.equal(line, tf.replace('    max_index_count', '    # search-config-disable-next-line deprecated-field\n    max_index_count'));
  assert.ok(
    !analyze(line, { fileName: 'main.tf' }).findings.some((f) => f.ruleId === 'deprecated-field' || f.ruleId.endsWith('-suppression')),
  );
  const file = applyEdits(tf, disableForFile(hcl, tfFinding)!.edits);
  assert.equal(file, `# search-config-disable deprecated-field\n${tf}`);
  assert.ok(
    !analyze(file, { fileName: 'main.tf' }).findings.some((f) => f.ruleId === 'deprecated-field' || f.ruleId.endsWith('-suppression')),
  );

  const yaml = 'search_version: "2.19"\nmax_index_count: 5\nstatic_ips: "true"\n';
  const findings: Finding[] = analyze(yaml, { fileName: 'a.search.yaml' }).findings;
  const doc = { text: yaml, comment: '#' as const };
  const titles = quickFixes(doc, findings, { offset: yaml.indexOf('max_index_count'), length: 0 }).map((a) => a.title);
  assert.deepEqual(
    titles.filter((t) => t.startsWith('Disable')),
    ['Disable deprecated-field for this line', 'Disable deprecated-field for this file'],
  );
  const yamlFinding = findings.find((f) => f.ruleId === 'type-mismatch')!;
  const yamlFile = applyEdits(yaml, disableForFile(doc, yamlFinding)!.edits);
  assert.equal(yamlFile, `# search-config-disable type-mismatch\n${yaml}`);
  // A second rule joins the comment already there.
  const again = analyze(yamlFile, { fileName: 'a.search.yaml' }).findings.find((f) => f.ruleId === 'deprecated-field')!;
  assert.equal(
    applyEdits(yamlFile, disableForFile({ text: yamlFile, comment: '#' }, again)!.edits),
    `# search-config-disable type-mismatch, deprecated-field\n${yaml}`,
  );
});

test('SARIF lists a silenced finding as suppressed in the source, with the reason written', async () => {
  const dir = tempTree({
    'a.search.jsonc':
      '{\n  // search-config-disable-next-line type-mismatch -- converted by our deploy script\n  "static_ips": "true"\n}\n',
  });
  try {
    const r = await runCli(['lint', '--format', 'sarif', 'a.search.jsonc'], { cwd: dir });
    assert.equal(r.code, 0, r.err);
    const results = JSON.parse(r.out).runs[0].results;
    assert.deepEqual(
      results.map((x: { ruleId: string; suppressions?: unknown }) => [x.ruleId, x.suppressions]),
      [['type-mismatch', [{ kind: 'inSource', justification: 'converted by our deploy script' }]]],
    );
    // A request file's too, in its own comment syntax.
    fs.writeFileSync(
      path.join(dir, 'ops.http'),
      '# search-config-disable-next-line blocked-endpoint -- shows what the service refuses\nPUT https://search.example.com/_cluster/settings\n',
    );
    const http = await runCli(['lint', '--format', 'sarif', 'ops.http'], { cwd: dir });
    assert.equal(http.code, 0, http.err);
    assert.deepEqual(
      JSON.parse(http.out).runs[0].results.map((x: { ruleId: string; suppressions?: unknown }) => [x.ruleId, x.suppressions]),
      [['blocked-endpoint', [{ kind: 'inSource', justification: 'shows what the service refuses' }]]],
    );
  } finally {
    removeTree(dir);
  }
});
