import { formatPath } from '../paths';
import { defineRule, intentFix, optional } from '../rule';
import { ALL_FIELDS } from '../schema';
import type { SchemaNode } from '../schema';
import { knownFieldsWhere } from '../walk';

const MARKED = ALL_FIELDS.filter((f) => f.schema.cannotBeEnabled).map((f) => `\`${f.dotted}\``);

/** The fields this rule looks at. */
const cannotBeEnabled = (s: SchemaNode): boolean => !!s.cannotBeEnabled;

export default defineRule({
  meta: {
    id: 'setting-cannot-be-enabled',
    defaultSeverity: 'error',
    summary: 'A setting that can no longer be activated is set to true.',
    details: `Some boolean settings can no longer be activated, and the API rejects a configuration that sets them to \`true\`: ${MARKED.join(', ')}. The fix sets the value to \`false\`; a suggestion removes the field.`,
    fixable: true,
    examples: {
      valid: [{ code: '{ "disable_replication_factor_adjustment": false }' }, { code: '{}' }],
      invalid: [{ code: '{ "disable_replication_factor_adjustment": true }' }],
    },
  },
  check(ctx) {
    const fields = knownFieldsWhere(ctx.value, cannotBeEnabled);
    for (let i = 0; i < fields.length; i++) {
      const v = fields[i];
      if (v.value !== true) continue;
      const field = formatPath(v.path);
      ctx.report({
        path: v.path,
        message: `${field} is true, but this setting can no longer be activated, so the API rejects it. Set it to false, or remove it.`,
        fix: intentFix(ctx.doc, `Set ${field} to false`, { kind: 'set', path: v.path, value: false }),
        suggestions: optional(intentFix(ctx.doc, `Remove ${field}`, { kind: 'remove', path: v.path })),
      });
    }
  },
});
