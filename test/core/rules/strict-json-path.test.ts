import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ALL_FIELDS, analyze, type ParsedDocument } from '../../../server/src/core';
import { documentWith } from '../../support/schema-docs';
import { parseDocument, parseDocumentTree } from '../../../server/src/core/formats/json/document';
import type { Node } from 'jsonc-parser';
import type { Segment } from '../../../server/src/core/types';
import { loadCorpus } from '../../fuzz/corpus';
import { generateConfig } from '../../fuzz/generate';
import { mutate } from '../../fuzz/mutate';
import { Rng } from '../../fuzz/rng';

/**
 * Strict JSON (and JSONC once its comments and trailing commas are blanked) is read with
 * JSON.parse and located by scanning only the containers on a finding's path; everything else
 * builds the full parse tree. Both must describe a document identically, whichever path a
 * text takes.
 */

/** Every path of the value (up to a limit), plus paths that go one step past or beside it. */
function pathsOf(value: unknown, limit: number): Segment[][] {
  const out: Segment[][] = [];
  const stack: Array<{ v: unknown; p: Segment[] }> = [{ v: value, p: [] }];
  while (stack.length && out.length < limit) {
    const { v, p } = stack.pop()!;
    out.push(p, [...p, 'no_such_key'], [...p, 0], [...p, 7]);
    if (p.length) out.push([...p.slice(0, -1), 'absent', 1]);
    if (Array.isArray(v)) v.forEach((item, i) => stack.push({ v: item, p: [...p, i] }));
    else if (v !== null && typeof v === 'object')
      for (const k of Object.keys(v)) stack.push({ v: (v as Record<string, unknown>)[k], p: [...p, k] });
  }
  return out;
}

/** A node and its members as plain data; each member's link to its parent is checked on the way. */
function shape(node: Node | undefined): unknown {
  for (const child of node?.children ?? []) assert.equal(child.parent, node, 'a member links to its parent');
  return (
    node && {
      type: node.type,
      offset: node.offset,
      length: node.length,
      value: node.value,
      colonOffset: node.colonOffset,
      children: node.children?.map(shape),
    }
  );
}

/** A container and its own members only: what membersAt answers (a container among the members has no children there). */
function ownMembers(node: Node | undefined, top = true): unknown {
  const open = top || node?.type === 'property';
  for (const child of open ? (node?.children ?? []) : []) assert.equal(child.parent, node, 'a member links to its parent');
  return (
    node && {
      type: node.type,
      offset: node.offset,
      length: node.length,
      value: node.value,
      colonOffset: node.colonOffset,
      children: open ? node.children?.map((c) => ownMembers(c, false)) : undefined,
    }
  );
}

function assertSameDocument(fast: ParsedDocument, tree: ParsedDocument, name: string): void {
  assert.deepEqual(fast.value, tree.value, `${name}: value`);
  assert.deepEqual(fast.syntaxErrors, tree.syntaxErrors, `${name}: syntax errors`);
  assert.deepEqual(fast.comments(), tree.comments(), `${name}: comments`);
  assert.deepEqual(shape(fast.root), shape(tree.root), `${name}: parse tree`);
  for (const path of pathsOf(tree.value, 400)) {
    for (const target of ['key', 'value', 'property'] as const) {
      assert.deepEqual(fast.locate(path, target), tree.locate(path, target), `${name}: locate(${JSON.stringify(path)}, ${target})`);
    }
    const a = fast.nodeAt(path),
      b = tree.nodeAt(path);
    assert.deepEqual(a && [a.type, a.offset, a.length], b && [b.type, b.offset, b.length], `${name}: nodeAt(${JSON.stringify(path)})`);
    if (path.length <= 2) assert.deepEqual(shape(fast.subtreeAt(path)), shape(b), `${name}: subtreeAt(${JSON.stringify(path)})`);
    if (path.length <= 2) assert.deepEqual(ownMembers(fast.membersAt(path)), ownMembers(b), `${name}: membersAt(${JSON.stringify(path)})`);
  }
}

const strictInputs = (): Array<{ name: string; text: string; fileName: string }> => {
  const rng = new Rng(20261121);
  const generated = Array.from({ length: 300 }, (_, i) => ({ name: `generated #${i}`, ...generateConfig(rng.fork(i)) }));
  const corpus = loadCorpus();
  const mutated = corpus.flatMap((seed, i) =>
    [1, 2, 3].map((k) => ({
      name: `${seed.name} mutation ${k}`,
      fileName: seed.fileName,
      text: mutate(
        rng.fork(i * 10 + k),
        seed.text,
        corpus.map((c) => c.text),
      ),
    })),
  );
  return [...corpus, ...generated, ...mutated];
};

test('strict JSON read with JSON.parse is described exactly as by the parse tree', () => {
  let strict = 0;
  for (const input of strictInputs()) {
    let isStrict = true;
    try {
      JSON.parse(input.text);
    } catch {
      isStrict = false;
    }
    if (!isStrict) continue;
    strict++;
    assertSameDocument(
      parseDocument(input.text, { fileName: input.fileName }),
      parseDocumentTree(input.text, { fileName: input.fileName }),
      input.name,
    );
  }
  assert.ok(strict > 200, `only ${strict} strict JSON inputs were compared`);
});

test('a repeated key is never hidden by the strict path', () => {
  const texts = [
    '{ "static_ips": true, "static_ips": false }',
    '{ "search": { "ism_enabled": true, "ism_enabled": true } }',
    '{ "ip_filter": [ { "network": "10.0.0.0/8", "network": "10.1.0.0/16" } ] }',
    '{ "a\\u0062": 1, "ab": 2 }',
    '{ "__proto__": 1, "__proto__": 2 }',
  ];
  for (const text of texts) {
    const doc = parseDocument(text, { fileName: 'x.json' });
    assert.notEqual(doc.noDuplicateKeys, true, text);
    assert.ok(
      analyze(text, { fileName: 'x.json' }).findings.some((f) => f.ruleId === 'duplicate-key'),
      text,
    );
  }
  assert.equal(parseDocument('{ "a": { "b": 1 }, "c": [ { "b": 2 } ], "s": "x:y" }').noDuplicateKeys, true);
});

test('findings on strict JSON are the same as through the parse tree', () => {
  for (const input of strictInputs().slice(0, 400)) {
    let isStrict = true;
    try {
      JSON.parse(input.text);
    } catch {
      isStrict = false;
    }
    if (!isStrict) continue;
    const fast = analyze(input.text, { fileName: input.fileName });
    const tree = analyze(input.text, { fileName: input.fileName }, parseDocumentTree(input.text, { fileName: input.fileName }));
    assert.deepEqual(fast.findings, tree.findings, input.name);
  }
});

test('an item in the second half of a long list is located from the list end exactly as by the parse tree', () => {
  const rng = new Rng(7);
  // Items whose ends are easy to misread going backwards: escaped quotes and backslashes at the
  // end of strings, nested containers, numbers, literals, objects with several members.
  const pieces = [
    () => JSON.stringify(`10.${rng.int(0, 255)}.0.0/16`),
    () => '"ends with a quote \\""',
    () => '"ends with a backslash \\\\"',
    () => '"\\\\\\""',
    () => String(rng.int(-5, 99999)),
    () => rng.pick(['true', 'false', 'null', '-1.5e3']),
    () => `{ "network": ${JSON.stringify(`10.0.${rng.int(0, 255)}.0/24`)}, "description": "office [a], {b}" }`,
    () => '{"a":[1,{"b":"]"}],"c":{}}',
    () => '[]',
    () => '[ "x", [ "y" ] ]',
  ];
  for (const layout of ['pretty', 'compact', 'ragged']) {
    const items = Array.from({ length: 150 }, () => rng.pick(pieces)());
    const sep = layout === 'pretty' ? ',\n    ' : layout === 'compact' ? ',' : () => rng.pick([',', ' ,', ',\n', ' , \t']);
    const body = items.map((item, i) => (i ? (typeof sep === 'string' ? sep : sep()) : '') + item).join('');
    const text = `{ "search_version": "2.19", "ip_filter": [${layout === 'pretty' ? '\n    ' : ''}${body}${layout === 'pretty' ? '\n  ' : ' '}], "tail": 1 }`;
    const fast = parseDocument(text, { fileName: 'list.search.json' }),
      tree = parseDocumentTree(text, { fileName: 'list.search.json' });
    // Second half first, last item first: nothing has indexed the list from its start yet.
    for (let i = items.length - 1; i >= 0; i--) {
      for (const path of [
        ['ip_filter', i],
        ['ip_filter', i, 'network'],
        ['ip_filter', i, 0],
        ['ip_filter', i, 'a', 1, 'b'],
      ] as Segment[][]) {
        for (const target of ['key', 'value', 'property'] as const) {
          assert.deepEqual(fast.locate(path, target), tree.locate(path, target), `${layout}: locate(${JSON.stringify(path)}, ${target})`);
        }
      }
    }
    assert.deepEqual(
      fast.locate(['ip_filter', items.length], 'value'),
      tree.locate(['ip_filter', items.length], 'value'),
      `${layout}: one past the end`,
    );
  }
});

test('an integer above 2^63-1 is reported whichever path the text takes', () => {
  // A 64-bit integer field of the schema, whatever its name.
  const field = ALL_FIELDS.find((f) => typeof f.schema.maximum === 'number' && f.schema.maximum >= 2 ** 53)!;
  assert.ok(field, 'the schema has a 64-bit integer field');
  const body = (n: string): string => documentWith(field, n);
  const huge = (text: string, parsed?: ParsedDocument): string[] =>
    analyze(text, { fileName: 'x.search.json' }, parsed)
      .findings.filter((f) => f.ruleId === 'invalid-value')
      .map((f) => f.message);
  for (const n of ['9223372036854775808', '12345678901234567890', '100000000000000000000']) {
    const strict = huge(body(n));
    const tree = huge(body(n), parseDocumentTree(body(n), { fileName: 'x.search.json' }));
    assert.equal(strict.length, 1, `${n}: ${JSON.stringify(strict)}`);
    assert.deepEqual(strict, tree, n);
  }
  assert.equal(parseDocument(body('922337203685477580'), {}).noLongNumbers, true, '18 digits');
  assert.equal(parseDocument(body('9223372036854775807'), {}).noLongNumbers, false, '19 digits');
  // Digits in strings are not numbers.
  assert.equal(parseDocument('{ "custom_domain": "a1234567890123456789.example.com" }', {}).noLongNumbers, true, 'digits in a string');
  assert.deepEqual(huge(body('9223372036854775807')), [], '2^63-1 itself is allowed');
});

/** JSONC from strict JSON: comments (some holding quotes, slashes and commas) and trailing commas between tokens. */
function withJsoncExtras(rng: Rng, text: string): string {
  const comments = ['/* c */', '// note\n', '/* "quoted", // and } */', '//, ]\r\n', '/*\n multi\n line */'];
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j;
      continue;
    }
    if ((c === '}' || c === ']') && rng.chance(0.5) && !/[[{]\s*$/.test(out)) out += rng.pick([',', ' , ', ',\n  // last\n']);
    out += c;
    if ('{[,:'.includes(c) && rng.chance(0.3)) out += ` ${rng.pick(comments)} `;
  }
  return rng.chance(0.5) ? `// header\n${out}\n/* footer */` : out;
}

test('JSONC with comments and trailing commas is read from a blanked copy, described exactly as by the parse tree', () => {
  const rng = new Rng(20261122);
  let fast = 0;
  for (const input of strictInputs()) {
    try {
      JSON.parse(input.text);
    } catch {
      continue;
    }
    const text = withJsoncExtras(rng.fork(fast), input.text);
    const doc = parseDocument(text, { fileName: 'x.search.jsonc' });
    // The strict reading builds its parse tree only when asked: `root` is a getter there (of its class).
    if (Object.getOwnPropertyDescriptor(Object.getPrototypeOf(doc), 'root')?.get) fast++;
    assertSameDocument(doc, parseDocumentTree(text, { fileName: 'x.search.jsonc' }), `${input.name} as JSONC`);
    assert.deepEqual(
      analyze(text, { fileName: 'x.search.jsonc' }).findings,
      analyze(text, { fileName: 'x.search.jsonc' }, parseDocumentTree(text, { fileName: 'x.search.jsonc' })).findings,
      `${input.name} as JSONC: findings`,
    );
  }
  assert.ok(fast > 200, `only ${fast} JSONC inputs took the blanked reading`);
  const tricky = [
    '[ , ]',
    '{ "a": , }',
    '[1, , ]',
    '[1 /* c */ , // d\n ]',
    '{ "a": 1 /* unclosed',
    '{ "a": 1, // c\r\n}',
    '{ "a": "// not a comment", "b": "/* nor this */", "c": "x\\"", }',
    '{ "a": "\\\\", /* , ] */ }',
    '/* only a comment */',
  ];
  for (const text of tricky)
    assertSameDocument(
      parseDocument(text, { fileName: 'x.search.jsonc' }),
      parseDocumentTree(text, { fileName: 'x.search.jsonc' }),
      JSON.stringify(text),
    );
  // Comments are syntax errors in .json files: those still take the parse tree, which reports them.
  const json = parseDocument('{ "a": 1 /* c */ }', { fileName: 'x.search.json' });
  assert.equal(json.syntaxErrors.length, 1);
});

test('fixes that remove, replace or append a member of strict JSON read that object or array only, not the parse tree of the document', () => {
  const patterns =
    '  "index_patterns": [\n    { "pattern": "logs-*", "max_index_count": 3 },\n    { "pattern": "audit-*", "max_index_count": 2 }\n  ],\n';
  const texts = [
    // Moved into the index_patterns there: the old member removed, an entry appended.
    `{\n  "search_version": "2.19",\n  "max_index_count": 12,\n${patterns}  "ip_filter": ["10.0.0.0/8"]\n}\n`,
    // No index_patterns yet: the member replaced by one.
    '{\n  "search_version": "2.19",\n  "max_index_count": 12,\n  "ip_filter": ["10.0.0.0/8"]\n}\n',
    // An unset deprecated flag: removed (a suggestion, never applied by --fix).
    `{\n  "search_version": "2.19",\n${patterns}  "disable_replication_factor_adjustment": null\n}\n`,
  ];
  for (const text of texts) {
    const doc = parseDocument(text, { fileName: 'x.search.json' });
    let treeAsked = 0;
    const nodeAt = doc.nodeAt.bind(doc);
    Object.defineProperty(doc, 'nodeAt', {
      value: (path: Segment[]) => {
        treeAsked++;
        return nodeAt(path);
      },
    });
    const root = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(doc), 'root')!.get!;
    Object.defineProperty(doc, 'root', {
      get: () => {
        treeAsked++;
        return root.call(doc);
      },
    });
    const fixes = analyze(text, { fileName: 'x.search.json' }, doc)
      .findings.filter((f) => f.ruleId === 'deprecated-field')
      .map((f) => f.fix ?? f.suggestions?.[0]);
    assert.equal(fixes.length, 1, text);
    assert.ok(fixes[0], `a fix: ${text}`);
    assert.equal(treeAsked, 0, `no parse tree for the fix of ${text}`);
    const tree = analyze(text, { fileName: 'x.search.json' }, parseDocumentTree(text, { fileName: 'x.search.json' }))
      .findings.filter((f) => f.ruleId === 'deprecated-field')
      .map((f) => f.fix ?? f.suggestions?.[0]);
    assert.deepEqual(fixes, tree, text);
  }
});
