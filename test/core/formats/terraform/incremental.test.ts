import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { analyze, type AnalysisResult, type AnalyzeOptions } from '../../../../server/src/core';
import { DocumentState } from '../../../../server/src/core/document-state';
import { parseTerraform, type TerraformDocument } from '../../../../server/src/core/formats/terraform/document';
import { editBetween } from '../../../../server/src/core/formats/terraform/incremental';
import { loadTerraformFromDisk } from '../../../../server/src/node/terraform-wasm';
import { Rng } from '../../../fuzz/rng';
import { REPO } from '../../../support/repo';

// An open document's analyses keep its syntax tree and the blocks already read (DocumentState):
// whatever the edits, each must give exactly what a fresh analysis of the same text gives.

const FIXTURES = path.join(REPO, 'test/fixtures/terraform');

before(() => loadTerraformFromDisk());

/** Everything a rule, a fix or an editor feature reads of a Terraform configuration, comparable. */
function snapshot(doc: TerraformDocument, probes: number[]): unknown {
  const json = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'symbol' ? `<${String(x)}>` : x));
  return {
    address: doc.address,
    value: json(doc.value),
    unknownPaths: doc.unknownPaths,
    variablesUsed: doc.variablesUsed,
    syntaxErrors: doc.syntaxErrors,
    comments: doc.comments(),
    repeated: doc.repeatedKeys(),
    noDuplicateKeys: doc.noDuplicateKeys,
    at: probes.map((o) => [o, doc.memberAt(o), doc.blockAt(o)]),
    ranges: probes.map((o) => {
      const m = doc.memberAt(o);
      return m && [doc.rangeAt(m.path), doc.locate(m.path, 'key'), doc.locate(m.path, 'property')];
    }),
  };
}

function assertSameAsFresh(
  text: string,
  options: AnalyzeOptions,
  state: DocumentState,
  step: string,
  random: () => number,
): AnalysisResult {
  const kept = analyze(text, options, undefined, state);
  const fresh = analyze(text, options);
  assert.deepEqual(kept.findings, fresh.findings, `${step}: findings`);
  assert.deepEqual(kept.internalErrors, fresh.internalErrors, `${step}: internal errors`);
  const probes = Array.from({ length: 40 }, () => Math.floor(random() * (text.length + 1)));
  const configurations = (r: typeof kept) => r.configurations.map((d) => snapshot(d as TerraformDocument, probes));
  assert.deepEqual(configurations(kept), configurations(fresh), `${step}: configurations`);
  return fresh;
}

/** Pieces of HCL (and of broken HCL) that edits insert: blocks, comments, strings, lines ends, characters beyond ASCII. */
const PIECES = [
  '{',
  '}',
  '"',
  '=',
  '\n',
  '\r\n',
  ' ',
  '#',
  '// note\n',
  '/* a\nb */',
  '1',
  '0',
  '-',
  'e',
  '5e1',
  '0x',
  '.',
  'é',
  '😀',
  '${',
  'var.size',
  '[',
  ']',
  ',',
  '\n    ip_filter_object {\n      network     = "10.1.2.3/16"\n      description = "office ü"\n    }\n',
  '\n    index_patterns {\n      pattern         = "logs-*"\n      max_index_count = 3\n    }\n',
  '\n    search {\n      http_max_content_length = "100mb"\n    }\n',
  'search_user_config {\n',
  'resource "vendor_search" "x" {\n',
  'dynamic "index_patterns" {\n content {\n pattern = "a"\n }\n}\n',
  '<<EOF\ntext\nEOF\n',
  'max_index_count = 99999999\n',
  'client_secret = "plain"\n',
];

function randomEdit(text: string, random: () => number): string {
  const at = Math.floor(random() * (text.length + 1));
  const remove = random() < 0.5 ? Math.floor(random() * (random() < 0.8 ? 4 : 80)) : 0;
  let insert = '';
  const pieces = random() < 0.4 ? 0 : 1 + Math.floor(random() * 2);
  for (let i = 0; i < pieces; i++) insert += PIECES[Math.floor(random() * PIECES.length)];
  // Keep the file's surrogate pairs whole, as an editor does.
  const from = text.charCodeAt(at - 1) >= 0xd800 && text.charCodeAt(at - 1) <= 0xdbff ? at - 1 : at;
  let to = Math.min(text.length, from + remove);
  if (text.charCodeAt(to - 1) >= 0xd800 && text.charCodeAt(to - 1) <= 0xdbff) to++;
  return text.slice(0, from) + insert + text.slice(to);
}

/**
 * The texts the random edits start from: a fixed list, so that a fixture added to the folder does not
 * change what each seed tests (nor how much of its work the kept state can reuse).
 */
const SEED_FIXTURES = [
  'dynamic-blocks.fixed.tf',
  'dynamic-blocks.tf',
  'fixes.fixed.tf',
  'fixes.tf',
  'half-typed.tf',
  'ip-filter-spellings.tf',
  'issue-example.tf',
  'one-line-blocks.fixed.tf',
  'one-line-blocks.tf',
  'own-variables.tf',
  'removed-field.base.tf',
  'removed-field.tf',
  'scalar-conversion.fixed.tf',
  'scalar-conversion.tf',
  'two-resources.tf',
  'unknown-values.tf',
];
const fixtureTexts = (): string[] => SEED_FIXTURES.map((n) => fs.readFileSync(path.join(FIXTURES, n), 'utf8'));

function manyBlocks(count: number): string {
  const blocks = Array.from(
    { length: count },
    (_, i) =>
      `    ip_filter_object {\n      network     = "10.${i % 250}.${i % 7}.1/24" # office ${i}\n      description = "office ${i}"\n    }\n`,
  );
  return `variable "size" {\n  default = "100mb"\n}\n\nresource "vendor_search" "logs" {\n  search_user_config {\n    search_version = "2"\n${blocks.join('')}    search {\n      http_max_content_length = var.size\n    }\n  }\n}\n`;
}

for (const seed of [1, 2, 3, 4, 22]) {
  test(`random edits, seed ${seed}: the kept state gives what a fresh analysis gives, after every edit`, () => {
    const generator = new Rng(seed);
    const random = (): number => generator.next();
    const texts = [...fixtureTexts(), manyBlocks(30)];
    let text = texts[seed % texts.length] + texts[(seed * 3 + 1) % texts.length];
    if (seed === 4) text = text.replace(/\n/g, '\r\n');
    const options: AnalyzeOptions = {
      fileName: 'main.tf',
      minSeverity: 'info',
      terraformVariables: [{ fileName: 'terraform.tfvars', text: 'size = "2gb"\n' }],
    };
    const state = new DocumentState();
    try {
      let readable = text;
      for (let i = 0; i < 150; i++) {
        const fresh = assertSameAsFresh(text, options, state, `seed ${seed}, edit ${i}`, random);
        // Often go back to the last text without a syntax error, as a user fixes a typo: syntax
        // errors pile up otherwise, and most edits would be of broken text.
        if (!fresh.syntaxErrors) readable = text;
        else if (random() < 0.7) text = readable;
        text = randomEdit(text, random);
      }
      assert.ok(state.terraform.incrementalParses > 30, `${state.terraform.incrementalParses} parses reused the previous tree`);
      assert.ok(state.terraform.memo.hits > 30, `${state.terraform.memo.hits} blocks read before were reused`);
    } finally {
      state.dispose();
    }
  });
}

test('an edit of one block in a file of hundreds reads that block again, not the others', () => {
  const state = new DocumentState();
  try {
    let text = manyBlocks(400);
    analyze(text, { fileName: 'main.tf' }, undefined, state);
    const { memo } = state.terraform;
    const before = memo.misses;
    for (let i = 0; i < 10; i++) {
      const at = text.lastIndexOf('office 3') + 'office 3'.length;
      text = `${text.slice(0, at)}${i}${text.slice(at + 1)}`;
      analyze(text, { fileName: 'main.tf' }, undefined, state);
    }
    // Per edit: the changed block, the block that holds it and the resource, read for their members and their comments.
    assert.ok(memo.misses - before <= 10 * 6, `${memo.misses - before} blocks read from the tree in 10 edits`);
    assert.equal(state.terraform.fullParses, 1);
  } finally {
    state.dispose();
  }
});

test('the edit between two versions of a text is the changed middle, with points in UTF-16 code units', () => {
  assert.deepEqual(editBetween('ab\ncdé\nef', 'ab\ncdé\nXef'), {
    startIndex: 7,
    oldEndIndex: 7,
    newEndIndex: 8,
    startPosition: { row: 2, column: 0 },
    oldEndPosition: { row: 2, column: 0 },
    newEndPosition: { row: 2, column: 1 },
  });
  assert.deepEqual(editBetween('a😀b', 'a😀\nb'), {
    startIndex: 3,
    oldEndIndex: 3,
    newEndIndex: 4,
    startPosition: { row: 0, column: 3 },
    oldEndPosition: { row: 0, column: 3 },
    newEndPosition: { row: 1, column: 0 },
  });
  // A CR LF pair is never split.
  assert.equal(editBetween('a\r\nb', 'a\r\r\nb').startIndex, 1);
});

test("completion reads the text with the word being typed blanked out from a tree forked off the document's: no parse from scratch", () => {
  const text = fs.readFileSync(path.join(FIXTURES, 'issue-example.tf'), 'utf8');
  const state = new DocumentState();
  analyze(text, { fileName: 'main.tf' }, undefined, state);
  assert.equal(state.terraform.fullParses, 1);
  const rng = new Rng(7);
  const random = () => rng.next();
  // Typing a word on a new line of the block, a character at a time, asking for completion after each.
  const at = text.indexOf('search_user_config {') + 'search_user_config {\n'.length;
  for (const typed of ['s', 'se', 'sea', 'sear']) {
    const blanked = `${text.slice(0, at)}${' '.repeat(typed.length)}\n${text.slice(at)}`;
    const kept = parseTerraform(blanked, 256, undefined, state.terraformCompletion);
    const fresh = parseTerraform(blanked, 256);
    const probes = Array.from({ length: 40 }, () => Math.floor(random() * (blanked.length + 1)));
    assert.deepEqual(
      kept.configurations.map((d) => snapshot(d, probes)),
      fresh.configurations.map((d) => snapshot(d, probes)),
      typed,
    );
  }
  assert.equal(state.terraformCompletion.fullParses, 0, 'every completion parse reused a tree');
  assert.equal(state.terraformCompletion.incrementalParses, 4);
  assert.equal(state.terraform.fullParses, 1, "the document's own tree is left as it was");
  state.dispose();
});
