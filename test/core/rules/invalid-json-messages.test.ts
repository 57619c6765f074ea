/**
 * What `invalid-json` says for each kind of syntax error, and where: one small file per line of the
 * table, the whole finding (column and message) compared. What the parser stumbled on is named by
 * its kind, and quoted only when it is punctuation, a literal or one of the schema's own keys: any
 * other text may be a secret whose quotes are broken. The fixtures in test/fixtures/rules/invalid-json
 * show these findings in whole files, beside the other rules.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyze } from '../../../server/src/core';
import { terraformJsonSyntaxMessage } from '../../../server/src/core/rules/invalid-json';

const syntax = (text: string, fileName = 'c.json'): string[] =>
  analyze(text, { fileName })
    .findings.filter((f) => f.ruleId === 'invalid-json')
    .map((f) => `${f.range.start.character}: ${f.message}`);

const CASES: Array<[text: string, finding: string]> = [
  ['{"a" 1}', '5: Syntax error: A colon is expected after the property name. (found a number)'],
  ['{"a" 10}', '5: Syntax error: A colon is expected after the property name. (found a number)'],
  ['{"a" -12.50}', '5: Syntax error: A colon is expected after the property name. (found a number)'],
  ['{"a" 1e10}', '5: Syntax error: A colon is expected after the property name. (found a number)'],
  ['{"a" 1e+10}', '5: Syntax error: A colon is expected after the property name. (found a number)'],
  ['{"a" 25E-10}', '5: Syntax error: A colon is expected after the property name. (found a number)'],
  ['{"a": x1}', '6: Syntax error: This is not valid JSON. (found a word that is not JSON)'],
  ['{"a": \'x}', '6: Syntax error: This is not valid JSON. (found a string in single quotes, which JSON does not have: use double quotes)'],
  ['{"a": [1 2]}', '9: Syntax error: A comma is expected between the members. (found a number)'],
  ['{"a": 1 "b": 2}', '8: Syntax error: A comma is expected between the members. (found a string)'],
  ['{"a": -}', '6: Syntax error: This is not valid JSON. (found an invalid number)'],
  ['{"a": +1}', '6: Syntax error: This is not valid JSON. (found an invalid number)'],
  ['{"a": 1.}', '6: Syntax error: The number is incomplete. (found an invalid number)'],
  ['{"a": tru}', '6: Syntax error: This is not valid JSON. (found a word that is not JSON)'],
  ['{"a": x}', '6: Syntax error: This is not valid JSON. (found a character that is not JSON)'],
  ["{'a': 1}", '1: Syntax error: This is not valid JSON. (found a string in single quotes, which JSON does not have: use double quotes)'],
  ['{"static_ips" true}', '14: Syntax error: A colon is expected after the property name. (found "true")'],
  ['{"static_ips" false}', '14: Syntax error: A colon is expected after the property name. (found "false")'],
  ['{"static_ips" null}', '14: Syntax error: A colon is expected after the property name. (found "null")'],
  ['{"static_ips": true "custom_domain": "a"}', '20: Syntax error: A comma is expected between the members. (found "\\"custom_domain\\"")'],
  ['{"a": 1} "secret"', '9: Syntax error: Nothing may follow the configuration object. (found a string)'],
  ['{"a": 1}}', '8: Syntax error: Nothing may follow the configuration object. (found "}")'],
  ['{"a": 1}  ::', '10: Syntax error: Nothing may follow the configuration object. (found ":")'],
  ['{"a": 1, , "b": 2}', '9: Syntax error: A property name in double quotes is expected here. (found ",")'],
  ['{"a": "x\\u12"}', '6: Syntax error: This \\u escape is not valid. (found a string)'],
  ['{"a": "b\tc"}', '6: Syntax error: This character is not allowed in a JSON string: escape it. (found a string)'],
  ['{"a": "open', '6: Syntax error: The string is not closed. (found an unclosed string)'],
];

for (const [text, finding] of CASES) {
  test(`invalid-json on ${JSON.stringify(text)}`, () => {
    assert.deepEqual(syntax(text).slice(0, 1), [finding]);
  });
}

test('a string the parser stumbled on is quoted only when it is a key of the schema, escapes and all', () => {
  assert.deepEqual(syntax('{"a": 1 "static_ips": true}'), [
    '8: Syntax error: A comma is expected between the members. (found "\\"static_ips\\"")',
  ]);
  // A string with an escape is read before it is looked up: "static\u005fips" is the key static_ips.
  assert.deepEqual(syntax('{"a": 1 "static\\u005fips": true}'), [
    '8: Syntax error: A comma is expected between the members. (found "\\"static\\\\u005fips\\"")',
  ]);
  assert.deepEqual(syntax('{"a": 1 "hunter2": true}'), ['8: Syntax error: A comma is expected between the members. (found a string)']);
});

test('a comment in a .json file: the message names it and its suggestion removes it; in .jsonc it is allowed', () => {
  const text = '{\n  // a note\n  "static_ips": true\n}\n';
  const [f] = analyze(text, { fileName: 'c.json' }).findings;
  assert.equal(f.ruleId, 'invalid-json');
  assert.match(f.message, /^Syntax error: Comments are not allowed in a \.json file/);
  assert.deepEqual(
    f.suggestions?.map((s) => [
      s.title,
      s.edits.map((e) => text.slice(e.offset, e.offset + e.length) + ' => ' + JSON.stringify(e.newText)),
    ]),
    [['Remove the comment', ['// a note => ""']]],
  );
  assert.deepEqual(syntax(text, 'c.jsonc'), []);
});

test('a comment never closed: named once in .json and in .jsonc, without a suggestion that would remove the rest of the file', () => {
  const text = '{"a": 1 /* open\n}\n';
  assert.deepEqual(syntax(text), [
    '8: Syntax error: The comment is not closed. Comments are not allowed in a .json file: the API accepts plain JSON. Remove the comment, or rename the file to .jsonc if it is only a source that is converted before submission.',
  ]);
  assert.equal(analyze(text, { fileName: 'c.json' }).findings.find((f) => f.ruleId === 'invalid-json')?.suggestions, undefined);
  assert.deepEqual(syntax(text, 'c.jsonc'), ['8: Syntax error: The comment is not closed.']);
});

test('trailing commas: each reported once at the comma, with its fix, before a structural error too', () => {
  const text = '{"a": [1, 2, ], "b": {"c": 1, }, "d" 1}';
  assert.deepEqual(syntax(text), [
    '11: Trailing commas are not allowed in a .json file: the API accepts plain JSON. Remove the comma (or rename the file to .jsonc).',
    '28: Trailing commas are not allowed in a .json file: the API accepts plain JSON. Remove the comma (or rename the file to .jsonc).',
    '37: Syntax error: A colon is expected after the property name. (found a number)',
  ]);
});

test('the findings of other rules stand before the first structural error and not after it', () => {
  const text = '{\n  "static_ips": "yes",\n  "custom_domain" 1,\n  "search_version": 7\n}\n';
  const found = analyze(text, { fileName: 'c.json' }).findings.map((f) => `${f.range.start.line} ${f.ruleId}`);
  assert.deepEqual(found, ['1 type-mismatch', '2 invalid-json']);
});

test('every finding is about the file, not a field: its path is the root ("")', () => {
  for (const [text, fileName] of [
    ['', 'c.json'],
    ['[1]', 'c.json'],
    ['{"a": [1, ]}', 'c.json'],
    ['{"a" 1}', 'c.json'],
  ]) {
    const found = analyze(text, { fileName }).findings.filter((f) => f.ruleId === 'invalid-json');
    assert.ok(found.length, text);
    for (const f of found) assert.equal(f.path, '', text);
  }
});

test("a file nested deeper than the limit is input-limit's, not a JSON value of the wrong type", () => {
  const text = '['.repeat(300) + ']'.repeat(300);
  assert.deepEqual(syntax(text), []);
  assert.ok(analyze(text, { fileName: 'c.json' }).findings.some((f) => f.ruleId === 'input-limit'));
});

test('a file that is a JSON value but not an object: named by its type, only without syntax errors', () => {
  assert.deepEqual(syntax('[1, 2]'), [
    '0: The configuration must be a JSON object, but the file holds an array. Wrap the settings in { }.',
  ]);
  assert.deepEqual(syntax('"a"'), ['0: The configuration must be a JSON object, but the file holds a string. Wrap the settings in { }.']);
  assert.deepEqual(syntax('[1, 2'), ['5: Syntax error: A closing bracket ] is expected.']);
});

test("the messages of Terraform's JSON syntax: a comment, any other error, a code without an explanation", () => {
  const end = ' Terraform reads nothing of a file it cannot parse; fix the syntax (terraform validate shows it too).';
  assert.equal(
    terraformJsonSyntaxMessage('InvalidCommentToken'),
    'Syntax error in the Terraform JSON file: Comments are not allowed in Terraform\'s JSON syntax; write a "//" property instead.' + end,
  );
  assert.equal(
    terraformJsonSyntaxMessage('CommaExpected'),
    'Syntax error in the Terraform JSON file: A comma is expected between the members.' + end,
  );
  assert.equal(terraformJsonSyntaxMessage('SomeNewCode'), 'Syntax error in the Terraform JSON file: SomeNewCode' + end);
});
