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

test('a secret written as a number and removed since the baseline is named as hidden, its digits never printed', () => {
  const baseline = '{ "openid": { "client_id": "app", "client_secret": 73519246 } }';
  const [found, ...more] = removedFindings('{ "openid": { "client_id": "app" } }', 'config.json', baseline);
  assert.deepEqual(more, []);
  assert.match(found.message, /^openid\.client_secret was removed \(it is \(a hidden secret value\) in git:HEAD\), /);
  assert.ok(!JSON.stringify(found).includes('73519246'));
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

test('a field removed whose old value was its default keeps nothing another would not: not reported, in JSON, YAML, a manifest or Terraform', () => {
  // openid.enabled, indices_query_bool_max_clause_count and ip_filter at their defaults; max_old_space_size above its default.
  const json = {
    before:
      '{\n  "ip_filter": ["0.0.0.0/0", "::/0"],\n  "search": { "indices_query_bool_max_clause_count": 1024, "http_max_content_length": 104857600 },\n  "openid": { "enabled": true },\n  "search_dashboards": { "max_old_space_size": 256 }\n}\n',
    after: '{\n  "search": { "http_max_content_length": 104857600 }\n}\n',
  };
  const yaml = {
    before:
      'ip_filter: ["0.0.0.0/0", "::/0"]\nsearch:\n  indices_query_bool_max_clause_count: 1024\n  http_max_content_length: 104857600\nopenid:\n  enabled: true\nsearch_dashboards:\n  max_old_space_size: 256\n',
    after: 'search:\n  http_max_content_length: 104857600\n',
  };
  const manifest = (userConfig: string): string =>
    `apiVersion: vendor.io/v1alpha1\nkind: Search\nmetadata:\n  name: logs\nspec:\n  userConfig:\n${userConfig.replace(/^(?=.)/gm, '    ')}`;
  const block = (body: string): string => `resource "vendor_search" "logs" {\n  search_user_config {\n${body}  }\n}\n`;
  const terraform = {
    before: block(
      '    ip_filter_string = ["0.0.0.0/0", "::/0"]\n    search {\n      indices_query_bool_max_clause_count = 1024\n      http_max_content_length = 104857600\n    }\n    openid {\n      enabled = true\n    }\n    search_dashboards {\n      max_old_space_size = 256\n    }\n',
    ),
    after: block('    search {\n      http_max_content_length = 104857600\n    }\n'),
  };
  const cases: Array<[string, string, string]> = [
    ['config.json', json.before, json.after],
    ['config.search.yaml', yaml.before, yaml.after],
    ['search.yaml', manifest(yaml.before), manifest(yaml.after)],
    ['main.tf', terraform.before, terraform.after],
    ['main.tf.json', tfJson(json.before), tfJson(json.after)],
  ];
  for (const [fileName, before, after] of cases) {
    const found = removedFindings(after, fileName, before);
    assert.deepEqual(
      found.map((f) => f.path),
      ['search_dashboards.max_old_space_size'],
      `${fileName}: ${found.map((f) => f.message).join('\n')}`,
    );
  }
});

/** A JSON configuration as the search_user_config of a resource in Terraform's JSON syntax. */
function tfJson(config: string): string {
  return JSON.stringify({ resource: { vendor_search: { logs: { search_user_config: JSON.parse(config) as unknown } } } }, null, 2);
}

test('Terraform: a field the baseline gave by an expression is not reported removed: its value is not known from the text', () => {
  const block = (body: string): string =>
    `resource "vendor_search" "logs" {\n  search_user_config {\n    search {\n      email_sender_name = "alerts"\n${body}    }\n  }\n}\n`;
  const baseline = block(
    '      email_sender_password = var.smtp_pw\n      thread_pool_write_size = var.pool\n      indices_query_bool_max_clause_count = 4096\n',
  );
  assert.deepEqual(
    removedFindings(block(''), 'main.tf', baseline).map((f) => f.path),
    ['search.indices_query_bool_max_clause_count'],
  );
});

test('an object removed that was written empty merged nothing: not reported, whole or member by member', () => {
  const baseline = '{ "search": {}, "saml": {}, "static_ips": true }';
  assert.deepEqual(removedFindings('{ "static_ips": true }', 'config.json', baseline), []);
  // The same object with a member is reported, member by member.
  assert.deepEqual(
    removedFindings('{ "static_ips": true }', 'config.json', '{ "search": { "search_max_buckets": 20000 }, "static_ips": true }').map(
      (f) => f.path,
    ),
    ['search.search_max_buckets'],
  );
});

test('a file that holds no configuration object, or an object written as a list or text, removes nothing: the error alone says what is wrong', () => {
  const baseline = '{ "search": { "search_max_buckets": 20000 }, "static_ips": true }';
  for (const text of ['', '  \n', '[]', '"text"', '42', '[{ "static_ips": true }]']) {
    const { findings } = analyze(text, { fileName: 'config.json', baselineText: baseline });
    assert.deepEqual(
      findings.map((f) => f.ruleId),
      ['invalid-json'],
      text,
    );
  }
  for (const text of ['{ "search": [], "static_ips": true }', '{ "search": "x", "static_ips": true }']) {
    const { findings } = analyze(text, { fileName: 'config.json', baselineText: baseline });
    assert.deepEqual(
      findings.map((f) => `${f.ruleId} ${f.path}`),
      ['type-mismatch search'],
      text,
    );
  }
});

test('an object field that the baseline wrote as text is reported whole: it has no members to report one by one', () => {
  assert.deepEqual(
    removedFindings('{ "static_ips": true }', 'config.json', '{ "search": "x", "static_ips": true }').map((f) => [
      f.path,
      f.message.slice(0, 40),
    ]),
    [['search', 'search was removed (it is "x" in git:HEA']],
  );
});
