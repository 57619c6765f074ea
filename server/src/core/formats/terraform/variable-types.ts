import { DECIMAL, terraformNumberText } from '../conversion';
import type { FieldPath } from '../../types';
import { isObject } from '../../values';

/**
 * A variable's type constraint (`type = string`, `list(number)`, `object({ size = number })`) and
 * Terraform's conversion of the variable's value to it. Terraform converts a value to the declared
 * type before anything uses it: `default = 2` of a `string` variable is "2" wherever `var.x` is
 * written, so the attribute receives a string and there is no written type to speak of.
 */
export type TypeConstraint =
  | { kind: 'string' | 'number' | 'bool' | 'any' }
  | { kind: 'list' | 'set' | 'map'; of: TypeConstraint }
  | { kind: 'object'; attributes: ReadonlyMap<string, TypeConstraint> }
  | { kind: 'tuple'; items: readonly TypeConstraint[] };

/** Deeper type expressions are not read (no real module nests so far): the value is then taken as written. */
const MAX_TYPE_DEPTH = 16;

const TOKEN = /\s*(?:([A-Za-z_][A-Za-z0-9_-]*)|([(){}[\]=,:])|(#[^\n]*|\/\/[^\n]*|\/\*[\s\S]*?\*\/)|("(?:[^"\\\n]|\\.)*"))/y;

/** The constraint a type expression states; undefined when it is not one this reader knows. */
export function parseTypeConstraint(text: string): TypeConstraint | undefined {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const start = TOKEN.lastIndex;
    const m = TOKEN.exec(text);
    if (!m) return /^\s*$/.test(text.slice(start)) ? finish() : undefined;
    if (m[3] !== undefined) continue; // a comment
    tokens.push(m[1] ?? m[2] ?? m[4]);
  }
  return finish();

  function finish(): TypeConstraint | undefined {
    let at = 0;
    const next = (): string | undefined => tokens[at++];
    const expect = (t: string): boolean => tokens[at++] === t;
    const type = (depth: number): TypeConstraint | undefined => {
      if (depth > MAX_TYPE_DEPTH) return undefined;
      const word = next();
      switch (word) {
        case 'string':
        case 'number':
        case 'bool':
        case 'any':
          return { kind: word };
        case 'list':
        case 'set':
        case 'map': {
          if (!expect('(')) return undefined;
          const of = type(depth + 1);
          return of && expect(')') ? { kind: word, of } : undefined;
        }
        case 'object': {
          if (!expect('(') || !expect('{')) return undefined;
          const attributes = new Map<string, TypeConstraint>();
          while (tokens[at] !== '}') {
            let name = next();
            if (name === undefined) return undefined;
            if (name.startsWith('"')) name = JSON.parse(name) as string;
            const separator = next();
            if (!/^[A-Za-z_]/.test(name) || (separator !== '=' && separator !== ':')) return undefined;
            const t = attribute(depth + 1);
            if (!t) return undefined;
            attributes.set(name, t);
            if (tokens[at] === ',') at++;
          }
          at++;
          return expect(')') ? { kind: 'object', attributes } : undefined;
        }
        case 'tuple': {
          if (!expect('(') || !expect('[')) return undefined;
          const items: TypeConstraint[] = [];
          while (tokens[at] !== ']') {
            const t = type(depth + 1);
            if (!t) return undefined;
            items.push(t);
            if (tokens[at] === ',') at++;
          }
          at++;
          return expect(')') ? { kind: 'tuple', items } : undefined;
        }
        default:
          return undefined;
      }
    };
    // An attribute of an object type may be `optional(TYPE)` or `optional(TYPE, DEFAULT)`: its type is TYPE.
    // A default, an expression of its own, is not read: such a type is left unread.
    const attribute = (depth: number): TypeConstraint | undefined => {
      if (tokens[at] !== 'optional') return type(depth);
      at++;
      if (!expect('(')) return undefined;
      const t = type(depth + 1);
      return t && expect(')') ? t : undefined;
    };
    const t = type(0);
    return t && at === tokens.length ? t : undefined;
  }
}

/**
 * `value` converted to the constraint as Terraform converts a variable's value; the value itself
 * when nothing converts, or when Terraform would refuse it (it stops at plan, saying so: the value
 * is then judged as written). `numberText` is the literal's own text, for an exact string of it.
 */
export function convertToType(value: unknown, type: TypeConstraint, numberText?: string): unknown {
  if (value === null || value === undefined) return value;
  switch (type.kind) {
    case 'any':
      return value;
    case 'string':
      if (typeof value === 'boolean') return String(value);
      if (typeof value === 'number' && Number.isFinite(value)) return numberText ?? terraformNumberText(value);
      return value;
    case 'number':
      if (typeof value === 'string' && DECIMAL.test(value)) {
        const n = Number(value);
        return Number.isFinite(n) ? n : value;
      }
      return value;
    case 'bool':
      // Terraform's conversion of a string to a bool takes "1" and "0" too (tobool("1") is true).
      return value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;
    case 'list':
    case 'set':
      return Array.isArray(value) ? mapItems(value, (v) => convertToType(v, type.of)) : value;
    case 'tuple':
      return Array.isArray(value) && value.length === type.items.length
        ? mapItems(value, (v, i) => convertToType(v, type.items[i]))
        : value;
    case 'map':
      return isObject(value) ? mapMembers(value, () => type.of) : value;
    case 'object':
      return isObject(value) ? mapMembers(value, (key) => type.attributes.get(key)) : value;
  }
}

/**
 * Whether the constraint declares the scalar at `path` (within the variable's value) to be of the
 * type `value` has: `string` for "70000", `number` for 2.19, `bool` for true. Such a value has its
 * type because the module declares it so, whatever its literal looks like; `any`, or a value
 * Terraform could not convert to the declared type, declares nothing.
 */
export function declaresScalar(type: TypeConstraint, path: FieldPath, value: unknown): boolean {
  let t: TypeConstraint | undefined = type;
  for (const segment of path) {
    if (!t) return false;
    switch (t.kind) {
      case 'list':
      case 'set':
      case 'map':
        t = t.of;
        break;
      case 'tuple':
        t = typeof segment === 'number' ? t.items[segment] : undefined;
        break;
      case 'object':
        t = typeof segment === 'string' ? t.attributes.get(segment) : undefined;
        break;
      default:
        return false;
    }
  }
  const own = typeof value === 'boolean' ? 'bool' : typeof value;
  return t?.kind === own;
}

/** A copy only where something changed: a variable's value is shared by every file that reads it. */
function mapItems(items: readonly unknown[], f: (v: unknown, i: number) => unknown): unknown[] {
  let out: unknown[] | undefined;
  for (let i = 0; i < items.length; i++) {
    const c = f(items[i], i);
    if (c !== items[i]) (out ??= items.slice())[i] = c;
  }
  return out ?? (items as unknown[]);
}

function mapMembers(object: Record<string, unknown>, typeOf: (key: string) => TypeConstraint | undefined): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(object)) {
    const t = typeOf(key);
    if (!t) continue;
    const c = convertToType(object[key], t);
    if (c === object[key]) continue;
    out ??= Object.defineProperties({}, Object.getOwnPropertyDescriptors(object));
    Object.defineProperty(out, key, { value: c, enumerable: true, writable: true, configurable: true });
  }
  return out ?? object;
}
