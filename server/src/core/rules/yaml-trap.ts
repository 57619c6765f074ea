import type { YamlDocument } from '../formats/yaml/document';
import { formatPath } from '../paths';
import { intentFix, optional, defineRule } from '../rule';
import { schemaAt, typesOf } from '../schema';
import { shortened } from '../values';

/** YAML 1.1's words for true and false: booleans to kubectl and Helm (Go's YAML 1.1 reader), strings to kustomize and YAML 1.2 readers. */
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
      'In a `*.search.yaml` file or the `spec.userConfig` of a Kubernetes manifest, some values are read differently by different YAML readers. kubectl and Helm turn YAML into JSON with a YAML 1.1 reader, which reads `on`, `off`, `yes`, `no`, `y` and `n` as booleans and an integer with a leading zero (`0755`) as octal (493); kustomize and YAML 1.2 readers read the words as strings, and YAML 1.2 readers read `0755` as 755. The checks judge what kubectl sends, and this rule says where the readers part: write `true` or `false` where a boolean is meant, quote the word where text is meant, and write an integer without a leading zero. A number where text is expected loses how it was written (`10.0` becomes 10): quote it. An alias (`*name`) in the configuration, or an anchor (`&name`) that an alias elsewhere names, makes two places share one value: a change to one changes the other, which the configuration rarely means. A key written before a merge key (`<<: *base`) that brings it with another value is kept by YAML 1.2 readers and kustomize, but replaced by the merged value in kubectl and Helm, whose reader merges where `<<` stands: write the merge key first. A member a merge key brings in from outside the configuration is reported at the merge, with the line where its spelling is written. A directive (`%YAML 1.2`) in a manifest file, or a document written on its `---` line, makes kubectl apply refuse the file, since kubectl and Helm cut the file at its `---` lines first. A manifest written after a `...` end marker without a `---` line starts a document for YAML, but kubectl, Helm and kustomize cut a file at `---` lines and read only the first document of each part: it is never applied, and is reported instead of checked. A key written twice in one mapping is reported by duplicate-key.',
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
      // A member a merge key brings in is named with where it is written, which is where to change it.
      const from = s.writtenAt !== undefined && lineOf(s.writtenAt) !== lineOf(s.range.offset) ? ` from line ${lineOf(s.writtenAt)}` : '';
      const field = s.writtenAt === undefined ? formatPath(s.path) : `${formatPath(s.path)} (brought in by this merge key${from})`;
      const types = typesOf(schema ?? {});
      const wantsBoolean = types.includes('boolean');
      const wantsString = types.includes('string') && !types.includes('number') && !types.includes('integer');
      if (YAML11_BOOLEAN.test(s.source)) {
        // The document holds what kubectl and Helm send (see formats/yaml/plain-scalars.ts): the boolean.
        const meant = YAML11_TRUE.test(s.source);
        if (wantsBoolean) {
          ctx.report({
            path: s.path,
            at: s.range,
            message: `${field} is written ${s.source}: kubectl and Helm read it as YAML 1.1 does, the boolean ${meant}, but kustomize and YAML 1.2 readers read the string "${s.source}", which the API refuses. Write ${meant}.`,
            fix: intentFix(doc, `Write ${meant}`, { kind: 'set', path: s.path, value: meant }),
          });
        } else {
          ctx.report({
            path: s.path,
            at: s.range,
            message: `${field} is written ${s.source} without quotes: kubectl and Helm read it as YAML 1.1 does, the boolean ${meant}${wantsString ? ', which the API refuses for text' : ''} (kustomize and YAML 1.2 readers read the string "${s.source}"). Quote it: "${s.source}".`,
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
          message: s.goOnly
            ? `${field} is written ${s.source} without quotes: kubectl and Helm read it as the number ${s.value} (YAML 1.2 readers keep the text), so the text "${s.source}" is lost, and the API refuses a number here. Quote it: "${s.source}".`
            : `${field} is written ${s.source} without quotes, which YAML reads as the number ${s.value}: the text "${s.source}" is lost, and the API refuses a number here. Quote it: "${s.source}".`,
          fix: intentFix(doc, `Quote "${s.source}"`, { kind: 'set', path: s.path, value: s.source }),
        });
      } else if (OCTAL_DIGITS.test(s.source)) {
        // Here the field takes no text (text would have been reported as lost above). Go's readers
        // (kubectl, Helm, kustomize) read a leading zero as octal, which the document holds; YAML 1.2
        // readers read the decimal digits. Which was meant only the writer knows: both are offered.
        // (`007`, `01`: octal and decimal are the same number, and every reader agrees: nothing to say.)
        const decimal = Number(s.source);
        if (decimal === s.value) continue;
        ctx.report({
          path: s.path,
          at: s.range,
          message: `${field} is written ${s.source}: kubectl, Helm and kustomize read a leading zero as octal, ${s.value}, where YAML 1.2 readers read ${decimal}. Write ${s.value} if that is meant, or ${decimal}.`,
          suggestions: [
            intentFix(doc, `Write ${s.value} (what kubectl sends now)`, { kind: 'set', path: s.path, value: s.value }),
            intentFix(doc, `Write ${decimal}`, { kind: 'set', path: s.path, value: decimal }),
          ].filter((f): f is NonNullable<typeof f> => !!f),
        });
      } else if (OCTAL_LOOKING.test(s.source)) {
        // `09`: no octal; Go's readers and YAML 1.2 agree on the decimal 9, YAML 1.1 libraries read the string "09".
        ctx.report({
          path: s.path,
          at: s.range,
          message: `${field} is written ${s.source}: kubectl reads the number ${s.value}, but YAML 1.1 libraries read the string "${s.source}". Write ${s.value} without the leading zero.`,
          suggestions: optional(intentFix(doc, `Write ${s.value}`, { kind: 'set', path: s.path, value: s.value })),
        });
      }
    }
    for (const m of doc.mergedOver) {
      const field = formatPath(m.path);
      ctx.report({
        path: m.path,
        at: m.range,
        message: `${field} is written before the merge key << (line ${lineOf(m.merge)}) that brings it too, with another value: YAML 1.2 readers and kustomize keep the value written here, but kubectl and Helm (Go's YAML reader merges where << stands) take the merged one. Write the merge key first, or remove one of the two values.`,
        related: [{ message: 'The merge key that brings it too', range: doc.lines.rangeOf(m.merge, 2) }],
      });
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
