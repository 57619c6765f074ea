/**
 * Whether a field's value changed from the baseline (restart-required, create-only-field and removed-field
 * compare with deepEqual): objects compared member by member, whatever the order of their keys, and lists
 * item by item, so that a changed member of an `ip_filter` entry is a change and keys written in another
 * order are not.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deepEqual } from '../../../server/src/core/rules/restart-required';

test('objects are equal when they have the same members with equal values, in any order', () => {
  assert.equal(deepEqual({ network: '10.0.0.0/8', description: 'office' }, { description: 'office', network: '10.0.0.0/8' }), true);
  assert.equal(deepEqual({}, {}), true);
  assert.equal(deepEqual({ a: { b: [1, { c: true }] } }, { a: { b: [1, { c: true }] } }), true);
});

test('objects differ in a value, a nested value, a member more or a member of another name', () => {
  assert.equal(deepEqual({ network: '10.0.0.0/8' }, { network: '10.0.0.0/16' }), false);
  assert.equal(deepEqual({ a: { b: [1, { c: true }] } }, { a: { b: [1, { c: false }] } }), false);
  assert.equal(deepEqual({ network: '10.0.0.0/8' }, { network: '10.0.0.0/8', description: 'office' }), false);
  assert.equal(deepEqual({ network: '10.0.0.0/8', description: 'office' }, { network: '10.0.0.0/8' }), false);
  assert.equal(deepEqual({ network: '10.0.0.0/8' }, { netwrk: '10.0.0.0/8' }), false);
  assert.equal(deepEqual({ a: undefined }, { b: undefined }), false);
});

test('a list is not an object with the same members, and lists compare item by item', () => {
  assert.equal(deepEqual(['a'], { 0: 'a' }), false);
  assert.equal(deepEqual({ 0: 'a' }, ['a']), false);
  assert.equal(deepEqual([{ network: '10.0.0.0/8' }], [{ network: '10.0.0.0/8' }]), true);
  assert.equal(deepEqual([{ network: '10.0.0.0/8' }], [{ network: '0.0.0.0/0' }]), false);
  assert.equal(deepEqual([1, 2], [1, 2, 3]), false);
  assert.equal(deepEqual(1, '1'), false);
  // Both have a length of 0; only one is a list (`ip_filter` written as an empty string, then as an empty list).
  assert.equal(deepEqual([], ''), false);
  assert.equal(deepEqual('', []), false);
});
