import type { ConfigDocument } from './formats/document';
import { withinPath } from './paths';
import { isCredentialName } from './credentials';
import { fieldByName, rootSchema, schemaAt, type SchemaNode } from './schema';
import { schemaOfMember, suggestKey } from './suggest';
import type { FieldPath, Segment } from './types';
import { hasOwn, isPlaceholder, UNKNOWN_VALUE } from './values';
import { currentSensitive, NO_SENSITIVE_VALUES as EMPTY, type SensitiveValues } from './sensitive-now';

/**
 * Where a value came from decides whether it may be shown. A value is sensitive when it stands in a
 * secret field, below a path the format marks sensitive (a Terraform variable declared `sensitive =
 * true`, a `sensitive()` call), or when it is the same value as one of those: a YAML alias, or a
 * variable used twice, copies a secret into a field that is no secret, and the copy is as secret.
 *
 * The values are gathered once per document. While rules run (and while hover or a report describes
 * a value), they are the current ones: `show` never prints one, and every text of a finding is swept
 * for them before it leaves the core, whichever way a rule put a value into it.
 */

export { currentSensitive, describing, enterSensitive, isSensitiveValue, SENSITIVE_MASK, type SensitiveValues } from './sensitive-now';
const byDocument = new WeakMap<object, SensitiveValues>();
/** The marks of a document that marks no path (nothing is ever added to it). */
const NO_PATHS = new Set<string>();

/** The sensitive scalar values of a document (strings and numbers; placeholders are not secrets). */
export function sensitiveValuesOf(
  doc: Pick<ConfigDocument, 'value' | 'sensitivePaths'> &
    Partial<Pick<ConfigDocument, 'noDuplicateKeys' | 'repeatedKeys' | 'rangeAt' | 'text'>>,
): SensitiveValues {
  const value = doc.value;
  if (value === null || typeof value !== 'object') return EMPTY;
  const known = byDocument.get(doc);
  if (known) return known;
  const out = new Set<string | number>();
  // Most documents mark no path (JSON has no way to): their walk reads the secret fields alone.
  const marks = doc.sensitivePaths ?? [];
  const marked = marks.length ? new Set(marks.map(pathText)) : NO_PATHS;
  // Paths that lead to a marked one: the walk goes down only where a secret field or a mark may be,
  // so that a long list of plain entries (an ip_filter) is not read for nothing.
  const leading = marks.length ? new Set<string>() : NO_PATHS;
  for (const p of marks) for (let i = 0; i < p.length; i++) leading.add(pathText(p.slice(0, i)));
  // Iterative: a configuration may nest deeply. `hidden` is inherited by everything below.
  const stack: Array<{ v: unknown; schema: SchemaNode | undefined; path: Segment[]; hidden: boolean }> = [
    { v: value, schema: rootSchema, path: [], hidden: marked.size > 0 && marked.has(pathText([])) },
  ];
  const visit = (v: unknown, schema: SchemaNode | undefined, path: Segment[], hidden: boolean): void => {
    const key = marked.size ? pathText(path) : undefined;
    const isMarked = hidden || (key !== undefined && marked.has(key));
    if (isMarked || holdsSecret(schema) || (key !== undefined && leading.has(key))) stack.push({ v, schema, path, hidden: isMarked });
  };
  while (stack.length) {
    const { v, schema, path, hidden } = stack.pop()!;
    if (typeof v === 'string' || typeof v === 'number') {
      if ((hidden || schema?.secret) && isSecretScalar(v)) {
        out.add(v);
        // Beyond 2^53 the double is not the number written: its text is what an output could show.
        if (typeof v === 'number' && !Number.isSafeInteger(v)) {
          const at = doc.rangeAt?.(path);
          if (at && doc.text !== undefined) out.add(doc.text.slice(at.offset, at.offset + at.length));
        }
      }
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) visit(v[i], schema?.items, [...path, i], hidden);
    } else if (v !== null && typeof v === 'object' && v !== UNKNOWN_VALUE) {
      if (!marked.size && !hidden) {
        // Nothing is marked: only the fields whose schema holds a secret can lead to one, and a schema
        // has a few of them where an object may have many thousands of (unknown) keys.
        for (const [k, child] of secretFieldsOf(schema))
          if (hasOwn(v, k)) visit((v as Record<string, unknown>)[k], child, [...path, k], false);
        continue;
      }
      for (const k of Object.keys(v)) {
        const child = schema?.properties && hasOwn(schema.properties, k) ? schema.properties[k] : undefined;
        visit((v as Record<string, unknown>)[k], child, [...path, k], hidden);
      }
    }
  }
  // A secret field's key written twice: the earlier values are not in the document's value, but in its text.
  if (doc.repeatedKeys && !doc.noDuplicateKeys)
    for (const { path, key, occurrences } of doc.repeatedKeys())
      if (schemaAt([...path, key])?.secret)
        for (const { value } of occurrences) if (value && isSecretScalar(value.read)) out.add(value.read);
  const result: SensitiveValues = out.size ? out : EMPTY;
  byDocument.set(doc, result);
  return result;
}

/** A value that may be a secret's: a string or a finite number, neither empty nor a placeholder. */
function isSecretScalar(v: unknown): v is string | number {
  // A number too large for a double reads as Infinity, a word that says nothing of the text
  // written (`1e400`): hiding it would hide every other infinite value and the word itself. So do
  // the words of a boolean or a null a secret field was given by mistake (`client_secret = true`,
  // which Terraform sends as "true"): hiding them would hide `sensitive = true` in the advice.
  return (
    (typeof v === 'string' && v !== '' && !isPlaceholder(v) && !NO_SECRET_WORD.test(v)) || (typeof v === 'number' && Number.isFinite(v))
  );
}
const NO_SECRET_WORD = /^(?:true|false|null)$/i;

/**
 * Configurations that share values (the manifests of one YAML document linked by an anchor and its
 * aliases): a value secret in one is secret in each, wherever an alias puts it.
 */
export function shareSensitive(docs: ReadonlyArray<Pick<ConfigDocument, 'value' | 'sensitivePaths'>>): void {
  const all = new Set<string | number>();
  for (const d of docs) for (const v of sensitiveValuesOf(d)) all.add(v);
  const result: SensitiveValues = all.size ? all : EMPTY;
  for (const d of docs) if (d.value !== null && typeof d.value === 'object') byDocument.set(d, result);
}

/** An object schema's fields that are or hold a secret, with their schemas (known once per schema node). */
const secretFields = new WeakMap<SchemaNode, ReadonlyArray<[string, SchemaNode]>>();
function secretFieldsOf(schema: SchemaNode | undefined): ReadonlyArray<[string, SchemaNode]> {
  if (!schema?.properties) return [];
  let fields = secretFields.get(schema);
  if (!fields) secretFields.set(schema, (fields = Object.entries(schema.properties).filter(([, child]) => holdsSecret(child))));
  return fields;
}

/** Whether a field of this schema, or one inside it, is a secret (known once per schema node). */
const secretInside = new WeakMap<SchemaNode, boolean>();
function holdsSecret(schema: SchemaNode | undefined): boolean {
  if (!schema) return false;
  const known = secretInside.get(schema);
  if (known !== undefined) return known;
  secretInside.set(schema, false); // a schema that refers to itself ends here
  const found = !!schema.secret || holdsSecret(schema.items) || Object.values(schema.properties ?? {}).some(holdsSecret);
  secretInside.set(schema, found);
  return found;
}

const pathText = (path: FieldPath): string => JSON.stringify(path);

/**
 * The schema of the field an unknown key surely names, where that field holds no secret: the vendor's
 * product name (`opensearch_version` for `search_version`) or the same name in other case or separators.
 * Outputs that mask every value below an unknown key (it may be a misspelt secret) show these as the
 * field's; a key a typo away from a field is no sure sign, and a key named like a credential stays masked.
 */
export function plainFieldMeant(path: FieldPath, key: string): SchemaNode | undefined {
  if (isCredentialName(key)) return undefined;
  const { list, clear } = suggestKey(path, key);
  const meant = clear ? list[0] : undefined;
  if (!meant || meant.moves || (meant.reason !== 'product-name' && meant.reason !== 'spelling')) return undefined;
  const schema = fieldByName(meant.field)?.schema;
  return schema && !holdsSecret(schema) ? schema : undefined;
}

/**
 * The schema a member is shown by in outputs that mask what may be a secret: the member's own (a field
 * written at the wrong level is that field, see schemaOfMember), or the plain field its key surely names.
 * `index`: the member's object is item `index` of the list at `path`.
 */
export function schemaShownFor(schema: SchemaNode | undefined, path: FieldPath, key: string, index?: number): SchemaNode | undefined {
  return schemaOfMember(schema, path, key, index) ?? plainFieldMeant(index === undefined ? path : [...path, index], key);
}

/** True when the value at `path` is sensitive by where it came from (a marked path at or above it). */
export function isSensitivePath(doc: Pick<ConfigDocument, 'sensitivePaths'>, path: FieldPath): boolean {
  return !!doc.sensitivePaths?.some((p) => withinPath(path, p));
}

/**
 * Shorter values are only hidden where a value is quoted as a whole (`show`): a sweep of a message
 * for two or three characters would cut words apart and hide nothing a reader could not guess.
 */
const MIN_SWEPT_LENGTH = 4;

/**
 * The text with every occurrence of a sensitive value replaced by `***`: as written, as quoted in
 * JSON, and as the start of a value cut short with "...". The last line of defence for texts made
 * without `show` (a rule's own quoting, a fix title).
 */
export function sweepSensitive(text: string, values: SensitiveValues = currentSensitive()): string {
  if (!values.size || !text) return text;
  let out = text;
  for (const v of values) {
    const raw = String(v);
    if (raw.length < MIN_SWEPT_LENGTH) continue;
    const quoted = JSON.stringify(raw).slice(1, -1);
    // Any case: a message may quote a value lower-cased (a host name, a URL's scheme).
    // A number only where it stands whole: `2000` inside `120000` is another number, and hiding
    // its digits there would show which value is hidden.
    if (/^\d+(?:\.\d+)?$/.test(raw)) {
      out = replaceWholeNumber(out, raw);
      continue;
    }
    for (const form of quoted === raw ? [raw] : [quoted, raw]) out = replaceEveryCase(out, form);
    // A long value quoted cut short: `"first 57 characters...`.
    if (raw.length > 20) out = replaceEveryCase(out, quoted.slice(0, 20));
  }
  return out;
}

/** `text` with every occurrence of the number `digits` that no other digit or decimal point touches replaced by `***`. */
function replaceWholeNumber(text: string, digits: string): string {
  let out = '';
  let from = 0;
  const digit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
  for (let at = text.indexOf(digits); at >= 0; at = text.indexOf(digits, at + 1)) {
    const end = at + digits.length;
    const before = text[at - 1];
    const after = text[end];
    if (digit(before) || (before === '.' && digit(text[at - 2])) || digit(after) || (after === '.' && digit(text[end + 1]))) continue;
    out += `${text.slice(from, at)}***`;
    from = end;
    at = end - 1;
  }
  return out + text.slice(from);
}

/** `text` with every occurrence of `needle`, in any case, replaced by `***`. */
function replaceEveryCase(text: string, needle: string): string {
  const lower = text.toLowerCase(),
    wanted = needle.toLowerCase();
  // Lower-casing keeps the length of almost every text; where it does not, only exact matches are replaced.
  if (lower.length !== text.length) return text.split(needle).join('***');
  let at = lower.indexOf(wanted);
  if (at < 0) return text;
  let out = '',
    from = 0;
  while (at >= 0) {
    out += `${text.slice(from, at)}***`;
    from = at + wanted.length;
    at = lower.indexOf(wanted, from);
  }
  return out + text.slice(from);
}

/**
 * A fix's title made from a sensitive value (a host name taken out of it, its number converted):
 * every quoted string and every run of four digits or more is masked. Used when the value a
 * finding is about is sensitive, so that what a rule derived from it is not shown either. The
 * field's key, quoted, stays: a secret field's name is not its value.
 */
export const maskDerived = (title: string, key?: string): string => {
  // The field's own name, quoted (`Remove the earlier "client_secret"`), is no part of its value.
  const name = key === undefined ? undefined : JSON.stringify(key);
  return title.replace(/"(?:[^"\\]|\\.)*"/g, (quoted) => (quoted === name ? quoted : '"***"')).replace(/\d{4,}/g, '***');
};
