import { formatPath } from '../document';
import { removeMemberEdits } from '../edits';
import { defineRule } from '../rule';
import { knownFields } from '../walk';

export default defineRule({
  meta: {
    id: 'setting-cannot-be-enabled',
    defaultSeverity: 'error',
    summary: '`disable_replication_factor_adjustment` can no longer be set to true.',
    details: 'Turning off the automatic replication factor adjustment risked data loss when a node was lost, so the service no longer lets it be activated: a configuration with `disable_replication_factor_adjustment: true` is rejected. The fix sets it to `false`; a suggestion removes the field, which is deprecated anyway.',
    fixable: true,
    examples: {
      valid: [{ code: '{ "disable_replication_factor_adjustment": false }' }, { code: '{}' }],
      invalid: [{ code: '{ "disable_replication_factor_adjustment": true }' }],
    },
  },
  check(ctx) {
    for (const v of knownFields(ctx.value)) {
      if (v.path.length !== 1 || v.path[0] !== 'disable_replication_factor_adjustment' || v.value !== true) continue;
      const node = ctx.doc.nodeAt(v.path);
      const prop = node?.parent;
      const field = formatPath(v.path);
      ctx.report({
        path: v.path,
        message: `${field} is true, but this setting can no longer be activated (it risked data loss when a node is lost), so the API rejects it. Set it to false, or remove it.`,
        fix: node ? { title: `Set ${field} to false`, edits: [{ offset: node.offset, length: node.length, newText: 'false' }] } : undefined,
        suggestions: prop?.type === 'property' ? [{ title: `Remove ${field}`, edits: removeMemberEdits(ctx.doc.text, prop) }] : undefined,
      });
    }
  },
});
