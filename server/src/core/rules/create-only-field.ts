import { defineRule } from '../rule';
import { formatPath } from '../paths';
import { isUnknownAt, valueAt } from '../walk';
import { baselineRelated, brief, deepEqual, markedFields } from './restart-required';

const CREATE_ONLY = markedFields((s) => s.createOnly)
  .map((f) => `\`${f.info.dotted}\``)
  .join(', ');
const REPLACING = markedFields((s) => !!s.createOnly && !!s.replacesInTerraform)
  .map((f) => `\`${f.info.dotted}\``)
  .join(' or ');

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
      `In Terraform (a \`.tf\` file with a baseline, or a plan) the provider replaces the service when ${REPLACING} changes: applying the change destroys the service, with its data, and creates a new one. The finding says so. A plan that replaces the service for another reason creates the new service with its create-only fields, which then take effect and are not reported.`,
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
      // A value given by an expression is not known to have changed, nor to be unset.
      if (isUnknownAt(ctx.value, path) || isUnknownAt(baseline.value, path)) continue;
      const now = valueAt(ctx.value, path);
      // Unset, null or empty: nothing is asked of the service, so nothing is lost.
      if (now === undefined || now === null || now === '') continue;
      const before = valueAt(baseline.value, path);
      if (deepEqual(now, before)) continue;
      // The Terraform provider replaces the service for this field: the change is not ignored, it destroys the service.
      const replaces = !!ctx.doc.appliedByTerraform && !!info.schema.replacesInTerraform;
      // A service a plan replaces for another reason is created anew, with this field: it takes effect.
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
