/**
 * `search-config import-settings`: engine settings of a self-managed cluster (opensearch.yml, a
 * `_cluster/settings` body or response) turned into the service configuration, printed or merged.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { FIXTURES, removeTree, runCli, tempTree } from './support';

const IMPORT = path.join(FIXTURES, 'import');
const MB = 1024 * 1024;

test('an opensearch.yml (flat, nested and mixed keys) becomes configuration fields; what cannot be carried over is listed', async () => {
  const r = await runCli(['import-settings', 'opensearch.yml'], { cwd: IMPORT });
  assert.equal(r.code, 1, r.err);
  assert.deepEqual(JSON.parse(r.out), {
    search: {
      http_max_content_length: 200 * MB, http_max_header_size: 16 * 1024, http_max_initial_line_length: 8 * 1024,
      indices_query_bool_max_clause_count: 4096, indices_memory_index_buffer_size: 15, indices_recovery_max_bytes_per_sec: 80,
      search_max_buckets: 20000, action_auto_create_index_enabled: false, action_destructive_requires_name: true, cluster_max_shards_per_node: 2000,
      script_max_compilations_rate: '75/5m', thread_pool_search_size: 13,
      reindex_remote_whitelist: ['old-cluster.example.com:9200', 'archive.example.com:9200'],
      ism_enabled: true, ism_history_rollover_retention_period: 30,
    },
  });
  const lines = r.err.trim().split('\n');
  for (const [setting, why] of [['cluster.name', /no configuration field/], ['node.name', /no configuration field/], ['discovery.seed_hosts', /no configuration field/],
    ['indices.fielddata.cache.size', /"8gb" is not a percentage/], ['thread_pool.write.queue_size', /outside the allowed range/], ['plugins.index_state_management.history.max_age', /"90m" is 1\.5 hours, not a whole number/]] as const) {
    assert.ok(lines.some((l) => l.includes(` ${setting} `) && why.test(l)), `${setting}: ${r.err}`);
  }
});

test('a _cluster/settings response: transient wins over persistent, defaults are left out', async () => {
  const r = await runCli(['import-settings', 'cluster-settings-response.json'], { cwd: IMPORT });
  assert.equal(r.code, 1);
  assert.deepEqual(JSON.parse(r.out), { search: { cluster_max_shards_per_node: 3000, indices_recovery_max_bytes_per_sec: 120, ism_history_max_docs: 2500000 } });
  assert.match(r.err, /2 settings under "defaults" left out/);
  assert.match(r.err, /cluster\.routing\.allocation\.disk\.watermark\.low has no configuration field/);
});

test('a PUT body whose settings all convert exits 0; standard input works', async () => {
  const body = fs.readFileSync(path.join(IMPORT, 'put-body.json'), 'utf8');
  const r = await runCli(['import-settings', '-'], { cwd: IMPORT, stdin: body });
  assert.equal(r.code, 0, r.err);
  assert.deepEqual(JSON.parse(r.out), { search: { search_max_buckets: 30000, indices_queries_cache_size: 20, cluster_routing_allocation_node_concurrent_recoveries: 4 } });
  assert.equal(r.err, '');
});

test('--merge-into sets the fields in a configuration, keeping its comments, and lints the result', async () => {
  const config = '{\n  // production logs\n  "search_version": "2.19",\n  "max_index_count": 5,\n  "search": {\n    "http_max_content_length": 1048576 // 1 MiB for now\n  }\n}\n';
  const dir = tempTree({ 'prod.search.jsonc': config, 'settings.yml': 'http.max_content_length: 100mb\nsearch.max_buckets: 20000\nindices.recovery.max_bytes_per_sec: 1gb\n' });
  try {
    const r = await runCli(['import-settings', 'settings.yml', '--merge-into', 'prod.search.jsonc'], { cwd: dir });
    const merged = fs.readFileSync(path.join(dir, 'prod.search.jsonc'), 'utf8');
    assert.equal(merged, '{\n  // production logs\n  "search_version": "2.19",\n  "max_index_count": 5,\n  "search": {\n    "http_max_content_length": 104857600, // 1 MiB for now\n    "search_max_buckets": 20000\n  }\n}\n');
    assert.match(r.err, /2 fields set in prod\.search\.jsonc/);
    assert.match(r.err, /indices\.recovery\.max_bytes_per_sec "1gb" is 1024 MB per second, outside the allowed range/, 'a value the API would refuse is not written');
    assert.equal(r.code, 1);
    assert.match(r.out, /prod\.search\.jsonc:4:3\s+warning\s+.*\[deprecated-field\]/, 'the merged file is linted');
    const again = await runCli(['import-settings', 'settings.yml', '--merge-into', 'prod.search.jsonc'], { cwd: dir });
    assert.equal(again.code, 1);
    assert.equal(fs.readFileSync(path.join(dir, 'prod.search.jsonc'), 'utf8'), merged, 'merging again changes nothing');
  } finally { removeTree(dir); }
});

test('unreadable and malformed input exits 2 and changes nothing', async () => {
  const dir = tempTree({ 'bad.yml': 'a: [1, 2\n', 'list.json': '[1, 2]', 'prod.search.json': '{ "search": ', 'ok.yml': 'search.max_buckets: 10\n' });
  try {
    assert.equal((await runCli(['import-settings', 'missing.yml'], { cwd: dir })).code, 2);
    const bad = await runCli(['import-settings', 'bad.yml'], { cwd: dir });
    assert.equal(bad.code, 2);
    assert.match(bad.err, /cannot read bad\.yml: it is neither JSON nor YAML/);
    assert.equal((await runCli(['import-settings', 'list.json'], { cwd: dir })).code, 2);
    const broken = await runCli(['import-settings', 'ok.yml', '--merge-into', 'prod.search.json'], { cwd: dir });
    assert.equal(broken.code, 2);
    assert.equal(fs.readFileSync(path.join(dir, 'prod.search.json'), 'utf8'), '{ "search": ');
    assert.equal((await runCli(['import-settings'], { cwd: dir })).code, 2);
  } finally { removeTree(dir); }
});

test('a YAML alias bomb is read as shared references, in bounded time and memory', async () => {
  const names = 'abcdefghij';
  const bomb = [`a: &a ["x","x","x","x","x","x","x","x","x"]`, ...Array.from({ length: 9 }, (_, i) => `${names[i + 1]}: &${names[i + 1]} [${Array(9).fill(`*${names[i]}`).join(',')}]`)].join('\n');
  const r = await runCli(['import-settings', '-'], { cwd: IMPORT, stdin: bomb });
  assert.equal(r.code, 1, r.err);
  assert.deepEqual(JSON.parse(r.out), {});
  assert.ok(r.err.length < 10_000, 'the lists are not spelt out');
});
