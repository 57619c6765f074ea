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
 * not set at all, as Terraform reads it: it leaves the document's value.
 */

/** A value the format converted, and what was written there. */
export interface Conversion {
  path: FieldPath;
  written: unknown;
}

export interface Converted {
  value: unknown;
  conversions: Conversion[];
}

/** A decimal number as Terraform reads a string (`tonumber`): no blanks, no hexadecimal, no `_`. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A number as Terraform writes it in a string (`tostring`): in full, without an exponent, with no
 * trailing zero (`2.190` -> "2.19", `1e21` -> "1000000000000000000000").
 */
export function terraformNumberText(n: number): string {
  // JavaScript's shortest text of the double, which is Go's too; only its exponent is written out.
  const plain = String(n);
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(plain);
  if (!m) return plain;
  const digits = m[2] + (m[3] ?? '');
  const point = 1 + Number(m[4]);
  const text =
    point <= 0
      ? `0.${'0'.repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + '0'.repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return m[1] + text;
}

/** The value Terraform gives `value` for a field of these types, or undefined when it needs no conversion or has none. */
export function convertScalar(value: unknown, schema: SchemaNode): { value: unknown } | undefined {
  if (value === null || typeof value === 'object') return undefined;
  const types = typesOf(schema);
  if (!types.length) return undefined;
  const own = typeof value === 'number' ? (Number.isInteger(value) ? ['number', 'integer'] : ['number']) : [typeof value];
  if (own.some((t) => types.includes(t))) return undefined;
  if (typeof value === 'string') {
    if ((types.includes('integer') || types.includes('number')) && DECIMAL.test(value)) {
      const n = Number(value);
      // A fraction for an integer field is refused by the provider, as is a number out of a double's range.
      if (Number.isFinite(n) && (types.includes('number') || Number.isSafeInteger(n))) return { value: n };
    }
    if (types.includes('boolean')) {
      if (value === 'true' || value === '1') return { value: true };
      if (value === 'false' || value === '0') return { value: false };
    }
    return undefined;
  }
  if (types.includes('string') && (typeof value === 'number' || typeof value === 'boolean')) {
    if (typeof value === 'number' && !Number.isFinite(value)) return undefined;
    return { value: typeof value === 'number' ? terraformNumberText(value) : String(value) };
  }
  return undefined;
}

/**
 * The configuration's value after Terraform's scalar conversion, following the schema: only the
 * fields it defines are converted. What did not change is shared with `value` (which is never
 * changed itself: its parts may be kept for the next reading of the document).
 */
export function convertScalars(value: unknown): Converted {
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
        if (v[key] === null) {
          // Terraform's null is "not set": the provider sends nothing, and the service keeps its default.
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
    const converted = convertScalar(v, schema);
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
