import type { ParsedDocument } from '../formats/json/document';
import { placeholderFor } from '../placeholders';
import { fieldDetail, fieldMarkdown } from '../describe';
import { LineIndex } from '../lines';
import { allowsNull, fieldAt, schemaAt, typesOf, type FieldInfo, type SchemaNode } from '../schema';
import type { OffsetRange, Segment, TextEdit } from '../types';
import { cursorContext, type CursorContext } from './context';
import {
  indentUnitOf,
  lineIndentAt,
  renderLiteral,
  renderSkeleton,
  renderValue,
  requiredKeys,
  startingValue,
  type RenderOptions,
} from './templates';

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

export interface CompletionOptions {
  snippets: boolean;
}

interface KeyEntry {
  key: string;
  field: FieldInfo | undefined;
  schema: SchemaNode;
  detail: string;
  documentation: string;
  deprecated: boolean;
  sortText: string;
}

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
      key,
      field,
      schema,
      deprecated,
      detail: fieldDetail(schema),
      documentation: field ? fieldMarkdown(field) : (schema.description ?? ''),
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
    case 'key':
      return keyCompletions(ctx, render);
    case 'value': {
      const items = valueCompletions(ctx, render);
      // Right after a colon (the trigger character), keep the usual space before the value.
      if (ctx.replace.length === 0 && doc.text.charCodeAt(ctx.replace.offset - 1) === 58)
        for (const i of items) i.insertText = ` ${i.insertText}`;
      return items;
    }
    case 'top':
      return [topLevel(ctx, render)];
    default:
      return [];
  }
}

/** Rendered items per schema node and rendering style, so that a keystroke only filters and positions them. */
type Rendered = Omit<EditorCompletion, 'replace' | 'additionalEdits' | 'filterText'> & { filterText?: string; key?: string };
const renderedCache = new WeakMap<SchemaNode, Map<string, Rendered[]>>();

function cached(schema: SchemaNode, style: string, build: () => Rendered[]): Rendered[] {
  let byStyle = renderedCache.get(schema);
  if (!byStyle) {
    byStyle = new Map();
    renderedCache.set(schema, byStyle);
  }
  let list = byStyle.get(style);
  if (!list) {
    if (byStyle.size > 32) byStyle.clear(); // indentation varies little; keep the cache small
    list = build();
    byStyle.set(style, list);
  }
  return list;
}

const styleOf = (r: RenderOptions): string => `${r.snippet ? 1 : 0}${r.eol}${r.unit}|${r.indent}`;

function keyCompletions(ctx: CursorContext, render: RenderOptions): EditorCompletion[] {
  const objectSchema = schemaAt(ctx.path);
  if (!objectSchema?.properties) return [];
  const style = `k${ctx.colonFollows ? 1 : 0}${ctx.needsTrailingComma ? 1 : 0}${styleOf(render)}`;
  const rendered = cached(objectSchema, style, () =>
    keyEntries(objectSchema, ctx.path).map((e) => {
      const keyText = JSON.stringify(e.key);
      let insertText = keyText;
      if (!ctx.colonFollows) {
        insertText += `: ${renderValue(e.schema, e.key, render)}`;
        if (ctx.needsTrailingComma) insertText += ',';
      } else if (render.snippet) insertText = keyText.replace(/[\\$}]/g, (c) => `\\${c}`);
      return {
        key: e.key,
        label: e.key,
        kind: 'property' as const,
        detail: e.detail,
        documentation: e.documentation,
        insertText,
        isSnippet: render.snippet,
        sortText: e.sortText,
        deprecated: e.deprecated || undefined,
      };
    }),
  );
  const additionalEdits = ctx.missingCommaAfter !== undefined ? [{ offset: ctx.missingCommaAfter, length: 0, newText: ',' }] : undefined;
  const out: EditorCompletion[] = [];
  for (const r of rendered) {
    if (ctx.existingKeys.has(r.key!)) continue;
    out.push({ ...r, replace: ctx.replace, filterText: ctx.quoted ? JSON.stringify(r.key) : r.key!, additionalEdits });
  }
  return out;
}

function valueCompletions(ctx: CursorContext, render: RenderOptions): EditorCompletion[] {
  const schema = schemaAt(ctx.path);
  if (!schema) return [];
  const key = String([...ctx.path].reverse().find((s) => typeof s === 'string') ?? 'value');
  const rendered = cached(schema, `v${key}${styleOf(render)}`, () => renderValueItems(schema, ctx.path, key, render));
  const additionalEdits = ctx.missingCommaAfter !== undefined ? [{ offset: ctx.missingCommaAfter, length: 0, newText: ',' }] : undefined;
  return rendered.map((r) => ({ ...r, replace: ctx.replace, filterText: r.filterText ?? r.label, additionalEdits }));
}

function renderValueItems(schema: SchemaNode, path: readonly Segment[], key: string, render: RenderOptions): Rendered[] {
  const field = fieldAt(path);
  const documentation = field ? fieldMarkdown(field) : undefined;
  const out: Rendered[] = [];
  const seen = new Set<string>();
  const deprecatedValues = new Set((schema.deprecatedValues ?? []).map((v) => JSON.stringify(v)));
  const add = (label: string, insertText: string, kind: CompletionKind, sortText: string, extra: Partial<Rendered> = {}): void => {
    if (seen.has(label)) return;
    seen.add(label);
    const deprecated = deprecatedValues.has(label) || undefined;
    out.push({
      label,
      kind,
      insertText,
      isSnippet: render.snippet,
      sortText: deprecated ? `z${sortText}` : sortText,
      documentation,
      deprecated,
      ...extra,
    });
  };
  const literal = (v: unknown): string => renderLiteral(v, render, { next: 1 });
  const types = typesOf(schema);

  if (schema.default !== undefined) {
    add(JSON.stringify(schema.default), literal(schema.default), 'value', '0', { detail: 'default', preselect: true });
  }
  (schema.enum ?? []).forEach((v, i) =>
    add(JSON.stringify(v), literal(v), 'enum', `1${String(i).padStart(3, '0')}`, {
      detail: deprecatedValues.has(JSON.stringify(v)) ? 'deprecated' : undefined,
    }),
  );
  if (types.includes('boolean')) for (const b of [true, false]) add(String(b), literal(b), 'keyword', '2');
  if (schema.secret)
    add(JSON.stringify(placeholderFor(key, schema)), literal(placeholderFor(key, schema)), 'value', '3', {
      detail: 'placeholder filled in at deploy time',
    });
  if (types.includes('object') || (!types.length && schema.properties)) {
    const required = requiredKeys(schema);
    add(required.length ? `{ ${required.join(', ')} }` : '{}', renderSkeleton(schema, render, { next: 1 }), 'snippet', '3', {
      detail: required.length ? 'object with its required fields' : 'empty object',
      filterText: '{',
    });
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
  return {
    label: '{}',
    kind: 'snippet',
    detail: 'service configuration',
    insertText: text,
    isSnippet: render.snippet,
    replace: ctx.replace,
    filterText: '{',
    sortText: '0',
  };
}
