import { boundsText, limitText, MAX_INT64_TEXT } from './describe';
import type { SchemaNode } from './schema';
import { showNumber } from './values';

/**
 * A finding about a sensitive value (a Terraform variable declared `sensitive`, a `sensitive()`
 * call) must not let its value be read from the message. The sweep of sensitive values skips
 * values shorter than four characters, since it would cut words apart elsewhere, and no sweep can
 * see what a rule derived from the value: `30` read in seconds is `30000 ms`, `"100mb"` is
 * `104857600`. So the message of a finding whose own value is sensitive is masked harder: outside
 * the texts its field's schema states (its bounds, its allowed values, its deprecation notes, which
 * are public whatever the value), the value itself, of any length, and every number are `***`.
 */

/** The texts of the field's schema a message may quote whatever the value. */
function publicTexts(schema: SchemaNode | undefined, value: string | number): string[] {
  const out = [MAX_INT64_TEXT];
  if (!schema) return out;
  const bounds = boundsText(schema);
  if (bounds) out.push(bounds);
  // A bound as messages name it: `above the maximum of 128`, `below the minimum of 5000 ms (5 s)`,
  // `longer than the maximum of 1024 characters`; the default as `its default is 30000 ms (30 s)`.
  for (const n of [schema.minimum, schema.maximum])
    if (n !== undefined) out.push(`minimum of ${limitText(n, schema)}`, `maximum of ${limitText(n, schema)}`);
  for (const n of [schema.minimum, schema.maximum, schema.minLength, schema.maxLength, schema.maxItems])
    if (n !== undefined) out.push(`minimum of ${n}`, `maximum of ${n}`);
  if (typeof schema.default === 'number') out.push(`default is ${showNumber(schema.default, schema)}`);
  for (const text of [schema.deprecationMessage, schema.deprecatedValuesMessage, schema.replacedBy, schema.requires])
    if (text) out.push(text);
  // The pattern a value must match, as a message quotes it (`^[a-z][-a-z0-9]{0,63}$`): its digits are the schema's.
  if (schema.pattern && schema.pattern !== String(value)) out.push(`\`${schema.pattern}\``);
  // An allowed value quoted is the schema's, unless it is the value itself.
  for (const v of schema.enum ?? []) if (String(v) !== String(value)) out.push(JSON.stringify(v));
  return out;
}

/**
 * A number standing alone in a text, or an address: not part of a word, a name, a longer number or a
 * place (`main.tf:6`), nor an index of a path (`ip_filter[0]`). A dotted run of numbers (an IPv4
 * address, `203.0.113.0`) and a run of hexadecimal groups and colons with a digit in it (an IPv6
 * address, `2001:db8::`) are one each: a rule works out a network from a sensitive CIDR block.
 */
const NUMBER = /(?<![\w.:]|\w\[)(?:(?=[\da-f]*:)(?=[\da-f:]*\d)[\da-f]*(?::[\da-f]*)+(?![\w.:])|\d+(?:\.\d+)*(?!\w|\.\d))/gi;

/**
 * `text` with each occurrence of `value`, in any case, that stands alone (not inside a word, a name
 * or a longer number) replaced by `***`. One pass: a value may be as long as the file.
 */
function replaceAlone(text: string, value: string): string {
  const lower = text.toLowerCase();
  const wanted = value.toLowerCase();
  // Lower-casing keeps the length of almost every text; where it does not, only exact matches count.
  const [haystack, needle] = lower.length === text.length && wanted.length === value.length ? [lower, wanted] : [text, value];
  if (!needle) return text;
  let out = '';
  let from = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length)) {
    const end = at + needle.length;
    const inside = /[\w.-]/.test(text[at - 1] ?? '') || /\w/.test(text[end] ?? '') || (text[end] === '.' && /\d/.test(text[end + 1] ?? ''));
    if (inside) continue;
    out += `${text.slice(from, at)}***`;
    from = end;
  }
  return out + text.slice(from);
}

/** The spans of `text` that hold one of `parts`, in order and not overlapping. */
function spansOf(text: string, parts: readonly string[]): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const part of parts) {
    if (!part) continue;
    for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length)) spans.push([at, at + part.length]);
  }
  spans.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: Array<[number, number]> = [];
  for (const s of spans) {
    const last = merged[merged.length - 1];
    if (last && s[0] < last[1]) last[1] = Math.max(last[1], s[1]);
    else merged.push([s[0], s[1]]);
  }
  return merged;
}

/**
 * The message of a finding about the sensitive `value` (see above): outside what the schema of its
 * field states, the value, quoted or standing alone, and every number are `***`.
 */
export function maskAboutSensitive(message: string, value: string | number, schema: SchemaNode | undefined): string {
  const raw = String(value);
  const quoted = JSON.stringify(raw);
  // A line of the file (`line 7 holds the first occurrence`) says where, not what.
  const number = (n: string, at: number, text: string): string => (/\blines? $/.test(text.slice(Math.max(0, at - 6), at)) ? n : '***');
  const mask = (part: string): string => replaceAlone(part.split(quoted).join('***'), raw).replace(NUMBER, number);
  let out = '';
  let from = 0;
  for (const [start, end] of spansOf(message, publicTexts(schema, value))) {
    out += mask(message.slice(from, start)) + message.slice(start, end);
    from = end;
  }
  return out + mask(message.slice(from));
}
