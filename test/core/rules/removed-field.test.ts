import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, applyEdits, fixAll } from '../../../server/src/core';
import { loadTerraformFromDisk } from '../../../server/src/node/terraform-wasm';
import { planOf } from '../../support/terraform-plans';

before(() => loadTerraformFromDisk());

/** The removed-field findings; missing-required, which stands for them on a required field, is off. */
const removedFindings = (text: string, fileName: string, baselineText?: string) =>
  analyze(text, { fileName, baselineText, baselineLabel: 'git:HEAD', rules: { 'missing-required': 'off' } }).findings.filter(
    (f) => f.ruleId === 'removed-field',
  );

test('JSON: the suggestion writes the removed field back with the default from the schema, creating the object it was in', () => {
  const baseline =
    '{\n  "search": {\n    "indices_query_bool_max_clause_count": 4096\n  },\n  "search_dashboards": { "max_old_space_size": 256 }\n}\n';
  const text = '{\n  "search": {\n    "http_max_content_length": 104857600\n  }\n}\n';
  const found = removedFindings(text, 'config.json', baseline);
  assert.deepEqual(
    found.map((f) => f.path),
    ['search_dashboards.max_old_space_size', 'search.indices_query_bool_max_clause_count'],
  );
  assert.equal(
    applyEdits(text, found[1].suggestions![0].edits),
    '{\n  "search": {\n    "http_max_content_length": 104857600,\n    "indices_query_bool_max_clause_count": 1024\n  }\n}\n',
  );
  assert.equal(
    applyEdits(text, found[0].suggestions![0].edits),
    '{\n  "search": {\n    "http_max_content_length": 104857600\n  },\n  "search_dashboards": { "max_old_space_size": 128 }\n}\n',
  );
  // Never applied unasked: whether to go back to the default is the user's decision.
  assert.equal(fixAll(text, { fileName: 'config.json', baselineText: baseline }).text, text);
});

test('Terraform: the suggestion writes `field = default` in the block it was removed from, or the block itself', () => {
  const block = (body: string): string => `resource "vendor_search" "logs" {\n  search_user_config {\n${body}  }\n}\n`;
  const baseline = block(
    '    search {\n      indices_query_bool_max_clause_count = 4096\n    }\n    search_dashboards {\n      max_old_space_size = 256\n    }\n',
  );
  const text = block('    search {\n      http_max_content_length = 104857600\n    }\n');
  const found = removedFindings(text, 'main.tf', baseline);
  const byPath = new Map(found.map((f) => [f.path, f]));
  assert.equal(
    applyEdits(text, byPath.get('search.indices_query_bool_max_clause_count')!.suggestions![0].edits),
    block('    search {\n      http_max_content_length = 104857600\n      indices_query_bool_max_clause_count = 1024\n    }\n'),
  );
  assert.equal(
    applyEdits(text, byPath.get('search_dashboards.max_old_space_size')!.suggestions![0].edits),
    block(
      '    search {\n      http_max_content_length = 104857600\n    }\n    search_dashboards {\n      max_old_space_size = 128\n    }\n',
    ),
  );
  assert.match(
    byPath.get('search.indices_query_bool_max_clause_count')!.message,
    /^vendor_search\.logs: search\.indices_query_bool_max_clause_count was removed \(it is 4096 in git:HEAD\)/,
  );
});

test('a secret removed since the baseline is named, never printed', () => {
  const baseline =
    '{ "openid": { "client_id": "app", "client_secret": "hunter2-secret", "connect_url": "https://user:pw-in-url@idp.example.com/x" } }';
  const found = removedFindings('{ "openid": { "client_id": "app" } }', 'config.json', baseline);
  assert.deepEqual(
    found.map((f) => f.path),
    ['openid.client_secret', 'openid.connect_url'],
  );
  const shown = JSON.stringify(found);
  assert.ok(!shown.includes('hunter2') && !shown.includes('pw-in-url'), shown);
});

test('a plan: a field in change.before and not in change.after is reported at its block in the plan, sensitive values unprinted', () => {
  const plan = planOf(
    { search: { http_max_content_length: 104857600 }, openid: { client_id: 'app', connect_url: 'https://idp.example.com/x' } },
    {
      search: { http_max_content_length: 104857600, indices_query_bool_max_clause_count: 4096 },
      openid: { client_id: 'app', client_secret: 'hunter2-secret', connect_url: 'https://idp.example.com/x' },
    },
    { before_sensitive: { search_user_config: [{ openid: [{ client_secret: true }] }] } },
  );
  const found = analyze(plan, { fileName: 'plan.json', rules: { 'missing-required': 'off' } }).findings.filter(
    (f) => f.ruleId === 'removed-field',
  );
  assert.deepEqual(found.map((f) => f.path).sort(), ['openid.client_secret', 'search.indices_query_bool_max_clause_count']);
  const clauses = found.find((f) => f.path === 'search.indices_query_bool_max_clause_count')!;
  assert.match(
    clauses.message,
    /^module\.eu\.vendor_search\.logs: .* \(it is 4096 in the state before the plan\).*write its default: 1024\./,
  );
  // On the block in change.after that no longer has it.
  assert.match(plan.slice(clauses.offset, clauses.offset + clauses.length), /^\{\s*"http_max_content_length": 104857600\s*\}$/);
  assert.ok(clauses.offset > plan.indexOf('"after"'));
  assert.ok(!JSON.stringify(found).includes('hunter2'));
  assert.deepEqual(
    analyze(planOf({ search: {} }), { fileName: 'plan.json' }).findings.filter((f) => f.ruleId === 'removed-field'),
    [],
    'a new resource removes nothing',
  );
});

test("Terraform: a removed ip_filter is written back in the provider's spelling, ip_filter_string", () => {
  const block = (body: string): string =>
    `resource "vendor_search" "logs" {\n  search_user_config {\n${body}    static_ips = true\n  }\n}\n`;
  const text = block('');
  const [found] = removedFindings(text, 'main.tf', block('    ip_filter_object {\n      network = "10.0.0.0/8"\n    }\n'));
  assert.equal(found.path, 'ip_filter');
  assert.match(found.message, /it is \[\{"network":"10\.0\.0\.0\/8"\}\] in git:HEAD/);
  assert.equal(
    applyEdits(text, found.suggestions![0].edits),
    block('').replace('    static_ips = true\n', '    static_ips = true\n    ip_filter_string = ["0.0.0.0/0", "::/0"]\n'),
  );
});
