/**
 * The plain block YAML reader on hostile manifests: runs of one character where it looks for structure
 * (quotes, escapes, `:`, `#`, `-`, blanks, flow brackets), long lines, many keys and items. Each input is
 * read at x1, x4 and x16 its size and the CPU time compared: linear reading grows 16 times, a quadratic
 * one 256 times. CPU time with a generous bound (test/support/growth.ts); speed is the benchmark's.
 * Each case says whether the plain reader reads it or leaves it to the yaml package: both paths count.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyze } from '../../../../server/src/core';
import { readPlainDocument } from '../../../../server/src/core/formats/yaml/plain-reader';
import { assertLinear } from '../../../support/growth';

const manifest = (config: string): string =>
  `apiVersion: vendor.io/v1alpha1\nkind: Search\nmetadata:\n  name: logs\nspec:\n  userConfig:\n${config}`;
const run = (c: string, n: number): string => c.repeat(Math.max(1, Math.floor(n / c.length)));

/** [name, the manifest of about `n` characters, whether the plain reader reads it] */
type Case = [name: string, make: (n: number) => string, plain: boolean];
const CASES: Case[] = [
  ['a long plain scalar', (n) => manifest(`    search_version: ${run('a', n)}\n`), true],
  ['a plain scalar of colons and letters', (n) => manifest(`    search_version: a${run(':a', n)}\n`), true],
  ['a double-quoted scalar of escaped quotes', (n) => manifest(`    search_version: "${run('\\"', n)}"\n`), true],
  ['a single-quoted scalar of doubled quotes', (n) => manifest(`    search_version: '${run("''", n)}'\n`), true],
  ['blanks before a comment', (n) => manifest(`    static_ips: true${run(' ', n)}# note\n`), true],
  ['a run of #', (n) => manifest(`    static_ips: true #${run('#', n)}\n`), true],
  ['many keys', (n) => manifest(Array.from({ length: Math.floor(n / 16) }, (_, i) => `    key_${i}: ${i}\n`).join('')), true],
  ['a block list of many items', (n) => manifest(`    ip_filter:\n${run('      - "10.0.0.0/8"\n', n)}`), true],
  ['a flow list of many items', (n) => manifest(`    ip_filter: [${run('"10.0.0.0/8", ', n)}"10.0.0.0/8"]\n`), true],
  // YAML allows an implicit key of 1,024 characters at most: a longer one is the yaml package's to report.
  ['a long key', (n) => manifest(`    ${run('k', n)}: 1\n`), false],
  ['comment lines', (n) => manifest(`    static_ips: true\n${run('    # a comment line\n', n)}`), true],
  ['an open quote on a long line', (n) => manifest(`    search_version: "${run('a', n)}\n`), false],
  ['an open flow list', (n) => manifest(`    ip_filter: [${run('"a", ', n)}\n`), false],
  ['a run of [', (n) => manifest(`    ip_filter: ${run('[', n)}\n`), false],
  ['a run of dashes', (n) => manifest(`    ip_filter:\n      ${run('- ', n)}x\n`), false],
  ['anchors after a long scalar', (n) => manifest(`    search_version: &a ${run('a', n)}\n    other: *a\n`), false],
];

const UNIT = 4000;
for (const [name, make, plain] of CASES) {
  test(`plain YAML reader, linear: ${name}`, () => {
    assert.equal(
      readPlainDocument(make(UNIT), 0, 256) !== undefined,
      plain,
      plain ? 'the plain reader reads it' : 'the plain reader leaves it to the yaml package',
    );
    assertLinear(name, (k, s) => {
      const text = make(UNIT * k * s);
      return () => analyze(text, { fileName: 'deploy.yaml' });
    });
  });
}
