import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ALL_FIELDS, BY_ENGINE_SETTING } from '../../server/src/core/schema';
import { RULES } from '../../server/src/core/rules';
import { boundsText, defaultText, typeText } from '../../server/src/core/describe';
import { isPlaceholder } from '../../server/src/core/values';
import { assertGolden, runCli, transcript } from '../support/cli-golden';
import { REPO } from '../support/repo';

const GOLDEN = path.join(REPO, 'test/fixtures/cli/explain');

/** One golden transcript per case: field by path, array item, engine setting, product name, rule, unknown, JSON. */
const GOLDEN_CASES: Array<[string, string[]]> = [
  ['field', ['explain', 'search.http_max_content_length']],
  ['field-with-default-and-threshold', ['explain', 'search.indices_query_bool_max_clause_count']],
  ['array-item', ['explain', 'ip_filter[0]']],
  ['engine-setting', ['explain', 'http.max_content_length']],
  ['product-name', ['explain', 'opensearch_dashboards.max_old_space_size']],
  ['restart', ['explain', 'search.reindex_remote_whitelist']],
  ['create-only', ['explain', 'service_to_fork_from']],
  ['deprecated', ['explain', 'max_index_count']],
  ['secret', ['explain', 'openid.client_secret']],
  ['rule', ['explain', 'type-mismatch']],
  ['unknown', ['explain', 'search.http_max_content_lenght_x']],
  ['json', ['explain', 'search.indices_memory_min_index_buffer_size', '--format', 'json']],
  ['no-argument', ['explain']],
];

for (const [name, argv] of GOLDEN_CASES) {
  test(`explain golden: ${name}`, async () => {
    const run = await runCli(argv);
    assertGolden(path.join(GOLDEN, `${name}.txt`), transcript(argv, run));
  });
}

test('every field of the schema is explained with its type, default, unit and engine setting', async () => {
  for (const f of ALL_FIELDS) {
    const run = await runCli(['explain', f.dotted]);
    assert.equal(run.code, 0, `${f.dotted}: ${run.stderr}`);
    assert.ok(run.stdout.startsWith(`${f.dotted} (field)\n`), `${f.dotted} heads its own explanation`);
    assert.ok(!/\*\*|`/.test(run.stdout), `${f.dotted}: plain text without markdown markers`);
    assert.ok(run.stdout.includes(`Type: ${typeText(f.schema)}`), `${f.dotted}: type`);
    const def = defaultText(f.schema);
    if (def !== undefined) assert.ok(run.stdout.includes(`Default: ${def}`), `${f.dotted}: default ${def}`);
    if (f.schema.unit && f.schema.unit !== 'count') assert.match(run.stdout, /Unit: /, `${f.dotted}: unit`);
    if (f.schema.engineSetting) assert.ok(run.stdout.includes(`Engine setting: ${f.schema.engineSetting}`), `${f.dotted}: engine setting`);
    if (f.schema.restartsEngine) assert.match(run.stdout, /restarts all engine instances/, `${f.dotted}: restart note`);
    if (f.schema.createOnly) assert.match(run.stdout, /new service is created/, `${f.dotted}: create-only note`);
    if (f.schema.deprecated) assert.match(run.stdout, /Deprecated/, `${f.dotted}: deprecation`);
    for (const ex of f.schema.secret ? (f.schema.examples ?? []).filter((x) => !isPlaceholder(x)) : [])
      assert.ok(!run.stdout.includes(String(ex)), `${f.dotted}: secret example not shown`);
  }
});

test('engine setting names lead to their field', async () => {
  for (const [setting, field] of BY_ENGINE_SETTING) {
    const run = await runCli(['explain', setting, '--format', 'json']);
    assert.equal(run.code, 0, setting);
    const doc = JSON.parse(run.stdout) as { field: string; engineSetting: string };
    assert.equal(doc.field, field.dotted, setting);
    assert.equal(doc.engineSetting, setting);
  }
});

test('concrete array indices and vendor product names are understood', async () => {
  const cases: Array<[string, string]> = [
    ['ip_filter[7]', 'ip_filter[]'],
    ['ip_filter[2].network', 'ip_filter[].network'],
    ['index_patterns[0].pattern', 'index_patterns[].pattern'],
    ['opensearch.http_max_content_length', 'search.http_max_content_length'],
    ['opensearch_version', 'search_version'],
    ['public_access.prometheus', 'public_access.metrics'],
  ];
  for (const [name, expected] of cases) {
    const run = await runCli(['explain', name, '--format', 'json']);
    assert.equal(run.code, 0, `${name}: ${run.stderr}`);
    assert.equal((JSON.parse(run.stdout) as { field: string }).field, expected, name);
  }
});

test('every rule is explained with its severity and summary', async () => {
  for (const { meta } of RULES) {
    const run = await runCli(['explain', meta.id]);
    assert.equal(run.code, 0, meta.id);
    assert.ok(run.stdout.startsWith(`${meta.id} (rule)\n`));
    assert.ok(run.stdout.includes(`Default severity: ${meta.defaultSeverity}`), `${meta.id}: severity`);
    if (meta.summary) assert.ok(run.stdout.includes(meta.summary.replace(/`/g, '')), `${meta.id}: summary`);
  }
});

test('an unknown name exits 2 and suggests the closest names', async () => {
  const cases: Array<[string, string]> = [
    ['restart-requried', 'restart-required'],
    ['search.http_max_content_lenght', 'search.http_max_content_length'],
    ['serach.thread_pool_get_size', 'search.thread_pool_get_size'],
  ];
  for (const [name, suggestion] of cases) {
    const run = await runCli(['explain', name]);
    assert.equal(run.code, 2, name);
    assert.equal(run.stdout, '', `${name}: nothing on stdout in text mode`);
    assert.ok(run.stderr.includes(`"${suggestion}"`), `${name} suggests ${suggestion}: ${run.stderr}`);
  }
  const bad = await runCli(['explain', 'x', '--format', 'yaml']);
  assert.equal(bad.code, 2);
});

test('bounds of one character or one item are written in the singular', () => {
  assert.equal(boundsText({ type: 'string', minLength: 1, maxLength: 1 }), 'at least 1 character, at most 1 character');
  assert.equal(boundsText({ type: 'array', maxItems: 1 }), 'at most 1 item');
  assert.equal(boundsText({ type: 'string', minLength: 2, maxLength: 256 }), 'at least 2 characters, at most 256 characters');
  const secret = ALL_FIELDS.find((f) => f.dotted === 'openid.client_id')!;
  assert.match(boundsText(secret.schema) ?? '', /^at least 1 character, at most \d+ characters/);
});
