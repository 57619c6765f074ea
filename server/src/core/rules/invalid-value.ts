import { distance } from 'fastest-levenshtein';
import { boundsText, limitText, MAX_INT64_TEXT } from '../describe';
import { factsOf } from '../file-facts';
import { formatPath, samePath } from '../paths';
import { hostnameProblem, hostOfUrl, hostPortProblem, pemProblem, urlProblem } from '../value-formats';
import { hasCredentials } from '../credentials';
import { defineRule, intentFix, optional, type RuleContext, type SchemaError } from '../rule';
import { allowsNull, type SchemaNode } from '../schema';
import { typoThreshold } from '../suggest';
import type { Fix, Segment } from '../types';
import { unitLabel } from '../units';
import { markedFields } from './restart-required';
import { expectedTypes, isPlaceholder, numberTextAt, shortened, show, showNumber } from '../values';
import { eachKnownField, valueAt } from '../walk';

/**
 * The keywords this rule explains: every value keyword the schema uses but `type` (type-mismatch's),
 * as a schema test holds. Other keywords (`exclusiveMinimum`, `const` outside an `if`) would need a
 * sentence here first.
 */
export const VALUE_KEYWORDS = ['minimum', 'maximum', 'pattern', 'enum', 'minLength', 'maxLength', 'maxItems'] as const;
type ValueKeyword = (typeof VALUE_KEYWORDS)[number];
const KEYWORDS: ReadonlySet<string> = new Set(VALUE_KEYWORDS);
const MAX_INT64 = 2n ** 63n - 1n;

/** Patterns whose meaning reads better in words than as a regular expression. */
const PATTERN_WORDS: Record<string, string> = {
  '^[^\\r\\n]*$': 'must be a single line (no line breaks)',
  '^[^\\x00-\\x1F]+$': 'must not be empty or contain control characters',
};

/** A number as written in the document: beyond 2^53 the parsed double is not what the user wrote. */
function numberText(ctx: RuleContext, path: Segment[], value: number, schema: SchemaNode): string {
  if (Number.isSafeInteger(value)) return showNumber(value, schema);
  // Shortened as a long string is (see show): a text of thousands of digits is no message.
  const raw = shortened(numberTextAt(ctx.doc, path, value) ?? String(value));
  return schema.unit && schema.unit !== 'count' ? `${raw} ${unitLabel(schema.unit)}` : raw;
}

/** 2^63-1 in digits: a number above it has more digits before its point, or as many and is larger. */
const MAX_INT64_DIGITS = String(MAX_INT64);

/**
 * Whether a number's text (`9223372036854775808`, `9.3e18`, `9223372036854775807.5`) stands for a
 * number above 2^63-1, read exactly: beyond 2^53 the parsed double rounds, and 2^63-1 itself
 * rounds up to 2^63. Linear in the text's length, however many digits or zeros it has. The text is
 * one that Number() reads as the value: YAML's core schema also writes `+9223372036854775808`,
 * `.9e19`, `9223372036854775808.` and integers in hexadecimal or octal (`0x8000000000000000`).
 */
function aboveMaxInt64(raw: string): boolean {
  if (/^0[xo]/i.test(raw)) return BigInt(raw) > MAX_INT64;
  // (No negative text gets here: its value would be below 2^53.)
  const m = /^\+?(\d*)(?:\.(\d*))?(?:[eE]([-+]?\d+))?$/.exec(raw);
  if (!m) return false;
  const [, whole, fraction = '', exponent] = m;
  // Its value is at least 2^53, so it has a digit other than 0.
  const digits = (whole + fraction).replace(/^0+/, '');
  // The value is 0.<digits> times 10^point: `point` digits stand before its point.
  const point = digits.length - fraction.length + Number(exponent ?? 0);
  if (point !== MAX_INT64_DIGITS.length) return point > MAX_INT64_DIGITS.length;
  // A head of fewer than 19 digits stands for itself followed by zeros: compared as text, it is below
  // 2^63-1's digits where it is their start, as the number is (they end in 7, not in zeros).
  const head = digits.slice(0, point);
  // Its 19 digits are those of 2^63-1: anything but zeros after them is a fraction above it.
  return head > MAX_INT64_DIGITS || (head === MAX_INT64_DIGITS && /[1-9]/.test(digits.slice(point)));
}

function listValues(schema: SchemaNode): string {
  const deprecated = new Set(schema.deprecatedValues?.map((v) => JSON.stringify(v)));
  const items = (schema.enum ?? []).map((v) => `${JSON.stringify(v)}${deprecated.has(JSON.stringify(v)) ? ' (deprecated)' : ''}`);
  return items.length === 1 ? items[0] : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/**
 * The allowed value the writer most likely meant: a text within typing distance, or, for a number
 * written where text is taken (`search_version: 3.30`, `written`), the allowed text of the same number.
 * Undefined for a field without allowed values. (No field with allowed values is secret, and none
 * allows blank text, which Number() would read as 0: schema tests hold both.)
 */
function enumSuggestion(ctx: RuleContext, path: Segment[], value: unknown, schema: SchemaNode, written?: string): Fix[] | undefined {
  const candidates = (schema.enum ?? []).filter((v): v is string => typeof v === 'string');
  const norm = (s: string) => s.trim().toLowerCase().replace(/[-\s]/g, '_');
  // A text spelled the same once normalised is at distance 0; any other value (a boolean, null) is
  // no number either, so it matches no allowed text.
  const close =
    typeof value === 'string'
      ? candidates.filter((c) => distance(norm(c), norm(value)) <= typoThreshold(value.length))
      : candidates.filter((c) => Number(c) === value);
  if (close.length !== 1) return undefined;
  const fix = intentFix(ctx.doc, `Replace ${written ?? JSON.stringify(value)} with ${JSON.stringify(close[0])}`, {
    kind: 'set',
    path,
    value: close[0],
  });
  return fix && [fix];
}

/** Why the value breaks one schema keyword, as a sentence fragment after "<field> is <value>". */
function keywordProblem(e: SchemaError, value: unknown): string {
  const s = e.schema ?? {};
  const bounds = boundsText(s);
  const allowed = bounds ? ` Allowed: ${bounds}.` : '';
  const limit = e.params.limit;
  switch (e.keyword as ValueKeyword) {
    case 'minimum':
      // Not "remove the field": on a running service the API merges the configuration, and the old value stays.
      return `below the minimum of ${limitText(Number(limit), s)}.${allowed} Raise the value${typeof s.default === 'number' ? `; its default is ${showNumber(s.default, s)}` : ''}.`;
    case 'maximum':
      return `above the maximum of ${limitText(Number(limit), s)}.${allowed} Lower the value.`;
    case 'enum':
      return `not one of the allowed values: ${listValues(s)}.`;
    case 'pattern': {
      const words = PATTERN_WORDS[String(e.params.pattern)];
      return words ? `but it ${words}.` : `which does not match the required pattern \`${e.params.pattern}\`.`;
    }
    case 'minLength':
      // Every minimum length is 1 (a schema test holds it): a value too short is empty. Not "remove the
      // field" (see minimum); a field that takes null has that to say "none".
      return `empty, but it needs at least 1 character. Set a value${allowsNull(s) ? ', or null for none' : ''}.`;
    case 'maxLength':
      // A length is measured on text only.
      return `${s.secret ? '' : `${(value as string).length} characters long, `}longer than the maximum of ${limit} characters.`;
    case 'maxItems':
      return `more than the maximum of ${limit} item${limit === 1 ? '' : 's'}. Remove ${limit === 1 ? 'the others' : 'some of them'}.`;
  }
}

/**
 * A further problem of the same value as a sentence of its own: the fragments are written to follow
 * "<field> is <value>, " (`which does not match …`, `but it must …`, `not one of …` after a length).
 */
function also(problem: string): string {
  if (problem.startsWith('which ')) return ` Also, it ${problem.slice('which '.length)}`;
  if (problem.startsWith('but it ')) return ` Also, it ${problem.slice('but it '.length)}`;
  return ` Also, it is ${problem}`;
}

/** The value after "<field> is": a number as written (with its unit), an array by its length (see show). */
const describeValue = (ctx: RuleContext, path: Segment[], value: unknown, schema: SchemaNode): string =>
  typeof value === 'number' ? numberText(ctx, path, value, schema) : show(value, schema);

/**
 * The text of a number written where the field takes a string (JSON and YAML keep the number,
 * Terraform converts it to its text): undefined for any other value. Read only for a field with
 * allowed values, each of which is text or null (a schema test holds it): a number there is
 * always of the wrong type.
 */
function writtenNumber(ctx: RuleContext, path: Segment[], value: unknown): string | undefined {
  const converted = ctx.doc.conversions?.find((c) => typeof c.written === 'number' && samePath(c.path, path));
  if (converted && typeof value === 'string') return value;
  return typeof value === 'number' ? (numberTextAt(ctx.doc, path, value) ?? String(value)) : undefined;
}

const FORMAT_CHECKS: Record<string, { check: (v: string) => string | undefined; expected: string }> = {
  url: { check: urlProblem, expected: 'an absolute http(s) URL such as https://idp.example.com/metadata' },
  hostname: { check: hostnameProblem, expected: 'a DNS name such as search.example.com, without scheme, port or path' },
  pem: {
    check: pemProblem,
    expected: 'one or more PEM certificates, each between "-----BEGIN CERTIFICATE-----" and "-----END CERTIFICATE-----" lines',
  },
  'host-port': { check: hostPortProblem, expected: 'host:port, such as search.example.com:9200' },
};

/**
 * An empty string for a field that may be null and has no minimum length is how modules write
 * "not set" (`variable "custom_domain" { default = "" }`): the schema accepts it, so the format
 * check, which exists to catch a malformed value, leaves it alone. An empty list item stays judged.
 */
const meansUnset = (path: Segment[], s: SchemaNode): boolean =>
  typeof path[path.length - 1] === 'string' && (s.minLength ?? 0) === 0 && allowsNull(s);

/** The fields this rule looks at. */
const formatChecked = (s: SchemaNode): boolean => !!s.valueFormat && !!FORMAT_CHECKS[s.valueFormat];
const checkedInCode = (s: SchemaNode): boolean => formatChecked(s) || (s.maximum !== undefined && s.maximum >= 2 ** 53);

/** Fields whose empty list the Terraform provider refuses. */
const EMPTY_REFUSED = markedFields((s) => !!s.emptyRefusedInTerraform);

export default defineRule({
  meta: {
    id: 'invalid-value',
    defaultSeverity: 'error',
    summary: "A value must be within the field's bounds, enum, pattern, length and format.",
    details: [
      "The API rejects a value outside what the field allows: a number out of its range (shown with the field's unit), a string not in the list of allowed values, not matching the field's pattern, too short or too long, an array with too many items.",
      '',
      'Formats the schema cannot express are checked too: URLs (`saml.idp_metadata_url`, `openid.connect_url`) must be absolute http(s) URLs, `custom_domain` a DNS name without scheme, port or path (a fix extracts the host from a pasted URL), `saml.idp_pemtrustedcas_content` well-formed PEM certificate blocks, and `search.reindex_remote_whitelist` items `host:port` with a valid port (a `*` in the host or the port matches any text, as the engine reads them: `*.example.com:9200`, `localhost:*`). An empty string for a field that may be null (`"custom_domain": ""`, the usual "not set") is accepted by the schema and not judged for its format. In Terraform a text attribute set to `""` is not judged at all: the provider sends it as unset.',
      '',
      'In Terraform, an empty list for a field whose provider refuses one (`ip_filter_string = []`) is reported with what to write instead.',
      '',
      'Placeholders that are filled in at deploy time (`<CONNECT_URL>`, `${IDP_URL}`) are not checked for their format. Integers up to 2^63-1 are compared exactly, even beyond the precision of JavaScript numbers. CIDR blocks are checked by `invalid-cidr`, types by `type-mismatch`, missing fields by `missing-required`.',
    ].join('\n'),
    fixable: true,
    examples: {
      valid: [
        { code: '{ "search": { "http_max_content_length": 104857600 }, "search_version": "2.19", "custom_domain": "search.example.com" }' },
      ],
      invalid: [
        { code: '{ "search": { "http_max_content_length": 3000000000 } }' },
        { code: '{ "search_version": "4" }' },
        { code: '{ "custom_domain": "https://search.example.com/" }' },
        { code: '{ "search": { "reindex_remote_whitelist": ["search.example.com:99999"] } }' },
      ],
    },
  },
  check(ctx) {
    const reported = new Set<string>();
    // The last segments of the reported paths: a cheap test before a path is spelled out.
    const reportedLast = new Set<Segment>();
    const byPath = new Map<string, { path: Segment[]; errors: SchemaError[] }>();
    for (const e of ctx.schemaErrors) {
      if (!KEYWORDS.has(e.keyword) || !e.path.length) continue;
      const key = formatPath(e.path);
      const entry = byPath.get(key) ?? { path: e.path, errors: [] };
      if (!entry.errors.some((x) => x.keyword === e.keyword)) entry.errors.push(e);
      byPath.set(key, entry);
    }
    for (const [key, { path, errors }] of byPath) {
      // From the parsed value, not the parse tree: an array is described only by its length. (No
      // object breaks these keywords: but for enum they judge only numbers, texts and lists, and every
      // field with allowed values takes text, as a schema test holds.)
      const value = valueAt(ctx.value, path);
      const schema = errors[0].schema ?? {};
      // A version written as a number (`search_version: 2`): where its text is an allowed value, the
      // value is right and only its type is not (type-mismatch says so, and quotes it); where it is
      // not, this finding stands for both, and says what type-mismatch would have said.
      // (Read only where it is used: a field with allowed values, as writtenNumber says.)
      const written = schema.enum ? writtenNumber(ctx, path, value) : undefined;
      const enumOnly = errors.every((e) => e.keyword === 'enum');
      if (written !== undefined && enumOnly && (schema.enum ?? []).includes(written)) continue;
      const problems = errors.map((e) => keywordProblem(e, value));
      const typeNote =
        written !== undefined && enumOnly
          ? ` It is written as the number ${written}, and the field takes ${expectedTypes(schema)}: write one of the allowed values, quoted.`
          : '';
      ctx.report({
        path,
        message: `${key} is ${describeValue(ctx, path, value, schema)}, ${problems[0]}${problems.slice(1).map(also).join('')}${typeNote}`,
        suggestions: enumSuggestion(ctx, path, value, schema, written),
      });
      reported.add(key);
      reportedLast.add(path[path.length - 1]);
    }

    // Spelling out a path costs more than the checks below: only for values they apply to.
    const alreadyReported = (path: Segment[]): boolean => reportedLast.has(path[path.length - 1]) && reported.has(formatPath(path));
    // An integer above 2^63-1 is written with at least 19 digits: without such a run of digits
    // (in a number, as the strict parse measured, or anywhere in the file), only the format
    // checks can find something. The file is looked at once, not once per configuration.
    const mayHoldHugeIntegers = !ctx.doc.noLongNumbers && factsOf(ctx.doc.text).hasLongDigitRun;
    // A long reindex_remote_whitelist is read without keeping a visit per entry.
    eachKnownField(
      ctx.value,
      mayHoldHugeIntegers ? checkedInCode : formatChecked,
      (v) => {
        if (formatChecked(v.schema)) {
          // A value of another type is type-mismatch's.
          if (typeof v.value !== 'string' || isPlaceholder(v.value)) return;
          if (v.value === '' && meansUnset(v.path, v.schema)) return;
          const format = v.schema.valueFormat!;
          const { check, expected } = FORMAT_CHECKS[format];
          const problem = check(v.value);
          if (!problem || alreadyReported(v.path)) return;
          const key = formatPath(v.path);
          const host = format === 'hostname' ? hostOfUrl(v.value) : undefined;
          // What insecure-url, silenced here, would have said.
          const plain =
            format === 'url' && /^\s*http:\/\//i.test(v.value) && !problem.includes('https://')
              ? ' Use https://, so that what is fetched cannot be read or replaced on the way.'
              : '';
          // A URL with blanks around it: the blanks go (a fix), and an http:// one may become https://
          // (a suggestion: only the identity provider knows whether it serves it). A URL that carries a
          // password or token is not written again (edits are printed by some outputs).
          const trimmed = v.value.trim();
          // (A URL without blanks is its trimmed text, whose problem is the one found.)
          const spaced = format === 'url' && !urlProblem(trimmed) && !hasCredentials(v.value);
          const set = (title: string, value: string): Fix | undefined => intentFix(ctx.doc, title, { kind: 'set', path: v.path, value });
          ctx.report({
            path: v.path,
            message: `${key} is ${show(v.value, v.schema)}, which ${problem}. Expected ${expected}.${plain}`,
            fix: host ? set(`Replace it with the host name "${host}"`, host) : spaced ? set('Remove the blanks', trimmed) : undefined,
            suggestions:
              spaced && plain
                ? optional(set('Use https:// and remove the blanks', `https://${trimmed.slice('http://'.length)}`))
                : undefined,
          });
          return;
        }
        // The walk gives the other fields only for their maximum of 2^63-1. Only a parsed value of
        // 2^53 or more can stand for an integer text above it: smaller ones need no look at the text
        // (and so no parse tree).
        if (typeof v.value === 'number' && v.value >= 2 ** 53) {
          if (alreadyReported(v.path)) return;
          const key = formatPath(v.path);
          if (aboveMaxInt64(numberTextAt(ctx.doc, v.path, v.value) ?? '')) {
            ctx.report({
              path: v.path,
              message: `${key} is ${describeValue(ctx, v.path, v.value, v.schema)}, above the maximum of ${MAX_INT64_TEXT}. Lower the value.`,
            });
          }
        }
      },
      true,
    );
    // What the Terraform provider refuses although the API takes it: an empty list (a plan holds
    // none, since it shows an unset list as an empty one).
    if (ctx.doc.appliedByTerraform) {
      for (const { info, path } of EMPTY_REFUSED) {
        const v = valueAt(ctx.value, path);
        if (!Array.isArray(v) || v.length || alreadyReported(path)) continue;
        ctx.report({ path, message: `${info.dotted} is an empty list. ${info.schema.emptyRefusedInTerraform}` });
      }
    }
  },
});
