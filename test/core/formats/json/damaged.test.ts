/**
 * What a JSON syntax error damages (server/src/core/formats/json/damaged.ts): which values the rules
 * must not judge, where the reading of a file becomes the parser's guess, and which errors are a
 * trailing comma. Each case is a small text with jsonc-parser's own errors, as the document reads it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { isUnclosedComment, markDamagedValues, readableUntil, trailingComma } from '../../../../server/src/core/formats/json/damaged';
import { UNKNOWN_VALUE } from '../../../../server/src/core';

/** The damaged paths and the value after marking, for `text` read as .json (or .jsonc). */
function damaged(text: string, jsonc = false): { paths: unknown[]; value: unknown } {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: jsonc, disallowComments: !jsonc });
  const value = JSON.parse(JSON.stringify(root ? nodeValue(root) : null));
  return { paths: markDamagedValues(root, text, errors, value), value };
}
// jsonc-parser's getNodeValue, kept local so the test reads the tree as the document does.
import { getNodeValue as nodeValue } from 'jsonc-parser';

const CASES: Array<[name: string, text: string, paths: unknown[]]> = [
  ['a bad escape damages its string', '{"a": {"b": "x\\q", "c": 1}}', [['a', 'b']]],
  ['a bad \\u escape damages its string', '{"a": "x\\u12"}', [['a']]],
  ['a raw tab damages its string', '{"a": "x\ty"}', [['a']]],
  ['an incomplete number damages the number', '{"a": 1e}', [['a']]],
  ['an unclosed string damages the string', '{"a": "open', [['a']]],
  ['a list item with a fault: the item', '{"a": [1, "x\\q", 3]}', [['a', 1]]],
  ['a word in a list damages the list', '{"a": [1 x]}', [['a']]],
  ['a missing comma in a list damages the list', '{"a": [1 2]}', [['a']]],
  ['a stray word among members damages the object', '{"o": {"a": 1, b, "c": 2}}', [['o']]],
  // A lost closing quote: the string runs on to the next quote and the word after it touches it.
  [
    'a stray word right after a string damages the string',
    '{"o": {"a": "x, "b": 1}}',
    [
      ['o', 'a'],
      ['o', ': 1}}'],
    ],
  ],
  ['a missing comma between members damages nothing', '{"a": 1 "b": 2}', []],
  ['a missing colon damages nothing', '{"a" 1}', []],
  ['a comment damages nothing', '{"a": 1 /* c */}', []],
  ['a comment in a list damages nothing', '{"a": [1, /* c */ 2]}', []],
  ['a missing comma in an object in a list damages neither', '{"l": [{"a": 1 "b": 2}]}', []],
  ['a word for a value inside an object damages the object', '{"o": {"a": x}}', [['o']]],
  ['a word among the top level members: the whole file is the guess, nothing to mark', '{"a": 1, x}', []],
  ['a trailing comma damages nothing', '{"a": [1, ], "b": {"c": 1, }}', []],
  ['an error at the top level: nothing to mark', '{"a": 1}}', []],
  ['no error: nothing', '{"a": [1, "x"]}', []],
];

for (const [name, text, paths] of CASES) {
  test(name, () => assert.deepEqual(damaged(text).paths, paths));
}

test('each damaged value is UNKNOWN_VALUE, the rest as written', () => {
  const { value } = damaged('{"a": {"b": "x\\q", "c": 1}, "l": [1, 2e, 3]}');
  assert.deepEqual(value, { a: { b: UNKNOWN_VALUE, c: 1 }, l: [1, UNKNOWN_VALUE, 3] });
});

test('a path through something that is not an object or a list is left alone', () => {
  const errors: ParseError[] = [];
  const text = '{"a": {"b": {"c": "x\\q"}}}';
  const root = parseTree(text, errors);
  for (const value of [{ a: 'flat' }, { a: null }, { a: { b: null } }, { a: { b: 'flat' } }, {}]) {
    const copy = JSON.parse(JSON.stringify(value));
    assert.deepEqual(markDamagedValues(root, text, errors, copy), [['a', 'b', 'c']]);
    assert.deepEqual(copy, value);
  }
});

test('trailingComma: the comma before a closing bracket, only for the errors that stand for one', () => {
  assert.equal(trailingComma('[1, ]', 'ValueExpected', 4), 2);
  assert.equal(trailingComma('{"a": 1,\n\t }', 'PropertyNameExpected', 11), 7);
  assert.equal(trailingComma(',]', 'ValueExpected', 1), 0);
  assert.equal(trailingComma('[1, ]', 'CommaExpected', 4), undefined);
  assert.equal(trailingComma('[1, x]', 'ValueExpected', 4), undefined);
  assert.equal(trailingComma('[1 ]', 'ValueExpected', 3), undefined);
  assert.equal(trailingComma(' ]', 'ValueExpected', 1), undefined);
});

test('isUnclosedComment: a block comment without its end', () => {
  assert.equal(isUnclosedComment('/* a */', 0, 7), false);
  assert.equal(isUnclosedComment('/**/', 0, 4), false);
  assert.equal(isUnclosedComment('/* a', 0, 4), true);
  assert.equal(isUnclosedComment('/*/', 0, 3), true);
  assert.equal(isUnclosedComment('// a', 0, 4), false);
});

/** The offset readableUntil gives for `text` read as .json. */
function until(text: string): number | undefined {
  const errors: ParseError[] = [];
  parseTree(text, errors, { disallowComments: true });
  return readableUntil(
    text,
    errors.map((e) => ({ offset: e.offset, length: e.length, code: printParseErrorCode(e.error) })),
  );
}

test('readableUntil: faults inside a token, comments and trailing commas are read past', () => {
  for (const text of [
    '{"a": "x\\q"}',
    '{"a": "x\\u12"}',
    '{"a": "x\ty"}',
    '{"a": 1e}',
    '{"a": 1 /* c */}',
    '{"a": 1 // c\n}',
    '{"a": [1, ]}',
  ])
    assert.equal(until(text), undefined, text);
});

test('readableUntil: any other error, and a comment never closed, is where the guessing starts', () => {
  assert.equal(until('{"a": 1 "b": 2}'), 8);
  assert.equal(until('{"a" 1}'), 5);
  assert.equal(until('{"a": "x\\q" "b" 1}'), 12);
  assert.equal(until('{"a": "open'), 6);
  assert.equal(until('{"a": 1 /* open'), 8);
});
