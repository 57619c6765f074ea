import type { Node } from 'web-tree-sitter';
import { named, textOf, typeOf } from './nodes';

/**
 * HCL literals: reading a quoted string without interpolation (from the parse tree, or from the text
 * of a template in Terraform's JSON syntax), and writing any JSON value as the HCL expression
 * Terraform reads back as that value.
 */

/** The string a quoted template stands for; undefined when it interpolates (`${...}`, `%{...}`). */
export function decodeQuoted(n: Node): string | undefined {
  for (const c of named(n)) if (typeOf(c) === 'template_interpolation' || typeOf(c) === 'template_directive') return undefined;
  const raw = textOf(n);
  if (raw.length < 2 || raw[0] !== '"' || raw[raw.length - 1] !== '"') return undefined;
  return unescapeHcl(raw.slice(1, -1));
}

const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\' };

/** One pass over the string: linear in its length. */
function unescapeHcl(s: string): string | undefined {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') {
      const e = s[i + 1];
      if (e === 'u' || e === 'U') {
        const digits = e === 'u' ? 4 : 8;
        const hex = s.slice(i + 2, i + 2 + digits);
        if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== digits) return undefined;
        const code = parseInt(hex, 16);
        if (code > 0x10ffff) return undefined;
        out += String.fromCodePoint(code);
        i += 1 + digits;
      } else if (e !== undefined && ESCAPES[e] !== undefined) {
        out += ESCAPES[e];
        i++;
      } else return undefined;
    } else if ((c === '$' || c === '%') && s[i + 1] === c && s[i + 2] === '{') {
      // `$${` and `%%{` write a literal `${` and `%{`.
      out += `${c}{`;
      i += 2;
    } else out += c;
  }
  return out;
}

/**
 * A number literal as Terraform's scanner reads one: no sign (a minus is an operator), no hexadecimal;
 * a point is followed by digits or by an exponent (`5.e1` is 50, `5.` alone is refused).
 */
const NUMBER = /^\d+(?:\.\d+|\.(?=[eE]))?(?:[eE][+-]?\d+)?$/;

const isBlank = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\r' || c === '\n';

/** The text without HCL's blanks at either end (not trim(): HCL takes no other white space between tokens). */
export function trimBlanks(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isBlank(text[start])) start++;
  while (end > start && isBlank(text[end - 1])) end--;
  return text.slice(start, end);
}

/**
 * The value of an HCL expression written as text of its own, when it is one scalar literal: a quoted
 * string without interpolation (its escapes read as in a file), a number, a negative number, true,
 * false or null; undefined for anything else. For expressions that no parse tree holds: those of
 * Terraform's JSON syntax, whose strings are templates.
 */
export function scalarLiteral(text: string): { value: unknown } | undefined {
  const t = trimBlanks(text);
  if (t === 'true' || t === 'false') return { value: t === 'true' };
  if (t === 'null') return { value: null };
  if (t[0] === '"') {
    const value = quotedText(t);
    return value === undefined ? undefined : { value };
  }
  // `-5`, or `- 5`: the unary minus of a number, as the .tf reader takes it.
  const negative = t[0] === '-';
  const digits = negative ? trimBlanks(t.slice(1)) : t;
  if (!NUMBER.test(digits)) return undefined;
  return { value: negative ? -Number(digits) : Number(digits) };
}

/**
 * The string a quoted literal stands for, when the text is exactly one: it ends at its first quote
 * that no backslash escapes, holds no line break (HCL's quoted strings cannot), and interpolates
 * nothing (`${` and `%{` start an expression, `$${` and `%%{` are text).
 */
function quotedText(t: string): string | undefined {
  for (let i = 1; i < t.length; i++) {
    const c = t[i];
    if (c === '\\') i++;
    else if (c === '\n' || c === '\r') return undefined;
    else if ((c === '$' || c === '%') && t[i + 1] === c && t[i + 2] === '{') i += 2;
    else if ((c === '$' || c === '%') && t[i + 1] === '{') return undefined;
    else if (c === '"') return i === t.length - 1 ? unescapeHcl(t.slice(1, i)) : undefined;
  }
  return undefined;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** A string as an HCL quoted string: escapes, and `${` / `%{` doubled so that they stay text. */
export function quoteHcl(s: string): string {
  return `"${s.replace(/[\\"\n\r\t]/g, (c) => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : c === '\t' ? '\\t' : `\\${c}`)).replace(/([$%])\{/g, '$1$1{')}"`;
}

/** A key of an object constructor: a bare word when it can be one. */
export const hclKey = (key: string): string => (IDENTIFIER.test(key) ? key : quoteHcl(key));

/** A JSON value as an HCL expression on one line: `[ "a", 1 ]`, `{ pattern = "*", max_index_count = 5 }`. */
export function hclValue(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return quoteHcl(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(hclValue).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  return entries.length ? `{ ${entries.map(([k, v]) => `${hclKey(k)} = ${hclValue(v)}`).join(', ')} }` : '{}';
}
