import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDocument } from '../../../server/src/core/formats/json/document';
import { analyze } from '../../../server/src/core/engine';
import { applyEdits } from '../../../server/src/core/fix';
import { ALL_FIELDS, fieldByName } from '../../../server/src/core/schema';
import { inlayText } from '../../../server/src/core/units';
import { isPlaceholder } from '../../../server/src/core/values';
import {
  complete,
  cursorContext,
  disableForLine,
  documentLinks,
  documentSymbols,
  foldingRanges,
  formatEdits,
  hoverAt,
  minimalEdit,
  selectionRanges,
  unitInlayHints,
} from '../../../server/src/core/editor';
import { renderValue, startingValue } from '../../../server/src/core/editor/templates';

const at = (marked: string) => ({ text: marked.replace('|', ''), offset: marked.indexOf('|') });

describe('cursor context in incomplete documents', () => {
  const cases: Array<
    [string, string, unknown[], Partial<{ typed: string; missingComma: boolean; colonFollows: boolean; existing: string[] }>]
  > = [
    ['{"search": {"ht|', 'key', ['search'], { typed: 'ht' }],
    ['{"search": {\n  "a": 1\n  "b|', 'key', ['search'], { typed: 'b', missingComma: true, existing: ['a'] }],
    ['{"search": {\n  "a": 1\n  |', 'key', ['search'], { missingComma: true }],
    ['{\n  sea|', 'key', [], { typed: 'sea' }],
    ['{"saml": |', 'value', ['saml'], {}],
    ['{"saml": {"enabled": t|', 'value', ['saml', 'enabled'], { typed: 't' }],
    ['{"a": 1, "se|": {}, "c": 3}', 'key', [], { typed: 'se', colonFollows: true, existing: ['a', 'c'] }],
    ['{"ip_filter": [{"network": "x"}, |', 'value', ['ip_filter', 1], {}],
    ['{"ip_filter": [{|', 'key', ['ip_filter', 0], {}],
    ['|', 'top', [], {}],
    ['{} |', 'none', [], {}],
    ['{ // x|\n}', 'none', [], {}],
    ['{ /* x| */ }', 'none', [], {}],
  ];
  for (const [marked, kind, path, extra] of cases) {
    it(JSON.stringify(marked), () => {
      const { text, offset } = at(marked);
      const c = cursorContext(text, offset);
      assert.equal(c.kind, kind);
      assert.deepEqual(c.path, path);
      if (extra.typed !== undefined) assert.equal(c.typed, extra.typed);
      if (extra.missingComma !== undefined) assert.equal(c.missingCommaAfter !== undefined, extra.missingComma);
      if (extra.colonFollows !== undefined) assert.equal(c.colonFollows, extra.colonFollows);
      if (extra.existing) assert.deepEqual([...c.existingKeys].sort(), extra.existing);
    });
  }

  it('never throws and stays in range on arbitrary offsets of hostile text', () => {
    const text = '{"a": [1, {"b": "\\u12", }, ]\u0000 "c": tru /* open\n "d" 😀: [[[[';
    for (let o = -2; o <= text.length + 2; o++) {
      const c = cursorContext(text, o);
      assert.ok(c.replace.offset >= 0 && c.replace.offset + c.replace.length <= text.length);
      const doc = parseDocument(text, { fileName: 'x.jsonc' });
      for (const item of complete(doc, o, { snippets: true })) assert.ok(item.replace.offset + item.replace.length <= text.length);
      hoverAt(doc, o);
      selectionRanges(doc, o);
    }
  });
});

describe('hostile documents', () => {
  it('100,000 levels of nesting: every editor feature answers without overflowing the stack', () => {
    const text = `{"a": 1, "b": ${'['.repeat(100000)}${']'.repeat(100000)}, "c": 2}`;
    const doc = parseDocument(text, { fileName: 'x.json' });
    for (const offset of [9, 50000, text.length - 3]) {
      complete(doc, offset, { snippets: true });
      hoverAt(doc, offset);
      selectionRanges(doc, offset);
    }
    documentSymbols(doc);
    foldingRanges(doc);
    unitInlayHints(doc);
    documentLinks(doc);
    assert.deepEqual(formatEdits(text, { tabSize: 2, insertSpaces: true }), []);
  });
});

describe('value templates come from the schema', () => {
  it('every field renders a value that parses as JSON and, with a default, equals it', () => {
    for (const f of ALL_FIELDS) {
      if (f.key === '[]') continue;
      const text = renderValue(f.schema, f.key, { snippet: false, indent: '', unit: '  ', eol: '\n' });
      const value = JSON.parse(text);
      if (f.schema.default !== undefined) assert.deepEqual(value, f.schema.default, f.dotted);
    }
  });

  it('secrets start as placeholders, never as an example value', () => {
    for (const f of ALL_FIELDS.filter((x) => x.schema.secret && x.schema.default === undefined)) {
      const start = startingValue(f.schema, f.key);
      assert.equal(start.kind, 'placeholder', f.dotted);
      // An example that is itself a placeholder (`<SMTP_PASSWORD>`) is no value to keep out.
      for (const ex of f.schema.examples ?? []) if (!isPlaceholder(ex)) assert.notEqual(start.value, ex);
    }
  });

  it('snippet placeholders escape $ and }', () => {
    const text = renderValue({ type: 'string', default: 'a$b}c' }, 'k', { snippet: true, indent: '', unit: '  ', eol: '\n' });
    assert.equal(text, '"${1:a\\$b\\}c}"');
  });
});

describe('pure editor features', () => {
  it('completion inside array items offers the item fields', () => {
    const { text, offset } = at('{ "index_patterns": [ { "pattern": "x", | } ] }');
    const labels = complete(parseDocument(text), offset, { snippets: false }).map((c) => c.label);
    const expected = Object.keys(fieldByName('index_patterns[]')!.schema.properties!).filter((k) => k !== 'pattern');
    assert.deepEqual(labels.sort(), expected.sort());
  });

  it('deprecated enum values are tagged and sorted after the others', () => {
    const field = ALL_FIELDS.find((f) => f.schema.deprecatedValues?.length && f.schema.enum && f.path.length === 1)!;
    assert.ok(field, 'the schema has deprecated values');
    const text = `{ ${JSON.stringify(field.key)}: | }`;
    const { text: t, offset } = at(text);
    const items = complete(parseDocument(t), offset, { snippets: false }).filter((c) => c.kind === 'enum');
    const deprecated = new Set(field.schema.deprecatedValues!.map((v) => JSON.stringify(v)));
    for (const item of items) assert.equal(!!item.deprecated, deprecated.has(item.label), item.label);
    const sorted = [...items].sort((a, b) => a.sortText.localeCompare(b.sortText));
    assert.ok(
      sorted.slice(-deprecated.size).every((i) => i.deprecated),
      sorted.map((i) => i.label).join(', '),
    );
  });

  it('a value completed right after the colon gets the usual space', () => {
    const { text, offset } = at('{ "service_log":| }');
    const item = complete(parseDocument(text), offset, { snippets: false }).find((c) => c.label === 'true')!;
    assert.equal(
      applyEdits(text, [{ offset: item.replace.offset, length: item.replace.length, newText: item.insertText }]),
      '{ "service_log": true }',
    );
  });

  it('hover converts the current value with the field unit and names the engine setting when there is one', () => {
    const f = ALL_FIELDS.find((x) => x.schema.unit === 'ms' && x.path.length === 2 && !x.path.includes('[]'))!;
    const text = JSON.stringify({ [f.path[0]]: { [f.path[1]]: 90000 } });
    const h = hoverAt(parseDocument(text), text.indexOf('90000') + 1)!;
    if (f.schema.engineSetting) assert.ok(h.markdown.includes(f.schema.engineSetting));
    assert.ok(h.markdown.includes(inlayText(90000, 'ms')!.slice(2)), h.markdown);
  });

  it('inlay hints sit right after each number with a unit, within the requested range, and stop when cancelled', () => {
    const text = '{"search": {"http_max_content_length": 2097152, "http_max_header_size": 16384}}';
    const doc = parseDocument(text);
    const hints = unitInlayHints(doc);
    assert.deepEqual(
      hints.map((h) => text.slice(h.offset - 7, h.offset)),
      ['2097152', ': 16384'],
    );
    assert.equal(unitInlayHints(doc, 0, text.indexOf('2097152') + 7).length, 1);
    assert.equal(unitInlayHints(doc, 0, text.length, () => true).length <= 2, true);
  });

  it('"disable for this line" adds to an existing directive instead of stacking another', () => {
    const text = '{\n  // search-config-disable-next-line unknown-field\n  "search_version": 2\n}\n';
    const doc = parseDocument(text, { fileName: 'a.jsonc' });
    const finding = analyze(text, { fileName: 'a.jsonc' }).findings.find((f) => f.ruleId === 'type-mismatch')!;
    assert.ok(finding);
    const action = disableForLine(doc, finding)!;
    assert.equal(
      applyEdits(text, action.edits),
      '{\n  // search-config-disable-next-line unknown-field, type-mismatch\n  "search_version": 2\n}\n',
    );
    assert.equal(disableForLine(parseDocument(text, { fileName: 'a.json' }), finding), undefined);
  });

  it('formatting keeps CRLF line endings and comments', () => {
    const text = '{\r\n// c\r\n"a": 1}';
    const out = applyEdits(text, formatEdits(text, { tabSize: 2, insertSpaces: true }));
    assert.equal(out, '{\r\n  // c\r\n  "a": 1\r\n}');
  });

  it('minimalEdit spans only the difference and round-trips', () => {
    for (const [a, b] of [
      ['abcdef', 'abXYef'],
      ['', 'x'],
      ['same', 'same'],
      ['a\r\nb', 'a\r\nc'],
      ['😀x', '😀y'],
    ]) {
      const e = minimalEdit(a, b);
      assert.equal(applyEdits(a, [e]), b);
    }
  });

  it('outline masks secrets and values of unknown keys; folding covers multi-line comments; links only for URL fields', () => {
    const text =
      '{\n  "openid": {\n    "client_secret": "canary-secret",\n    "connect_url": "https://idp.example.org/.well-known/openid-configuration"\n  },\n  /* a\n     b */\n  "mystery": "canary-unknown"\n}';
    const doc = parseDocument(text, { fileName: 'x.jsonc' });
    const outline = JSON.stringify(documentSymbols(doc));
    assert.ok(!outline.includes('canary'), outline);
    assert.ok(foldingRanges(doc).some((f) => f.kind === 'comment' && f.startLine === 5 && f.endLine === 6));
    const links = documentLinks(doc);
    assert.equal(links.length, 1);
    assert.equal(
      text.slice(links[0].range.offset, links[0].range.offset + links[0].range.length),
      'https://idp.example.org/.well-known/openid-configuration',
    );
  });
});
