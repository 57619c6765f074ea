/**
 * The CPU count thread-pool-capped judges by comes from a host: the CLI's `--cpus`, `.search-lint.json`,
 * an editor's settings. Only a whole count of one or more states a maximum; any other value states none,
 * and the rule is silent rather than computing a maximum from it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyze } from '../../../server/src/core';

const TEXT = '{ "search": { "thread_pool_write_size": 16 } }';
const capped = (cpus: number | undefined): string[] =>
  analyze(TEXT, { fileName: 'config.json', cpus })
    .findings.filter((f) => f.ruleId === 'thread-pool-capped')
    .map((f) => f.message);

test('a whole CPU count of one or more states the maximum', () => {
  assert.deepEqual(capped(1), [
    'search.thread_pool_write_size is 16, but with 1 CPU the write thread pool can have at most 2 threads (allocated processors + 1); the service lowers it to 2. Set 2 or less, or choose a plan with more CPUs.',
  ]);
  // 16 threads is the maximum with 15 CPUs, not with 14.
  assert.equal(capped(14).length, 1);
  assert.deepEqual(capped(15), []);
});

test('a CPU count that is no whole number of one or more states nothing', () => {
  for (const cpus of [undefined, 0, -4, 2.5, Number.NaN, Number.POSITIVE_INFINITY]) assert.deepEqual(capped(cpus), [], String(cpus));
});
