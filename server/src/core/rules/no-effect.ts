import { defineRule, type RuleContext } from '../rule';
import { formatPath } from '../paths';
import { defaultText } from '../describe';
import { ALL_FIELDS, fieldByName, typesOf, type SchemaNode } from '../schema';
import type { Segment } from '../types';
import { describeWithUnit, unitLabel } from '../units';
import { hasOwn, isObject } from '../values';
import { knownFieldsWhere, valueAt } from '../walk';

interface Unmet {
  path: Segment[];
  schema: SchemaNode;
  /** True for a switch set to false; false for a prerequisite not set. */
  off: boolean;
  chain: string[];
}

/**
 * Follows `requires` from a field upwards. A boolean requirement is unmet only when it is
 * explicitly false (unset, the service's default applies, which may well be true); any other
 * requirement is unmet when it is unset or null.
 */
function unmetRequirement(root: unknown, schema: SchemaNode): Unmet | undefined {
  const chain: string[] = [];
  // Every requires names a field, and no chain comes back to where it started (a schema test holds both).
  for (let requires = schema.requires; requires !== undefined;) {
    chain.push(requires);
    const info = fieldByName(requires)!;
    const path: Segment[] = [...info.path];
    const value = valueAt(root, path);
    const boolean = typesOf(info.schema).includes('boolean');
    if (boolean && value === false) return { path, schema: info.schema, off: true, chain };
    if (!boolean && (value === undefined || value === null)) return { path, schema: info.schema, off: false, chain };
    requires = info.schema.requires;
  }
  return undefined;
}

function requirementMessage(field: string, u: Unmet): string {
  const needed = formatPath(u.path);
  const via = u.chain.length > 1 ? ` (${field} needs ${u.chain.join(', which needs ')})` : '';
  if (u.off) {
    return `${field} has no effect while ${needed} is false${via}: set ${needed} to true, or remove ${field}.`;
  }
  const def = defaultText(u.schema);
  const unit = u.schema.unit && unitLabel(u.schema.unit);
  const about = [unit && `in ${unit}`, def && `default ${def}`].filter(Boolean).join(', ');
  return `${field} has no effect without ${needed}${via}: set ${needed} explicitly as well${about ? ` (${about})` : ''}, or remove ${field}.`;
}

const MIN_KEY = /(^|_)min(_|$)/;
interface MinMaxPair {
  key: string;
  maxKey: string;
  schema: SchemaNode;
}
const pairsBySchema = new WeakMap<SchemaNode, MinMaxPair[]>();
/** The `x_min_y` / `x_max_y` members an object of this schema can hold: most objects (list items) have none. */
function minMaxPairs(schema: SchemaNode): MinMaxPair[] {
  let pairs = pairsBySchema.get(schema);
  if (!pairs) {
    const properties = schema.properties ?? {};
    pairs = Object.keys(properties)
      .filter((key) => MIN_KEY.test(key))
      .map((key) => ({ key, maxKey: key.replace(MIN_KEY, '$1max$2'), schema: properties[key] }))
      .filter((p) => hasOwn(properties, p.maxKey));
    pairsBySchema.set(schema, pairs);
  }
  return pairs;
}

/** Sibling pairs `x_min_y` / `x_max_y` where the minimum is above the maximum. */
function checkMinAboveMax(ctx: RuleContext, path: Segment[], obj: Record<string, unknown>, schema: SchemaNode): void {
  for (const { key, maxKey, schema: minSchema } of minMaxPairs(schema)) {
    const min = hasOwn(obj, key) ? obj[key] : undefined,
      max = hasOwn(obj, maxKey) ? obj[maxKey] : undefined;
    if (typeof min !== 'number' || typeof max !== 'number' || min <= max) continue;
    const withUnit = (n: number): string => (minSchema.unit ? describeWithUnit(n, minSchema.unit).raw : String(n));
    const minField = formatPath([...path, key]),
      maxField = formatPath([...path, maxKey]);
    ctx.report({
      path: [...path, key],
      target: 'property',
      message: `${minField} (${withUnit(min)}) is above ${maxField} (${withUnit(max)}), so one of the two limits cannot apply: lower ${minField} to at most ${withUnit(max)}, or raise ${maxField}.`,
    });
  }
}

const REQUIREMENTS = ALL_FIELDS.filter((f) => f.schema.requires).map(
  (f) => `- \`${f.dotted}\` has no effect without \`${f.schema.requires}\`.`,
);

/** The fields this rule looks at. */
const mayHaveNoEffect = (s: SchemaNode): boolean => !!s.requires || (!!s.properties && minMaxPairs(s).length > 0);

export default defineRule({
  meta: {
    id: 'no-effect',
    defaultSeverity: 'warning',
    summary:
      'Settings that do nothing where they stand: a field whose prerequisite is unset or disabled, a minimum above its maximum, or a Terraform block an override file replaces.',
    details: [
      'Some fields only work together with another one (the schema records this as `requires`):',
      '',
      ...REQUIREMENTS,
      "Requirements are followed in a chain. A boolean switch counts as disabled only when it is explicitly `false`: when it is not set, the service's default applies.",
      '',
      'A minimum above its matching maximum (`..._min_...` above `..._max_...` in the same object) is also reported: both limits cannot hold.',
      '',
      'Set the prerequisite, or remove the field so that the file says what the service really does.',
      '',
      "In a Terraform module, a resource's `search_user_config` block that an override file replaces is never sent: Terraform merges the override files (`override.tf`, `*_override.tf` and their `.tf.json` forms) after the module's other files, in the order of their names, and a resource there that holds a `search_user_config` block (or the argument `search_user_config = { ... }`, which Terraform refuses with this provider but which is judged as the block it stands for) replaces every such block of the resource of the same address (the blocks are replaced whole, not merged; a resource of an override file without the block replaces nothing). No rule judges the replaced block and no fix edits it: one finding at its name, an info at most, names the override file and line whose block is sent, which is judged in its own file; in an editor, a hover on the block or on a field in it says so too. The CLI and the editor read the module's other files for this.",
    ].join('\n'),
    fixable: false,
    examples: {
      valid: [
        { code: '{ "search": { "indices_memory_index_buffer_size": 10, "indices_memory_min_index_buffer_size": 48 } }' },
        { code: '{ "search": { "ism_history_max_age": 24 } }' },
      ],
      invalid: [
        { code: '{ "search": { "indices_memory_min_index_buffer_size": 48 } }' },
        { code: '{ "search": { "ism_enabled": false, "ism_history_max_age": 24 } }' },
        {
          code: '{ "search": { "indices_memory_index_buffer_size": 10, "indices_memory_min_index_buffer_size": 100, "indices_memory_max_index_buffer_size": 50 } }',
        },
      ],
    },
  },
  check(ctx) {
    const fields = knownFieldsWhere(ctx.value, mayHaveNoEffect);
    for (let i = 0; i < fields.length; i++) {
      const v = fields[i];
      const { value, schema } = v;
      if (isObject(value) && schema.properties) checkMinAboveMax(ctx, v.path, value, schema);
      // Turning a feature off under a switch that is already off is harmless: nothing to say.
      if (!schema.requires || value === undefined || value === null || value === false) continue;
      const unmet = unmetRequirement(ctx.value, schema);
      if (!unmet) continue;
      const { path } = v;
      ctx.report({ path, target: 'property', tags: ['unnecessary'], message: requirementMessage(formatPath(path), unmet) });
    }
  },
});
