/**
 * What decides which documents of a manifest file are read, on hostile input: template documents beside
 * a Search one, the items of a large kind: List, many merge keys, the text searches for `kind: Search`
 * and for what standard input holds. Each input is read at x1, x4 and x16 its size and the CPU time
 * compared: linear reading grows 16 times, a quadratic one 256 times.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyze } from '../server/src/core';
import { nameForContent } from '../server/src/core/formats/unnamed';
import { cpuTimed } from './support/cpu-time';

const SEARCH = 'apiVersion: vendor.io/v1alpha1\nkind: Search\nmetadata:\n  name: logs\nspec:\n  userConfig:\n    static_ips: true\n';
const run = (c: string, n: number): string => c.repeat(Math.max(1, Math.floor(n / c.length)));

const CASES: Array<[name: string, make: (n: number) => string]> = [
  ['template documents beside a Search one', (n) => `${run('kind: PrometheusRule\nspec:\n  summary: "{{ $labels.instance }}"\n---\n', n)}${SEARCH}`],
  ['a kind: List of many Search items', (n) => `apiVersion: v1\nkind: List\nitems:\n${run('- apiVersion: vendor.io/v1alpha1\n  kind: Search\n  metadata: {name: a}\n  spec:\n    userConfig:\n      static_ips: true\n', n)}`],
  ['many merge keys', (n) => `x: &b {static_ips: true}\n${SEARCH}${run('    search:\n      <<: {thread_pool_search_size: 2}\n', n).replace(/search:/g, (_, i: number) => `s${i}:`)}`],
  ['a run of { and blanks before kind', (n) => `${run('{ ', n)}kind: Search userConfig\n`],
  ['a run of , and blanks', (n) => `a: [${run(',   \t', n)}]\nkind userConfig Search\n`],
  ['a run of "kind" without a colon', (n) => `${run('"kind" ', n)}\nuserConfig Search\n`],
];

function leastTime(make: () => void): number {
  let least = Infinity;
  for (let i = 0; i < 3; i++) least = Math.min(least, cpuTimed(make).ms);
  return least;
}

const UNIT = 4000;
for (const [name, make] of CASES) {
  test(`manifest reading, linear: ${name}`, () => {
    const texts = [1, 4, 16].map((k) => make(UNIT * k));
    const time = (text: string): number => leastTime(() => { analyze(text, { fileName: 'deploy.yaml', named: true }); nameForContent(text); });
    time(texts[0]); // warm up
    const [t1, , t16] = texts.map(time);
    // Linear: about 16x. Quadratic: about 256x. One millisecond at least for x1, against timer granularity.
    assert.ok(t16 < 64 * Math.max(t1, 1), `${name}: x1 ${t1.toFixed(1)} ms, x16 ${t16.toFixed(1)} ms`);
  });
}

test('template documents beside a Search one: the Search document is read, at any number of them', () => {
  const text = `${run('kind: PrometheusRule\nspec:\n  summary: "{{ $labels.instance }}"\n---\n', 4000)}${SEARCH.replace('static_ips: true', 'static_ips: "true"')}`;
  assert.deepEqual(analyze(text, { fileName: 'deploy.yaml' }).findings.map((f) => f.ruleId), ['type-mismatch']);
});
