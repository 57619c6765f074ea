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
  // Each finding's fix is written in the file's layout, which is read once per configuration, not per fix.
  ['many findings with a fix each (CIDR blocks with host bits)', (n) => `${SEARCH}    ip_filter:\n${run('    - 10.0.0.1/24\n', 8 * n)}`],
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

/** Standard input's kind is guessed from text searches alone: each costs the text once, whatever it holds. */
const UNNAMED: Array<[name: string, make: (n: number) => string, named: string]> = [
  ['comments without an end before a brace', (n) => `${run('/* a ', n)}{}`, 'stdin.yaml'],
  ['line comments before a brace', (n) => `${run('// a\n', n)}{"static_ips": true}`, 'stdin.json'],
  ['a request line of one long URL', (n) => `PUT https://search.example.com/${run('a', n)}\n\n{}\n`, 'stdin.http'],
  ['a request line of words', (n) => `GET ${run('a ', n)}\n`, 'stdin.yaml'],
  ['comment lines before a request', (n) => `${run('# a\n', n)}PUT /_cluster/settings\n`, 'stdin.yaml'],
  ['a block type followed by blanks', (n) => `resource${run(' \t', n)}x\n`, 'stdin.yaml'],
  ['a "resource" key followed by blanks', (n) => `{${run('"resource"   ', n)}"search_user_config"}`, 'stdin.json'],
  ['many configuration keys', (n) => run('search_version: "2.19"\nstatic_ips: true\n', n), 'stdin.search.yaml'],
  ['a dollar sign and blanks before no curl', (n) => `${run('$  \t', n)}cur\n`, 'stdin.yaml'],
];

for (const [name, make, named] of UNNAMED) {
  test(`standard input's kind, linear: ${name}`, () => {
    assert.equal(nameForContent(make(UNIT)), named);
    assertLinear(name, (k, s) => {
      const text = make(UNIT * 4 * k * s);
      return () => nameForContent(text);
    });
  });
}
