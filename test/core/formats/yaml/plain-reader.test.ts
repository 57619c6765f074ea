/**
 * The plain block reader either declines a document or gives what the `yaml` package gives: the
 * same nodes (values, styles, ranges as the readers use them), the same configuration read from
 * them, the same document range, and the same findings for the whole file. Over every YAML fixture,
 * every JSON rule fixture written as YAML, seeded random block YAML and mutations of it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { analyze, parseDocument } from '../../../../server/src/core';
import { DocumentState } from '../../../../server/src/core/document-state';
import { documentStarts } from '../../../../server/src/core/formats/yaml/incremental';
import { isAlias, isCollection, isMap, isPair, isScalar, type ParsedDocument } from '../../../../server/src/core/formats/yaml/nodes';
import { plainReading, readPlainDocument } from '../../../../server/src/core/formats/yaml/plain-reader';
import { parseYamlText, readConfiguration, tight } from '../../../../server/src/core/formats/yaml/read';
import { listFixtures, loadFixture } from '../../../support/fixtures';
import { manifestOf, toYaml, type Raw } from '../../../support/yaml-convert';
import { blockYamlDocument, mutateBlockYaml } from '../../../fuzz/block-yaml-generate';
import { Rng } from '../../../fuzz/rng';
import { REPO } from '../../../support/repo';

const ROOT = REPO;

/** A node as the readers see it: collections end where their text ends (see tight in read.ts). */
function shape(node: unknown, text: string): unknown {
  if (node === null || node === undefined) return node;
  if (isPair(node)) return { key: shape(node.key, text), value: shape(node.value, text) };
  if (isAlias(node)) return { alias: node.source };
  const n = node as { range: [number, number, number]; anchor?: string; tag?: string };
  const common = { anchor: n.anchor, tag: n.tag, start: n.range[0] };
  if (isScalar(node)) return { ...common, value: node.value, type: node.type, end: n.range[1] };
  if (isCollection(node)) {
    const r = tight(text, { offset: n.range[0], length: n.range[1] - n.range[0] });
    return {
      ...common,
      kind: isMap(node) ? 'map' : 'seq',
      flow: !!node.flow,
      end: r.offset + r.length,
      items: node.items.map((i) => shape(i, text)),
    };
  }
  return { other: String(node) };
}

const stats = { documents: 0, read: 0, files: 0 };

/** Compares the two readers on one document of `text` (the file), from `start` to `end`. */
function compareDocument(text: string, start: number, end: number, label: string): void {
  const piece = text.slice(start, end);
  stats.documents++;
  const plain = readPlainDocument(piece, start, 256);
  if (!plain) return;
  stats.read++;
  const r = parseYamlText(piece, 256, start);
  const reference = !r.tooDeep && r.docs.length === 1 && !r.docs[0].errors.length ? (r.docs[0] as unknown as ParsedDocument) : undefined;
  assert.ok(
    reference,
    `${label}: the plain reader read a document the yaml package does not read without errors (${r.docs[0]?.errors.map((e) => e.code).join(', ')}):\n${JSON.stringify(piece)}`,
  );
  assert.deepStrictEqual(shape(plain.contents, text), shape(reference.contents, text), `${label}: nodes differ:\n${JSON.stringify(piece)}`);
  assert.deepStrictEqual(
    [plain.range![0], plain.range![2]],
    [reference.range![0], reference.range![2]],
    `${label}: document range differs:\n${JSON.stringify(piece)}`,
  );
  for (const at of [[], ['spec', 'userConfig']]) {
    assert.deepStrictEqual(
      readConfiguration(plain, at, text, { count: 0 }),
      readConfiguration(reference, at, text, { count: 0 }),
      `${label}: configuration read at ${at.join('.')} differs:\n${JSON.stringify(piece)}`,
    );
  }
}

/** Compares the two readers on every document of a file, and the findings on the whole file. */
function compareFile(text: string, label: string, findings = true): void {
  stats.files++;
  const starts = documentStarts(text) ?? [0];
  starts.forEach((s, i) => compareDocument(text, s, i + 1 < starts.length ? starts[i + 1] : text.length, label));
  if (!findings) return;
  for (const fileName of ['deploy.yaml', 'config.search.yaml']) {
    for (const state of [false, true]) {
      const run = (): unknown => {
        const result = analyze(text, { fileName }, undefined, state ? new DocumentState() : undefined);
        return { findings: result.findings, internalErrors: result.internalErrors, work: result.work };
      };
      plainReading.enabled = false;
      let expected: unknown;
      try {
        expected = run();
      } finally {
        plainReading.enabled = true;
      }
      assert.deepStrictEqual(
        run(),
        expected,
        `${label} (${fileName}${state ? ', open in an editor' : ''}): findings differ:\n${JSON.stringify(text)}`,
      );
    }
  }
}

function yamlFixtures(): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const n of fs.readdirSync(d).sort()) {
      const p = path.join(d, n);
      if (fs.statSync(p).isDirectory()) {
        if (n !== 'node_modules') walk(p);
      } else if (/\.ya?ml$/.test(n)) out.push(p);
    }
  };
  for (const dir of ['test', 'examples']) if (fs.existsSync(path.join(ROOT, dir))) walk(path.join(ROOT, dir));
  return out;
}

test('the plain block reader gives what the yaml package gives on every YAML fixture of the repository', () => {
  const before = stats.read;
  const files = yamlFixtures();
  assert.ok(files.length >= 6, files.join(', '));
  for (const file of files) {
    const raw = fs.readFileSync(file, 'utf8');
    compareFile(raw, path.relative(ROOT, file));
    // The rule fixtures carry their expectations inline: the text the analysis sees is the one without them.
    if (raw.includes('//~') || raw.startsWith('//!'))
      compareFile(loadFixture(file).text, `${path.relative(ROOT, file)} (without expectations)`);
  }
  assert.ok(stats.read - before >= 5, `only ${stats.read - before} documents read by the plain reader`);
});

test('the plain block reader gives what the yaml package gives on every JSON rule fixture written as YAML', () => {
  const before = { read: stats.read, documents: stats.documents };
  for (const file of listFixtures(path.join(ROOT, 'test/fixtures/rules'))) {
    if (!/\.jsonc?$/.test(file)) continue;
    const fx = loadFixture(file);
    const json = parseDocument(fx.text, { fileName: fx.fileName });
    if (json.syntaxErrors.length || !json.noDuplicateKeys) continue;
    const raw: Raw = (at) => {
      const r = json.rangeAt(at);
      return r && json.text.slice(r.offset, r.offset + r.length);
    };
    const plain = toYaml(json.value, raw);
    const nested = toYaml(json.value, raw, '    ');
    if (plain) compareFile(plain, path.basename(file));
    if (nested) compareFile(manifestOf(nested), `${path.basename(file)} (manifest)`);
    if (nested) compareFile(manifestOf(nested).replace(/\n/g, '\r\n'), `${path.basename(file)} (manifest, CRLF)`);
  }
  const read = stats.read - before.read,
    documents = stats.documents - before.documents;
  // Most of them are plain block YAML: the reader must read them, not decline its way to a pass.
  assert.ok(read >= 100 && read >= 0.8 * documents, `the plain reader read ${read} of ${documents} documents`);
});

/** Texts the random comparison once found the readers disagreeing on, and their neighbours. */
const FOUND = ['k: {"q": -}\n', 'k: [-]\n', 'k: [a, -]\n', 'k: -]\n', 'k: -,\n', 'k: [-1, -.5, -x]\n', 'k: -\n', '- -\n'];

test('the plain block reader gives what the yaml package gives on the texts it once read otherwise', () => {
  for (const [i, text] of FOUND.entries()) compareFile(text, `found ${i}`);
});

test('the plain block reader gives what the yaml package gives on seeded random block YAML and mutations of it', () => {
  const rng = new Rng(Number(process.env.PLAIN_YAML_SEED ?? 20261126));
  let read = 0,
    documents = 0;
  for (let i = 0; i < Number(process.env.PLAIN_YAML_RUNS ?? 40); i++) {
    const r = rng.fork(i);
    const docs = Array.from({ length: r.int(1, 3) }, () => blockYamlDocument(r));
    const text = docs.join(r.chance(0.5) ? '---\n' : '--- # next\n');
    const before = stats.read,
      beforeDocs = stats.documents;
    compareFile(text, `random ${i}`);
    read += stats.read - before;
    documents += stats.documents - beforeDocs;
    // The findings are compared on one mutation of each; the documents on all of them.
    for (let m = 0; m < 6; m++) compareFile(mutateBlockYaml(r, text), `random ${i}, mutation ${m}`, m === 0);
  }
  assert.ok(read >= 0.5 * documents, `the plain reader read ${read} of ${documents} random documents`);
});

/**
 * One text for each decision of the reader: where it must read (the shapes configurations are written
 * in: it must not decline its way to agreement) and where it must decline (what it would read otherwise
 * than the `yaml` package, or what that package reports). Each is compared with the `yaml` package too.
 */
const EDGES: Array<[text: string, reads: boolean]> = [
  // Document markers and directives.
  ['---\na: 1\n', true],
  ['--- # first\na: 1\n', true],
  ['---   \na: 1\n', true],
  ['--- a\nb: 1\n', false],
  ['---#\na: 1\n', false],
  ['a: 1\n...\n', false],
  ['a: 1\n...: 2\n', false],
  ['%YAML 1.2\n---\na: 1\n', false],
  ['# only a comment\n', false],
  ['', false],
  // The root.
  ['a: 1\n', true],
  [' a: 1\n', false],
  ['- a\n', false],
  ['text\n', false],
  ['a: 1\nb\n', false],
  // Block maps.
  ['a:\n  b: 1\n  c: 2\nd: 3\n', true],
  ['a: 1\n  b: 2\n', false],
  ['a:\n  b: 1\n   c: 2\n', false],
  ['a:\n  b: 1\n- c\n', false],
  ['a:\n\n  # note\n  b: 1\n', true],
  ['a: # note\n  b: 1\n', true],
  ['a:# note\n', false],
  ['a b: 1\n', true],
  ['a : 1\n', false],
  ['a:b: 1\n', true],
  ['a:: 1\n', true],
  ['"a": 1\n', true],
  ["'a''b': 1\n", true],
  ['"a" : 1\n', false],
  ['"a"x: 1\n', false],
  [`${'k'.repeat(1001)}: 1\n`, false],
  // Empty values, where the document ends.
  ['a:\n', true],
  ['a:   \n', true],
  ['a:\n# after\n', true],
  ['a:\n\n\n', true],
  ['a:\nb:\n', true],
  // Block lists.
  ['a:\n- b\n- c\nd: 1\n', true],
  ['a:\n  - b\n  - c\n', true],
  ['a:\n  - b\n  c: 1\n', false],
  ['a:\n  - b\n    - c\n', false],
  ['a:\n  - b\n - c\n', false],
  ['a:\n  -   b: 1\n      c: 2\n', true],
  ['a:\n  - b: 1\n    c: 2\n  - b: 3\n', true],
  ['a:\n  -\n    b: 1\n', true],
  ['a:\n  - # note\n    b: 1\n', true],
  ['a:\n  -\n  - b\n', true],
  ['a:\n  - - b\n', false],
  // A scalar on the line below its key is left to the `yaml` package, as one over several lines.
  ['a:\n  -b\n', false],
  ['a:\n  b\n', false],
  ['a:\n  - b\n  -c\n', false],
  // Plain scalars.
  ['a: b # note\n', true],
  ['a: b#c\n', true],
  ['a: b   \n', true],
  ['a: b: c\n', false],
  ['a: b:\n', false],
  ['a: -1\n', true],
  ['a: -.5\n', true],
  ['a: -x\n', true],
  ['a: -\n', false],
  ['a: - b\n', false],
  ['a: ?b\n', false],
  // Quoted scalars.
  ['a: "x"  # note\n', true],
  ['a: "x" y\n', false],
  ['a: "x"#c\n', false],
  ["a: 'it''s'\n", true],
  ['a: "it\'\'s"\n', true],
  ['a: "tab\\there \\u00e9"\n', true],
  ['a: "x\n', false],
  ['a: "\\q"\n', false],
  // Flow collections of scalars.
  ['a: [1, 2]\n', true],
  ['a: []\n', true],
  ['a: [ ]\n', true],
  ['a: [1 ,2]\n', true],
  ['a: ["x", \'y\']\n', true],
  ['a: [1,]\n', false],
  ['a: [1, ]\n', false],
  ['a: [ , ]\n', false],
  ['a: [1\n', false],
  ['a: [1] x\n', false],
  ['a: [1] # note\n', true],
  ['a: {b: 1, c: 2}\n', true],
  ['a: {}\n', true],
  ['a: {b:1}\n', false],
  ['a: {b: }\n', false],
  ['a: [b: 1]\n', false],
  ['a: [a:b]\n', false],
  ['a: [x#y]\n', false],
  ['a: [x"y]\n', false],
  ["a: [x'y]\n", false],
  ['a: [[1]]\n', false],
  ['a: [{b: 1}]\n', false],
  ['a: [-1, -x]\n', true],
  ['a: [ -]\n', false],
  // Characters left to the `yaml` package, and line ends.
  ['a: 1\r\nb: 2\r\n', true],
  ['a: 1\rb: 2\n', false],
  ['a:\t1\n', false],
  ['\ufeffa: 1\n', false],
];

test('the plain block reader reads the shapes configurations are written in, declines each doubtful one, and agrees where it reads', () => {
  const wrong = EDGES.filter(([text, reads]) => (readPlainDocument(text, 0, 256) !== undefined) !== reads).map(
    ([text, reads]) => `${reads ? 'declined' : 'read'}: ${JSON.stringify(text)}`,
  );
  assert.deepEqual(wrong, []);
  for (const [text] of EDGES) compareFile(text, JSON.stringify(text), false);
});

test('the plain block reader leaves a document nested to the depth limit to the yaml package, and reads one a level less deep', () => {
  const nested = (levels: number): string =>
    Array.from({ length: levels }, (_, i) => `${'  '.repeat(i)}k${i}:${i === levels - 1 ? ' 1' : ''}\n`).join('');
  const listed = (levels: number): string =>
    `a:\n${Array.from({ length: levels }, (_, i) => `${'  '.repeat(i + 1)}- ${i === levels - 1 ? '1' : ''}\n`).join('')}`;
  // maxDepth 6: the reader follows five levels of collections at most.
  assert.notEqual(readPlainDocument(nested(5), 0, 6), undefined);
  assert.equal(readPlainDocument(nested(6), 0, 6), undefined);
  assert.notEqual(readPlainDocument(nested(32), 0, 256), undefined);
  assert.equal(readPlainDocument(nested(33), 0, 256), undefined);
  assert.notEqual(readPlainDocument(listed(1), 0, 3), undefined);
  assert.equal(readPlainDocument(listed(2), 0, 3), undefined);
});
