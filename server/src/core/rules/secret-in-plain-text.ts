import { defineRule, intentFix, optional } from '../rule';
import { placeholderFor } from '../placeholders';
import { formatPath, withinPath } from '../paths';
import { isPlaceholder } from '../values';
import { isSensitivePath } from '../sensitive';
import { schemaAt, type SchemaNode } from '../schema';
import { knownFieldsWhere } from '../walk';

/** The fields this rule looks at. */
const secret = (s: SchemaNode): boolean => !!s.secret;

export default defineRule({
  meta: {
    id: 'secret-in-plain-text',
    defaultSeverity: 'warning',
    summary: 'A literal value in a secret field: keep secrets out of the file and inject them at deploy time.',
    details: [
      'Secret fields (`openid.client_secret`, `search.email_sender_password`) should never be committed with their real value: anyone who can read the repository, its history or a CI log could use them.',
      '',
      "Write a placeholder instead and substitute the real value when the configuration is submitted, from your CI system's secret store or your deployment tooling. These placeholders are recognised: `<CLIENT_SECRET>`, `${CLIENT_SECRET}`, `$CLIENT_SECRET`, `{{ client_secret }}`, `((client-secret))` and argocd-vault-plugin's `<path:secret/data/search#client_secret>`; a value SOPS encrypted in the file (`ENC[AES256_GCM,data:...,type:str]`) is not plain text either.",
      '',
      'In a Terraform file, the way out is a variable declared with `sensitive = true`, whose value comes from a secret store (`TF_VAR_client_secret` in CI) and never appears in plans or logs: `client_secret = var.client_secret`. A variable whose value is written in the module (its `default`, `terraform.tfvars`, a `*.auto.tfvars` file) holds the secret in plain text there: the finding names the variable and the line that sets it, which is where to remove it. A literal wrapped in `sensitive()` (`client_secret = sensitive("...")`) is reported too: the call keeps the value out of plans and output, not out of the repository. A value given by any other expression is not reported.',
      '',
      'A secret key written twice in one object is reported at each value in plain text: the API keeps only the last, but the earlier ones are as readable in the file.',
      '',
      'The rule never shows the value (nor its length). It offers a suggestion, not an automatic fix, that replaces the value with a placeholder named after the field: applying it removes the secret from the file, so keep the value somewhere safe first (and rotate it if it was ever committed).',
    ].join('\n'),
    fixable: false,
    namesVariables: true,
    examples: {
      valid: [
        { code: '{ "openid": { "client_id": "search", "client_secret": "<CLIENT_SECRET>" } }' },
        { code: '{ "search": { "email_sender_password": "${SMTP_PASSWORD}" } }' },
      ],
      invalid: [{ code: '{ "openid": { "client_id": "search", "client_secret": "s3cr3t-v4lu3" } }' }],
    },
  },
  check(ctx) {
    const fields = knownFieldsWhere(ctx.value, secret);
    for (let i = 0; i < fields.length; i++) {
      const v = fields[i];
      const { value } = v;
      if (typeof value !== 'string' || !value.trim() || isPlaceholder(value)) continue;
      const { path } = v;
      const field = formatPath(path);
      const key = path[path.length - 1];
      const placeholder = placeholderFor(String(key), v.schema);
      // Set by a variable (the field's own, or one that gives its object): the secret is written where
      // the variable's value is (a tfvars file, a default).
      const used = ctx.doc.variablesUsed?.find((u) => withinPath(path, u.path));
      // A plan's sensitive mark says the .tf files give the value the way out this rule asks for.
      if (ctx.doc.fromPlan && isSensitivePath(ctx.doc, path)) continue;
      if (used) {
        const name = used.variable.replace(/^var\./, '');
        ctx.report({
          path,
          message: `${field} holds a secret in plain text (value hidden): ${used.variable} is given it at ${used.from}. Remove the value from there and give ${used.variable} its value from your secret store (TF_VAR_${name} in CI)${used.sensitive ? '' : ', and declare the variable with sensitive = true'}; rotate the secret if it was ever committed.`,
        });
        continue;
      }
      if (ctx.doc.format === 'terraform') {
        // In Terraform the way out is a variable whose value never appears in plans or logs. A literal
        // given to sensitive() is kept out of plans and output, but not out of the file.
        const wrapped = isSensitivePath(ctx.doc, path)
          ? `: sensitive() keeps it out of Terraform's plans and output, not out of the file or the repository's history.`
          : '.';
        ctx.report({
          path,
          message: `${field} holds a secret in plain text (value hidden)${wrapped} Declare a variable with sensitive = true (variable "${String(key)}" { type = string, sensitive = true }), give it its value from your secret store (TF_VAR_${String(key)} in CI) and write ${String(key)} = var.${String(key)}; rotate the secret if it was ever committed.`,
        });
        continue;
      }
      ctx.report({
        path,
        message: `${field} holds a secret in plain text (value hidden). Replace it with a placeholder such as "${placeholder}" and inject the real value when the configuration is submitted, from your CI secret store or deployment tooling; rotate the secret if it was ever committed.`,
        suggestions: optional(
          intentFix(ctx.doc, `Replace the secret with the placeholder ${placeholder}`, { kind: 'set', path, value: placeholder }),
        ),
      });
    }
    // A key written twice: the document keeps the last value, but an earlier one is still in the file.
    if (ctx.doc.noDuplicateKeys) return;
    for (const { path: object, key, occurrences } of ctx.doc.repeatedKeys()) {
      const path = [...object, key];
      if (!schemaAt(path)?.secret) continue;
      for (const { value } of occurrences.slice(0, -1)) {
        if (typeof value?.read !== 'string' || !value.read.trim() || isPlaceholder(value.read)) continue;
        ctx.report({
          path,
          at: value.range,
          message: `${formatPath(path)} holds a secret in plain text (value hidden) here too, in an earlier occurrence of the key. Remove this occurrence, keeping a single ${ctx.doc.keyName?.(key) ?? key}, and rotate the secret if it was ever committed.`,
        });
      }
    }
  },
});
