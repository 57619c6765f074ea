/**
 * What decides which documents of a manifest file are read, on hostile input: template documents beside
 * a Search one, the items of a large kind: List, many merge keys, the text searches for `kind: Search`
 * and for what standard input holds. Each input is read at x1, x4 and x16 its size and the CPU time
 * compared: linear reading grows 16 times, a quadratic one 256 times.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyze } from '../../../../server/src/core';
import { nameForContent } from '../../../../server/src/core/formats/unnamed';
import { assertLinear } from '../../../support/growth';

const SEARCH = 'apiVersion: vendor.io/v1alpha1\nkind: Search\nmetadata:\n  name: logs\nspec:\n  userConfig:\n    static_ips: true\n';
const run = (c: string, n: number): string => c.repeat(Math.max(1, Math.floor(n / c.length)));

const CASES: Array<[name: string, make: (n: number) => string]> = [
  [
    'template documents beside a Search one',
    (n) => `${run('kind: PrometheusRule\nspec:\n  summary: "{{ $labels.instance }}"\n---\n', n)}${SEARCH}`,
  ],
  [
    'a kind: List of many Search items',
    (n) =>
      `apiVersion: v1\nkind: List\nitems:\n${run('- apiVersion: vendor.io/v1alpha1\n  kind: Search\n  metadata: {name: a}\n  spec:\n    userConfig:\n      static_ips: true\n', n)}`,
  ],
  [
    'many merge keys',
    (n) =>
      `x: &b {static_ips: true}\n${SEARCH}${run('    search:\n      <<: {thread_pool_search_size: 2}\n', n).replace(/search:/g, (_, i: number) => `s${i}:`)}`,
  ],
  ['a run of { and blanks before kind', (n) => `${run('{ ', n)}kind: Search userConfig\n`],
  ['a run of , and blanks', (n) => `a: [${run(',   \t', n)}]\nkind userConfig Search\n`],
  ['a run of "kind" without a colon', (n) => `${run('"kind" ', n)}\nuserConfig Search\n`],
];

const UNIT = 4000;
for (const [name, make] of CASES) {
  test(`manifest reading, linear: ${name}`, () => {
    assertLinear(name, (k, s) => {
      const text = make(UNIT * k * s);
      return () => {
        analyze(text, { fileName: 'deploy.yaml', named: true });
        nameForContent(text);
      };
    });
  });
}

test('template documents beside a Search one: the Search document is read, at any number of them', () => {
  const text = `${run('kind: PrometheusRule\nspec:\n  summary: "{{ $labels.instance }}"\n---\n', 4000)}${SEARCH.replace('static_ips: true', 'static_ips: "true"')}`;
  assert.deepEqual(
    analyze(text, { fileName: 'deploy.yaml' }).findings.map((f) => f.ruleId),
    ['type-mismatch'],
  );
});
