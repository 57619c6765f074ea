import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { analyze, type AnalyzeOptions } from '../../../../server/src/core';
import { DocumentState } from '../../../../server/src/core/document-state';
import type { YamlDocument } from '../../../../server/src/core/formats/yaml/document';
import { documentStarts } from '../../../../server/src/core/formats/yaml/incremental';
import { Rng } from '../../../fuzz/rng';
import { REPO } from '../../../support/repo';

// An open YAML file's analyses keep its documents parsed and read (DocumentState): whatever the
// edits, each must give exactly what a fresh analysis (one parse of the whole file) gives.

const FIXTURES = path.join(REPO, 'test/fixtures/yaml');

/** Everything a rule, a fix or an editor feature reads of a YAML configuration, comparable. */
function snapshot(doc: YamlDocument, probes: number[]): unknown {
  const json = (v: unknown): string =>
    JSON.stringify(v, (_k, x: unknown) => (typeof x === 'symbol' ? `<${String(x)}>` : typeof x === 'bigint' ? `${x}n` : x));
  return {
    label: doc.label,
    value: json(doc.value),
    syntaxErrors: doc.syntaxErrors,
    comments: doc.comments(),
    repeated: doc.repeatedKeys(),
    plainScalars: json(doc.plainScalars),
    sharing: doc.sharing,
    noDuplicateKeys: doc.noDuplicateKeys,
    at: probes.map((o) => {
      const m = doc.memberAt(o);
      return m && [m, doc.rangeAt(m.path), doc.locate(m.path, 'key'), doc.locate(m.path, 'property')];
    }),
  };
}

function assertSameAsFresh(text: string, options: AnalyzeOptions, state: DocumentState, step: string, random: () => number): void {
  const kept = analyze(text, options, undefined, state);
  const fresh = analyze(text, options);
  assert.deepEqual(kept.findings, fresh.findings, `${step}: findings`);
  assert.deepEqual(kept.internalErrors, fresh.internalErrors, `${step}: internal errors`);
  assert.equal(kept.work, fresh.work, `${step}: work`);
  const probes = Array.from({ length: 40 }, () => Math.floor(random() * (text.length + 1)));
  const configurations = (r: typeof kept) => r.configurations.map((d) => snapshot(d as YamlDocument, probes));
  assert.deepEqual(configurations(kept), configurations(fresh), `${step}: configurations`);
}

/** Pieces of YAML (and of broken YAML) that edits insert: documents, markers, quotes, anchors, comments, line ends. */
const PIECES = [
  '\n---\n',
  '---',
  '\n...\n',
  '%YAML 1.2\n',
  ':',
  '- ',
  '\n',
  '\r\n',
  ' ',
  '  ',
  '#',
  ' # note\n',
  '"',
  "'",
  '|\n',
  '>-\n',
  '[',
  ']',
  '{',
  '}',
  ',',
  '&a ',
  '*a',
  '!!str ',
  'é',
  '😀',
  '1',
  'on',
  '0755',
  '10.0',
  '\n    ip_filter:\n      - network: 10.1.2.3/16\n        description: office\n',
  '\n    search:\n      http_max_content_length: 100mb\n',
  '\n---\napiVersion: vendor.io/v1alpha1\nkind: Search\nmetadata:\n  name: extra\nspec:\n  userConfig:\n    static_ips: yes\n',
  '\n---\nkind: ConfigMap\ndata:\n  a: b\n',
  'max_index_count: 99999999\n',
  '{{ .Values.x }}',
];

function randomEdit(text: string, random: () => number): string {
  const at = Math.floor(random() * (text.length + 1));
  const remove = random() < 0.5 ? Math.floor(random() * (random() < 0.8 ? 4 : 60)) : 0;
  let insert = '';
  const pieces = random() < 0.4 ? 0 : 1 + Math.floor(random() * 2);
  for (let i = 0; i < pieces; i++) insert += PIECES[Math.floor(random() * PIECES.length)];
  const from = text.charCodeAt(at - 1) >= 0xd800 && text.charCodeAt(at - 1) <= 0xdbff ? at - 1 : at;
  let to = Math.min(text.length, from + remove);
  if (text.charCodeAt(to - 1) >= 0xd800 && text.charCodeAt(to - 1) <= 0xdbff) to++;
  const next = text.slice(0, from) + insert + text.slice(to);
  // A Helm template is not analysed at all: once one is in, take it out again.
  return next.includes('{{') && random() < 0.8 ? next.replace(/\{\{[^}]*\}\}/g, '') : next;
}

/** The fixtures without their expectations (`//!` lines, `//~` notes), as users write YAML. */
const fixtureTexts = (): string[] =>
  fs
    .readdirSync(FIXTURES)
    .filter((n) => /\.ya?ml$/.test(n))
    .sort()
    .map((n) =>
      fs
        .readFileSync(path.join(FIXTURES, n), 'utf8')
        .replace(/^\/\/!.*\n/gm, '')
        .replace(/[ \t]*\/\/~.*$/gm, ''),
    );

function manyDocuments(count: number): string {
  const docs = Array.from({ length: count }, (_, i) =>
    i % 3 === 0
      ? `apiVersion: vendor.io/v1alpha1\nkind: Search\nmetadata:\n  name: s${i}\nspec:\n  userConfig:\n    ip_filter:\n      - network: 10.${i}.0.1/16 # office\n        description: office ${i}\n    search_version: "2"\n`
      : `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c${i}\ndata:\n  a: "${i}"\n`,
  );
  return docs.join('---\n');
}

for (const seed of [1, 2, 3, 4, 5]) {
  test(`random edits of a multi-document file, seed ${seed}: the kept state gives what a fresh analysis gives, after every edit`, () => {
    const generator = new Rng(seed);
    const random = (): number => generator.next();
    const texts = [...fixtureTexts(), manyDocuments(9)];
    let text = `${texts[seed % texts.length]}\n---\n${manyDocuments(6)}`;
    if (seed === 4) text = text.replace(/\n/g, '\r\n');
    const options: AnalyzeOptions = { fileName: seed === 5 ? 'service.search.yaml' : 'deploy.yaml', minSeverity: 'info' };
    const state = new DocumentState();
    let readable = text;
    for (let i = 0; i < 200; i++) {
      const whole = state.yaml.whole;
      assertSameAsFresh(text, options, state, `seed ${seed}, edit ${i}`, random);
      // A file with a syntax error is parsed whole: then go back to the last one without, as a
      // user fixes a typo, so that most analyses read document by document.
      if (state.yaml.whole === whole) readable = text;
      else text = readable;
      text = randomEdit(text, random);
    }
    assert.ok(state.yaml.piecewise > 25, `${state.yaml.piecewise} analyses parsed document by document`);
    assert.ok(state.yaml.memo.hits > 100, `${state.yaml.memo.hits} documents reused`);
  });
}

test('an edit of one document in a file of hundreds parses that document and those after it, not the ones before', () => {
  const state = new DocumentState();
  let text = manyDocuments(300);
  analyze(text, { fileName: 'deploy.yaml' }, undefined, state);
  const { memo } = state.yaml;
  const before = memo.misses;
  const at = text.lastIndexOf('office 297') + 'office 29'.length;
  for (let i = 0; i < 10; i++) {
    text = `${text.slice(0, at)}${i}${text.slice(at + 1)}`;
    analyze(text, { fileName: 'deploy.yaml' }, undefined, state);
  }
  // Per edit: the document changed (the edits keep the length, so the documents after it are where they were).
  assert.equal(memo.misses - before, 10);
  // An edit that moves the documents after it parses those too.
  analyze(`${text.slice(0, at)}12${text.slice(at + 1)}`, { fileName: 'deploy.yaml' }, undefined, state);
  assert.equal(memo.misses - before, 10 + 3);
});

test('documents start at --- markers at the start of a line; directives and ... end markers are left to a whole parse', () => {
  assert.deepEqual(documentStarts('a: 1\n---\nb: 2\n--- \nc: 3\n ---\n'), [0, 5, 14]);
  assert.deepEqual(documentStarts('# only a comment\n\n---\na: 1\n'), [0]);
  assert.deepEqual(documentStarts('a: ---x\n----\n'), [0]);
  assert.deepEqual(documentStarts('a: 1\r---\nb: 2\r\n---\r\nc: 3\n'), [0, 15]);
  assert.equal(documentStarts('%YAML 1.2\n---\na: 1\n'), undefined);
  assert.equal(documentStarts('a: 1\n...\n---\nb: 2\n'), undefined);
});
