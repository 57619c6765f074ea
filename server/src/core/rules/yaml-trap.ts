import type { YamlDocument } from '../formats/yaml/document';
import { formatPath } from '../paths';
import { intentFix, optional, defineRule } from '../rule';
import { schemaAt, typesOf } from '../schema';
import { shortened } from '../values';

/** YAML 1.1's words for true and false, which YAML 1.2 (the operator's API server, yaml, Go's yaml.v3) reads as strings. */
const YAML11_TRUE = /^(?:[yY]|[yY]es|YES|[oO]n|ON)$/;
const YAML11_BOOLEAN = /^(?:[yY]|[yY]es|YES|[nN]|[nN]o|NO|[oO]n|ON|[oO]ff|OFF)$/;
const OCTAL_LOOKING = /^[-+]?0[0-9]+$/;
const OCTAL_DIGITS = /^[-+]?0[0-7]+$/;

/** An OpenID client with the given client_id, as written in YAML (a numeric ID, as some identity providers give). */
const OPENID = (clientId: string): string =>
  `openid:\n  client_id: ${clientId}\n  client_secret: "<CLIENT_SECRET>"\n  connect_url: https://idp.example.com/.well-known/openid-configuration\n`;

export default defineRule({
  meta: {
    id: 'yaml-trap',
    defaultSeverity: 'warning',
    summary: 'A YAML value that YAML 1.1 tools, or a round trip, read otherwise than written.',
    details:
      'In a `*.search.yaml` file or the `spec.userConfig` of a Kubernetes manifest, some values are read differently by different YAML readers. YAML 1.2 (the Kubernetes API server, the operator) reads `on`, `off`, `yes`, `no`, `y` and `n` as strings, where YAML 1.1 tools read them as booleans: write `true` or `false` where a boolean is meant, and quote the word where text is meant. A number where text is expected loses how it was written (`10.0` becomes 10): quote it. An integer with a leading zero (`0755`) is 755 in YAML 1.2 but 493 (octal) in YAML 1.1: write it without the zero, or `0o755` for octal. An alias (`*name`) in the configuration, or an anchor (`&name`) that an alias elsewhere names, makes two places share one value: a change to one changes the other, which the configuration rarely means. A key written twice in one mapping is reported by duplicate-key.',
    fixable: true,
    exampleFormats: { formats: ['yaml'], why: 'only YAML reads these values otherwise than they are written.' },
    examples: {
      valid: [{ code: `static_ips: true\n${OPENID('"0123"')}`, fileName: 'prod.search.yaml' }],
      invalid: [{ code: `static_ips: on\n${OPENID('0123')}`, fileName: 'prod.search.yaml' }],
    },
  },
  check(ctx) {
    if (ctx.doc.format !== 'yaml') return;
    const doc = ctx.doc as YamlDocument;
    const lineOf = (offset: number): number => doc.lines.positionAt(offset).line + 1;
    for (const s of doc.plainScalars) {
      const schema = schemaAt(s.path);
      // A secret's value is never quoted in a message (secret-in-plain-text reports it), nor is the value
      // of a field the schema does not know, which may be a misspelt secret (unknown-field reports it).
      if (!schema || schema.secret) continue;
      const field = formatPath(s.path);
      const types = typesOf(schema ?? {});
      const wantsBoolean = types.includes('boolean');
      const wantsString = types.includes('string') && !types.includes('number') && !types.includes('integer');
      if (YAML11_BOOLEAN.test(s.source)) {
        const meant = YAML11_TRUE.test(s.source);
        if (wantsBoolean) {
          ctx.report({
            path: s.path,
            at: s.range,
            message: `${field} is written ${s.source}, which YAML 1.2 (the Kubernetes API server) reads as the string "${s.source}", not a boolean (only YAML 1.1 read it as ${meant}); the API refuses a string here. Write ${meant}.`,
            suggestions: optional(intentFix(doc, `Write ${meant}`, { kind: 'set', path: s.path, value: meant })),
          });
        } else {
          ctx.report({
            path: s.path,
            at: s.range,
            message: `${field} is written ${s.source} without quotes: YAML 1.2 reads the string "${s.source}", but YAML 1.1 tools (older Helm and Python libraries) read the boolean ${meant}. Quote it: "${s.source}".`,
            fix: intentFix(doc, `Quote "${s.source}"`, { kind: 'set', path: s.path, value: s.source }),
          });
        }
        continue;
      }
      if (typeof s.value !== 'number') continue;
      if (wantsString && String(s.value) !== s.source) {
        ctx.report({
          path: s.path,
          at: s.range,
          message: `${field} is written ${s.source} without quotes, which YAML reads as the number ${s.value}: the text "${s.source}" is lost, and the API refuses a number here. Quote it: "${s.source}".`,
          fix: intentFix(doc, `Quote "${s.source}"`, { kind: 'set', path: s.path, value: s.source }),
        });
      } else if (OCTAL_LOOKING.test(s.source)) {
        // Here the field takes no text (text would have been reported as lost above). YAML 1.1 reads
        // a leading zero as octal only when every digit is one; `09` it reads as the string "09".
        const read = OCTAL_DIGITS.test(s.source) ? `the octal ${parseInt(s.source, 8)}` : `the string "${s.source}"`;
        ctx.report({
          path: s.path,
          at: s.range,
          message: `${field} is written ${s.source}: YAML 1.2 reads the number ${s.value}, but YAML 1.1 tools read ${read}. Write ${s.value} without the leading zero.`,
          suggestions: optional(intentFix(doc, `Write ${s.value}`, { kind: 'set', path: s.path, value: s.value })),
        });
      }
    }
    for (const s of doc.sharing) {
      const field = formatPath(s.path) || 'the configuration';
      const where = ` (line ${lineOf(s.other)})`;
      ctx.report({
        path: s.path,
        at: s.range,
        message:
          s.kind === 'alias'
            ? `${field} is an alias (*${shortened(s.name)}): its value is the one its anchor${where} marks, so a change there changes this field too. Write the value out here.`
            : `${field} carries an anchor (&${shortened(s.name)}) that an alias${where} names: a change here changes that value too. Write the value out at the alias.`,
        // The other end; a note on sharing says nothing of the value's spelling or type (see precedence.ts).
        related: [
          {
            message: s.kind === 'alias' ? 'The anchor this alias names' : 'An alias that names this anchor',
            range: doc.lines.rangeOf(s.other, 0),
          },
        ],
      });
    }
  },
});
