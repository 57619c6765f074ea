import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze } from '../server/src/core';
import { parseDocument } from '../server/src/core/document';

// Bugs found by fuzzing the analyzer, each kept as a test of its own.

const inside = (text: string, offset: number, length: number): boolean => offset >= 0 && length >= 0 && offset + length <= text.length;

test('syntax errors at the end of the text (unclosed comment, missing brace) lie inside the document', () => {
  for (const [text, fileName] of [['{ "a": 1 /* open', 'x.json'], ['{ "a": 1 /* open', 'x.jsonc'], ['{ "a": [1', 'x.json'], ['{', 'x.json'], ['{ "saml": {\r\n', 'x.json']] as const) {
    const { findings } = analyze(text, { fileName });
    assert.ok(findings.length > 0, `${JSON.stringify(text)} is reported`);
    for (const f of findings) assert.ok(inside(text, f.offset, f.length), `${f.ruleId} ${f.offset}+${f.length} inside ${text.length} chars of ${JSON.stringify(text)}`);
    for (const e of parseDocument(text, { fileName }).syntaxErrors) assert.ok(inside(text, e.offset, e.length), `${e.code} ${e.offset}+${e.length}`);
  }
});

test('an object left open by an unclosed comment ends inside the document, and findings on it too', () => {
  const text = '{ "search_dashboards": { "max_old_space_size": { /* open\r\n';
  const doc = parseDocument(text, { fileName: 'x.jsonc' });
  const stack = doc.root ? [doc.root] : [];
  while (stack.length) {
    const n = stack.pop()!;
    assert.ok(inside(text, n.offset, n.length), `${n.type} node ${n.offset}+${n.length} inside ${text.length} chars`);
    stack.push(...(n.children ?? []));
  }
  for (const f of analyze(text, { fileName: 'x.jsonc' }).findings) assert.ok(inside(text, f.offset, f.length), `${f.ruleId} ${f.offset}+${f.length}`);
});
