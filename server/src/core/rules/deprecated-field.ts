import { formatPath } from '../paths';
import { defineRule, type RuleContext } from '../rule';
import { fieldByName, typesOf, type SchemaNode } from '../schema';
import type { Fix, Segment } from '../types';
import { isObject } from '../values';
import { knownFieldsWhere } from '../walk';

/** The schema's message, naming the field by its full path rather than its bare key. */
function deprecationText(path: Segment[], schema: SchemaNode): string {
  const key = String(path[path.length - 1]);
  const full = formatPath(path);
  const msg = schema.deprecationMessage ?? `${key} is deprecated.`;
  return msg.startsWith(key) ? full + msg.slice(key.length) : `${full} is deprecated: ${msg}`;
}

/** Moves `max_index_count: N` into an `index_patterns` entry matching every index. */
function migrateToIndexPatterns(ctx: RuleContext, path: Segment[], count: number, schema: SchemaNode): Fix | string | undefined {
  const name = formatPath([String(path[path.length - 1])]);
  if (schema.default !== undefined && count === schema.default) {
    const edits = ctx.doc.editsFor([{ kind: 'remove', path }]);
    return edits && { title: `Remove ${name} (${count} is its default, so removing it changes nothing)`, edits };
  }
  const patterns = isObject(ctx.value) ? ctx.value[schema.replacedBy!] : undefined;
  const entry = { pattern: '*', max_index_count: count };
  const itemSchema = fieldByName(`${schema.replacedBy}[]`)?.schema;
  if (!itemSchema?.properties?.pattern || !itemSchema.properties.max_index_count) return undefined;
  if (patterns === undefined) {
    const edits = ctx.doc.editsFor([{ kind: 'replace', path, key: schema.replacedBy!, value: [entry] }]);
    return edits && { title: `Replace ${name} with an ${schema.replacedBy} entry { "pattern": "*", "max_index_count": ${count} }`, edits };
  }
  if (!Array.isArray(patterns)) return undefined;
  if (patterns.some((p) => isObject(p) && p.pattern === '*')) {
    return `${schema.replacedBy} already has an entry for the pattern "*": merge the limit into it by hand and remove ${name}`;
  }
  const edits = ctx.doc.editsFor([
    { kind: 'remove', path },
    { kind: 'append', path: [schema.replacedBy!], item: entry },
  ]);
  return edits && { title: `Move ${name} into ${schema.replacedBy} as { "pattern": "*", "max_index_count": ${count} }`, edits };
}

/** The fields this rule looks at. */
const deprecated = (s: SchemaNode): boolean => !!s.deprecated || !!s.deprecatedValues;

export default defineRule({
  meta: {
    id: 'deprecated-field',
    defaultSeverity: 'warning',
    summary: 'Deprecated fields and deprecated values.',
    details: [
      'Deprecated fields still work for now but will go away, and some already do nothing:',
      '',
      '- `max_index_count` is replaced by `index_patterns`. The fix moves the limit into an entry `{ "pattern": "*", "max_index_count": N }`, appended to an existing `index_patterns` array or creating one, and removes the old key (a value equal to the default is simply removed). If `index_patterns` already has a `"*"` entry, merge by hand.',
      '- `disable_replication_factor_adjustment` can no longer be activated; when it is `false` or `null` a suggestion removes it, never applied by `--fix`: the API merges the configuration, so removing it keeps the value the service has, which is the written one only once it was applied (see `setting-cannot-be-enabled` for `true`).',
      '- `search.auth_failure_listeners.ip_rate_limiting` is replaced by `internal_authentication_backend_limiting`.',
      '- `search_version` values `"1"` and `"2"` select deprecated major versions.',
      '- In Terraform, the provider deprecates the name `ip_filter` for the filter: write `ip_filter_string` or `ip_filter_object` blocks, in an apply of its own (the provider has dropped every filter of a service when the spelling changed).',
      '',
      'Fixes keep the comments, indentation and line endings of the file.',
    ].join('\n'),
    fixable: true,
    examples: {
      valid: [{ code: '{ "index_patterns": [{ "pattern": "*", "max_index_count": 5 }], "search_version": "2.19" }' }],
      invalid: [
        { code: '{ "max_index_count": 5 }' },
        { code: '{ "search_version": "2" }' },
        { code: '{ "disable_replication_factor_adjustment": false }' },
      ],
    },
  },
  check(ctx) {
    // A name the format deprecates for a field that is not (the Terraform provider's `ip_filter`).
    for (const { path, written, advice } of ctx.doc.deprecatedNames ?? [])
      ctx.report({
        path,
        target: 'key',
        tags: ['deprecated'],
        message: `${written} is a name the Terraform provider deprecates: ${advice}.`,
      });
    const fields = knownFieldsWhere(ctx.value, deprecated);
    for (let i = 0; i < fields.length; i++) {
      const v = fields[i];
      const { schema } = v;
      const { path } = v;
      const field = formatPath(path);
      if (schema.deprecated) {
        const migrates = schema.replacedBy === 'index_patterns' && Number.isSafeInteger(v.value);
        // An unset or switched-off deprecated flag does nothing: removing it keeps the service as it is.
        const removable = !schema.replacedBy && (v.value === null || (v.value === false && typesOf(schema).includes('boolean')));
        let fix: Fix | undefined;
        let removal: Fix | undefined;
        let note = '';
        if (migrates) {
          const migration = migrateToIndexPatterns(ctx, path, v.value as number, schema);
          if (typeof migration === 'string') note = ` Here, ${migration}.`;
          else fix = migration;
        } else if (removable) {
          // Offered, never applied by --fix: the API merges the configuration, so removing the field keeps
          // the service's value, which is `false` only once this value has been applied. Fixed in the same
          // run from `true` (setting-cannot-be-enabled), it would leave the service at `true`.
          const edits = ctx.doc.editsFor([{ kind: 'remove', path }]);
          removal = edits && { title: `Remove ${field} (once this value is applied: removing it keeps the service's value)`, edits };
        }
        ctx.report({
          path,
          target: 'key',
          message: `${deprecationText(path, schema)}${note}`,
          tags: ['deprecated'],
          fix,
          suggestions: removal ? [removal] : undefined,
        });
        continue;
      }
      const deprecatedValue = schema.deprecatedValues?.some((d) => d === v.value);
      if (deprecatedValue) {
        ctx.report({
          path,
          tags: ['deprecated'],
          message: `${field} is ${JSON.stringify(v.value)}, a deprecated value. ${schema.deprecatedValuesMessage ?? 'Choose another value.'}`,
        });
      }
    }
  },
});
