import { formatPath } from '../paths';
import { hasCredentials } from '../credentials';
import { defineRule, intentFix, optional } from '../rule';
import { show } from '../values';
import type { SchemaNode } from '../schema';
import { knownFieldsWhere } from '../walk';

/** The fields this rule looks at. */
const url = (s: SchemaNode): boolean => s.valueFormat === 'url';

export default defineRule({
  meta: {
    id: 'insecure-url',
    defaultSeverity: 'warning',
    summary: 'Identity provider metadata and connect URLs should use https://.',
    details:
      'The service fetches the SAML IdP metadata (`saml.idp_metadata_url`) and the OpenID Connect configuration (`openid.connect_url`) from these URLs, and trusts what it gets to sign users in. Over plain `http://` anyone on the network path can read or replace that document. A suggestion switches the URL to `https://`; it is not applied automatically because the identity provider may not serve the same address over https.',
    fixable: false,
    examples: {
      valid: [
        {
          code: '{ "saml": { "enabled": true, "idp_metadata_url": "https://idp.example.com/metadata", "idp_entity_id": "idp", "sp_entity_id": "sp" } }',
        },
      ],
      invalid: [
        {
          code: '{ "saml": { "enabled": true, "idp_metadata_url": "http://idp.example.com/metadata", "idp_entity_id": "idp", "sp_entity_id": "sp" } }',
        },
      ],
    },
  },
  check(ctx) {
    const fields = knownFieldsWhere(ctx.value, url);
    for (let i = 0; i < fields.length; i++) {
      const v = fields[i];
      if (typeof v.value !== 'string') continue;
      const m = /^\s*http:\/\//i.exec(v.value);
      if (!m) continue;
      // Blanks around the URL are a mistake of their own (invalid-value): the secure URL is written without them.
      const trimmed = v.value.trim();
      const secure = `https://${trimmed.slice('http://'.length)}`;
      ctx.report({
        path: v.path,
        message: `${formatPath(v.path)} is ${show(v.value, v.schema)}, a plain http:// URL: the document fetched from it decides who can sign in, and over http it can be read or replaced on the way. Use https:// if the identity provider serves it.`,
        // The edit would write the whole URL again, and edits are printed by some outputs (SARIF, the
        // dry run): a URL that carries a password or token is not written again.
        suggestions: hasCredentials(v.value)
          ? undefined
          : optional(
              intentFix(ctx.doc, trimmed === v.value ? 'Use https://' : 'Use https:// and remove the blanks', {
                kind: 'set',
                path: v.path,
                value: secure,
              }),
            ),
      });
    }
  },
});
