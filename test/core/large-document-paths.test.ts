import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hostPortLooksValid, hostPortProblemOf } from '../../server/src/core/value-formats';
import { LineIndex } from '../../server/src/core/lines';
import { fieldByName, rootSchema, schemaAt, type SchemaNode } from '../../server/src/core/schema';
import { suggestKey } from '../../server/src/core/suggest';
import { plainFieldMeant } from '../../server/src/core/sensitive';
import { parseDocument } from '../../server/src/core/formats/json/document';
import { secretTextsOf } from '../../server/src/cli/formatters/json';
import { eachKnownField, knownFields, knownFieldsWhere } from '../../server/src/core/walk';
import { isPlaceholder, SECRET_PLACEHOLDER } from '../../server/src/core/values';
import { analyze, schemaErrorsOf } from '../../server/src/core/engine';
import type { Segment } from '../../server/src/core/types';
import { loadCorpus } from '../fuzz/corpus';
import { generateConfig } from '../fuzz/generate';
import { Rng } from '../fuzz/rng';

/**
 * The shortcuts taken for large documents (a walk that skips what a question cannot find,
 * character-level format checks, a typed line index) must answer as the general code does.
 */

const values = (): unknown[] => {
  const rng = new Rng(20261122);
  const texts = [...loadCorpus().map((s) => s.text), ...Array.from({ length: 200 }, (_, i) => generateConfig(rng.fork(i)).text)];
  return texts.flatMap((t) => {
    try {
      return [JSON.parse(t)];
    } catch {
      return [];
    }
  });
};

/** The walk of known fields in its plainest form: every described value, parents first. */
function referenceWalk(value: unknown): Array<[Segment[], unknown, SchemaNode]> {
  const out: Array<[Segment[], unknown, SchemaNode]> = [];
  const stack: Array<[Segment[], unknown, SchemaNode]> = [[[], value, rootSchema]];
  while (stack.length) {
    const [path, v, schema] = stack.pop()!;
    if (path.length) out.push([path, v, schema]);
    const children: Array<[Segment[], unknown, SchemaNode]> = [];
    if (Array.isArray(v) && schema.items) v.forEach((item, i) => children.push([[...path, i], item, schema.items!]));
    else if (v !== null && typeof v === 'object' && !Array.isArray(v) && schema.properties) {
      for (const k of Object.keys(v))
        if (Object.prototype.hasOwnProperty.call(schema.properties, k))
          children.push([[...path, k], (v as Record<string, unknown>)[k], schema.properties[k]]);
    }
    stack.push(...children.reverse());
  }
  return out;
}

test('knownFieldsWhere finds exactly the known fields that pass its question, in document order', () => {
  const questions: Array<(s: SchemaNode) => boolean> = [
    (s) => s.valueFormat === 'cidr',
    (s) => !!s.unit,
    (s) => !!s.secret,
    (s) => !!s.vendorOnly,
    (s) => s.type === 'object',
    (s) => !!s.items,
    (s) => !!s.deprecated || !!s.requires,
    () => false,
    (s) => s === rootSchema.properties?.search,
  ];
  // The same questions again as other functions, so that sharing them starts afresh.
  const sharedQuestions = new Map(questions.map((q) => [q, (s: SchemaNode) => q(s)]));
  let compared = 0;
  for (const value of values()) {
    const all = knownFields(value);
    assert.deepEqual(
      all.map((v) => [v.path, v.value, v.schema]),
      referenceWalk(value),
    );
    for (const where of questions) {
      const expected = all.filter((v) => where(v.schema)).map((v) => [v.path, v.value, v.schema]);
      const found = knownFieldsWhere(value, where).map((v) => [v.path, v.value, v.schema]);
      assert.deepEqual(found, expected);
      const streamed: unknown[] = [];
      eachKnownField(structuredClone(value), where, (v) => streamed.push([v.path, v.value, v.schema]));
      assert.deepEqual(streamed, expected);
      // Shared: the first value is streamed, later ones are answered by the shared walk.
      const shared: unknown[] = [];
      eachKnownField(structuredClone(value), sharedQuestions.get(where)!, (v) => shared.push([v.path, v.value, v.schema]), true);
      assert.deepEqual(shared, expected);
      compared += expected.length;
    }
  }
  assert.ok(compared > 1000, `only ${compared} fields were compared`);
});

test('host:port values taken by the fast path are valid for the general check', () => {
  const rng = new Rng(7);
  const labelPieces = ['search', 'example', 'com', 'a', '-', '1', '10', '255', '256', '', 'x'.repeat(63), 'y'.repeat(64), '_', 'É', ' '];
  const ports = ['9200', '0', '1', '65535', '65536', '00080', '', '123456', 'x', ':1'];
  let fast = 0;
  for (let i = 0; i < 30_000; i++) {
    const r = rng.fork(i);
    const labels = Array.from({ length: r.int(1, 4) }, () => Array.from({ length: r.int(1, 2) }, () => r.pick(labelPieces)).join(''));
    const value = `${r.chance(0.1) ? 'http://' : ''}${labels.join('.')}${r.chance(0.1) ? '.' : ''}${r.chance(0.95) ? ':' : ''}${r.pick(ports)}`;
    if (!hostPortLooksValid(value)) continue;
    fast++;
    assert.equal(hostPortProblemOf(value), undefined, JSON.stringify(value));
  }
  for (const value of ['search.example.com:9200', 'a.b.:1', 'node-1.internal:65535', 'x:1', '1-2:80', `${'a'.repeat(63)}.b:1`])
    assert.ok(hostPortLooksValid(value), value);
  for (const value of [
    '1.2.3.4:9200',
    'a..b:1',
    '-a.b:1',
    'a-.b:1',
    'a.b:0',
    'a.b:65536',
    'a.b:',
    ':1',
    'a b:1',
    'a.b.:',
    'a.b..:1',
    'a:1:2',
    '.a:1',
    `${'a'.repeat(64)}.b:1`,
  ])
    assert.ok(!hostPortLooksValid(value), value);
  assert.ok(fast > 1000, `only ${fast} values took the fast path`);
});

test('a placeholder is recognised by its first character before the regular expression runs', () => {
  const rng = new Rng(11);
  const pieces = ['<', '>', '$', '{', '}', '{{', '}}', '((', '))', '(', ')', 'CLIENT_SECRET', 'env', ' ', '.', '-', '_', 'a1'];
  for (let i = 0; i < 20_000; i++) {
    const r = rng.fork(i);
    const value = Array.from({ length: r.int(0, 6) }, () => r.pick(pieces)).join('');
    assert.equal(isPlaceholder(value), SECRET_PLACEHOLDER.test(value), JSON.stringify(value));
  }
});

test('the line index places every offset as a plain count of line breaks does', () => {
  const rng = new Rng(3);
  for (let n = 0; n < 200; n++) {
    const r = rng.fork(n);
    const text = Array.from({ length: r.int(0, 400) }, () => r.pick(['a', 'b', ' ', '\n', '\r\n', '\r', '"'])).join('');
    const index = new LineIndex(text);
    let line = 0,
      start = 0;
    for (let offset = 0; offset <= text.length; offset++) {
      assert.deepEqual(index.positionAt(offset), { line, character: offset - start });
      assert.equal(index.offsetAt({ line, character: offset - start }), offset);
      const c = text[offset];
      if (c === '\n' || (c === '\r' && text[offset + 1] !== '\n')) {
        line++;
        start = offset + 1;
      }
    }
    assert.equal(index.lineCount, line + 1);
  }
});

test('string lengths are counted in code points, as the schema validator always did', () => {
  // custom_domain allows 255 characters; an emoji is two UTF-16 units but one code point.
  const emoji = '\u{1F600}';
  const lengthErrors = (domain: string) => schemaErrorsOf({ custom_domain: domain }).filter((e) => e.keyword === 'maxLength').length;
  assert.equal(lengthErrors(emoji.repeat(255)), 0);
  assert.equal(lengthErrors(emoji.repeat(256)), 1);
  assert.equal(lengthErrors('a'.repeat(255)), 0);
  assert.equal(lengthErrors('a'.repeat(256)), 1);
  // openid.client_id needs at least one character.
  const tooShort = (id: string) =>
    schemaErrorsOf({ openid: { client_id: id, client_secret: '<S>', connect_url: 'https://a.example.com' } }).filter(
      (e) => e.keyword === 'minLength',
    ).length;
  assert.equal(tooShort(''), 1);
  assert.equal(tooShort(emoji), 0);
});

/**
 * Possible secrets worked out in the plainest way: a path per value, its schema looked up. A number
 * is as JavaScript prints it; when one of them is past 2^53 (whose double prints other digits than
 * those written), every number is its text as written. A key of a closed object that names a field
 * of another object exactly (the one clear suggestion, at the wrong level or an engine setting's
 * name) is read as that field: its schema path goes on from there; so is a key that surely names a
 * field holding no secret (the vendor's product name, or the same name in other case or separators).
 */
function referenceSecrets(doc: ReturnType<typeof parseDocument>): string[] {
  const printed = referenceSecretsAs(doc, false);
  return printed.inexact ? referenceSecretsAs(doc, true).out : printed.out;
}
function referenceSecretsAs(doc: ReturnType<typeof parseDocument>, asWritten: boolean): { out: string[]; inexact: boolean } {
  let inexact = false;
  const out: string[] = [];
  const stack: Array<{ value: unknown; path: Segment[]; schemaPath: Segment[]; unknown: boolean }> = [
    { value: doc.value, path: [], schemaPath: [], unknown: false },
  ];
  const movedTo = (schemaPath: Segment[], key: string): Segment[] | undefined => {
    if (schemaAt(schemaPath)?.additionalProperties !== false) return undefined;
    const { list, clear } = suggestKey(schemaPath, key);
    if (!clear || !list[0].moves || !['wrong-level', 'engine-setting'].includes(list[0].reason)) return undefined;
    return fieldByName(list[0].field)?.path.map((s) => (s === '[]' ? 0 : s));
  };
  const meant = (path: Segment[], key: string): Segment[] | undefined => {
    if (!plainFieldMeant(path, key)) return undefined;
    return fieldByName(suggestKey(path, key).list[0].field)?.path.map((s) => (s === '[]' ? 0 : s));
  };
  const written = (path: Segment[]): string => {
    const at = doc.rangeAt(path)!;
    return doc.text.slice(at.offset, at.offset + at.length);
  };
  while (stack.length) {
    const { value: v, path, schemaPath, unknown } = stack.pop()!;
    if (typeof v === 'string' || typeof v === 'number') {
      if ((unknown || schemaAt(schemaPath)?.secret) && !isPlaceholder(v)) {
        if (typeof v === 'number' && !Number.isSafeInteger(v)) inexact = true;
        out.push(typeof v === 'string' ? JSON.stringify(v).slice(1, -1) : asWritten ? written(path) : String(v));
      }
    } else if (Array.isArray(v))
      v.forEach((item, i) => stack.push({ value: item, path: [...path, i], schemaPath: [...schemaPath, i], unknown }));
    else if (v && typeof v === 'object')
      for (const [k, item] of Object.entries(v)) {
        const own = [...schemaPath, k];
        const sp = unknown || schemaAt(own) !== undefined ? own : (movedTo(schemaPath, k) ?? meant(path, k) ?? own);
        stack.push({ value: item, path: [...path, k], schemaPath: sp, unknown: unknown || schemaAt(sp) === undefined });
      }
  }
  return { out: out.filter((t) => t.length >= 3), inexact };
}

test('the JSON report finds the same possible secrets as a plain walk of every value', () => {
  const rng = new Rng(5);
  const texts = [...loadCorpus().map((s) => s.text), ...Array.from({ length: 200 }, (_, i) => generateConfig(rng.fork(i)).text)];
  let compared = 0;
  for (const text of texts) {
    const doc = parseDocument(text, { fileName: 'x.search.json' });
    if (doc.noDuplicateKeys !== true || text.includes('\\u')) continue;
    assert.deepEqual([...secretTextsOf(doc)].sort(), referenceSecrets(doc).sort());
    compared++;
  }
  assert.ok(compared > 100, `only ${compared} documents were compared`);
});

test('line starts collected while reading strict JSON are those of a fresh line index', () => {
  const rng = new Rng(13);
  const texts = [...loadCorpus().map((s) => s.text), ...Array.from({ length: 100 }, (_, i) => generateConfig(rng.fork(i)).text)];
  let compared = 0;
  for (const base of texts) {
    for (const text of [base, base.replace(/\n/g, '\r\n'), base.replace(/\n/g, '\r'), `\uFEFF${base}`]) {
      const doc = parseDocument(text, { fileName: 'x.search.json' });
      const fresh = new LineIndex(doc.text);
      assert.equal(doc.lines.lineCount, fresh.lineCount);
      for (let offset = 0; offset <= doc.text.length; offset += 5) assert.deepEqual(doc.lines.positionAt(offset), fresh.positionAt(offset));
      compared++;
    }
  }
  assert.ok(compared > 300, `only ${compared} texts were compared`);
});

test('an open ip_filter entry is found however its text is escaped', () => {
  for (const entry of [
    '"0.0.0.0/0"',
    '"0.0.0.0\\/0"',
    '"0.0.0.0\\u002f0"',
    '"0.0.0.0/\\u0030"',
    '"::/00"',
    '"::/000"',
    '{ "network": "0.0.0.0/0" }',
  ]) {
    const text = `{ "public_access": { "search": true }, "ip_filter": ["10.0.0.0/8", ${entry}] }`;
    const open = analyze(text, { fileName: 'x.search.json' }).findings.filter((f) => f.ruleId === 'ip-filter-open');
    assert.equal(open.length, 1, entry);
  }
});
