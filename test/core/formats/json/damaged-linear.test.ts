/**
 * A JSON file with a syntax error in each of many members. Each error is placed in the parse tree
 * (which value it damaged, see server/src/core/formats/json/damaged.ts); placing it by walking a
 * level's members one by one made the whole file's time grow with the square of its errors (40,000
 * members: 18.7 s). The CPU times of x1, x4 and x16 the members are compared (test/support/growth.ts).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyze } from '../../../../server/src/core';
import { assertLinear } from '../../../support/growth';

const object = (n: number, member: (i: number) => string): string =>
  `{\n${Array.from({ length: n }, (_, i) => member(i)).join(',\n')}\n}\n`;

test('a word that is not JSON in each of many lists: time grows linearly', () => {
  const text = object(3, (i) => `"k${i}": [x]`);
  assert.ok(
    analyze(text, { fileName: 'c.json' }).findings.some((d) => d.ruleId === 'invalid-json'),
    'the input holds syntax errors',
  );
  assertLinear('lists with a stray word', (k, s) => {
    const t = object(500 * k * s, (i) => `"k${i}": [x]`);
    return () => analyze(t, { fileName: 'c.json' });
  });
});

test('a bad escape and a trailing comma (allowed in .jsonc) in each of many objects, all read past: time grows linearly', () => {
  const member = (i: number): string => `"k${i}": { "v": "a\\q", "n": 1, }`;
  const found = analyze(object(3, member), { fileName: 'c.jsonc' }).findings.filter((d) => d.ruleId === 'invalid-json');
  assert.equal(found.length, 3, 'each bad escape is reported');
  assertLinear('objects with a bad escape and a trailing comma', (k, s) => {
    const t = object(300 * k * s, member);
    return () => analyze(t, { fileName: 'c.jsonc' });
  });
});
