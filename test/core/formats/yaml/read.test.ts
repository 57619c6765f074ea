/**
 * The reading of YAML nodes into a configuration (formats/yaml/read.ts), case by case: where each
 * key, value and member is (as the text they cover), what each value is written as, the keys
 * written twice with the values each occurrence holds, merge keys, aliases and anchors, the scalars
 * that read differently elsewhere, block scalars, keys that are no text. The fixtures judge the
 * findings these lead to; this judges the reading itself, one decision at a time.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  LimitPassed,
  mergedAt,
  parseYamlText,
  pathKey,
  pathOfKey,
  readConfiguration,
  readConfigurations,
  tight,
  type ConfigurationRead,
} from '../../../../server/src/core/formats/yaml/read';
import { memberValue } from '../../../../server/src/core/formats/yaml/nodes';
import { yamlComments } from '../../../../server/src/core/formats/yaml/comments';
import { LineIndex } from '../../../../server/src/core/lines';
import { UNKNOWN_VALUE } from '../../../../server/src/core/values';
import type { OffsetRange } from '../../../../server/src/core/types';

function read(text: string, configPath: string[] = []): ConfigurationRead {
  const { docs } = parseYamlText(text, 64);
  return readConfiguration(docs[0], configPath, text, { count: 0 });
}

const slice = (text: string, r: OffsetRange | undefined): string | undefined => r && text.slice(r.offset, r.offset + r.length);

/** Each entry as the texts it covers: `path: shape key=… value=… member=…`. */
function entries(text: string, r: ConfigurationRead): string[] {
  return [...r.entries].map(
    ([path, e]) =>
      `${path || '(root)'}: ${e.shape}${e.key ? ` key=${JSON.stringify(slice(text, e.key))}` : ''} value=${JSON.stringify(slice(text, e.value))} member=${JSON.stringify(slice(text, e.member))}`,
  );
}

test('a block map: every key, value and member, the children of each map, and the value', () => {
  const text = 'a: 1\nb:\n  c: x\n  d: [1, 2]\ne: {f: 3}\n';
  const r = read(text);
  assert.deepEqual(r.value, { a: 1, b: { c: 'x', d: [1, 2] }, e: { f: 3 } });
  assert.deepEqual(entries(text, r), [
    '.a: scalar key="a" value="1" member="a: 1"',
    '.b.c: scalar key="c" value="x" member="c: x"',
    '.b.d#0: scalar value="1" member="1"',
    '.b.d#1: scalar value="2" member="2"',
    '.b.d: flow-seq key="d" value="[1, 2]" member="d: [1, 2]"',
    '.b: block-map key="b" value="c: x\\n  d: [1, 2]" member="b:\\n  c: x\\n  d: [1, 2]"',
    '.e.f: scalar key="f" value="3" member="f: 3"',
    '.e: flow-map key="e" value="{f: 3}" member="e: {f: 3}"',
    '(root): block-map value="a: 1\\nb:\\n  c: x\\n  d: [1, 2]\\ne: {f: 3}" member="a: 1\\nb:\\n  c: x\\n  d: [1, 2]\\ne: {f: 3}"',
  ]);
  assert.deepEqual(
    r.entries.get('')!.children!.map((c) => slice(text, c)),
    ['a: 1', 'b:\n  c: x\n  d: [1, 2]', 'e: {f: 3}'],
  );
  assert.deepEqual(
    r.entries.get('.b.d')!.children!.map((c) => slice(text, c)),
    ['1', '2'],
  );
});

test('a block list: each item from its dash, a map item without the blanks and comments after it', () => {
  const text = 'l:\n  - 1\n  -   x: 2\n      y: 3\n\n  # gone\n  - -  z\n';
  const r = read(text);
  assert.deepEqual(r.value, { l: [1, { x: 2, y: 3 }, ['z']] });
  assert.equal(slice(text, r.entries.get('.l#0')!.member), '- 1');
  assert.equal(slice(text, r.entries.get('.l#0')!.value), '1');
  assert.equal(slice(text, r.entries.get('.l#1')!.member), '-   x: 2\n      y: 3');
  assert.equal(slice(text, r.entries.get('.l#1')!.value), 'x: 2\n      y: 3');
  assert.equal(r.entries.get('.l#1')!.shape, 'block-map');
  assert.equal(slice(text, r.entries.get('.l#2')!.member), '- -  z');
  assert.equal(slice(text, r.entries.get('.l#2#0')!.member), '-  z');
  assert.equal(r.entries.get('.l')!.shape, 'block-seq');
  assert.deepEqual(
    r.entries.get('.l')!.children!.map((c) => slice(text, c)),
    ['- 1', '-   x: 2\n      y: 3', '- -  z'],
  );
});

test('a key without a value: null, its value an empty range just after the member; with no value node at all, empty', () => {
  const text = 'a:\nb: 1\n';
  const r = read(text);
  assert.deepEqual(r.value, { a: null, b: 1 });
  const a = r.entries.get('.a')!;
  assert.equal(a.shape, 'scalar');
  assert.equal(slice(text, a.member), 'a:');
  assert.deepEqual(a.value, { offset: 2, length: 0 });
  const flowText = '{b: 1, a}\n';
  const flow = read(flowText);
  assert.deepEqual(flow.value, { a: null, b: 1 });
  // No `:` follows the key: the member is the key, and the value is where a `: value` would go.
  assert.deepEqual(entries(flowText, flow).slice(0, 2), [
    '.b: scalar key="b" value="1" member="b: 1"',
    '.a: empty key="a" value="" member="a"',
  ]);
  assert.deepEqual(flow.entries.get('.a')!.value, { offset: 8, length: 0 });
  const explicitText = 'x: 1\n? a\ny: 2\n';
  assert.equal(slice(explicitText, read(explicitText).entries.get('.a')!.member), '? a');
  // An empty item of a list: null, no entry of its own beyond the list's.
  const list = read('l:\n  -\n  - 2\n');
  assert.deepEqual(list.value, { l: [null, 2] });
});

test('a pair starts at the `?` of an explicit key and at the anchor and tag written before its key', () => {
  const block = 'a: 1\n&k !!str b: 2\n? !!str c\n: 3\n';
  const r = read(block);
  assert.deepEqual(r.value, { a: 1, b: 2, c: 3 });
  assert.deepEqual(entries(block, r).slice(0, 3), [
    '.a: scalar key="a" value="1" member="a: 1"',
    '.b: scalar key="b" value="2" member="&k !!str b: 2"',
    '.c: scalar key="c" value="3" member="? !!str c\\n: 3"',
  ]);
  const flowText = '{a: 1, &k b: 2,? c: 3}\n';
  const flow = read(flowText);
  assert.deepEqual(entries(flowText, flow).slice(0, 3), [
    '.a: scalar key="a" value="1" member="a: 1"',
    '.b: scalar key="b" value="2" member="&k b: 2"',
    '.c: scalar key="c" value="3" member="? c: 3"',
  ]);
  // A word before the key that is no property (a list's dash, a plain text) is not the pair's.
  const item = 'l:\n  - &k b: 2\n    c: 3\n';
  const items = read(item, ['l']);
  assert.deepEqual(entries(item, items).slice(0, 3), [
    '#0.b: scalar key="b" value="2" member="&k b: 2"',
    '#0.c: scalar key="c" value="3" member="c: 3"',
    '#0: block-map value="b: 2\\n    c: 3" member="- &k b: 2\\n    c: 3"',
  ]);
});

test('a collection ends at its last character: blank lines and comment lines after it are not in it', () => {
  const text = 'a:\n  b: 1\n\n# about z\n   # indented\n\nz: 2\n';
  const r = read(text);
  assert.equal(slice(text, r.entries.get('.a')!.value), 'b: 1');
  assert.equal(slice(text, r.entries.get('.a')!.member), 'a:\n  b: 1');
  // A comment after a value on its line stays (only whole comment lines are cut), and a `#` inside the text does not start one.
  assert.deepEqual(tight('x: 1 # note\n\n', { offset: 0, length: 13 }), { offset: 0, length: 11 });
  assert.deepEqual(tight('# only\n', { offset: 0, length: 7 }), { offset: 0, length: 6 });
  assert.deepEqual(tight('   ', { offset: 1, length: 2 }), { offset: 1, length: 0 });
});

test('keys written as a list or a map are kept aside, and read as no member', () => {
  const text = '? [a, b]\n: 1\n? {c: d}\n: 2\ne: 3\n';
  const r = read(text);
  assert.deepEqual(r.value, { e: 3 });
  assert.deepEqual(
    r.keysNotText.map((k) => slice(text, k)),
    ['[a, b]', '{c: d}'],
  );
  // A key that is an alias of a map is no text either; an alias of a scalar is its text.
  const viaAlias = 'm: &m {x: 1}\ns: &s key\n*m : 1\n*s : 2\n';
  const v = read(viaAlias);
  assert.deepEqual(
    v.keysNotText.map((k) => slice(viaAlias, k)),
    ['*m'],
  );
  assert.equal((v.value as Record<string, unknown>).key, 2);
  // An empty key is the empty text, a null key too.
  assert.deepEqual(read(': 1\n').value, { '': 1 });
});

test('block scalars are read as text (a # in them is text, which the comments reader leaves too); other scalars are not', () => {
  const text = 's: |\n  x # y\nt: >-\n  z\nu: "q # r"\n';
  const r = read(text);
  assert.deepEqual(r.value, { s: 'x # y\n', t: 'z', u: 'q # r' });
  assert.deepEqual(yamlComments(text, new LineIndex(text)), []);
});

test('plain scalars that read differently elsewhere are noted with their text; quoted, tagged and long ones are not', () => {
  const text = [
    'a: yes',
    "b: 'yes'",
    'c: 0777',
    'd: 1.0',
    'e: 0b101',
    'f: hello',
    'g: !!str on',
    'h: +12',
    'i: 10',
    'j: 1e3',
    `k: ${'1'.repeat(37)}.5`,
    `l: ${'1'.repeat(38)}.5`,
    '',
  ].join('\n');
  const r = read(text);
  assert.deepEqual(
    r.plainScalars.map((p) => [pathKey(p.path), p.source, p.value, p.goOnly, slice(text, p.range)]),
    [
      ['.a', 'yes', true, false, 'yes'],
      ['.c', '0777', 511, false, '0777'],
      ['.d', '1.0', 1, false, '1.0'],
      ['.e', '0b101', 5, true, '0b101'],
      ['.h', '+12', 12, false, '+12'],
      ['.j', '1e3', 1000, false, '1e3'],
      ['.k', `${'1'.repeat(37)}.5`, Number(`${'1'.repeat(37)}.5`), false, `${'1'.repeat(37)}.5`],
    ],
  );
  // Go's reading is kept in the value: yes is true, 0777 is 511 and 0b101 is 5, as kubectl sends them.
  assert.deepEqual(
    [r.value as Record<string, unknown>].map((v) => [v.a, v.b, v.c, v.e, v.g]),
    [[true, 'yes', 511, 5, 'on']],
  );
});

test('plain scalars are read as Go reads them, a text up to 96 characters long; what the core schema reads as a number too', () => {
  assert.equal((read(`a: 0b${'0'.repeat(93)}1\n`).value as Record<string, unknown>).a, 1);
  assert.equal((read(`a: ${'x'.repeat(97)}\n`).value as Record<string, unknown>).a, 'x'.repeat(97));
  assert.equal((read('a: 0x10\n').value as Record<string, unknown>).a, 16);
  assert.equal((read('a: 0\n').value as Record<string, unknown>).a, 0);
  assert.equal((read('a: 010\n').value as Record<string, unknown>).a, 8);
  assert.equal((read("a: '010'\n").value as Record<string, unknown>).a, '010');
  assert.equal((read('a: !!int 010\n').value as Record<string, unknown>).a, 10);
});

test('a key written twice: each occurrence, with the value it holds when it is written there', () => {
  const text = 'a: 1\nm:\n  k: x\n  k: [1]\na: "two"\nb: &v 3\nb: *v\n';
  const r = read(text);
  assert.deepEqual(
    r.repeated.map((rep) => ({
      path: rep.path,
      key: rep.key,
      at: rep.occurrences.map((o) => [slice(text, o.key), slice(text, o.member), o.value && slice(text, o.value.range), o.value?.read]),
      refused: rep.refused,
    })),
    [
      {
        path: ['m'],
        key: 'k',
        at: [
          ['k', 'k: x', 'x', 'x'],
          ['k', 'k: [1]', undefined, undefined],
        ],
        refused: 'YAML does not allow a key twice in one mapping, and kubectl apply refuses such a manifest',
      },
      {
        path: [],
        key: 'a',
        at: [
          ['a', 'a: 1', '1', 1],
          ['a', 'a: "two"', '"two"', 'two'],
        ],
        refused: 'YAML does not allow a key twice in one mapping, and kubectl apply refuses such a manifest',
      },
      {
        path: [],
        key: 'b',
        at: [
          ['b', 'b: &v 3', '3', 3],
          ['b', 'b: *v', undefined, undefined],
        ],
        refused: 'YAML does not allow a key twice in one mapping, and kubectl apply refuses such a manifest',
      },
    ],
  );
  assert.deepEqual(r.value, { a: 'two', m: { k: [1] }, b: 3 });
});

test('merge keys: the maps they bring give way to the keys written, an earlier map wins, and what they bring is marked merged', () => {
  const text = 'x: &a {p: 1, q: 1}\ny: &b {q: 2, r: 2}\nc:\n  <<: [*a, *b]\n  p: 0\n';
  const r = read(text, ['c']);
  assert.deepEqual(r.value, { p: 0, q: 1, r: 2 });
  assert.equal(r.entries.get('.p')!.shape, 'scalar');
  assert.equal(r.entries.get('.q')!.shape, 'merged');
  assert.equal(slice(text, r.entries.get('.q')!.member), '<<: [*a, *b]');
  assert.equal(slice(text, r.entries.get('.r')!.value), '[*a, *b]');
  assert.equal(mergedAt(r.entries, ['q']), true);
  assert.equal(mergedAt(r.entries, ['p']), false);
  // A merge key written before the keys it gives way to, and one map written in place.
  const inPlace = read('c:\n  <<: {p: 1, s: 1}\n  p: 0\n', ['c']);
  assert.deepEqual(inPlace.value, { p: 0, s: 1 });
  // What no map is (a scalar, a list of scalars) is read as the key written: `<<` is then an unknown field.
  assert.deepEqual(read('c:\n  <<: 1\n', ['c']).value, { '<<': 1 });
  // An alias of no anchor brings nothing, and is noted (YAML refuses the document).
  const noAnchor = read('c:\n  <<: [*a]\n', ['c']);
  assert.deepEqual(noAnchor.value, {});
  assert.deepEqual(
    noAnchor.aliasesWithoutAnchor.map((a) => a.path),
    [[]],
  );
  assert.deepEqual(read('s: &s text\nc:\n  <<: [*s]\n', ['c']).value, { '<<': ['text'] });
  // Quoted, `<<` is an ordinary key; tagged !!merge it is a merge key.
  assert.deepEqual(read('x: &a {p: 1}\nc:\n  "<<": *a\n', ['c']).value, { '<<': { p: 1 } });
  assert.deepEqual(read('x: &a {p: 1}\nc:\n  !!merge <<: *a\n', ['c']).value, { p: 1 });
});

test('a member inside a merged map is merged too', () => {
  const entries = new Map([
    ['.a', { value: { offset: 0, length: 1 }, member: { offset: 0, length: 1 }, shape: 'merged' as const }],
    ['', { value: { offset: 0, length: 1 }, member: { offset: 0, length: 1 }, shape: 'block-map' as const }],
  ]);
  assert.equal(mergedAt(entries, ['a', 'b', 0]), true);
  assert.equal(mergedAt(entries, ['b', 'a']), false);
  assert.equal(mergedAt(new Map([['', entries.get('.a')!]]), ['z']), true);
});

test('aliases and anchors in a configuration: each knows the other end', () => {
  const text = 'a: &x 1\nb: *x\nc: *x\n';
  const r = read(text);
  assert.deepEqual(r.value, { a: 1, b: 1, c: 1 });
  assert.deepEqual(
    r.sharing.map((s) => [s.kind, pathKey(s.path), s.name, slice(text, s.range), s.other]),
    [
      ['alias', '.b', 'x', '*x', text.indexOf('1')],
      ['alias', '.c', 'x', '*x', text.indexOf('1')],
      ['anchor', '.a', 'x', '1', text.indexOf('*x')],
    ],
  );
  assert.equal(r.entries.get('.b')!.shape, 'alias');
  assert.equal(slice(text, r.entries.get('.b')!.member), 'b: *x');
  assert.equal(r.shared, undefined);
});

test('an alias naming no anchor before it: unknown, noted with its path; outside the configuration, noted apart', () => {
  const text = 'spec:\n  userConfig:\n    a: *later\n    b: [*none]\nmetadata: {name: *gone}\nz: &later 1\n';
  const { docs } = parseYamlText(text, 64);
  const outside: OffsetRange[] = [];
  const target = memberValue(memberValue(docs[0].contents, 'spec'), 'userConfig');
  const [r] = readConfigurations(docs[0], [target], text, { count: 0 }, outside);
  assert.deepEqual(r.value, { a: UNKNOWN_VALUE, b: [UNKNOWN_VALUE] });
  assert.deepEqual(
    r.aliasesWithoutAnchor.map((a) => [pathKey(a.path), slice(text, a.range)]),
    [
      ['.a', '*later'],
      ['.b#0', '*none'],
    ],
  );
  assert.deepEqual(
    outside.map((o) => slice(text, o)),
    ['*gone'],
  );
});

test('a configuration inside a node an alias names, or two manifests with one configuration, is shared; another is not', () => {
  const text = 'x: &s\n  a: 1\ny: *s\nz:\n  b: 2\n';
  assert.equal(read(text, ['x']).shared, true);
  assert.equal(read(text, ['z']).shared, undefined);
  const { docs } = parseYamlText(text, 64);
  const x = memberValue(docs[0].contents, 'x');
  const both = readConfigurations(docs[0], [x, x], text, { count: 0 });
  assert.equal(both[0], both[1]);
  assert.equal(both[0].shared, true);
  assert.deepEqual(both[0].value, { a: 1 });
  // One configuration aliased from inside another: the inner one has the value, and is shared.
  const nested = 'outer: &o\n  inner: &i\n    c: 3\nagain: *i\n';
  const { docs: d2 } = parseYamlText(nested, 64);
  const outer = memberValue(d2[0].contents, 'outer');
  const inner = memberValue(outer, 'inner');
  const [ro, ri] = readConfigurations(d2[0], [outer, inner], nested, { count: 0 });
  assert.deepEqual(ro.value, { inner: { c: 3 } });
  assert.deepEqual(ri.value, { c: 3 });
  assert.equal(ri.shared, true);
});

test('configurations linked by an anchor and its aliases each know the others', () => {
  const text = 'one:\n  s: &k secret\ntwo:\n  t: *k\nthree:\n  u: 1\n';
  const { docs } = parseYamlText(text, 64);
  const [one, two, three] = ['one', 'two', 'three'].map((k) => memberValue(docs[0].contents, k));
  const [r1, r2, r3] = readConfigurations(docs[0], [one, two, three], text, { count: 0 });
  assert.deepEqual(r1.sharesWith, [r2]);
  assert.deepEqual(r2.sharesWith, [r1]);
  assert.equal(r3.sharesWith, undefined);
});

test('an alias inside the node its anchor marks stops the reading', () => {
  assert.throws(
    () => read('a: &x\n  b: *x\n'),
    (e: unknown) => e instanceof LimitPassed && /inside the node its anchor marks/.test(e.message) && e.offset === 'a: &x\n  b: '.length,
  );
});

test('a path and its key: plain words as they are, any other key quoted, items by number', () => {
  const path = ['search', 'a.b', 0, 'x y', '', 'é'];
  const key = pathKey(path);
  assert.equal(key, '.search."a.b"#0."x y".""."é"');
  assert.deepEqual(pathOfKey(key), path);
  assert.deepEqual(pathOfKey('."q\\"uote"#12'), ['q"uote', 12]);
});
