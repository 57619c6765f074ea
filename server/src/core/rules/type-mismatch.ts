import { defineRule, intentFix } from '../rule';
import type { ConfigDocument } from '../formats/document';
import { schemaAt, typesOf } from '../schema';
import { expectedTypes, inParentheses, jsonType, numberTextAt, numberTokenAt, shortened, show } from '../values';
import { formatPath } from '../paths';
import { valueAt } from '../walk';
import type { Segment } from '../types';

/** Integer strings ("10") become numbers; numbers become strings where a string is expected (search_version: 2 -> "2"). */
function conversion(
  doc: ConfigDocument,
  path: Segment[],
  value: unknown,
  types: string[],
  secret = false,
): { title: string; value: unknown } | undefined {
  if (typeof value === 'string' && types.includes('integer') && /^-?\d+$/.test(value.trim())) {
    const n = Number(value.trim());
    if (Number.isSafeInteger(n)) return { title: `Replace ${JSON.stringify(value)} with the number ${n}`, value: n };
  }
  if (typeof value === 'number' && types.includes('string') && (doc.rangeAt(path) || doc.writtenElsewhere?.(path))) {
    // The number as written (`2.0` stays `"2.0"`, `0777` stays "0777"), not as read, where the text is at hand.
    const raw = numberTextAt(doc, path, value) ?? numberTokenAt(doc, path) ?? String(value);
    return { title: secret ? 'Quote the number as a string' : `Quote ${raw} as the string "${raw}"`, value: raw };
  }
  if (typeof value === 'string' && types.includes('boolean') && /^(true|false)$/i.test(value.trim())) {
    const b = value.trim().toLowerCase();
    return { title: `Replace ${JSON.stringify(value)} with ${b}`, value: b === 'true' };
  }
  return undefined;
}

/** What to write for each type a field may take, where no fix writes it. */
const TO_WRITE: Record<string, string> = {
  boolean: 'true or false',
  integer: 'a whole number',
  number: 'a number',
  string: 'text in quotes',
  array: 'a list of values',
  object: 'an object of its members',
};
const whatToWrite = (types: readonly string[]): string =>
  ` Write ${types
    .filter((t) => t !== 'null')
    .map((t) => TO_WRITE[t] ?? t)
    .join(', or ')}.`;

/**
 * A number too large for a double (`1e400` in JSON, `.inf` in YAML) reads as infinity, and YAML's
 * `.nan` as not a number: the message shows the value as written, not as JavaScript prints it.
 */
function beyondRange(doc: ConfigDocument, path: Segment[], value: number): string {
  const at = doc.rangeAt(path);
  const written = at ? shortened(doc.text.slice(at.offset, at.offset + at.length)) : String(value);
  if (Number.isNaN(value)) return `${written}, which reads as "not a number"`;
  return `${written}, a number that reads as ${value < 0 ? 'minus ' : ''}infinity`;
}

export default defineRule({
  meta: {
    id: 'type-mismatch',
    defaultSeverity: 'error',
    summary: 'A value must have the JSON type the field takes; null only where the field allows it.',
    details:
      'Each field takes one JSON type, and some also take an explicit `null`. The API rejects a value of another type. Numbers written as strings (`"10"`) and versions written as numbers (`2`) are fixed automatically.\n\nIn Terraform files and plans, Terraform converts a scalar to the type of its attribute before anything is sent (`"10"` to 10, `2` to `"2"`, `"true"` to true): such a value is accepted, and every rule judges the converted value. This rule then only says, as an info, that the written type differs, and offers to write the value in its own type; not for the value of a variable whose declared type gives it its type (`type = string` with `default = "512"` for an integer field), which is that type whatever is written. A value Terraform cannot convert (`"100mb"` for a number) is an error as in JSON.',
    fixable: true,
    examples: {
      valid: [{ code: '{ "search": { "http_max_content_length": 104857600 }, "search_version": null }' }],
      invalid: [
        { code: '{ "search": { "http_max_content_length": "104857600" } }' },
        { code: '{ "search_version": 2 }' },
        {
          code: '{ "static_ips": null }',
          only: { formats: ['json', 'yaml'], why: 'in Terraform, null leaves an attribute unset, which is allowed.' },
        },
      ],
    },
  },
  check(ctx) {
    // A format that converts scalars (Terraform) holds the converted value: what was written in
    // another type is accepted, and only its style is worth a word.
    for (const c of ctx.doc.conversions ?? []) {
      // A value whose type its declaration gives (a variable's `type = string`) has no written type to
      // speak of: the user wrote nothing that could be in the field's type. Its value is still judged.
      if (c.declared) continue;
      const schema = schemaAt(c.path);
      if (!schema) continue;
      const sent = valueAt(ctx.value, c.path);
      const field = formatPath(c.path);
      // A number as written: beyond 2^53 its double is not what the text says (nor what Terraform sends).
      const written =
        typeof c.written === 'number' ? shortened(numberTextAt(ctx.doc, c.path, c.written) ?? show(c.written)) : show(c.written, schema);
      // Text converted to an integer beyond 2^53: its digits, not the double's, are what Terraform sends,
      // and a number written back would be the double's. Said as written, and not rewritten.
      const digits =
        typeof sent === 'number' && !Number.isSafeInteger(sent) && typeof c.written === 'string' ? c.written.trim() : undefined;
      const sentText = digits ?? show(sent, schema);
      const title =
        typeof c.written === 'number' && typeof sent === 'string'
          ? schema.secret
            ? 'Quote the number as a string'
            : `Quote ${written} as the string ${JSON.stringify(sent)}`
          : `Replace ${written} with ${schema.secret ? 'the value in its own type' : sentText}`;
      const fix = digits === undefined ? intentFix(ctx.doc, title, { kind: 'set', path: c.path, value: sent }) : undefined;
      ctx.report({
        path: c.path,
        severity: 'info',
        fix,
        message: `${field} is ${jsonType(c.written)} ${schema.secret ? inParentheses(c.written, schema) : `(${written})`}; Terraform converts it to ${expectedTypes({ type: typesOf(schema).filter((t) => t !== 'null') })}, so it is accepted${schema.secret ? '' : ` as ${sentText}`}.${fix ? ` ${title} to write it in its own type.` : digits ? ` Write it without quotes to write it in its own type.` : ''}`,
      });
    }
    for (const e of ctx.schemaErrors) {
      if (e.keyword !== 'type' || !e.path.length || !e.schema) continue;
      const node = ctx.doc.rangeAt(e.path);
      const found = valueAt(ctx.value, e.path);
      // Only the kind of a container matters here, not what it holds: it is named, not shown.
      const container = found !== null && typeof found === 'object';
      const value = Array.isArray(found) ? [] : container ? {} : found;
      const field = formatPath(e.path);
      const types = typesOf(e.schema);
      const expected = expectedTypes(e.schema);
      if (value === null) {
        ctx.report({
          path: e.path,
          // Not "remove the field": on a running service the API merges the configuration, and the old value stays.
          message: `${field} does not accept null: it takes ${expected}. Set a value${e.schema.default !== undefined && typeof e.schema.default !== 'object' ? `; its default is ${show(e.schema.default, e.schema)}` : ''}.`,
        });
        continue;
      }
      // A member a YAML merge key (`<<: *base`) brings in is fixed where it is written.
      const elsewhere = ctx.doc.writtenElsewhere?.(e.path) ?? false;
      const converts = node || elsewhere ? conversion(ctx.doc, e.path, value, types, !!e.schema.secret) : undefined;
      const fix = converts && intentFix(ctx.doc, converts.title, { kind: 'set', path: e.path, value: converts.value });
      const advice = fix ? ` ${fix.title}.` : converts && elsewhere ? ` ${converts.title} where the value is written.` : whatToWrite(types);
      ctx.report({
        path: e.path,
        message: `${field} is ${typeof value === 'number' && !Number.isFinite(value) && !e.schema.secret ? beyondRange(ctx.doc, e.path, value) : `${jsonType(value)}${container ? '' : ` ${inParentheses(value, e.schema)}`}`}, but it takes ${expected}.${advice}`,
        fix,
      });
    }
  },
});
