/**
 * The linear-growth check the hostile-input tests rely on (test/support/growth.ts) tells work that
 * grows with the square of its input from work that grows with the input.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertLinear } from '../support/growth';

/** A pass over every character; and a pass over the rest of the text from every 40th character (quadratic). */
const scan = (text: string, from = 0): number => {
  let n = 0;
  for (let i = from; i < text.length; i++) n += text.charCodeAt(i) & 1;
  return n;
};
// Each pass starts somewhere else, so that no compiler can hoist it out of the loop as the same work.
const perLine = (text: string): number => {
  let n = 0;
  for (let i = 0; i < text.length; i += 40) n += scan(text, i);
  return n;
};

test('the growth check passes linear work', () => {
  assertLinear('a scan', (k, s) => {
    const text = 'ab'.repeat(20_000 * k * s);
    return () => scan(text);
  });
});

test('the growth check fails work that grows with the square of its input, and says how it grew', () => {
  // CPU time on a busy machine can hide a blow-up from one measurement now and then (the check errs towards
  // passing, so that it never fails linear work); a check that could not fail would miss it every time. Up to
  // three tries, each measuring twice as the check does.
  let failure: Error | undefined;
  for (let i = 0; i < 3 && !failure; i++) {
    try {
      assertLinear('a scan per line', (k, s) => {
        const text = 'ab'.repeat(200 * k * s);
        return () => perLine(text);
      });
    } catch (e) {
      failure = e as Error;
    }
  }
  assert.ok(failure, 'the check failed quadratic work in none of three tries');
  assert.match(
    failure.message,
    /a scan per line: scale \d+: 16 of x1 [\d.]+ ms, 1 of x16 [\d.]+ ms; again: 16 of x1 [\d.]+ ms, 4 of x4 [\d.]+ ms, 1 of x16 [\d.]+ ms$/,
  );
});
