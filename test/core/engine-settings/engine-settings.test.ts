/**
 * Engine values read as the engine reads them (OpenSearch's ByteSizeValue, TimeValue, percentages), and
 * engine settings converted to configuration fields in each field's unit, never rounded.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  convertEngineSettings,
  FLATTEN_LIMITS,
  flattenEngineSettings,
  mergeIntoConfiguration,
  parseByteSize,
  parsePercent,
  parseTime,
} from '../../../server/src/core/engine-settings';
import { BY_ENGINE_SETTING } from '../../../server/src/core/schema';

const KB = 1024,
  MB = KB * 1024,
  GB = MB * 1024;
const BYTES: Array<[string, number | undefined]> = [
  ['100mb', 100 * MB],
  ['100MB', 100 * MB],
  ['100 mb', 100 * MB],
  ['8kb', 8 * KB],
  ['8k', 8 * KB],
  ['1g', GB],
  ['2tb', 2 * 1024 * GB],
  ['4096b', 4096],
  ['1pb', 1024 ** 5],
  ['0', 0],
  ['-1', -1],
  ['100', undefined],
  ['1.5mb', undefined],
  ['10xb', undefined],
  ['mb', undefined],
  ['', undefined],
];
const TIMES: Array<[string, number | undefined]> = [
  ['30s', 30_000],
  ['500ms', 500],
  ['90m', 5_400_000],
  ['24h', 86_400_000],
  ['1d', 86_400_000],
  ['30S', 30_000],
  ['1000micros', 1],
  ['0', 0],
  ['-1', -1],
  ['1M', undefined],
  ['2w', undefined],
  ['1y', undefined],
  ['1.5h', undefined],
  ['15', undefined],
  ['-5s', undefined],
];
const PERCENTS: Array<[string, number | undefined]> = [
  ['10%', 10],
  ['100%', 100],
  ['0%', 0],
  ['12.5%', 12.5],
  ['101%', undefined],
  ['8gb', undefined],
  ['0.4', undefined],
];

test('byte sizes: binary multiples, a bare number only as 0 or -1, no fractions', () => {
  for (const [text, bytes] of BYTES) {
    const r = parseByteSize(text);
    assert.deepEqual(r.ok ? r.value : undefined, bytes, text);
  }
});
test('times: nanos to days, no weeks, months or years, a bare number only as 0 or -1, no fractions', () => {
  for (const [text, ms] of TIMES) {
    const r = parseTime(text);
    assert.deepEqual(r.ok ? r.value : undefined, ms, text);
  }
});
test('percentages of the heap', () => {
  for (const [text, pct] of PERCENTS) {
    const r = parsePercent(text);
    assert.deepEqual(r.ok ? r.value : undefined, pct, text);
  }
});

/** A field carrying an engine setting with the given unit, found in the schema. */
const settingWithUnit = (unit: string): string =>
  [...BY_ENGINE_SETTING.entries()].find(
    ([, f]) => (f.schema.unit === unit && f.schema.maximum === undefined) || (f.schema.unit === unit && (f.schema.maximum ?? 0) > 1000),
  )![0];

test("values are converted to the field's unit when whole, and reported otherwise", () => {
  const hours = [...BY_ENGINE_SETTING.entries()].find(([, f]) => f.schema.unit === 'hours')!;
  const days = [...BY_ENGINE_SETTING.entries()].find(([, f]) => f.schema.unit === 'days')!;
  const bytes = settingWithUnit('bytes');
  const { assignments, unmapped } = convertEngineSettings([
    { key: hours[0], value: '48h' },
    { key: days[0], value: '720h' },
    { key: bytes, value: '1mb' },
  ]);
  assert.deepEqual(
    assignments.map((a) => [a.setting, a.value]),
    [
      [hours[0], 48],
      [days[0], 30],
      [bytes, MB],
    ],
  );
  assert.deepEqual(unmapped, []);
  const bad = convertEngineSettings([
    { key: hours[0], value: '90m' },
    { key: bytes, value: '100' },
    { key: 'cluster.routing.allocation.disk.watermark.low', value: '85%' },
    { key: 'index.refresh_interval', value: '30s' },
    { key: hours[0], value: null },
  ]);
  assert.equal(bad.assignments.length, 0);
  assert.match(bad.unmapped[0].reason, /"90m" is 1\.5 hours, not a whole number.*not rounded/);
  assert.match(bad.unmapped[1].reason, /"100" has no byte unit/);
  assert.match(bad.unmapped[2].reason, /no configuration field: it cannot be changed on the service/);
  assert.match(bad.unmapped[3].reason, /index setting/);
  assert.match(bad.unmapped[4].reason, /null, which resets the setting/);
  // A value that cannot be converted is quoted in the reason, its credentials masked.
  const leaky = convertEngineSettings([
    { key: bytes, value: 'https://admin:cAnArY1@h.example.com/x?token=cAnArY2' },
    { key: hours[0], value: 'ops:cAnArY3@h:9200' },
  ]);
  assert.equal(leaky.unmapped.length, 2);
  for (const u of leaky.unmapped) assert.doesNotMatch(u.reason, /cAnArY/, u.reason);
  assert.match(leaky.unmapped[0].reason, /"https:\/\/\*\*\*@h\.example\.com\/x\?token=\*\*\*"/);
});

test('flat, nested and mixed settings are the same; transient wins; legacy names are read; defaults are left out', () => {
  const body = {
    persistent: { 'http.max_content_length': '100mb', indices: { query: { bool: { max_clause_count: '2048' } } } },
    transient: { http: { max_content_length: '200mb' } },
    defaults: { 'thread_pool.search.size': '13' },
  };
  const { settings, problems } = flattenEngineSettings(body);
  assert.deepEqual(problems, []);
  const { assignments, defaultsLeftOut } = convertEngineSettings(settings);
  assert.deepEqual(Object.fromEntries(assignments.map((a) => [a.path, a.value])), {
    'search.indices_query_bool_max_clause_count': 2048,
    'search.http_max_content_length': 200 * MB,
  });
  assert.equal(defaultsLeftOut, 1);
  const legacy = convertEngineSettings(
    flattenEngineSettings({
      opendistro: { index_state_management: { history: { max_docs: 2500000 } } },
      'reindex.remote.whitelist': 'a.example.com:9200, b.example.com:9200',
    }).settings,
  );
  assert.deepEqual(
    legacy.assignments.map((a) => [a.setting, a.value]),
    [
      ['plugins.index_state_management.history.max_docs', 2500000],
      ['reindex.remote.allowlist', ['a.example.com:9200', 'b.example.com:9200']],
    ],
  );
});

test('the legacy list form key.0, key.1, … is read as one list, in a settings file and in a body; messages name a setting as written', () => {
  const lists = [
    { 'reindex.remote.whitelist.0': 'a:1', 'reindex.remote.whitelist.1': 'b:2' },
    { persistent: { reindex: { remote: { whitelist: { '0': 'a:1', '1': 'b:2' } } } } },
    { reindex: { remote: { 'allowlist.0': 'a:1', 'allowlist.1': 'b:2' } } },
  ];
  for (const body of lists) {
    const flat = flattenEngineSettings(body);
    assert.deepEqual([flat.problems, flat.refused], [[], undefined], JSON.stringify(body));
    const { assignments, unmapped } = convertEngineSettings(flat.settings);
    assert.deepEqual(unmapped, [], JSON.stringify(body));
    assert.deepEqual(
      assignments.map((a) => [a.path, a.value]),
      [['search.reindex_remote_whitelist', ['a:1', 'b:2']]],
    );
  }
  // From .0 on while the next index is there, as the engine folds them; another key is left as it is.
  assert.deepEqual(
    flattenEngineSettings({ 'x.list.0': 'a', 'x.list.1': 'b', 'x.list.3': 'd', 'y.1': 'c' }).settings.map((s) => [s.key, s.value]),
    [
      ['x.list.3', 'd'],
      ['y.1', 'c'],
      ['x.list', ['a', 'b']],
    ],
  );
  const legacy = convertEngineSettings(
    flattenEngineSettings({ 'reindex.remote.whitelist.0': 'a:1', 'reindex.remote.whitelist.5': 'b', 'opendistro.x.y': 1 }).settings,
  );
  assert.deepEqual(
    legacy.unmapped.map((u) => u.setting),
    ['reindex.remote.whitelist.5', 'opendistro.x.y'],
  );
});

test('one setting written twice in a settings file or a section, flat and nested, is refused as the engine refuses it, naming both places', () => {
  const twice = flattenEngineSettings({ 'indices.query.bool.max_clause_count': 2048, indices: { 'query.bool.max_clause_count': 4096 } });
  assert.deepEqual(twice.settings, []);
  assert.deepEqual(twice.refused, [
    'the setting indices.query.bool.max_clause_count is written twice, as "indices.query.bool.max_clause_count" and as "indices" > "query.bool.max_clause_count"; the engine refuses it ("duplicate settings key"): keep one',
  ]);
  const section = flattenEngineSettings({ persistent: { 'search.max_buckets': 1, search: { max_buckets: 2 } } });
  assert.match(section.refused?.[0] ?? '', /as "persistent" > "search.max_buckets" and as "persistent" > "search" > "max_buckets"/);
  const both = flattenEngineSettings({ 'reindex.remote.whitelist': 'x:1', 'reindex.remote.whitelist.0': 'a:1' });
  assert.match(both.refused?.[0] ?? '', /reindex\.remote\.whitelist is written both as a value .* and as a list in the legacy form/);
  // Persistent and transient are two sections: transient wins, as before.
  const sections = flattenEngineSettings({ persistent: { 'search.max_buckets': 1 }, transient: { search: { max_buckets: 2 } } });
  assert.equal(sections.refused, undefined);
  assert.deepEqual(
    sections.settings.map((s) => s.value),
    [2],
  );
});

test('merging keeps comments and formatting, creates missing objects and replaces existing values', () => {
  const config =
    '{\n  // production\n  "search_version": "2.19",\n  "search": {\n    "http_max_content_length": 1024 // old limit\n  }\n}\n';
  const { assignments } = convertEngineSettings(
    flattenEngineSettings({ 'http.max_content_length': '200mb', 'index.number_of_replicas': 2, 'thread_pool.search.size': 8 }).settings,
  );
  const { text } = mergeIntoConfiguration(config, assignments);
  assert.match(text, /\/\/ production/);
  assert.match(text, /"http_max_content_length": 209715200, \/\/ old limit\n/, 'a comment stays on its line');
  assert.match(text, /"thread_pool_search_size": 8/);
  assert.match(text, /"index_template": \{\n    "number_of_replicas": 2\n  \}/);
  assert.deepEqual(mergeIntoConfiguration(text, assignments).text, text, 'merging again changes nothing');
});

/** A tree that shares its subtrees, as a YAML file of aliases is read: 2^levels paths to its leaves. */
function shared(levels: number, node: (below: unknown) => Record<string, unknown>): unknown {
  let t: unknown = { 'search.max_buckets': 10 };
  for (let i = 0; i < levels; i++) t = node(t);
  return t;
}

test('flattening a tree that shares its subtrees stops at the work limit (x1, x4, x16 levels)', () => {
  const shapes = {
    'distinct names': (below: unknown) => ({ a: below, b: below }),
    'colliding dotted names': (below: unknown) => ({ s: { t: below }, 's.t': below }),
    'shared lists': (below: unknown) => ({ list: [below, below] }),
  };
  for (const [shape, node] of Object.entries(shapes)) {
    for (const levels of [10, 40, 160]) {
      const r = flattenEngineSettings(shared(levels, node));
      assert.ok(r.work.visits <= FLATTEN_LIMITS.visits + 1, `${shape}, ${levels} levels: ${r.work.visits} visits`);
      // Distinct names stop at the number of settings read; names that collide never reach it.
      const stopped = r.limit ?? r.problems.find((p) => /only the first 100000 settings were read/.test(p)) ?? '';
      if (levels > 10)
        assert.match(stopped, /more than 1000000 values|nest more than 64 levels|only the first/, `${shape}, ${levels} levels`);
      if (r.limit) assert.deepEqual(r.settings, [], 'nothing is converted past a limit');
    }
  }
});

test('dotted names that collide cannot keep the flattening going: the values visited are counted', () => {
  const r = flattenEngineSettings(shared(25, (below) => ({ s: { t: below }, 's.t': below })));
  assert.match(r.limit ?? '', /more than 1000000 values|more than 33554432 characters/);
  assert.ok(r.work.visits <= FLATTEN_LIMITS.visits + 1);
  assert.equal(r.settings.length, 0);
});

test('flattening counts the characters of the setting names it builds, and the nesting of values', () => {
  const key = 'k'.repeat(300_000);
  let deep: unknown = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`a${i}`, 1]));
  for (let i = 0; i < 50; i++) deep = { [key]: deep };
  const long = flattenEngineSettings({ a: deep });
  assert.match(long.limit ?? '', /setting names.*more than 33554432 characters/);
  assert.ok(long.work.nameCharacters <= FLATTEN_LIMITS.nameCharacters + 51 * 300_001);
  let objects: unknown = 1,
    lists: unknown = 1;
  for (let i = 0; i < 65; i++) {
    objects = { a: objects };
    lists = [lists];
  }
  assert.match(flattenEngineSettings(objects).limit ?? '', /nest more than 64 levels/);
  assert.match(flattenEngineSettings({ 'reindex.remote.allowlist': lists }).limit ?? '', /nest more than 64 levels/);
  assert.equal(flattenEngineSettings({ 'reindex.remote.allowlist': [['a']] }).limit, undefined);
});

test('merging into a configuration with a key written twice sets the last one, which JSON.parse (and the service) keeps', () => {
  const assignments = convertEngineSettings(
    flattenEngineSettings({ 'search.max_buckets': 30000, 'http.max_content_length': '1mb' }).settings,
  ).assignments;
  const cases = [
    '{\n  "search": { "search_max_buckets": 1 },\n  "search": {\n    "search_max_buckets": 2\n  }\n}\n',
    '{\n  "search": {\n    "search_max_buckets": 1,\n    "search_max_buckets": 2\n  }\n}\n',
    '{\n  "search": 5,\n  "search": {}\n}\n',
  ];
  for (const config of cases) {
    const r = mergeIntoConfiguration(config, assignments);
    const read = JSON.parse(r.text) as { search: Record<string, unknown> };
    assert.equal(read.search.search_max_buckets, 30000, r.text);
    assert.equal(read.search.http_max_content_length, 1024 * 1024, r.text);
    assert.equal(r.set.length, 2);
    assert.deepEqual(r.duplicateKeys.length > 0, true);
  }
  const first = mergeIntoConfiguration(cases[0], assignments).text;
  assert.match(first, /"search": \{ "search_max_buckets": 1 \}/, 'the occurrence the service ignores is left as it was');
});

test('merging reports a field whose parent is not an object, and leaves the text as it was', () => {
  const assignments = convertEngineSettings(flattenEngineSettings({ 'search.max_buckets': 30000 }).settings).assignments;
  const config = '{\n  "search": [1, 2]\n}\n';
  const r = mergeIntoConfiguration(config, assignments);
  assert.equal(r.text, config);
  assert.deepEqual(r.set, []);
  assert.deepEqual(
    r.notSet.map((n) => n.why),
    ['"search" is a list, not an object'],
  );
});
