/**
 * Objects written as arguments where the provider takes blocks (`search = { ... }`), and values given
 * to `sensitive()`: reading them, reporting them and writing their fixes costs CPU time linear in the
 * file, however many there are and however many members one of them holds (see test/support/growth.ts).
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { analyze } from '../../../../server/src/core';
import { quickFixes } from '../../../../server/src/core/editor';
import { formatOf } from '../../../../server/src/core/formats/registry';
import { loadTerraformFromDisk } from '../../../../server/src/node/terraform-wasm';
import { assertLinear } from '../../../support/growth';

before(() => loadTerraformFromDisk());

const format = formatOf('main.tf');

/** The quick fixes the editor offers for a selection of the whole file, ready to be timed. */
function fixesOfWholeFile(text: string): () => unknown {
  const { findings } = analyze(text, { fileName: 'main.tf' });
  const doc = { text, comment: format.lineComment, applyEdits: format.applyEdits, layoutWindows: format.layoutWindows };
  const all = { offset: 0, length: text.length };
  assert.ok(quickFixes(doc, findings, all).some((a) => a.title.startsWith('Write ')));
  return () => quickFixes(doc, findings, all);
}

const SHAPES: Array<[string, (n: number) => string]> = [
  [
    'many resources, each with objects written as arguments and values given to sensitive()',
    (n) =>
      Array.from(
        { length: n },
        (_, i) =>
          `resource "vendor_search" "s${i}" {\n  search_user_config = {\n    search = {\n      http_max_header_size = sensitive(100)\n    }\n    openid = { client_id = "a", client_secret = sensitive("s${i}-secret"), enabled = false }\n  }\n}\n`,
      ).join(''),
  ],
  [
    'one argument of many items, each an object on one line',
    (n) =>
      `resource "vendor_search" "a" {\n  search_user_config {\n    index_patterns = [\n${'      { pattern = "logs-*", max_index_count = sensitive(3) },\n'.repeat(n)}    ]\n  }\n}\n`,
  ],
  [
    'one object of many members on one line',
    (n) =>
      `resource "vendor_search" "a" {\n  search_user_config {\n    search = { ${Array.from({ length: n }, (_, i) => `field_${i} = ["h${i}:9200"]`).join(', ')} }\n  }\n}\n`,
  ],
];

/**
 * One line of many members is measured larger: a search back over the line for each finding's line
 * start (for its "disable for this line" action) is a fast scan, and shows only on long lines.
 */
const fixesBase = (what: string): number => (what === 'one object of many members on one line' ? 800 : 50);

for (const [what, make] of SHAPES) {
  test(`${what}: read, reported and fixed in linear CPU time`, () => {
    assertLinear(`${what}: lint`, (k, s) => {
      const text = make(50 * k * s);
      return () => analyze(text, { fileName: 'main.tf' });
    });
    assertLinear(`${what}: quick fixes`, (k, s) => fixesOfWholeFile(make(fixesBase(what) * k * s)));
  });
}
