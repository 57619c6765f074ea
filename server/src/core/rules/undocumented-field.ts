import { formatPath } from '../paths';
import { defineRule } from '../rule';
import type { SchemaNode } from '../schema';
import { knownFieldsWhere } from '../walk';

/** The fields this rule looks at. */
const vendorOnly = (s: SchemaNode): boolean => !!s.vendorOnly;

export default defineRule({
  meta: {
    id: 'undocumented-field',
    defaultSeverity: 'warning',
    summary: 'A field that the service accepts but its specification does not document.',
    details:
      "Some fields are accepted by the service's API without being part of the documented specification (for example the data migration objects, `jwt`, or engine settings such as `search.knn_memory_circuit_breaker_enabled`). They work today, but their meaning, validation and support may change without notice. The finding is on the outermost such field; its members are not reported again.",
    fixable: false,
    examples: {
      valid: [{ code: '{ "search": { "indices_query_bool_max_clause_count": 1024 } }' }],
      invalid: [
        { code: '{ "search": { "knn_memory_circuit_breaker_enabled": true } }' },
        {
          code: '{ "openid": { "client_id": "app", "client_secret": "<CLIENT_SECRET>", "connect_url": "https://idp.example.com/.well-known/openid-configuration", "header": "X-Token" } }',
        },
      ],
    },
  },
  check(ctx) {
    const fields = knownFieldsWhere(ctx.value, vendorOnly);
    for (let i = 0; i < fields.length; i++) {
      const v = fields[i];
      ctx.report({
        path: v.path,
        target: 'key',
        message: `${formatPath(v.path)} is accepted by the service but not documented in its specification: its behaviour and support may change without notice. Prefer a documented field, or keep an eye on the vendor's release notes.`,
      });
    }
  },
});
