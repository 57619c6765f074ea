import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze } from '../../../../server/src/core';
import { apiKeyOf, providerName } from '../../../../server/src/core/formats/terraform/names';
import { planOf } from '../../../support/terraform-plans';

/** A plan shows the provider's names: `cluster_search_request_slowlog` there is the API's dotted key. */
test("in a plan, the provider's name of a dotted key is that field: judged by its facts, its path the API's key, its message naming what was written", () => {
  const plan = planOf({
    search: {
      cluster_search_request_slowlog: { level: 'warn' },
      cluster_filecache_remote_data_ratio: 200,
      http_max_content_length: 104857600,
    },
  });
  const { findings } = analyze(plan, { fileName: 'plan.json' });
  assert.deepEqual(
    findings.filter((f) => f.ruleId === 'unknown-field'),
    [],
    'no unknown field',
  );
  const ids = findings.map((f) => `${f.severity} ${f.ruleId} ${f.path}`).sort();
  for (const id of [
    'error invalid-value search["cluster.filecache.remote_data_ratio"]',
    'warning undocumented-field search["cluster.filecache.remote_data_ratio"]',
    'warning undocumented-field search["cluster.search.request.slowlog"]',
  ])
    assert.ok(ids.includes(id), `${id} missing from: ${ids.join(', ')}`);
  const bound = findings.find((f) => f.ruleId === 'invalid-value')!;
  assert.match(
    bound.message,
    /^module\.eu\.vendor_search\.logs: search\["cluster\.filecache\.remote_data_ratio"\] is 200, above the maximum of 100.* \(search\["cluster\.filecache\.remote_data_ratio"\] is written cluster_filecache_remote_data_ratio in Terraform\)$/,
  );
  assert.equal(plan.slice(bound.offset, bound.offset + bound.length), '200', "located in the plan's own text");
  const slowlog = findings.find((f) => f.ruleId === 'undocumented-field' && f.path.includes('slowlog'))!;
  assert.match(
    plan.slice(slowlog.offset, slowlog.offset + slowlog.length),
    /^\{\s*"level": "warn"\s*\}$/,
    "the block the provider's name holds",
  );
});

test("in JSON the provider's name is an unknown field whose fix writes the API's key", () => {
  const text = '{ "search": { "node_search_cache_size": "10gb" } }';
  const [f] = analyze(text, { fileName: 'c.search.json' }).findings;
  assert.equal(f.ruleId, 'unknown-field');
  assert.match(f.message, /did you mean "node\.search\.cache\.size"\?$/);
  assert.deepEqual(
    f.fix?.edits.map((e) => e.newText),
    ['"node.search.cache.size"'],
  );
});

test("the provider's name of a key: its dots written as underscores, any other key as it is", () => {
  assert.equal(providerName('cluster.search.request.slowlog'), 'cluster_search_request_slowlog');
  assert.equal(providerName('search_version'), 'search_version');
  assert.equal(apiKeyOf(['search'], 'cluster_search_request_slowlog'), 'cluster.search.request.slowlog');
  assert.equal(apiKeyOf(['search'], 'thread_pool_write_size'), 'thread_pool_write_size');
  assert.equal(apiKeyOf([], 'cluster_search_request_slowlog'), 'cluster_search_request_slowlog', 'a dotted key of another object');
});
