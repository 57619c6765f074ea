/**
 * A change report of a plan that marks every item of a long list sensitive: each value so marked is
 * compared and never shown, and hiding them costs time linear in the list (each list is copied once,
 * not once per item).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readPlan } from '../../../server/src/core/changes/plan';
import { assertLinear } from '../../support/growth';
import { planOf } from '../../support/terraform-plans';

/** A plan changing one resource whose `ip_filter_string` holds `n` entries, each marked sensitive. */
function plan(n: number): string {
  const filters = (last: string) => Array.from({ length: n }, (_, i) => (i === n - 1 ? last : `10.${i % 250}.0.0/16`));
  const side = (last: string) => ({ search_version: '2.19', ip_filter_string: filters(last) });
  const marks = { search_user_config: [{ ip_filter_string: Array.from({ length: n }, () => true) }] };
  return planOf(side('198.51.100.0/24'), side('192.0.2.0/24'), { before_sensitive: marks, after_sensitive: marks });
}

test('a plan marking every item of a long list sensitive is read for a change report in linear CPU time, its values hidden', () => {
  const read = readPlan(plan(3));
  assert.ok(read && !('error' in read));
  assert.doesNotMatch(JSON.stringify(read.after.configurations[0].value), /198\.51|10\.0/);
  assertLinear('sensitive items of a plan', (k, s) => {
    const text = plan(2000 * k * s);
    return () => readPlan(text);
  });
});
