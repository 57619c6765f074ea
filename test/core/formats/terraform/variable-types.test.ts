import { test } from 'node:test';
import assert from 'node:assert/strict';
import { convertToType, declaresScalar, parseTypeConstraint } from '../../../../server/src/core/formats/terraform/variable-types';

// A variable's declared type converts its value as Terraform does; a type expression this reader
// does not know leaves the value as written (never a guess).

test('type expressions Terraform writes are read, others are not', () => {
  assert.deepEqual(parseTypeConstraint('string'), { kind: 'string' });
  assert.deepEqual(parseTypeConstraint(' list( number ) # ids'), { kind: 'list', of: { kind: 'number' } });
  assert.deepEqual(parseTypeConstraint('map(bool)'), { kind: 'map', of: { kind: 'bool' } });
  assert.deepEqual(parseTypeConstraint('tuple([string, number])'), { kind: 'tuple', items: [{ kind: 'string' }, { kind: 'number' }] });
  assert.deepEqual(parseTypeConstraint('object({\n  size = optional(number)\n  "name": string,\n})'), {
    kind: 'object',
    attributes: new Map([
      ['size', { kind: 'number' }],
      ['name', { kind: 'string' }],
    ]),
  });
  for (const unread of [
    '',
    'strin',
    'list(string',
    'list(string))',
    'object({ size = optional(number, 4) })',
    'map(string) extra',
    'list(@)',
  ])
    assert.equal(parseTypeConstraint(unread), undefined, unread);
});

test('a type nested at the limit is read, one level deeper is not (and deep nesting costs no recursion)', () => {
  const nested = (n: number): string => 'list('.repeat(n) + 'string' + ')'.repeat(n);
  assert.ok(parseTypeConstraint(nested(16)));
  assert.equal(parseTypeConstraint(nested(17)), undefined);
  assert.equal(parseTypeConstraint(nested(100_000)), undefined);
});

test('values are converted to the declared type as Terraform converts them', () => {
  assert.equal(convertToType(2, { kind: 'string' }), '2');
  assert.equal(convertToType(170086824411201793, { kind: 'string' }, '170086824411201793'), '170086824411201793');
  assert.equal(convertToType(1e21, { kind: 'string' }), '1000000000000000000000');
  assert.equal(convertToType(true, { kind: 'string' }), 'true');
  assert.equal(convertToType('4', { kind: 'number' }), 4);
  assert.equal(convertToType('4 GB', { kind: 'number' }), '4 GB', 'refused by Terraform: judged as written');
  assert.equal(convertToType('true', { kind: 'bool' }), true);
  assert.equal(convertToType('yes', { kind: 'bool' }), 'yes');
  // As tobool("1") and tobool("0"): the digits are the two words.
  assert.equal(convertToType('1', { kind: 'bool' }), true);
  assert.equal(convertToType('0', { kind: 'bool' }), false);
  assert.equal(convertToType('2', { kind: 'bool' }), '2');
  assert.equal(convertToType(1, { kind: 'bool' }), 1, 'a number is no bool');
  assert.equal(convertToType(null, { kind: 'string' }), null);
  assert.deepEqual(convertToType(['a', 1], { kind: 'list', of: { kind: 'string' } }), ['a', '1']);
  assert.deepEqual(convertToType({ a: '1' }, { kind: 'map', of: { kind: 'number' } }), { a: 1 });
  assert.deepEqual(convertToType([1, 2], { kind: 'tuple', items: [{ kind: 'string' }, { kind: 'any' }] }), ['1', 2]);
  const object = { size: '4', other: '5' };
  assert.deepEqual(convertToType(object, { kind: 'object', attributes: new Map([['size', { kind: 'number' }]]) }), { size: 4, other: '5' });
  assert.deepEqual(object, { size: '4', other: '5' }, 'the value read is shared: it is copied, not changed');
  const same = ['a'];
  assert.equal(convertToType(same, { kind: 'list', of: { kind: 'string' } }), same, 'nothing converted: the same value');
});

test('a number is read from text as Terraform reads it, and nothing else converts', () => {
  const number = { kind: 'number' } as const;
  for (const [text, value] of [
    ['12.5', 12.5],
    ['-3', -3],
    ['+2', 2],
    ['.5', 0.5],
    ['1.', 1],
    ['1e3', 1000],
    ['2E-1', 0.2],
  ] as const)
    assert.equal(convertToType(text, number), value, text);
  for (const text of ['1e', 'e3', '1.2.3', '0x10', ' 4', '4 ', '', '1_000']) assert.equal(convertToType(text, number), text, text);
  assert.equal(convertToType(true, number), true, 'a boolean is no number');
  assert.equal(convertToType('false', { kind: 'bool' }), false);
  assert.equal(convertToType('True', { kind: 'bool' }), 'True', 'only the lower-case words');
  assert.equal(convertToType(Number.NaN, { kind: 'string' }), Number.NaN);
  assert.equal(convertToType(Infinity, { kind: 'string' }), Infinity, 'a number Terraform has no text for stays');
  assert.equal(convertToType(undefined, { kind: 'string' }), undefined);
  assert.deepEqual(convertToType([1], { kind: 'set', of: { kind: 'string' } }), ['1']);
  assert.deepEqual(
    convertToType([1, 2], { kind: 'tuple', items: [{ kind: 'string' }] }),
    [1, 2],
    'a tuple of another length is refused: as written',
  );
  assert.equal(convertToType('x', { kind: 'list', of: { kind: 'string' } }), 'x');
  assert.ok(Array.isArray(convertToType([1], { kind: 'map', of: { kind: 'string' } })), 'a list is no map');
  const converted = convertToType({ a: '1', b: '2' }, { kind: 'map', of: { kind: 'number' } }) as Record<string, unknown>;
  assert.deepEqual(Object.getOwnPropertyDescriptor(converted, 'a'), { value: 1, enumerable: true, writable: true, configurable: true });
  assert.deepEqual(convertToType({ a: 1 }, { kind: 'object', attributes: new Map([['a', { kind: 'number' }]]) }), { a: 1 });
});

test('object attributes need a name and = or :; a malformed type is not read', () => {
  for (const unread of [
    'object({ 1x = string })',
    'object({ size string })',
    'object({ size = })',
    'object({ size = list(nope) })',
    'tuple([string, nope])',
    'object({ size = number',
    'list()',
    'map(string',
    'tuple(string)',
    'object(size = number)',
  ])
    assert.equal(parseTypeConstraint(unread), undefined, unread);
  assert.deepEqual(parseTypeConstraint('set(any)'), { kind: 'set', of: { kind: 'any' } });
  assert.deepEqual(parseTypeConstraint('object({ "a-b" = bool })'), { kind: 'object', attributes: new Map([['a-b', { kind: 'bool' }]]) });
  assert.deepEqual(parseTypeConstraint('tuple([]) /* none */ '), { kind: 'tuple', items: [] });
  const deep = (n: number, open: string, close: string): string => open.repeat(n) + 'string' + close.repeat(n);
  assert.ok(parseTypeConstraint(deep(15, 'object({ a = ', ' })')), 'an object nested at the limit');
  assert.equal(parseTypeConstraint(deep(17, 'object({ a = ', ' })')), undefined);
  assert.ok(parseTypeConstraint(deep(16, 'tuple([', '])')));
  assert.equal(parseTypeConstraint(deep(17, 'tuple([', '])')), undefined);
});

test("a scalar's type is declared where the constraint names it at that place, with the value's own type", () => {
  const type = parseTypeConstraint(
    'object({ size = string, flags = map(bool), hosts = list(string), pair = tuple([number, string]), extra = any })',
  )!;
  assert.equal(declaresScalar({ kind: 'string' }, [], '70000'), true);
  assert.equal(declaresScalar({ kind: 'number' }, [], 2.19), true);
  assert.equal(declaresScalar({ kind: 'bool' }, [], true), true);
  assert.equal(declaresScalar(type, ['size'], '4'), true);
  assert.equal(declaresScalar(type, ['flags', 'on'], false), true);
  assert.equal(declaresScalar(type, ['hosts', 3], 'a'), true);
  assert.equal(declaresScalar(type, ['pair', 0], 1), true);
  assert.equal(declaresScalar(type, ['pair', 1], 'x'), true);
  // Nothing declared: `any`, a member the type does not name, a path through a scalar, an item past a tuple's end.
  assert.equal(declaresScalar({ kind: 'any' }, [], '70000'), false);
  assert.equal(declaresScalar(type, ['extra'], '4'), false);
  assert.equal(declaresScalar(type, ['other'], '4'), false);
  assert.equal(declaresScalar(type, ['size', 'x'], '4'), false);
  assert.equal(declaresScalar(type, ['pair', 2], 'x'), false);
  assert.equal(declaresScalar(type, ['pair', 'x'], 'x'), false);
  // A value Terraform could not convert to its declared type (it stops at plan) was not made that type by it.
  assert.equal(declaresScalar({ kind: 'number' }, [], '4 GB'), false);
  assert.equal(declaresScalar({ kind: 'bool' }, [], 'yes'), false);
  assert.equal(declaresScalar(type, ['size'], 4), false);
});

test('a type expression is read to its end: blanks after it are fine, any other text is not', () => {
  assert.deepEqual(parseTypeConstraint('string  '), { kind: 'string' });
  assert.deepEqual(parseTypeConstraint('list(string)\n\t'), { kind: 'list', of: { kind: 'string' } });
  for (const unread of ['string $', 'list(string) !', 'object({ "1x" = string })', 'object({ a, string })', 'object({ a = nope })'])
    assert.equal(parseTypeConstraint(unread), undefined, unread);
});

test('a conversion Terraform refuses leaves the value as written, and what is not converted is not copied', () => {
  assert.deepEqual(convertToType(['a'], { kind: 'string' }), ['a'], 'a list is no string');
  assert.deepEqual(convertToType({ a: 1 }, { kind: 'string' }), { a: 1 });
  assert.equal(convertToType('abc', { kind: 'string' }), 'abc');
  assert.equal(convertToType(false, { kind: 'number' }), false, 'a boolean is no number');
  const items = ['1', '2'];
  assert.deepEqual(convertToType(items, { kind: 'list', of: { kind: 'number' } }), [1, 2]);
  assert.deepEqual(items, ['1', '2'], 'the list read is shared: it is copied, not changed');
  const members = { a: 'x', b: 'y' };
  assert.equal(convertToType(members, { kind: 'map', of: { kind: 'string' } }), members, 'nothing converted: the same object');
});

test('a path through a set, or past a member the type does not name, is followed as far as the type goes', () => {
  assert.equal(declaresScalar({ kind: 'set', of: { kind: 'string' } }, [0], 'a'), true);
  const type = parseTypeConstraint('object({ size = string })')!;
  assert.equal(declaresScalar(type, ['other', 'deeper'], 'a'), false);
});
