import { rootSchema, typesOf, type SchemaNode } from '../schema';
import type { FieldPath, Segment } from '../types';
import { isObject, UNKNOWN_VALUE } from '../values';

/**
 * Terraform's conversion of a scalar to the type of its attribute, which happens before the
 * provider sends anything: `1` for a string is sent as `"1"`, `"10"` for a number as 10, `"true"`
 * for a bool as true. A document in a format that converts holds the converted values, so that
 * every rule judges what the service receives; the values as written are kept beside it, for the
 * one rule that says the written type differs. A value Terraform cannot convert (`"100mb"` for a
 * number) stays as written, and is an error as it would be at plan. An attribute set to null is
 * not set at all, as Terraform reads it: it leaves the document's value. So does a text attribute
 * set to "", which the provider sends as unset (an item of a list is sent as it is).
 */

/** A value the format converted, and what was written there. */
export interface Conversion {
  path: FieldPath;
  written: unknown;
  /**
   * The value had its type by a declaration, not by how it was written (a Terraform variable's
   * `type = string` makes "70000" and 70000 alike text): nothing written could give it the field's
   * type, and the conversion is the format's alone.
   */
  declared?: boolean;
}

export interface Converted {
  value: unknown;
  conversions: Conversion[];
}

/** A decimal number as Terraform reads a string (`tonumber`): no blanks, no hexadecimal, no `_`. */
export const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A number as Terraform writes it in a string (`tostring`): in full, without an exponent, with no
 * trailing zero (`2.190` -> "2.19", `1e21` -> "1000000000000000000000"). NaN and the infinities,
 * which Terraform has no text for, stay as JavaScript writes them.
 */
export function terraformNumberText(n: number): string {
  // JavaScript's shortest text of the double is Go's too (`1e+21`): only its exponent is written out.
  return exactNumberText(String(n), n) ?? String(n);
}

/**
 * A number literal as Terraform writes it in a string, read from its text, exactly: Terraform keeps
 * a literal's every digit (`170086824411201793`, which a double rounds to ...800). Undefined when
 * the text is not a decimal literal (a variable's name) or does not stand for `value`.
 */
export function exactNumberText(source: string, value: number): string | undefined {
  if (!DECIMAL.test(source) || Number(source) !== value) return undefined;
  const sign = source[0] === '-' ? '-' : '';
  const unsigned = source[0] === '-' || source[0] === '+' ? source.slice(1) : source;
  const e = unsigned.search(/[eE]/);
  const mantissa = e < 0 ? unsigned : unsigned.slice(0, e);
  const exponent = e < 0 ? 0 : Number(unsigned.slice(e + 1));
  const dot = mantissa.indexOf('.');
  const whole = dot < 0 ? mantissa : mantissa.slice(0, dot);
  const all = whole + (dot < 0 ? '' : mantissa.slice(dot + 1));
  let first = 0;
  while (first < all.length && all[first] === '0') first++;
  if (first === all.length) return '0';
  let last = all.length;
  while (all[last - 1] === '0') last--;
  const digits = all.slice(first, last);
  const point = whole.length + exponent - first;
  // A value a double holds (Number(source) is finite) has no more than a few hundred places either way.
  const text =
    point <= 0
      ? `0.${'0'.repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + '0'.repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return sign + text;
}

const INT64_MAX = 2n ** 63n - 1n;

/** Whether a decimal text is an integer the provider's 64-bit integers hold (`"10000000000000000"` is). */
function fitsInt64(text: string, n: number): boolean {
  if (!Number.isInteger(n)) return false;
  if (Number.isSafeInteger(n)) return true;
  // Beyond 2^53 the double is not exact: the text decides (an exponent's text is decided by its double).
  const digits = /^[+-]?\d+$/.test(text) ? BigInt(text) : BigInt(n);
  return digits <= INT64_MAX && digits >= -INT64_MAX - 1n;
}

/**
 * The value Terraform gives `value` for a field of these types, or undefined when it needs no
 * conversion or has none. `source` is the text written for the value, when there is one.
 */
export function convertScalar(value: unknown, schema: SchemaNode, source?: string): { value: unknown } | undefined {
  if (value === null || typeof value === 'object') return undefined;
  const types = typesOf(schema);
  if (!types.length) return undefined;
  const own = typeof value === 'number' ? (Number.isInteger(value) ? ['number', 'integer'] : ['number']) : [typeof value];
  if (own.some((t) => types.includes(t))) return undefined;
  if (typeof value === 'string') {
    if ((types.includes('integer') || types.includes('number')) && DECIMAL.test(value)) {
      const n = Number(value);
      // A fraction for an integer field is refused by the provider, as is a number out of a double's
      // range, or an integer beyond the provider's 64 bits.
      if (Number.isFinite(n) && (types.includes('number') || fitsInt64(value, n))) return { value: n };
    }
    if (types.includes('boolean')) {
      if (value === 'true' || value === '1') return { value: true };
      if (value === 'false' || value === '0') return { value: false };
    }
    return undefined;
  }
  if (types.includes('string') && (typeof value === 'number' || typeof value === 'boolean')) {
    if (typeof value === 'number' && !Number.isFinite(value)) return undefined;
    if (typeof value === 'boolean') return { value: String(value) };
    return { value: (source !== undefined && exactNumberText(source, value)) || terraformNumberText(value) };
  }
  return undefined;
}

/**
 * The configuration's value after Terraform's scalar conversion, following the schema: only the
 * fields it defines are converted. What did not change is shared with `value` (which is never
 * changed itself: its parts may be kept for the next reading of the document).
 */
export function convertScalars(value: unknown, sourceAt?: (path: FieldPath) => string | undefined): Converted {
  const conversions: Conversion[] = [];
  const visit = (v: unknown, schema: SchemaNode, path: Segment[]): unknown => {
    if (v === UNKNOWN_VALUE) return v;
    if (Array.isArray(v)) {
      if (!schema.items) return v;
      let out: unknown[] | undefined;
      for (let i = 0; i < v.length; i++) {
        const c = visit(v[i], schema.items, [...path, i]);
        if (c !== v[i]) (out ??= v.slice())[i] = c;
      }
      return out ?? v;
    }
    if (isObject(v)) {
      const properties = schema.properties;
      if (!properties) return v;
      let out: Record<string, unknown> | undefined;
      for (const key of Object.keys(v)) {
        const member = Object.prototype.hasOwnProperty.call(properties, key) ? properties[key] : undefined;
        if (!member) continue;
        if (v[key] === null || (v[key] === '' && typesOf(member).includes('string'))) {
          // Terraform's null is "not set": the provider sends nothing, and the service keeps its default.
          // So is an empty string for a text attribute: the provider does not tell it from an unset one,
          // and modules write "not set" so (`default = ""`).
          out ??= copyOf(v);
          delete out[key];
          continue;
        }
        const c = visit(v[key], member, [...path, key]);
        if (c === v[key]) continue;
        out ??= copyOf(v);
        out[key] = c;
      }
      return out ?? v;
    }
    const converted = convertScalar(v, schema, typeof v === 'number' ? sourceAt?.(path) : undefined);
    if (!converted) return v;
    conversions.push({ path, written: v });
    return converted.value;
  };
  return { value: visit(value, rootSchema, []), conversions };
}

/** A shallow copy that keeps a `__proto__` key a key. */
function copyOf(v: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(v))
    Object.defineProperty(out, key, { value: v[key], enumerable: true, writable: true, configurable: true });
  return out;
}
