import { formatPath } from '../paths';
import { defineRule, intentFix } from '../rule';
import { schemaAt, type SchemaNode } from '../schema';
import type { Fix, Segment } from '../types';
import { hasOwn, isObject, UNKNOWN_VALUE } from '../values';
import { baselineRelated, brief, deepEqual } from './restart-required';

/** A field of the baseline that the configuration no longer writes. */
export interface RemovedField {
  path: Segment[];
  /** Its value in the baseline (UNKNOWN_VALUE when the baseline's text does not determine it). */
  before: unknown;
  schema: SchemaNode;
  /** The deepest object on its path that the configuration still has. */
  anchor: Segment[];
}

/**
 * Fields the service keeps although they were removed: every field of `before` that `now` no
 * longer has, field by field inside a removed object (each keeps its own value). Arrays are
 * values of their own (the API replaces them whole), so nothing inside one is compared. Fields
 * the schema does not know were never accepted; create-only fields are read only at creation;
 * deprecated fields are meant to be removed; a field that was null, an empty object or its default
 * keeps nothing another value would not. Where `now` is not determined by its text, nothing is known
 * to be removed.
 */
export function removedFields(
  before: unknown,
  now: unknown,
  path: Segment[] = [],
  anchor: Segment[] = [],
  out: RemovedField[] = [],
): RemovedField[] {
  // A value written in place of the object (a list, text) removes none of its members: the API refuses
  // it, and type-mismatch says so. `now` is undefined where the whole object is removed. (The mark of
  // a value not known from the text has no members: nothing of it is known to be removed.)
  if (!isObject(before) || now === UNKNOWN_VALUE || (now !== undefined && !isObject(now))) return out;
  const present = isObject(now) ? now : undefined;
  for (const key of Object.keys(before)) {
    const at = [...path, key];
    const schema = schemaAt(at);
    if (!schema || schema.createOnly || schema.deprecated) continue;
    const old = before[key];
    if (present && hasOwn(present, key)) {
      removedFields(old, present[key], at, at, out);
      continue;
    }
    // A field that was null asked nothing of the service: there is nothing to keep. One that was its
    // default keeps the default: removing it changes nothing the service does.
    if (old === null || deepEqual(old, schema.default)) continue;
    const where = present ? path : anchor;
    // An object is reported member by member: an empty one merged nothing and leaves nothing behind.
    // A value the schema has no members for (text where an object belongs), as a whole.
    if (isObject(old) && schema.properties) removedFields(old, undefined, at, where, out);
    else out.push({ path: at, before: old, schema, anchor: where });
  }
  return out;
}

/** The value to add at `anchor` so that the field at `path` holds `value`: nested objects for the missing levels. */
function nestedValue(path: Segment[], anchor: Segment[], value: unknown): { key: string; value: unknown } {
  let v = value;
  for (let i = path.length - 1; i > anchor.length; i--) v = { [path[i]]: v };
  return { key: String(path[anchor.length]), value: v };
}

export default defineRule({
  meta: {
    id: 'removed-field',
    defaultSeverity: 'warning',
    summary: 'With a baseline: a field removed since the baseline is not reset on the service; its old value stays.',
    details: [
      'The API merges the configuration it receives into the one the service has: a field that is no longer written is not reset to its default, the service keeps the value it had. Removing a line from the configuration file (or an attribute from the Terraform block) therefore changes nothing on the service, which surprises most people who do it.',
      '',
      'Given the configuration as deployed now (`--baseline FILE` or `--baseline git:REF`, the last committed version in the editor, or `change.before` of a Terraform plan), this rule reports every field the baseline has and the configuration no longer has, on the object it was removed from, with its old value (secrets masked) and the default to write to reset it (from the schema). Inside a removed object each field is reported on its own. A Terraform resource that stays without its `search_user_config` block (removed whole, in the file or in a plan) keeps every value too: its fields are reported at the resource\'s name (in a plan, at its emptied block). Fields that were `null`, an empty object or their default (the service keeps what it would have had anyway), fields the schema does not know, create-only fields (read only when a service is created) and deprecated fields (meant to be removed) are not reported, nor fields whose value is not known from the text: a value the baseline gives by an expression (`var.x` in a `.tf` file), or a configuration that may still set the field (a `dynamic` block). A sensitive value of a plan\'s `change.before` is reported without its value. Where the change replaces the service (a plan\'s `["delete", "create"]`, or a fork field changed in Terraform, which `create-only-field` reports), the new service keeps nothing of the old one, and nothing is reported.',
      '',
      "The quick fix writes the field back with its default. It is a suggestion, never applied by `--fix`: whether the service should go back to the default or keep the old value is the user's decision. Where the schema gives no default, set the field explicitly to the value the service should have.",
    ].join('\n'),
    fixable: false,
    needsBaseline: true,
    examples: {
      valid: [
        {
          code: '{ "search": { "indices_query_bool_max_clause_count": 2048 } }',
          baseline: '{ "search": { "indices_query_bool_max_clause_count": 4096 } }',
        },
        { code: '{ "search": { "indices_query_bool_max_clause_count": 2048 } }' },
      ],
      invalid: [{ code: '{ "search": {} }', baseline: '{ "search": { "indices_query_bool_max_clause_count": 4096 } }' }],
    },
  },
  check(ctx) {
    const baseline = ctx.baseline;
    // A service replaced keeps nothing: the new one starts from the defaults.
    if (!baseline || baseline.replaced) return;
    // A file that holds no configuration object (nothing, an array, a bare value) is no configuration
    // the API merges: invalid-json says so, and nothing of the baseline is removed by it.
    if (!isObject(ctx.value)) return;
    for (const removed of removedFields(baseline.value, ctx.value)) {
      // An expression of a Terraform file: its value is not known from the text (it may be null, or the
      // default), so neither is what the service keeps.
      if (removed.before === UNKNOWN_VALUE) continue;
      const field = formatPath(removed.path);
      const was = `it is ${brief(removed.before, removed.schema)} in ${baseline.label}`;
      const fallback = removed.schema.default;
      let advice: string;
      let suggestions: Fix[] | undefined;
      if (fallback === undefined) {
        advice = 'The schema gives no default to write back: to change it, set it explicitly to the value the service should have.';
      } else {
        advice = `To reset it, write its default: ${JSON.stringify(fallback)}.`;
        const { key, value } = nestedValue(removed.path, removed.anchor, fallback);
        const fix = intentFix(ctx.doc, `Write ${field} back with its default, ${JSON.stringify(fallback)}`, {
          kind: 'add',
          path: removed.anchor,
          key,
          value,
        });
        if (fix) suggestions = [fix];
      }
      ctx.report({
        path: removed.path,
        target: 'key',
        message: `${field} was removed (${was}), but removing a field does not reset it: the API merges the configuration, so the service keeps its old value. ${advice}`,
        suggestions,
        related: baselineRelated(baseline, removed.path, `${field} in ${baseline.label}`),
      });
    }
  },
});
