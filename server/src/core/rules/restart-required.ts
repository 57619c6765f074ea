import { defineRule, type BaselineInfo } from '../rule';
import { formatPath } from '../paths';
import { ALL_FIELDS, type FieldInfo, type SchemaNode } from '../schema';
import type { RelatedInfo, Segment } from '../types';
import { deepEqual, shortened, show } from '../values';
import { isUnknownAt, valueAt } from '../walk';

/** A value in a few characters for "old -> new": secrets masked, long values cut. */
export function brief(v: unknown, schema: SchemaNode): string {
  if (v === undefined) return '(not set)';
  if (schema.secret || typeof v === 'string') return show(v, schema);
  return shortened(JSON.stringify(v));
}

export { deepEqual } from '../values';

/** Fields with a marker, at concrete paths (the markers are never inside arrays). */
export function markedFields(marker: (s: SchemaNode) => boolean | undefined): Array<{ info: FieldInfo; path: Segment[] }> {
  return ALL_FIELDS.filter((f) => marker(f.schema) && !f.path.includes('[]')).map((info) => ({ info, path: [...info.path] }));
}

/** Where the field stands in the baseline, for "related information" links. */
export function baselineRelated(baseline: BaselineInfo, path: Segment[], message: string): RelatedInfo[] {
  if (valueAt(baseline.value, path) === undefined) return [];
  const at = baseline.doc.locate(path, 'property');
  return [{ message, range: baseline.doc.lines.rangeOf(at.offset, at.length), inBaseline: true }];
}

export default defineRule({
  meta: {
    id: 'restart-required',
    defaultSeverity: 'warning',
    summary: 'With a baseline: a change to a field whose change restarts all engine instances.',
    details: [
      `Changing some fields (${markedFields((s) => s.restartsEngine)
        .map((f) => `\`${f.info.dotted}\``)
        .join(
          ', ',
        )}) restarts every engine instance of the service when the configuration is applied. The service is briefly degraded while the nodes restart one after another.`,
      '',
      'Given the configuration as deployed now (`--baseline FILE` or `--baseline git:REF` on the command line; the last committed version in the editor), this rule reports every such field that was added or changed (compared deeply, so reordering an array counts as a change). A field removed from the configuration is not reset on the service (the API merges the configuration), so its removal restarts nothing: `removed-field` reports it. It does nothing without a baseline, nor where the change replaces the service (a plan\'s `["delete", "create"]`, or a fork field changed in Terraform, which `create-only-field` reports): a new service is created, and nothing restarts.',
      '',
      'Apply the change in a maintenance window, or group it with other changes that restart the service anyway.',
    ].join('\n'),
    fixable: false,
    needsBaseline: true,
    examples: {
      valid: [
        {
          code: '{ "search": { "reindex_remote_whitelist": ["old.example.com:9200"] } }',
          baseline: '{ "search": { "reindex_remote_whitelist": ["old.example.com:9200"] } }',
        },
      ],
      invalid: [
        {
          code: '{ "search": { "reindex_remote_whitelist": ["new.example.com:9200"] } }',
          baseline: '{ "search": { "reindex_remote_whitelist": ["old.example.com:9200"] } }',
        },
      ],
    },
  },
  check(ctx) {
    const baseline = ctx.baseline;
    // A service replaced is not restarted: it is destroyed and a new one is created.
    if (!baseline || baseline.replaced) return;
    for (const { info, path } of markedFields((s) => s.restartsEngine)) {
      // A value given by an expression is not known to have changed, nor to be unset.
      if (isUnknownAt(ctx.value, path) || isUnknownAt(baseline.value, path)) continue;
      const now = valueAt(ctx.value, path);
      // The API merges the configuration: a removed field keeps its value, so nothing restarts (removed-field says so).
      if (now === undefined) continue;
      const before = valueAt(baseline.value, path);
      if (deepEqual(now, before)) continue;
      const field = formatPath(path);
      const what = before === undefined ? 'Adding' : 'Changing';
      ctx.report({
        path,
        target: 'property',
        message: `${what} ${field} restarts all engine instances (${brief(before, info.schema)} -> ${brief(now, info.schema)}, compared with ${baseline.label}). Apply it in a maintenance window, or revert the change if it is not needed now.`,
        related: baselineRelated(baseline, path, `${field} in ${baseline.label}`),
      });
    }
  },
});
