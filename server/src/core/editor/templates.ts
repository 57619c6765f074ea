import { placeholderFor } from '../placeholders';
import { allowsNull, typesOf, type SchemaNode } from '../schema';

/**
 * Text to insert for a field's value: its documented default, else an example, else an empty
 * value of its type; objects become skeletons with their required fields. Rendered either as
 * plain text or as an LSP snippet whose placeholders select each value.
 */
export interface RenderOptions {
  snippet: boolean;
  /** Indentation of the line the value starts on. */
  indent: string;
  /** One level of indentation as the document writes it. */
  unit: string;
  eol: string;
}

export interface TabStops {
  next: number;
}

const escapeSnippet = (s: string): string => s.replace(/[\\$}]/g, (c) => `\\${c}`);

function tab(text: string, o: RenderOptions, stops: TabStops): string {
  return o.snippet ? `\${${stops.next++}:${escapeSnippet(text)}}` : text;
}

/** Required fields of an object, including those required while it is enabled (the `else` of an `enabled: false` switch). */
export function requiredKeys(s: SchemaNode): string[] {
  const keys = [...(s.required ?? []), ...(s.else?.required ?? [])];
  return [...new Set(keys)].filter((k) => s.properties?.[k]);
}

/** The value a new field starts with, before rendering. */
export function startingValue(
  s: SchemaNode,
  key: string,
): { value: unknown; kind: 'default' | 'example' | 'empty' | 'placeholder' | 'skeleton' } {
  if (s.default !== undefined) return { value: s.default, kind: 'default' };
  if (s.secret) return { value: placeholderFor(key, s), kind: 'placeholder' };
  const types = typesOf(s);
  if (types.includes('object') || (types.length === 0 && s.properties)) return { value: undefined, kind: 'skeleton' };
  if (s.enum?.length) {
    const deprecated = new Set((s.deprecatedValues ?? []).map((v) => JSON.stringify(v)));
    const first = s.enum.find((v) => v !== null && !deprecated.has(JSON.stringify(v))) ?? s.enum[0];
    return { value: first, kind: 'example' };
  }
  if (s.examples?.length) return { value: s.examples[0], kind: 'example' };
  const t = types.find((x) => x !== 'null');
  switch (t) {
    case 'string':
      // An empty text where one is needed would be a finding of its own (`client_id: ""`): a placeholder to fill in.
      return (s.minLength ?? 0) > 0 ? { value: placeholderFor(key, s), kind: 'placeholder' } : { value: '', kind: 'empty' };
    case 'integer':
    case 'number':
      return { value: s.minimum !== undefined && s.minimum > 0 ? s.minimum : 0, kind: 'empty' };
    case 'boolean':
      return { value: false, kind: 'empty' };
    case 'array':
      return { value: [], kind: 'empty' };
    default:
      // A field whose type nobody documents (the vendor's `jwt.enabled`): a placeholder to fill in, not a guess of its type.
      return allowsNull(s) ? { value: null, kind: 'empty' } : { value: placeholderFor(key, s), kind: 'placeholder' };
  }
}

export function renderValue(s: SchemaNode, key: string, o: RenderOptions, stops: TabStops = { next: 1 }): string {
  const start = startingValue(s, key);
  if (start.kind === 'skeleton') return renderSkeleton(s, o, stops);
  return renderLiteral(start.value, o, stops);
}

export function renderLiteral(value: unknown, o: RenderOptions, stops: TabStops): string {
  if (typeof value === 'string') {
    const inner = JSON.stringify(value).slice(1, -1);
    return `"${tab(inner, o, stops)}"`;
  }
  if (Array.isArray(value) && value.length === 0) return o.snippet ? `[\${${stops.next++}}]` : '[]';
  return tab(JSON.stringify(value), o, stops);
}

/** `{ "required": value, ... }` over several lines, or `{}` when nothing is required. */
export function renderSkeleton(s: SchemaNode, o: RenderOptions, stops: TabStops): string {
  const keys = requiredKeys(s);
  if (!keys.length) return o.snippet ? `{\${${stops.next++}}}` : '{}';
  const inner = o.indent + o.unit;
  const lines = keys.map((k) => {
    const child = s.properties![k];
    return `${inner}${JSON.stringify(k)}: ${renderValue(child, k, { ...o, indent: inner }, stops)}`;
  });
  return `{${o.eol}${lines.join(`,${o.eol}`)}${o.eol}${o.indent}}`;
}

/** The indentation unit the document uses (a tab or a run of spaces), two spaces when it has none. */
export function indentUnitOf(text: string): string {
  const m = /\n([ \t]+)\S/.exec(text.length > 20000 ? text.slice(0, 20000) : text);
  if (!m) return '  ';
  return m[1].startsWith('\t') ? '\t' : ' '.repeat(Math.min(8, m[1].length));
}

/** Leading whitespace of the line holding `offset`. */
export function lineIndentAt(text: string, offset: number): string {
  let s = offset;
  while (s > 0 && text[s - 1] !== '\n' && text[s - 1] !== '\r') s--;
  return /^[ \t]*/.exec(text.slice(s, Math.min(text.length, s + 200)))![0];
}
