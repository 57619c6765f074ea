/**
 * Scalars of the plain block reader (plain-reader.ts) read as the `yaml` package reads them: the
 * escapes of double-quoted scalars, and what a plain scalar means in YAML 1.2's core schema.
 */

/** Escapes of double-quoted scalars, as the `yaml` package reads them. */
const ESCAPES: Record<string, string> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
};
const HEX_DIGITS = /^[0-9a-fA-F]+$/;

/**
 * The character an escape after a backslash (at `i`, before `end`) stands for, and how many characters
 * it takes; undefined for an escape the `yaml` package reports as an error.
 */
export function escapeAt(t: string, i: number, end: number): { text: string; length: number } | undefined {
  if (i >= end) return undefined;
  const c = t[i];
  if (Object.hasOwn(ESCAPES, c)) return { text: ESCAPES[c], length: 1 };
  const digits = c === 'x' ? 2 : c === 'u' ? 4 : c === 'U' ? 8 : 0;
  const hex = t.slice(i + 1, i + 1 + digits);
  if (!digits || i + 1 + digits > end || !HEX_DIGITS.test(hex)) return undefined;
  const code = parseInt(hex, 16);
  return code > 0x10ffff ? undefined : { text: String.fromCodePoint(code), length: 1 + digits };
}

// The core schema of YAML 1.2, in the `yaml` package's order and with its patterns: what a plain scalar means.
const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INT_OCT = /^0o[0-7]+$/;
const INT = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

const MAY_RESOLVE = new Set('0123456789+-.~nNtTfF'.split('').map((c) => c.charCodeAt(0)));

/** What a plain scalar means in the core schema. */
export function plainValue(source: string): unknown {
  // Every spelling of the schema's nulls, booleans and numbers starts with one of these: most text is told at once.
  if (source.length && !MAY_RESOLVE.has(source.charCodeAt(0))) return source;
  if (NULL.test(source)) return null;
  if (BOOL.test(source)) return source[0] === 't' || source[0] === 'T';
  if (INT_OCT.test(source)) return parseInt(source.substring(2), 8);
  if (INT.test(source)) return parseInt(source, 10);
  if (INT_HEX.test(source)) return parseInt(source.substring(2), 16);
  if (FLOAT_NAN.test(source))
    return source.slice(-3).toLowerCase() === 'nan' ? NaN : source[0] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  if (FLOAT_EXP.test(source) || FLOAT.test(source)) return parseFloat(source);
  return source;
}

/**
 * What kubectl and Helm send for a plain scalar that YAML 1.2's core schema reads otherwise. Both turn
 * YAML into JSON with Go's YAML reader (go-yaml v2, through sigs.k8s.io/yaml), so a manifest applied with
 * them holds: `yes`, `on`, `y` and their kin as booleans; an integer with a leading zero as octal (`0777`
 * is 511); and a number as Go's own syntax reads it once every `_` is dropped (`10_000`, `0b101`, `0X1F`,
 * `-0x10`), which kustomize's reader (go-yaml v3) does too. `value` is the core schema's reading; the
 * result is the same value when the readers agree.
 */
export function kubernetesValue(source: string, value: unknown): unknown {
  if (typeof value === 'string') {
    if (GO_TRUE.test(source)) return true;
    if (GO_FALSE.test(source)) return false;
  }
  // Text the core schema reads where Go reads a number, or a number the two read apart (only one with
  // a leading zero or a base's prefix, checked first: most numbers of a file are neither): Go's reading is sent.
  if (typeof value === 'string' || (typeof value === 'number' && GO_INT.test(source))) return goNumber(source) ?? value;
  return value;
}

const GO_TRUE = /^(?:[yY]|[yY]es|YES|[oO]n|ON)$/;
const GO_FALSE = /^(?:[nN]|[nN]o|NO|[oO]ff|OFF)$/;
// strconv.ParseInt with base 0, for what a float of go-yaml's pattern does not read alike: after a
// sign, a base's prefix in either case, or a leading 0 for octal. (A decimal integer is the same
// number either way.)
const GO_INT = /^[-+]?0(?:[bB][01]+|[oO][0-7]+|[xX][0-9a-fA-F]+|[0-7]*)$/;
const GO_PREFIXED = /^[-+]?0[bBoOxX]/;
// go-yaml's pattern for a float, which it then reads with strconv.ParseFloat.
const GO_FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

/**
 * The number go-yaml reads from a plain scalar that starts with a digit or a sign, in its order: every
 * `_` dropped, an integer that fits in 64 bits (signed, or unsigned without a sign), else a float of its
 * pattern that is finite. Undefined where it reads text.
 */
function goNumber(source: string): number | undefined {
  const first = source.charCodeAt(0);
  if (!((first >= 0x30 && first <= 0x39) || source[0] === '+' || source[0] === '-')) return undefined;
  const plain = source.replace(/_/g, '');
  if (GO_INT.test(plain)) {
    const hasSign = plain[0] === '-' || plain[0] === '+';
    const body = hasSign ? plain.slice(1) : plain;
    // BigInt reads the prefixes as Go does, in either case; a leading 0 alone is octal.
    const n = BigInt(GO_PREFIXED.test(plain) ? body : `0o${body}`);
    const v = plain[0] === '-' ? -n : n;
    if (v >= INT64_MIN && v <= (hasSign ? INT64_MAX : UINT64_MAX)) return Number(v);
  }
  if (!GO_FLOAT.test(plain)) return undefined;
  const f = parseFloat(plain);
  return Number.isFinite(f) ? f || 0 : undefined;
}
