import type { ParsedDocument } from '../document';
import { fieldDetail, fieldMarkdown } from '../describe';
import { LineIndex } from '../lines';
import { allowsNull, fieldAt, schemaAt, typesOf, type FieldInfo, type SchemaNode } from '../schema';
import type { OffsetRange, Segment, TextEdit } from '../types';
import { cursorContext, type CursorContext } from './context';
import { indentUnitOf, lineIndentAt, renderLiteral, renderSkeleton, renderValue, requiredKeys, secretPlaceholder, startingValue, type RenderOptions } from './templates';

export type CompletionKind = 'property' | 'value' | 'enum' | 'keyword' | 'snippet';

export interface EditorCompletion {
  label: string;
  kind: CompletionKind;
  detail?: string;
  /** Markdown. */
  documentation?: string;
  /** What replaces `replace`: a snippet when the client supports them, plain text otherwise. */
  insertText: string;
  isSnippet: boolean;
  replace: OffsetRange;
  filterText: string;
  sortText: string;
  additionalEdits?: TextEdit[];
  deprecated?: boolean;
  preselect?: boolean;
}

export interface CompletionOptions { snippets: boolean }

interface KeyEntry { key: string; field: FieldInfo | undefined; schema: SchemaNode; detail: string; documentation: string; deprecated: boolean; sortText: string }

/** Key lists per object schema, computed once: completion runs on every keystroke. */
const keyLists = new WeakMap<SchemaNode, KeyEntry[]>();

function keyEntries(objectSchema: SchemaNode, objectPath: readonly Segment[]): KeyEntry[] {
  let list = keyLists.get(objectSchema);
  if (list) return list;
  const required = new Set(requiredKeys(objectSchema));
  list = Object.entries(objectSchema.properties ?? {}).map(([key, schema]) => {
    const field = fieldAt([...objectPath, key]);
    const deprecated = !!schema.deprecated;
    const rank = deprecated ? 'z' : schema.vendorOnly ? 'c' : required.has(key) ? 'a' : 'b';
    return {
      key, field, schema, deprecated,
      detail: fieldDetail(schema),
      documentation: field ? fieldMarkdown(field) : schema.description ?? '',
      sortText: `${rank}_${key}`,
    };
  });
  keyLists.set(objectSchema, list);
  return list;
}

export function complete(doc: ParsedDocument, offset: number, options: CompletionOptions): EditorCompletion[] {
  const ctx = cursorContext(doc.text, offset);
  const render: RenderOptions = {
    snippet: options.snippets,
    indent: lineIndentAt(doc.text, ctx.replace.offset),
    unit: indentUnitOf(doc.text),
    eol: LineIndex.eolOf(doc.text),
  };
  switch (ctx.kind) {
    case 'key': return keyCompletions(ctx, render);
    case 'value': return valueCompletions(ctx, render);
    case 'top': return [topLevel(ctx, render)];
    default: return [];
  }
}

function keyCompletions(ctx: CursorContext, render: RenderOptions): EditorCompletion[] {
  const objectSchema = schemaAt(ctx.path);
  if (!objectSchema?.properties) return [];
  const quoted = ctx.quoted;
  const additionalEdits = ctx.missingCommaAfter !== undefined ? [{ offset: ctx.missingCommaAfter, length: 0, newText: ',' }] : undefined;
  const out: EditorCompletion[] = [];
  for (const e of keyEntries(objectSchema, ctx.path)) {
    if (ctx.existingKeys.has(e.key)) continue;
    const keyText = JSON.stringify(e.key);
    let insertText = keyText;
    if (!ctx.colonFollows) {
      insertText += `: ${renderValue(e.schema, e.key, render)}`;
      if (ctx.needsTrailingComma) insertText += ',';
    } else if (render.snippet) insertText = keyText.replace(/[\\$}]/g, (c) => `\\${c}`);
    out.push({
      label: e.key, kind: 'property', detail: e.detail, documentation: e.documentation,
      insertText, isSnippet: render.snippet, replace: ctx.replace,
      filterText: quoted ? keyText : e.key, sortText: e.sortText,
      additionalEdits, deprecated: e.deprecated || undefined,
    });
  }
  return out;
}

function valueCompletions(ctx: CursorContext, render: RenderOptions): EditorCompletion[] {
  const schema = schemaAt(ctx.path);
  if (!schema) return [];
  const key = String([...ctx.path].reverse().find((s) => typeof s === 'string') ?? 'value');
  const field = fieldAt(ctx.path);
  const documentation = field ? fieldMarkdown(field) : undefined;
  const additionalEdits = ctx.missingCommaAfter !== undefined ? [{ offset: ctx.missingCommaAfter, length: 0, newText: ',' }] : undefined;
  const out: EditorCompletion[] = [];
  const seen = new Set<string>();
  const deprecatedValues = new Set((schema.deprecatedValues ?? []).map((v) => JSON.stringify(v)));
  const add = (label: string, insertText: string, kind: CompletionKind, sortText: string, extra: Partial<EditorCompletion> = {}): void => {
    if (seen.has(label)) return;
    seen.add(label);
    const deprecated = deprecatedValues.has(label) || undefined;
    out.push({
      label, kind, insertText, isSnippet: render.snippet, replace: ctx.replace, filterText: label,
      sortText: deprecated ? `z${sortText}` : sortText, documentation, additionalEdits, deprecated, ...extra,
    });
  };
  const literal = (v: unknown): string => renderLiteral(v, render, { next: 1 });
  const types = typesOf(schema);

  if (schema.default !== undefined) {
    add(JSON.stringify(schema.default), literal(schema.default), 'value', '0', { detail: 'default', preselect: true });
  }
  (schema.enum ?? []).forEach((v, i) => add(JSON.stringify(v), literal(v), 'enum', `1${String(i).padStart(3, '0')}`, { detail: deprecatedValues.has(JSON.stringify(v)) ? 'deprecated' : undefined }));
  if (types.includes('boolean')) for (const b of [true, false]) add(String(b), literal(b), 'keyword', '2');
  if (schema.secret) add(JSON.stringify(secretPlaceholder(key)), literal(secretPlaceholder(key)), 'value', '3', { detail: 'placeholder filled in at deploy time' });
  if (types.includes('object') || (!types.length && schema.properties)) {
    const required = requiredKeys(schema);
    add(required.length ? `{ ${required.join(', ')} }` : '{}', renderSkeleton(schema, render, { next: 1 }), 'snippet', '3', { detail: required.length ? 'object with its required fields' : 'empty object', filterText: '{' });
  }
  if (types.includes('array')) {
    const items = schema.items;
    if (items && typesOf(items).includes('object') && requiredKeys(items).length) {
      const inner = { ...render, indent: render.indent + render.unit };
      const text = `[${render.eol}${inner.indent}${renderSkeleton(items, inner, { next: 1 })}${render.eol}${render.indent}]`;
      add(`[{ ${requiredKeys(items).join(', ')} }]`, text, 'snippet', '3', { detail: 'array with one item', filterText: '[' });
    }
    add('[]', literal([]), 'value', '4');
  }
  if (!schema.secret) {
    for (const ex of schema.examples ?? []) add(JSON.stringify(ex), literal(ex), 'value', '5', { detail: 'example' });
  }
  if (allowsNull(schema)) add('null', literal(null), 'keyword', '6', { detail: 'unset: the service default applies' });
  if (!out.length) {
    const start = startingValue(schema, key);
    if (start.kind !== 'skeleton') add(JSON.stringify(start.value), renderValue(schema, key, render), 'value', '7');
  }
  return out;
}

function topLevel(ctx: CursorContext, render: RenderOptions): EditorCompletion {
  const text = render.snippet ? `{${render.eol}${render.unit}$0${render.eol}}` : `{${render.eol}${render.unit}${render.eol}}`;
  return { label: '{}', kind: 'snippet', detail: 'service configuration', insertText: text, isSnippet: render.snippet, replace: ctx.replace, filterText: '{', sortText: '0' };
}
