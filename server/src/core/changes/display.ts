import { maskCredentials } from '../credentials';
import { schemaAt, type SchemaNode } from '../schema';
import type { Segment } from '../types';
import { isObject, show, showNumber, UNKNOWN_VALUE } from '../values';

/**
 * How a change report shows a value: secrets, the values of keys the schema does not know and values
 * shared with a secret are masked; a value the text does not determine is shown as not known, with
 * its expression where that may be shown.
 */

const MASKED_UNKNOWN = '(value not described by the schema, not shown)';
const SECRET_MASK = '(a hidden secret value)';
const SHARED_SECRET_MASK = '(shares its value with a secret through a YAML anchor, not shown)';
export const NOT_KNOWN = '(not known until plan)';
const COMPACT_LIMIT = 80;
const EXPRESSION_LIMIT = 60;

/**
 * What a format tells the comparison about one side beyond its value: the source of the values the
 * text does not determine (a Terraform expression, which only a plan resolves), and the values that
 * must not be shown although their field is no secret (a YAML anchor an alias in a secret field names).
 */
export interface DiffSide {
  /** The text of the expression at `path` when its value is not known; undefined for a literal. */
  expressionAt?(path: readonly Segment[]): string | undefined;
  /** True when the value at `path`, or one inside it, must not be shown. */
  hidden?(path: readonly Segment[]): boolean;
  /** How to show the unknown value at `path` instead of its expression (a plan's "known after apply"). */
  unknownLabel?(path: readonly Segment[]): string | undefined;
  /** True when Terraform's provider applies this side (see ConfigDocument.appliedByTerraform). */
  appliedByTerraform?: boolean;
  /** The name the field at the top-level key is written with, where the format has several (Terraform's ip_filter_string). */
  writtenName?(key: string): string | undefined;
}

/** Schema nodes from the root's child down to `path`; `undefined` from the first unknown segment on. */
export function schemaChain(path: readonly Segment[]): Array<SchemaNode | undefined> {
  const out: Array<SchemaNode | undefined> = [];
  for (let i = 1; i <= path.length; i++) out.push(schemaAt(path.slice(0, i)));
  return out;
}

/** True when the value (and everything inside it) may be printed: no secret, no unknown key. */
export function mayShow(value: unknown, path: readonly Segment[]): boolean {
  const schema = schemaAt(path);
  if (!schema || schema.secret) return false;
  if (Array.isArray(value)) return value.every((v, i) => mayShow(v, [...path, i]));
  if (isObject(value)) return Object.keys(value).every((k) => mayShow(value[k], [...path, k]));
  return true;
}

/** Stands for the unknown value number N in the compact JSON of a value holding some (a string no configuration holds). */
const UNKNOWN_MARK = '\u0000not-known-until-plan\u0000';
const UNKNOWN_MARK_JSON = /"\\u0000not-known-until-plan\\u0000(\d+)"/g;
export const containsUnknown = (value: unknown): boolean =>
  value === UNKNOWN_VALUE ||
  (Array.isArray(value) ? value.some(containsUnknown) : isObject(value) && Object.values(value).some(containsUnknown));

/** A copy of `value` with each unknown value replaced by a mark, and how each is shown in `shown`. */
function markUnknown(value: unknown, path: Segment[], side: DiffSide, shown: string[]): unknown {
  if (value === UNKNOWN_VALUE) {
    shown.push(display(value, path, side));
    return `${UNKNOWN_MARK}${shown.length - 1}`;
  }
  if (Array.isArray(value)) return value.map((v, i) => markUnknown(v, [...path, i], side, shown));
  if (!isObject(value)) return value;
  // Without a prototype, a key such as __proto__ is a member like any other.
  const copy = Object.create(null) as Record<string, unknown>;
  for (const k of Object.keys(value)) copy[k] = markUnknown(value[k], [...path, k], side, shown);
  return copy;
}

/** A value as a change report may show it; `side` says which of its values are expressions or hidden. */
export function display(value: unknown, path: Segment[], side: DiffSide = {}): string {
  const chain = schemaChain(path);
  const secretOrUnknownKey = chain.some((s) => s === undefined || s.secret);
  if (value === UNKNOWN_VALUE) {
    const label = side.unknownLabel?.(path);
    if (label) return label;
    // The expression is code, not a value; still, none is shown where a secret or an unknown key's value would be.
    const expression = secretOrUnknownKey || side.hidden?.(path) ? undefined : side.expressionAt?.(path);
    // A value wrapped in Terraform's sensitive() is meant to stay out of every output, literal or not.
    if (!expression || /\bsensitive\s*\(/.test(expression)) return NOT_KNOWN;
    const oneLine = maskCredentials(expression.replace(/\s+/g, ' '));
    return `(not known until plan: ${oneLine.length > EXPRESSION_LIMIT ? `${oneLine.slice(0, EXPRESSION_LIMIT - 3)}...` : oneLine})`;
  }
  if (chain.some((s) => s === undefined)) return MASKED_UNKNOWN;
  const schema = chain[chain.length - 1];
  if (chain.some((s) => s?.secret)) return typeof value === 'string' ? show(value, { secret: true }) : SECRET_MASK;
  if (side.hidden?.(path)) return SHARED_SECRET_MASK;
  if (typeof value === 'object' && value !== null && mayShow(value, path)) {
    const unknown: string[] = [];
    const json = maskCredentials(JSON.stringify(containsUnknown(value) ? markUnknown(value, path, side, unknown) : value));
    const shown = unknown.length ? json.replace(UNKNOWN_MARK_JSON, (_m, n: string) => unknown[Number(n)]) : json;
    if (shown.length <= COMPACT_LIMIT) return shown;
  }
  return typeof value === 'number' ? showNumber(value, schema) : show(value, schema);
}
