import { defineRule } from '../rule';
import { formatPath } from '../paths';
import { ALL_FIELDS, typesOf } from '../schema';
import { showNumber } from '../values';
import type { SchemaNode } from '../schema';
import { knownFieldsWhere } from '../walk';

const THRESHOLDS = ALL_FIELDS.filter((f) => f.schema.performanceThreshold !== undefined).map(
  (f) =>
    `- \`${f.dotted}\` above ${f.schema.performanceThreshold}${f.schema.default === f.schema.performanceThreshold ? ' (its default)' : ''}`,
);

/** The fields this rule looks at. */
const withThreshold = (s: SchemaNode): boolean => s.performanceThreshold !== undefined;

export default defineRule({
  meta: {
    id: 'performance-risk',
    defaultSeverity: 'info',
    summary: 'A value above the level where the service or the engine documents performance problems.',
    details: [
      'Some limits protect the cluster: raising them lets single requests use much more CPU and heap, which slows every other request and can trip the circuit breakers.',
      "The levels above which problems are documented (by the service, or the engine's own default limit):",
      '',
      ...THRESHOLDS,
      '',
      'The value is valid; raise it only when the queries really need it, and watch CPU and heap usage afterwards.',
    ].join('\n'),
    fixable: false,
    examples: {
      valid: [{ code: '{ "search": { "indices_query_bool_max_clause_count": 1024 } }' }],
      invalid: [{ code: '{ "search": { "indices_query_bool_max_clause_count": 4096 } }' }],
    },
  },
  check(ctx) {
    const fields = knownFieldsWhere(ctx.value, withThreshold);
    for (let i = 0; i < fields.length; i++) {
      const v = fields[i];
      const { value, schema } = v;
      const threshold = schema.performanceThreshold!;
      if (typeof value !== 'number' || value <= threshold) continue;
      // The risk is that of a value the API accepts: `2000.5` where an integer is expected is rejected,
      // which is the finding that matters (the size is judged again once it is an integer).
      const types = typesOf(schema);
      if (!Number.isFinite(value) || (types.includes('integer') && !types.includes('number') && !Number.isInteger(value))) continue;
      const { path } = v;
      const isDefault = schema.default === threshold ? ', its default' : '';
      ctx.report({
        path,
        message: `${formatPath(path)} is ${showNumber(value, schema)}, above ${showNumber(threshold, schema)}${isDefault}: values this high may cause performance problems (more CPU and heap per request). Keep it at ${threshold} or below unless your queries need more, and watch CPU and heap usage.`,
      });
    }
  },
});
