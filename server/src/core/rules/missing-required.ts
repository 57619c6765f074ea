import { formatPath } from '../paths';
import { placeholderFor } from '../placeholders';
import { defineRule, intentFix } from '../rule';
import { schemaAt, typesOf, type SchemaNode } from '../schema';
import { shortened, UNKNOWN_VALUE } from '../values';
import { valueAt } from '../walk';

const firstSentence = (text: string | undefined): string | undefined => text?.split(/(?<=\.)\s/)[0].replace(/\.$/, '');

/**
 * What to insert for a missing member: a placeholder for text, else an example. A required member has
 * no default (the API would fill it in); the schema's test holds that. Either is offered as a
 * suggestion, never applied by `--fix` or fix-on-save: a placeholder is not a value (the API would
 * take `"<CONNECT_URL>"` as the URL, and lint would pass with it), and an example is a real, working
 * value (a limit that deletes indexes) that only the team can choose.
 */
function insertedFor(key: string, schema: SchemaNode): { value: unknown; placeholder: boolean } | undefined {
  if (typesOf(schema).includes('string')) return { value: placeholderFor(key, schema), placeholder: true };
  if (schema.examples?.length) return { value: schema.examples[0], placeholder: false };
  return undefined;
}

export default defineRule({
  meta: {
    id: 'missing-required',
    defaultSeverity: 'error',
    summary: 'Objects must have the members the API requires.',
    details: [
      'The API rejects an object that lacks a required member:',
      '',
      '- `openid` always needs `client_id` and `client_secret`, and `connect_url` unless `openid.enabled` is `false`;',
      '- `saml` needs `idp_metadata_url`, `idp_entity_id` and `sp_entity_id` unless `saml.enabled` is `false`;',
      '- every `index_patterns` item needs `pattern` and `max_index_count`;',
      '- an `ip_filter` entry written as an object needs `network`.',
      '',
      'Where `enabled` is known only when Terraform plans (`enabled = var.sso`), the members it asks for are needed only if it turns out not `false`: the finding is then a warning that says so.',
      '',
      'The finding is on the object that lacks the member. Its suggestion inserts a placeholder to fill in (`"<CLIENT_SECRET>"`, `"<CLIENT_ID>"`, ...) for text fields, or an example value where only one is known (such as a `max_index_count`, which deletes indexes beyond it). Neither is applied by `--fix` or fix-on-save: a placeholder is not a value the service can use, and lint keeps reporting the member until it has one.',
    ].join('\n'),
    fixable: false,
    examples: {
      valid: [{ code: '{ "openid": { "enabled": false, "client_id": "app", "client_secret": "<CLIENT_SECRET>" } }' }],
      invalid: [
        { code: '{ "openid": { "client_id": "app", "client_secret": "<CLIENT_SECRET>" } }' },
        { code: '{ "index_patterns": [{ "pattern": "logs-*" }] }' },
      ],
    },
  },
  check(ctx) {
    const seen = new Set<string>();
    for (const e of ctx.schemaErrors) {
      if (e.keyword !== 'required') continue;
      const missing = String(e.params.missingProperty);
      const id = `${formatPath(e.path)}\u0000${missing}`;
      if (seen.has(id)) continue;
      seen.add(id);
      const parent = e.path.length ? formatPath(e.path) : 'The configuration';
      const parentSchema = e.schema ?? {};
      // Every required member is in the schema's properties; a vendor object's may be no more than `{}`.
      const memberSchema = schemaAt([...e.path, missing]) ?? {};
      const what = firstSentence(memberSchema.description);
      // Lower-case the first word unless it is an acronym ("ID of the client").
      const about = what ? ` (${/^[A-Z][a-z]/.test(what) ? what.charAt(0).toLowerCase() + what.slice(1) : what})` : '';
      const conditional = !parentSchema.required?.includes(missing) && parentSchema.else?.required?.includes(missing);
      const switchKey = conditional ? Object.keys(parentSchema.if?.properties ?? {})[0] : undefined;
      const insert = insertedFor(missing, memberSchema);
      // Written, but as what a converting format (Terraform) sends as not set (null, or "" for a text):
      // its value is set in place. Elsewhere a member written is in the value, or unreadable.
      const at = ctx.doc.convertsScalars ? ctx.doc.rangeAt([...e.path, missing]) : undefined;
      const unset = at && shortened(ctx.doc.text.slice(at.offset, at.offset + at.length));
      const edit =
        insert &&
        intentFix(
          ctx.doc,
          `${unset ? 'Set' : 'Add'} ${JSON.stringify(missing)}: ${JSON.stringify(insert.value)}${insert.placeholder ? ' as a placeholder to fill in' : ''}`,
          unset
            ? { kind: 'set', path: [...e.path, missing], value: insert.value }
            : { kind: 'add', path: e.path, key: missing, value: insert.value },
        );
      const switchName = switchKey && formatPath([...e.path, switchKey]);
      const written = unset ? `: it is written ${unset}, which Terraform sends as not set` : '';
      const todo = unset ? 'Give it a value' : 'Add it';
      // A switch known only at plan (`enabled = var.sso`): the member is needed only if it turns out not false.
      const atPlan = switchKey !== undefined && valueAt(ctx.value, [...e.path, switchKey]) === UNKNOWN_VALUE;
      const why = !switchName
        ? `${parent} is missing ${JSON.stringify(missing)}${about}, which the API requires${written}. ${todo}.`
        : atPlan
          ? `${switchName} is known only when Terraform plans, and unless it is false, ${parent} needs ${JSON.stringify(missing)}${about}${written}. ${todo}, or make sure ${switchName} is false.`
          : `${parent} is enabled (${switchName} is not false), so it needs ${JSON.stringify(missing)}${about}${written}. ${todo}, or set ${switchName} to false.`;
      ctx.report({
        path: e.path,
        target: 'key',
        message: why,
        suggestions: edit && [edit],
        ...(atPlan ? { severity: 'warning' as const } : {}),
      });
    }
  },
});
