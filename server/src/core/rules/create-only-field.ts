import { defineRule } from '../rule';
import { formatPath } from '../paths';
import type { Segment } from '../types';
import { isUnknownAt, valueAt } from '../walk';
import { baselineRelated, brief, deepEqual, markedFields } from './restart-required';

const CREATE_ONLY = markedFields((s) => s.createOnly)
  .map((f) => `\`${f.info.dotted}\``)
  .join(', ');
const REPLACING_FIELDS = markedFields((s) => !!s.createOnly && !!s.replacesInTerraform);
const REPLACING = REPLACING_FIELDS.map((f) => `\`${f.info.dotted}\``).join(' or ');

/**
 * The create-only field at `path`, when it changed as this rule reports it: set now (not null, not
 * empty) to another value than the baseline's. A value given by an expression is not known to have
 * changed, nor to be unset. Undefined when it did not change so.
 */
export function createOnlyChange(now: unknown, before: unknown, path: readonly Segment[]): { now: unknown; before: unknown } | undefined {
  if (isUnknownAt(now, path) || isUnknownAt(before, path)) return undefined;
  const value = valueAt(now, path);
  // Unset, null or empty: nothing is asked of the service, so nothing is lost.
  if (value === undefined || value === null || value === '') return undefined;
  const old = valueAt(before, path);
  return deepEqual(value, old) ? undefined : { now: value, before: old };
}

/**
 * The fields (dotted) whose change, as this rule reports it, makes the Terraform provider replace the
 * service: applying the configuration `now` over `before` destroys the service and creates a new one,
 * which nothing of the old one restarts for and which keeps nothing removed.
 */
export function replacingChanges(now: unknown, before: unknown): string[] {
  return REPLACING_FIELDS.filter(({ path }) => createOnlyChange(now, before, path)).map(({ info }) => info.dotted);
}

export default defineRule({
  meta: {
    id: 'create-only-field',
    defaultSeverity: 'warning',
    summary: 'With a baseline: a create-only field added or changed on an existing service, where it has no effect.',
    details: [
      `Some fields (${CREATE_ONLY}) are read only when a new service is created. On a service that already exists, adding or changing them does nothing: the service is not forked or restored again.`,
      '',
      'Given the configuration as deployed now (`--baseline FILE` or `--baseline git:REF`), this rule reports such a field when it was added or its value changed. Without a baseline the rule cannot tell a new service from an existing one and reports nothing. Removing the field, or setting it to `null` or an empty string, is not reported: it changes nothing either way.',
      '',
      'To fork or restore, create a new service with these fields; on the existing service, revert the change.',
      '',
      `In Terraform (a \`.tf\` file with a baseline, or a plan) the provider replaces the service when ${REPLACING} changes: applying the change destroys the service, with its data, and creates a new one. The finding says so. The new service is created with the other create-only fields, which then take effect and are not reported, as they are not where a plan replaces the service for another reason. Nothing of the service destroyed restarts or is kept, so \`restart-required\` and \`removed-field\` say nothing of that configuration.`,
    ].join('\n'),
    fixable: false,
    needsBaseline: true,
    examples: {
      valid: [
        { code: '{ "service_to_fork_from": "prod-search" }', baseline: '{ "service_to_fork_from": "prod-search" }' },
        { code: '{ "service_to_fork_from": "prod-search" }' },
      ],
      invalid: [
        { code: '{ "service_to_fork_from": "prod-search" }', baseline: '{ "static_ips": false }' },
        { code: '{ "project_to_fork_from": "team-b" }', baseline: '{ "project_to_fork_from": "team-a" }' },
      ],
    },
  },
  check(ctx) {
    const baseline = ctx.baseline;
    if (!baseline) return;
    for (const { info, path } of markedFields((s) => s.createOnly)) {
      const changed = createOnlyChange(ctx.value, baseline.value, path);
      if (!changed) continue;
      const { now, before } = changed;
      // The Terraform provider replaces the service for this field: the change is not ignored, it destroys the service.
      const replaces = !!ctx.doc.appliedByTerraform && !!info.schema.replacesInTerraform;
      // A service replaced for another reason (by a plan, or for a fork field) is created anew, with this field: it takes effect.
      if (baseline.replaced && !replaces) continue;
      const field = formatPath(path);
      const change =
        before === undefined || before === null
          ? `is set to ${brief(now, info.schema)} but was not set in ${baseline.label}`
          : `changed from ${brief(before, info.schema)} to ${brief(now, info.schema)} compared with ${baseline.label}`;
      ctx.report({
        path,
        target: 'property',
        message: replaces
          ? `${field} ${change}: the Terraform provider replaces the service when it changes, so applying this destroys the service, with its data, and creates a new one. To fork or restore, give the new service a resource of its own; otherwise revert it here.`
          : `${field} ${change}: it takes effect only when a new service is created, so on this existing service the change does nothing. Revert it here; to fork or restore, create a new service with it instead.`,
        related: baselineRelated(baseline, path, `${field} in ${baseline.label}`),
      });
    }
  },
});
