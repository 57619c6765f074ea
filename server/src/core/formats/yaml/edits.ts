import { factsOf } from '../../file-facts';
import type { FieldPath, OffsetRange, TextEdit } from '../../types';
import { editsOfAll, type FixIntent } from '../document';
import { pathKey, type Entry } from './read';

/**
 * Fix intents written as YAML: block members in the indentation of their neighbours, flow
 * collections in flow style, scalars quoted whenever a plain spelling could be read as
 * anything but the value meant. Only the text a finding names changes: comments and the
 * layout around it stay. What cannot be said in place (a move) is not offered.
 */
export interface YamlTree {
  readonly text: string;
  readonly entries: ReadonlyMap<string, Entry>;
}

export function yamlEdits(tree: YamlTree, intents: readonly FixIntent[]): TextEdit[] | undefined {
  return editsOfAll(tree, intents, editsOf);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Words a YAML 1.1 or 1.2 reader takes for something other than a string. */
const RESERVED = /^(?:y|yes|n|no|on|off|true|false|null|~)$/i;
const PLAIN_SAFE = /^[A-Za-z_][A-Za-z0-9_./-]*$/;

/** A value as a YAML scalar, or a flow collection (JSON is YAML 1.2 flow style). */
export function yamlValue(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return PLAIN_SAFE.test(value) && !RESERVED.test(value) ? value : JSON.stringify(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : value > 0 ? '.inf' : value < 0 ? '-.inf' : '.nan';
  if (typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const yamlKey = (key: string): string => (PLAIN_SAFE.test(key) && !RESERVED.test(key) ? key : JSON.stringify(key));

/** The lines of `key: value` in block style, the first without indentation. */
function memberLines(key: string, value: unknown, indent: string, unit: string, eol: string): string {
  if (isObject(value) && Object.keys(value).length) {
    const inner = Object.entries(value).map(([k, v]) => `${indent}${unit}${memberLines(k, v, indent + unit, unit, eol)}`);
    return `${yamlKey(key)}:${eol}${inner.join(eol)}`;
  }
  if (Array.isArray(value) && value.length && value.every(isObject)) {
    return `${yamlKey(key)}:${eol}${value.map((item) => `${indent}${unit}${itemLines(item, indent + unit, unit, eol)}`).join(eol)}`;
  }
  return `${yamlKey(key)}: ${yamlValue(value)}`;
}

/** A list item in block style, `- ` first: a map's members line up after the dash. */
function itemLines(item: unknown, indent: string, unit: string, eol: string): string {
  if (!isObject(item) || !Object.keys(item).length) return `- ${yamlValue(item)}`;
  const inner = indent + '  ';
  return `- ${Object.entries(item).map(([k, v], i) => `${i ? inner : ''}${memberLines(k, v, inner, unit, eol)}`).join(eol)}`;
}

function editsOf(tree: YamlTree, intent: FixIntent): TextEdit[] | undefined {
  const { text } = tree;
  const entryAt = (path: FieldPath): Entry | undefined => tree.entries.get(pathKey(path));
  const eol = factsOf(text).eol;
  switch (intent.kind) {
    case 'set': {
      const entry = entryAt(intent.path);
      if (!entry) return undefined;
      if (entry.shape === 'empty') return [{ offset: entry.value.offset, length: 0, newText: ` ${yamlValue(intent.value)}` }];
      // A block collection replaced by a scalar or a flow collection: from its first member to its end.
      return [{ offset: entry.value.offset, length: entry.value.length, newText: yamlValue(intent.value) }];
    }
    case 'rename': {
      const entry = entryAt(intent.path);
      return entry?.key ? [{ offset: entry.key.offset, length: entry.key.length, newText: yamlKey(intent.to) }] : undefined;
    }
    case 'remove': {
      const entry = entryAt(intent.path);
      const parent = entryAt(intent.path.slice(0, -1));
      if (!entry || !parent || intent.path.length === 0) return undefined;
      if (parent.shape === 'flow-map' || parent.shape === 'flow-seq') return removeFromFlow(text, parent, entry.member);
      if (parent.shape !== 'block-map' && parent.shape !== 'block-seq') return undefined;
      // The last member of a block map: the map stays, empty, so that its type does not change.
      if (parent.children?.length === 1) return [{ offset: parent.value.offset, length: parent.value.length, newText: parent.shape === 'block-map' ? '{}' : '[]' }];
      return [removeLines(text, entry.member)];
    }
    case 'add': {
      const entry = entryAt(intent.path);
      if (!entry) return undefined;
      if (entry.shape === 'block-map') return insertAfterLast(text, entry, (indent) => memberLines(intent.key, intent.value, indent, indentUnit(text), eol));
      if (entry.shape === 'flow-map') return insertIntoFlow(text, entry, `${yamlKey(intent.key)}: ${yamlValue(intent.value)}`);
      return undefined;
    }
    case 'replace': {
      const entry = entryAt(intent.path);
      if (!entry?.key) return undefined;
      const parent = entryAt(intent.path.slice(0, -1));
      const indent = indentAt(text, entry.member.offset);
      const newText = parent?.shape === 'flow-map' ? `${yamlKey(intent.key)}: ${yamlValue(intent.value)}` : memberLines(intent.key, intent.value, indent, indentUnit(text), eol);
      return [{ offset: entry.member.offset, length: entry.member.length, newText }];
    }
    case 'append': {
      const entry = entryAt(intent.path);
      if (!entry) return undefined;
      if (entry.shape === 'block-seq') return insertAfterLast(text, entry, (indent) => itemLines(intent.item, indent, indentUnit(text), eol));
      if (entry.shape === 'flow-seq') return insertIntoFlow(text, entry, yamlValue(intent.item));
      return undefined;
    }
    case 'remove-earlier':
    case 'move':
      return undefined;
  }
}

/** A new line after the last member of a block collection, in that member's indentation. */
function insertAfterLast(text: string, entry: Entry, write: (indent: string) => string): TextEdit[] | undefined {
  const last = entry.children?.[entry.children.length - 1];
  if (!last) return undefined;
  const eol = factsOf(text).eol;
  const indent = indentAt(text, last.offset);
  // The member must start its line: `key: {a: 1}` on one line has no room for a block member.
  const lineStart = text.lastIndexOf('\n', last.offset - 1) + 1;
  if (text.slice(lineStart, last.offset).trim()) return undefined;
  const end = text.indexOf('\n', last.offset + last.length);
  if (end < 0) return [{ offset: text.length, length: 0, newText: `${eol}${indent}${write(indent)}` }];
  return [{ offset: end + 1, length: 0, newText: `${indent}${write(indent)}${eol}` }];
}

/** `{a: 1}` becomes `{a: 1, b: 2}`; `{}` becomes `{b: 2}`. */
function insertIntoFlow(text: string, entry: Entry, member: string): TextEdit[] | undefined {
  const close = entry.value.offset + entry.value.length - 1;
  if (text[close] !== '}' && text[close] !== ']') return undefined;
  const last = entry.children?.[entry.children.length - 1];
  if (!last) return [{ offset: close, length: 0, newText: member }];
  return [{ offset: last.offset + last.length, length: 0, newText: `, ${member}` }];
}

/** A member of a flow collection with the comma before it (or after it, for the first). */
function removeFromFlow(text: string, parent: Entry, member: OffsetRange): TextEdit[] | undefined {
  const children = parent.children ?? [];
  const i = children.findIndex((c) => c.offset === member.offset);
  if (i < 0) return undefined;
  if (children.length === 1) return [{ offset: parent.value.offset, length: parent.value.length, newText: text[parent.value.offset] === '[' ? '[]' : '{}' }];
  if (i > 0) { const prev = children[i - 1]; const end = member.offset + member.length; return [{ offset: prev.offset + prev.length, length: end - prev.offset - prev.length, newText: '' }]; }
  const next = children[1];
  return [{ offset: member.offset, length: next.offset - member.offset, newText: '' }];
}

/** Removes a block member: its whole lines, with a comment at the end of its last line. */
function removeLines(text: string, member: OffsetRange): TextEdit {
  const from = text.lastIndexOf('\n', member.offset - 1) + 1;
  const endOfLine = text.indexOf('\n', member.offset + member.length);
  const to = endOfLine < 0 ? text.length : endOfLine + 1;
  if (text.slice(from, member.offset).trim()) return { offset: member.offset, length: member.length, newText: '' };
  return { offset: from, length: to - from, newText: '' };
}

function indentAt(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start, offset))![0];
}

// The file's line break and indentation step are looked for once per file, not once per fix.
const indentUnit = (text: string): string => factsOf(text).once('yaml-indent-unit', firstIndentUnit);

/** The file's indentation step: the first indented line's, two spaces when none is. */
function firstIndentUnit(text: string): string {
  const m = /\n( +)\S/.exec(text);
  return m ? m[1] : '  ';
}
