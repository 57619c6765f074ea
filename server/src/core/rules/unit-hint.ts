import { defineRule } from '../rule';
import { formatPath } from '../paths';
import { describeWithUnit, withHuman } from '../units';
import type { SchemaNode } from '../schema';
import { knownFieldsWhere } from '../walk';

/** `104857600 bytes = 100 MiB`, `30000 ms = 30 s`, `10 = 10 % of heap`, `500 ms`. */
export function unitReading(n: number, unit: Parameters<typeof describeWithUnit>[1]): string {
  const d = describeWithUnit(n, unit);
  // A percentage reads "10 % of heap", which already says more than the bare number.
  if (unit === 'percent') return `${n} = ${d.raw}`;
  return withHuman(d, 'equals');
}

/** The fields this rule looks at. */
const withUnit = (s: SchemaNode): boolean => !!s.unit && s.unit !== 'count';

export default defineRule({
  meta: {
    id: 'unit-hint',
    defaultSeverity: 'hint',
    summary: 'Shows every value that has a unit in human terms.',
    details: [
      'Many settings are plain integers in a fixed unit: bytes, MiB, milliseconds, seconds, hours, days or percent of heap.',
      'A bare `104857600` or `720` is hard to check by eye, so this rule states each such value with its unit and, where there is one, a friendlier equivalent:',
      '',
      '- `search.http_max_content_length: 104857600 bytes = 100 MiB`',
      '- `search_dashboards.search_request_timeout: 30000 ms = 30 s`',
      '- `search.ism_history_max_age: 720 hours = 30 days`',
      '- `search.indices_memory_index_buffer_size: 10 = 10 % of heap`',
      '',
      'Counts are not annotated, and values that are not integers are left to `type-mismatch`.',
      'Editors show these as hints (inlay or faint underline); the CLI shows them only with `--min-severity hint`.',
    ].join('\n'),
    fixable: false,
    examples: {
      valid: [
        { code: '{ "search": { "indices_query_bool_max_clause_count": 1024 } }' },
        { code: '{ "search": { "http_max_content_length": "100mb" } }' },
      ],
      invalid: [
        { code: '{ "search": { "http_max_content_length": 104857600 } }' },
        { code: '{ "search_dashboards": { "search_request_timeout": 50000 } }' },
      ],
    },
  },
  check(ctx) {
    const fields = knownFieldsWhere(ctx.value, withUnit);
    for (let i = 0; i < fields.length; i++) {
      const v = fields[i];
      const { value, schema } = v;
      const unit = schema.unit!;
      if (typeof value !== 'number' || !Number.isInteger(value)) continue;
      const { path } = v;
      ctx.report({ path, message: `${formatPath(path)}: ${unitReading(value, unit)}` });
    }
  },
});
