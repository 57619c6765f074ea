import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyEdits, fixAll, parseDocument } from '../../../server/src/core';
import { appendItemEdits, formattingOf, insertPropertyEdits, removeMemberEdits } from '../../../server/src/core/formats/json/edits';

const remove = (text: string, key: string): string => {
  const doc = parseDocument(text, { fileName: 'x.jsonc' });
  const prop = doc.nodeAt([key])!.parent!;
  return applyEdits(text, removeMemberEdits(text, prop));
};

test('removing a member keeps the JSON valid and the comments around it', () => {
  const cases: Array<[string, string, string]> = [
    ['{\n  "a": 1,\n  "b": 2,\n  "c": 3\n}\n', 'b', '{\n  "a": 1,\n  "c": 3\n}\n'],
    ['{\n  "a": 1,\n  "b": 2\n}\n', 'a', '{\n  "b": 2\n}\n'],
    ['{\n  "a": 1,\n  "b": 2\n}\n', 'b', '{\n  "a": 1\n}\n'],
    ['{\n  "a": 1\n}\n', 'a', '{\n}\n'],
    ['{ "a": 1, "b": 2, "c": 3 }', 'b', '{ "a": 1, "c": 3 }'],
    ['{ "a": 1, "b": 2 }', 'b', '{ "a": 1 }'],
    ['{\n  "a": 1, // about a\n  // about b\n  "b": 2\n}\n', 'b', '{\n  "a": 1 // about a\n  // about b\n}\n'],
    ['{\n  // keep me\n  "a": 1,\n  "b": 2\n}\n', 'a', '{\n  // keep me\n  "b": 2\n}\n'],
    ['{\n  "a": 1, // about a\n  "b": 2\n}\n', 'a', '{\n  // about a\n  "b": 2\n}\n'],
    ['{\r\n  "a": 1,\r\n  "b": 2\r\n}\r\n', 'b', '{\r\n  "a": 1\r\n}\r\n'],
    ['{\r\n  "a": 1,\r\n  "b": 2\r\n}\r\n', 'a', '{\r\n  "b": 2\r\n}\r\n'],
  ];
  for (const [text, key, expected] of cases) assert.equal(remove(text, key), expected, `removing ${key} from ${JSON.stringify(text)}`);
});

test('an added member follows the layout of its object', () => {
  const add = (text: string, path: string[], key: string, value: unknown): string => {
    const doc = parseDocument(text, { fileName: 'x.jsonc' });
    const node = path.length ? doc.nodeAt(path)! : doc.root!;
    return applyEdits(text, insertPropertyEdits(text, node, key, value));
  };
  assert.equal(
    add('{ "openid": { "client_id": "a" } }', ['openid'], 'client_secret', '<CLIENT_SECRET>'),
    '{ "openid": { "client_id": "a", "client_secret": "<CLIENT_SECRET>" } }',
  );
  assert.equal(add('{ "openid": {} }', ['openid'], 'client_id', '<CLIENT_ID>'), '{ "openid": { "client_id": "<CLIENT_ID>" } }');
  assert.equal(
    add('{\n\t"openid": {\n\t\t"client_id": "a"\n\t}\n}\n', ['openid'], 'client_secret', 'x'),
    '{\n\t"openid": {\n\t\t"client_id": "a",\n\t\t"client_secret": "x"\n\t}\n}\n',
  );
  assert.equal(
    add('{\r\n    "openid": {\r\n        "client_id": "a"\r\n    }\r\n}', ['openid'], 'client_secret', 'x'),
    '{\r\n    "openid": {\r\n        "client_id": "a",\r\n        "client_secret": "x"\r\n    }\r\n}',
  );
  assert.equal(
    add('{\r\n    "openid": {\r\n        "client_id": "a" // id\r\n    }\r\n}', ['openid'], 'client_secret', 'x'),
    '{\r\n    "openid": {\r\n        "client_id": "a", // id\r\n        "client_secret": "x"\r\n    }\r\n}',
  );
});

test('an appended array item follows the layout of the items already there', () => {
  const append = (text: string, item: unknown): string => {
    const doc = parseDocument(text, { fileName: 'x.jsonc' });
    return applyEdits(text, appendItemEdits(text, doc.nodeAt(['list'])!, item));
  };
  assert.equal(append('{ "list": [1, 2] }', 3), '{ "list": [1, 2, 3] }');
  assert.equal(append('{ "list": [] }', 3), '{ "list": [ 3 ] }');
  assert.equal(append('{\n  "list": []\n}', 3), '{\n  "list": [\n    3\n  ]\n}');
  assert.equal(append('{\n  "list": [\n    1 // one\n  ]\n}', 2), '{\n  "list": [\n    1, // one\n    2\n  ]\n}');
});

test('the document style is read from the document', () => {
  assert.deepEqual(formattingOf('{\n    "a": 1\n}'), { insertSpaces: true, tabSize: 4, eol: '\n' });
  assert.deepEqual(formattingOf('{\r\n\t"a": 1\r\n}'), { insertSpaces: false, tabSize: 1, eol: '\r\n' });
  assert.deepEqual(formattingOf('{ "a": 1 }'), { insertSpaces: true, tabSize: 2, eol: '\n' });
});

test('a key written with a typo and reported missing is renamed, not written a second time', () => {
  const text =
    '{\n  "openid": {\n    "client_id": "app",\n    "client_secret": "${OIDC_SECRET}",\n    "conect_url": "https://idp.example.com/.well-known/openid-configuration"\n  }\n}\n';
  const fixed = fixAll(text, { fileName: 'prod.search.json' }).text;
  assert.equal(fixed, text.replace('"conect_url"', '"connect_url"'));
});
