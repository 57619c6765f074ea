import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { analyze, applyEdits, fixAll, RULES, type AnalyzeOptions, type TerraformDocument } from '../../../../server/src/core';
import { loadTerraformFromDisk } from '../../../../server/src/node/terraform-wasm';
import { compare, loadFixture } from '../../../support/fixtures';
import { assertLinear } from '../../../support/growth';
import { REPO } from '../../../support/repo';

// Terraform's JSON syntax (`.tf.json`): read by resource address as a .tf file is, fixes written as JSON.

const FIXTURES = path.join(REPO, 'test/fixtures/terraform-json');

before(() => loadTerraformFromDisk());

const fixtures = fs
  .readdirSync(FIXTURES)
  .filter((n) => n.endsWith('.tf.json') && !n.includes('.fixed.'))
  .sort();

test('there are .tf.json fixtures', () => assert.ok(fixtures.length >= 3, fixtures.join(', ')));

for (const name of fixtures) {
  test(`terraform JSON fixture ${name}`, () => {
    const fx = loadFixture(path.join(FIXTURES, name));
    const { findings, internalErrors } = analyze(fx.text, fx.options);
    assert.deepEqual(internalErrors, []);
    const problems = compare(fx, findings);
    assert.deepEqual(problems, [], `${name}:\n  ${problems.join('\n  ')}`);
    if (fx.fixed !== undefined) {
      const result = fixAll(fx.text, fx.options);
      assert.equal(result.text, fx.fixed, `${name}: text after fixing`);
      // What the fixes wrote is JSON that Terraform reads: strict JSON, still holding the configuration.
      assert.doesNotThrow(() => JSON.parse(result.text), `${name}: JSON after fixing`);
      assert.equal(fixAll(result.text, fx.options).text, result.text, `${name}: fixing again changes nothing`);
    }
  });
}

const tfJson = (config: unknown, extra: Record<string, unknown> = {}): string =>
  `${JSON.stringify({ ...extra, resource: { vendor_search: { logs: { search_user_config: config } } } }, null, 2)}\n`;

test('a .tf.json file is not read as a service configuration: no "Unknown field resource"', () => {
  const text = tfJson({ static_ips: true });
  const { findings } = analyze(text, { fileName: 'main.tf.json' });
  assert.deepEqual(findings, []);
  // Without the block, the file is none of ours: nothing, as for a .tf file.
  assert.deepEqual(analyze('{ "resource": { "aws_instance": { "web": { "ami": "x" } } } }\n', { fileName: 'main.tf.json' }).findings, []);
});

test("findings point at the file's own lines and columns, name the resource address, and use the API's path", () => {
  const text = tfJson({ search: { http_max_content_length: '100mb' } });
  const f = analyze(text, { fileName: 'infra/main.tf.json' }).findings.find((x) => x.ruleId === 'unit-mismatch')!;
  assert.ok(f, 'unit-mismatch reported');
  assert.equal(f.path, 'search.http_max_content_length');
  assert.equal(text.slice(f.offset, f.offset + f.length), '"100mb"');
  const line = text.split('\n')[6];
  assert.deepEqual(f.range.start, { line: 6, character: line.indexOf('"100mb"') });
  assert.match(f.message, /^vendor_search\.logs: search\.http_max_content_length is the string "100mb"/);
});

test('a template is an expression: only exactly one ${var.NAME} is a value, escapes are text, and nothing else gives a finding', () => {
  const variable = { max_body: { default: '100mb' }, flag: { default: 'yes' } };
  const config = {
    static_ips: '${var.flag}',
    search: {
      http_max_content_length: '${var.max_body}',
      http_max_header_size: '${var.size} bytes',
      email_sender_name: '$${not.a.template}',
      email_sender_username: '%{ if true }a%{ endif }',
    },
    custom_domain: '${upper(local.name)}',
  };
  const { findings, configurations } = analyze(tfJson(config, { variable }), { fileName: 'main.tf.json' });
  // The escaped text is a literal, judged as one (a sender name has no `$` or braces).
  assert.deepEqual(findings.map((f) => `${f.ruleId} ${f.path}`).sort(), [
    'invalid-value search.email_sender_name',
    'type-mismatch static_ips',
    'unit-mismatch search.http_max_content_length',
  ]);
  const doc = configurations[0] as TerraformDocument;
  assert.deepEqual(doc.variablesUsed.map((u) => `${u.variable} ${u.from}`).sort(), [
    'var.flag main.tf.json:7',
    'var.max_body main.tf.json:4',
  ]);
  assert.equal((doc.value as { search: Record<string, unknown> }).search.email_sender_name, '${not.a.template}');
  assert.deepEqual([...(doc.unknownPaths ?? [])].map((p) => p.join('.')).sort(), [
    'custom_domain',
    'search.email_sender_username',
    'search.http_max_header_size',
  ]);
});

test("variables declared in a module's .tf.json file give values to its .tf files, and the other way round", () => {
  const tf =
    'resource "vendor_search" "logs" {\n  search_user_config {\n    search {\n      indices_query_bool_max_clause_count = var.clauses\n    }\n  }\n}\n';
  const declared = { fileName: '/m/variables.tf.json', text: JSON.stringify({ variable: { clauses: { default: 10000 } } }) };
  const fromJson = analyze(tf, { fileName: '/m/main.tf', terraformVariables: [declared] }).findings.filter(
    (f) => f.ruleId === 'invalid-value',
  );
  assert.deepEqual(
    fromJson.map((f) => f.message.replace(/^.*\(/, '(')),
    ['(the value of var.clauses, from variables.tf.json:1)'],
  );
  const json = tfJson({ search: { indices_query_bool_max_clause_count: '${var.clauses}' } });
  const hcl = { fileName: '/m/variables.tf', text: 'variable "clauses" {\n  default = 10000\n}\n' };
  const fromHcl = analyze(json, { fileName: '/m/main.tf.json', terraformVariables: [hcl] }).findings.filter(
    (f) => f.ruleId === 'invalid-value',
  );
  assert.deepEqual(
    fromHcl.map((f) => f.message.replace(/^.*\(/, '(')),
    ['(the value of var.clauses, from variables.tf:2)'],
  );
});

test('a secret from a sensitive variable is never shown, and a literal secret is reported without its value', () => {
  const variable = { secret: { default: 'hunter2-sensitive', sensitive: true } };
  const text = tfJson(
    { openid: { enabled: true, client_id: 'app', client_secret: 'hunter2-literal', connect_url: '${var.secret}' } },
    { variable },
  );
  const { findings } = analyze(text, { fileName: 'main.tf.json' });
  const secret = findings.find((f) => f.ruleId === 'secret-in-plain-text');
  assert.ok(secret, findings.map((f) => f.ruleId).join());
  // The way out, written in this file's syntax.
  assert.match(secret.message, /sensitive = true.* write "client_secret": "\$\{var\.client_secret\}"; rotate/);
  const shown = findings
    .flatMap((f) => [
      f.message,
      f.fix?.title,
      ...(f.fix?.edits ?? []).map((e) => e.newText),
      ...(f.suggestions ?? []).flatMap((s) => [s.title, ...s.edits.map((e) => e.newText)]),
    ])
    .join('\n');
  assert.ok(!shown.includes('hunter2'), shown);
});

test('with a baseline, a fork field set makes the provider replace the service: nothing restarts and nothing removed is kept', () => {
  const file = (config: unknown): string =>
    `${JSON.stringify({ resource: { vendor_search: { logs: { search_user_config: config } } } }, null, 2)}\n`;
  const baselineText = file({ search: { reindex_remote_whitelist: ['old.example.com:9200'], indices_query_bool_max_clause_count: 2048 } });
  const ruleIds = (config: unknown): string[] =>
    analyze(file(config), { fileName: 'main.tf.json', baselineText, baselineLabel: 'git:HEAD' }).findings.map((f) => f.ruleId);
  const search = { reindex_remote_whitelist: ['new.example.com:9200'] };
  assert.deepEqual(ruleIds({ service_to_fork_from: 'other-svc', search }), ['create-only-field']);
  assert.deepEqual(ruleIds({ search }).sort(), ['removed-field', 'restart-required']);
});

test('syntax errors are reported once each as invalid-json, comments too, and a fixed text that still has them is said to', () => {
  const text =
    '{\n  "resource": { "vendor_search": { "logs": { "search_user_config": {\n    // a comment\n    "static_ipz": true,\n  } } } }\n}\n';
  const { findings } = analyze(text, { fileName: 'main.tf.json' });
  const syntax = findings.filter((f) => f.ruleId === 'invalid-json');
  assert.equal(syntax.length, 2, syntax.map((f) => f.message).join('\n'));
  assert.match(syntax[0].message, /Comments are not allowed in Terraform's JSON syntax; write a "\/\/" property instead/);
  // The CLI and the editor's fix all never write such a text.
  assert.equal(fixAll(text, { fileName: 'main.tf.json' }).syntaxErrorsLeft, true);
  const truncated = analyze(tfJson({ static_ips: true }).slice(0, 60), { fileName: 'main.tf.json' });
  assert.ok(truncated.findings.every((f) => f.offset + f.length <= 60));
  assert.equal(
    new Set(truncated.findings.filter((f) => f.ruleId === 'invalid-json').map((f) => f.offset)).size,
    truncated.findings.filter((f) => f.ruleId === 'invalid-json').length,
  );
});

test('the suggestion for a repeated key removes the earlier one, with its comma', () => {
  const head = '{\n  "resource": { "vendor_search": { "logs": { "search_user_config": {\n';
  const text = `${head}    "static_ips": false,\n    "static_ips": true\n  } } } }\n}\n`;
  const f = analyze(text, { fileName: 'main.tf.json' }).findings.find((x) => x.ruleId === 'duplicate-key');
  assert.ok(f?.suggestions?.length, 'a suggestion');
  assert.equal(applyEdits(text, f.suggestions[0].edits), `${head}    "static_ips": true\n  } } } }\n}\n`);
});

test('a value written by a suggestion is text to Terraform: ${ and %{ are escaped', () => {
  const text = tfJson({ openid: { enabled: true, client_id: 'app', client_secret: '${var.s}' } });
  const missing = analyze(text, { fileName: 'main.tf.json' }).findings.find((f) => f.ruleId === 'missing-required');
  const fixed = applyEdits(text, missing!.suggestions![0].edits);
  const written = JSON.parse(fixed).resource.vendor_search.logs.search_user_config.openid;
  assert.equal(written.connect_url, '<CONNECT_URL>');
  assert.equal(written.client_secret, '${var.s}');
});

test('a key written with a typo and reported missing is renamed, not written a second time', () => {
  const url = 'https://idp.example.com/.well-known/openid-configuration';
  const text = tfJson({ openid: { client_id: 'app', client_secret: '${var.s}', conect_url: url } });
  assert.equal(fixAll(text, { fileName: 'main.tf.json' }).text, text.replace('"conect_url"', '"connect_url"'));
});

test('hostile input: deep nesting is reported, not read; a huge file and runs of one character give no crash', () => {
  const deep = `{ "resource": { "vendor_search": { "x": { "search_user_config": ${'['.repeat(20000)}${']'.repeat(20000)} } } } }`;
  const deepResult = analyze(deep, { fileName: 'main.tf.json' });
  assert.deepEqual(deepResult.internalErrors, []);
  assert.deepEqual(
    deepResult.findings.map((f) => f.ruleId),
    ['input-limit'],
  );
  assert.match(deepResult.findings[0].message, /nested at least \d+ levels deep/);
  const open = `{ "search_user_config": ${'{"a": '.repeat(5000)}`;
  assert.deepEqual(
    analyze(open, { fileName: 'main.tf.json' }).findings.map((f) => f.ruleId),
    ['input-limit'],
  );
  for (const text of [
    '$'.repeat(100_000),
    `"${'$'.repeat(100_000)}{"`,
    'search_user_config',
    '\uFEFF' + tfJson({ static_ips: true }),
    tfJson({ search: { email_sender_name: `${'$'.repeat(50_000)}{x}` } }),
  ]) {
    const result = analyze(text, { fileName: 'main.tf.json' });
    assert.deepEqual(result.internalErrors, []);
    for (const f of result.findings) assert.ok(f.offset >= 0 && f.offset + f.length <= text.length, `${f.ruleId} inside the text`);
  }
  const huge = analyze(tfJson({ search: { email_sender_name: 'x'.repeat(20 * 1024 * 1024) } }), { fileName: 'main.tf.json' });
  assert.deepEqual(
    huge.findings.map((f) => f.ruleId),
    ['input-limit'],
  );
});

test('reading grows linearly: resources, list blocks, repeated keys, comment keys, template escapes and sensitive() calls', () => {
  const resources = (n: number): string =>
    JSON.stringify({
      resource: {
        vendor_search: Object.fromEntries(
          Array.from({ length: n }, (_, i) => [
            `r${i}`,
            { search_user_config: { static_ipz: true, search: { http_max_content_length: '100mb' } } },
          ]),
        ),
      },
    });
  const patterns = (n: number): string =>
    tfJson({ index_patterns: Array.from({ length: n }, (_, i) => ({ '//': 'generated', pattern: `logs-${i}-*`, max_index_count: 5 })) });
  const repeated = (n: number): string =>
    `{ "resource": { "vendor_search": { "x": { "search_user_config": { ${Array.from({ length: n }, () => '"search": { "http_max_header_size": 8192 }').join(', ')} } } } } }`;
  const dollars = (n: number): string =>
    tfJson({ search: { email_sender_name: `${'$$'.repeat(n * 50)}{x}` }, custom_domain: `${'%'.repeat(n * 100)}{` });
  // A call's argument between runs of blanks, its escapes; a template of calls that never close.
  const calls = (n: number): string =>
    tfJson({
      custom_domain: `\${sensitive(${' '.repeat(n * 50)}"${'\\"$${'.repeat(n * 20)}"${' '.repeat(n * 50)},)}`,
      search: { email_sender_name: `\${${'sensitive( '.repeat(n * 20)}}` },
    });
  for (const [what, make, unit] of [
    ['resources', resources, 40],
    ['list blocks', patterns, 200],
    ['repeated keys', repeated, 200],
    ['template escapes', dollars, 200],
    ['sensitive() calls', calls, 200],
  ] as const) {
    assertLinear(`.tf.json ${what}`, (k, s) => {
      const text = make(unit * k * s);
      return () => analyze(text, { fileName: 'main.tf.json' });
    });
  }
});
