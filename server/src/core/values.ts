import type { SchemaNode } from './schema';
import type { FieldPath } from './types';
import { maskCredentials } from './credentials';
import { isSensitiveValue, SENSITIVE_MASK } from './sensitive-now';
import { describeWithUnit, withHuman } from './units';

/**
 * Placeholders that stand in for a secret filled in at deploy time (<CLIENT_SECRET>, ${ENV}, {{ var }},
 * argocd-vault-plugin's <path:secret/data/search#client_secret>), and values a tool encrypted in the
 * file (SOPS: ENC[AES256_GCM,data:...,type:str]): neither is a secret in plain text.
 */
export const SECRET_PLACEHOLDER =
  /^(?:<[A-Za-z0-9_.-]+>|<path:[^\s<>]+>|\$\{[A-Za-z_][A-Za-z0-9_]*\}|\$[A-Z_][A-Z0-9_]*|\{\{\s*[\w.]+\s*\}\}|\(\(\s*[\w.-]+\s*\)\)|ENC\[AES256_GCM,data:[A-Za-z0-9+/=]*,iv:[A-Za-z0-9+/=]+,tag:[A-Za-z0-9+/=]+,type:[a-z]+\])$/;

export const isPlaceholder = (v: unknown): boolean =>
  typeof v === 'string' && startsLikePlaceholder(v.charCodeAt(0)) && SECRET_PLACEHOLDER.test(v);
/** `<`, `$`, `{`, `(` or `E`: every placeholder starts so, and most values do not (no regular expression to run). */
const startsLikePlaceholder = (c: number): boolean => c === 60 || c === 36 || c === 123 || c === 40 || c === 69;

/** JSON type name as people say it. */
export function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'an integer' : 'a number';
  if (typeof v === 'object') return 'an object';
  return `a ${typeof v}`;
}

/**
 * A value as it may appear in a message. Secrets and long strings never appear in full, and the
 * credentials inside a string (a URL's user info, a `token=` parameter) are masked before it is cut.
 */
/** A text of at most 60 characters for a message: a longer one is cut, and says so with `...`. */
export const shortened = (text: string): string => (text.length > 60 ? `${text.slice(0, 57)}...` : text);

/**
 * A name from the file (a manifest's metadata.name, a resource's labels) as messages may print it: control
 * characters and the marks that reorder text escaped (`\u001b`), so that no name writes to a terminal what it
 * pleases (a title, a cleared screen, text that looks like another finding).
 */
export const printable = (text: string): string =>
  text.replace(
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

export function show(v: unknown, schema?: SchemaNode): string {
  // A secret may be written as a number (a PIN, a numeric token): hide every scalar but null.
  if (schema?.secret && (typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint') && !isPlaceholder(v))
    return '(a hidden secret value)';
  // A value that came from a sensitive source, or that a secret field holds too (a YAML alias).
  if (isSensitiveValue(v)) return SENSITIVE_MASK;
  if (typeof v === 'string') {
    const masked = maskCredentials(v);
    return JSON.stringify(shortened(masked));
  }
  if (Array.isArray(v)) return `an array of ${v.length} item${v.length === 1 ? '' : 's'}`;
  if (v && typeof v === 'object') return 'an object';
  return String(v);
}

/** A value in parentheses after the name of its type (`an integer (5)`); a hidden value is in them already. */
export function inParentheses(v: unknown, schema?: SchemaNode): string {
  const shown = show(v, schema);
  return shown.startsWith('(') ? shown : `(${shown})`;
}

/** A number with the field's unit: `30 ms`, `104857600 bytes (100 MiB)`. */
export function showNumber(n: number, schema?: SchemaNode): string {
  if (isSensitiveValue(n)) return SENSITIVE_MASK;
  if (!schema?.unit) return String(n);
  return withHuman(describeWithUnit(n, schema.unit), 'parentheses');
}

/** Types of a schema node in words: `a string or null`. */
export function expectedTypes(schema: SchemaNode): string {
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  const words = types.map((t) =>
    t === 'null' ? 'null' : t === 'integer' ? 'an integer' : t === 'object' || t === 'array' ? `an ${t}` : `a ${t}`,
  );
  return words.length <= 1 ? (words[0] ?? 'any value') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A value that is no object nor list: what one key of a text holds when it holds a single value. */
export const isScalarValue = (v: unknown): v is string | number | boolean | null =>
  v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
export const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/**
 * Stands in the value for what the text does not determine (a Terraform expression such as
 * `var.x`): an empty object that no rule takes for a value of its own, and that the schema
 * errors about are dropped for (the document lists these paths as unknown).
 */
export const UNKNOWN_VALUE: Readonly<Record<string, never>> = Object.freeze({});

/**
 * The text a number is written with at `path` (`2.0`, `170086824411201793`), when the text there
 * is that number: a value brought in from elsewhere (a YAML merge key's `*base`, a variable's
 * name) is not written at its path. Undefined then.
 */
export function numberTextAt(doc: WrittenText, path: FieldPath, value: number): string | undefined {
  const raw = textAt(doc, path);
  return raw !== undefined && raw.trim() !== '' && Number(raw) === value ? raw : undefined;
}

/**
 * The text at `path` when it is one plain token of digits in some reader's syntax of a number (YAML's
 * `0777`, which kubectl reads as 511; `1_000`): what the user wrote, which quoting it keeps. Not an
 * expression that gives a number (`var.x`, `1-2`).
 */
export function numberTokenAt(doc: WrittenText, path: FieldPath): string | undefined {
  const raw = textAt(doc, path);
  return raw !== undefined && NUMBER_TOKEN.test(raw) ? raw : undefined;
}
const NUMBER_TOKEN = /^[-+]?[0-9][0-9a-zA-Z_.]*$/;

type WrittenText = { readonly text: string; rangeAt(path: FieldPath): { offset: number; length: number } | undefined };
const textAt = (doc: WrittenText, path: FieldPath): string | undefined => {
  const at = doc.rangeAt(path);
  return at && doc.text.slice(at.offset, at.offset + at.length);
};

/** Whether two values read from configurations are the same: scalars, lists in order, maps by their keys. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a),
      kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}
