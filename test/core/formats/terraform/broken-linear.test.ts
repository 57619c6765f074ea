/**
 * Terraform files broken on every line. The HCL parser's error recovery costs more per error the
 * longer one block stays unreadable: a block of `= 1` lines took half a second for 16 KB and over a
 * minute for 128 KB. The parser is given an allowance of time that grows with the text and gives
 * up past it (see parseAllowanceMs), so that such a file costs linear time and is reported, and the
 * parser reads the next file as before.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { analyze, type Finding } from '../../../../server/src/core';
import { DocumentState } from '../../../../server/src/core/document-state';
import { quickFixes } from '../../../../server/src/core/editor';
import { formatOf } from '../../../../server/src/core/formats/registry';
import { parseFor } from '../../../../server/src/core/engine';
import { loadTerraformFromDisk } from '../../../../server/src/node/terraform-wasm';
import { assertLinear } from '../../../support/growth';

before(() => loadTerraformFromDisk());

/** A configuration block holding `n` copies of a broken line. */
const broken = (line: string, n: number): string =>
  `resource "vendor_search" "a" {\n  search_user_config {\n${`    ${line}\n`.repeat(n)}  }\n}\n`;

const SHAPES: Array<[string, string]> = [
  ['a value without a name', '= 1'],
  ['a name without a value', 'static_ips ='],
  ['two equals signs', 'static_ips = = true'],
  ['an unclosed string', 'custom_domain = "x'],
  ['words without an equals sign', 'static ips true'],
  ['quoted names', '"cluster.remote_store" = {}'],
  ['quoted names opening blocks', 'search {\n      "cluster.remote_store" = {}\n    }'],
];

for (const [what, line] of SHAPES) {
  test(`a .tf file with one block of ${what} on every line takes linear CPU time`, () => {
    assertLinear(what, (k, s) => {
      const text = broken(line, 500 * k * s);
      return () => analyze(text, { fileName: 'main.tf' });
    });
  });
}

const ids = (findings: Finding[]): string[] => findings.map((f) => f.ruleId);

test('a file the parser gives up on gets one input-limit finding at its first syntax error, and the next file is read as before', () => {
  const text = broken('= 1', 40_000);
  const { findings } = analyze(text, { fileName: 'main.tf' });
  assert.deepEqual(ids(findings), ['input-limit']);
  const [limit] = findings;
  // Where a readable file's first syntax finding stands: after the block's name, the brace the
  // parser could not make a block of.
  assert.deepEqual([limit.range.start.line, limit.range.start.character], [1, 21]);
  assert.equal(
    limit.message,
    'The Terraform file has more syntax errors than the HCL parser reads in the time it is given for a file of this size; it was not analysed. The first, on line 2, is where to start fixing (terraform validate shows the errors); then lint again.',
  );
  const few = analyze(broken('= 1', 2), { fileName: 'main.tf' }).findings;
  assert.deepEqual([few[0].ruleId, few[0].range.start], ['invalid-syntax', limit.range.start]);
  const readable = analyze('resource "vendor_search" "b" {\n  search_user_config {\n    static_ipz = true\n  }\n}\n', {
    fileName: 'main.tf',
  });
  assert.deepEqual(ids(readable.findings), ['unknown-field']);
});

test('a file whose first kilobytes read well but whose rest the parser gives up on says so without a line', () => {
  const text = `resource "vendor_search" "a" {\n  search_user_config {\n${'    static_ips = true\n'.repeat(500)}${'    = 1\n'.repeat(40_000)}  }\n}\n`;
  const { findings } = analyze(text, { fileName: 'main.tf' });
  assert.deepEqual(ids(findings), ['input-limit']);
  assert.deepEqual(findings[0].range.start, { line: 0, character: 0 });
  assert.match(findings[0].message, /it was not analysed\. Its first syntax error is where to start fixing/);
});

test('the language server reads an edited document again after the parser gave up on its previous text', () => {
  const state = new DocumentState();
  const lint = (text: string) => {
    const options = { fileName: 'main.tf' };
    return analyze(text, options, parseFor(text, options), state).findings;
  };
  assert.deepEqual(ids(lint(broken('= 1', 40_000))), ['input-limit']);
  assert.deepEqual(ids(lint(broken('static_ipz = true', 1))), ['unknown-field']);
  state.dispose();
});

test('quick fixes for a selection of a whole .tf file with thousands of findings take linear CPU time', () => {
  // Each quick fix is written as terraform fmt writes it, over the lines its alignment reaches.
  const format = formatOf('main.tf');
  const resources = (n: number): string =>
    Array.from({ length: n }, (_, i) => `resource "vendor_search" "s${i}" {\n  search_user_config {\n    static_ipz = true\n  }\n}\n`).join(
      '',
    );
  assertLinear('quick fixes of a whole file', (k, s) => {
    const text = resources(100 * k * s);
    const { findings } = analyze(text, { fileName: 'main.tf' });
    const doc = { text, comment: format.lineComment, applyEdits: format.applyEdits, layoutWindows: format.layoutWindows };
    const all = { offset: 0, length: text.length };
    assert.ok(quickFixes(doc, findings, all).length >= findings.length);
    return () => quickFixes(doc, findings, all);
  });
});

test('resources after a syntax error are read on their own, in CPU time linear in the file', () => {
  // Each resource that the parser's recovery swallowed is read again from its header: a few rounds
  // at most, whatever the number of resources or of broken ones.
  const broken = 'resource "vendor_search" "b" {\n  search_user_config {\n    search {\n      thread_pool_search_size 4\n    }\n  }\n}\n';
  const good = (i: number): string => `resource "vendor_search" "g${i}" {\n  search_user_config {\n    static_ips = true\n  }\n}\n`;
  const other = (i: number): string => `resource "other_thing" "o${i}" {\n  name = "x"\n}\n`;
  for (const [what, make] of [
    ['readable resources', (n: number) => broken + Array.from({ length: n }, (_, i) => good(i)).join('')],
    ['broken resources', (n: number) => Array.from({ length: n }, () => broken).join('')],
    ['other resources', (n: number) => broken + Array.from({ length: n }, (_, i) => other(i)).join('') + good(0)],
  ] as const) {
    assertLinear(what, (k, s) => {
      const text = make(50 * k * s);
      return () => analyze(text, { fileName: 'main.tf' });
    });
  }
  const { findings } = analyze(`${broken}${good(1)}`.replace('static_ips = true', 'static_ipz = true'), { fileName: 'main.tf' });
  assert.deepEqual(ids(findings).sort(), ['invalid-syntax', 'unknown-field']);
});
