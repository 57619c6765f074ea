import { factsOf } from '../../file-facts';
import type { FieldPath, OffsetRange, TextEdit } from '../../types';
import { editsOfAll, type FixIntent } from '../document';
import { plainValue } from './plain-scalars';
import { mergedAt, pathKey, type Entry } from './read';

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

/**
 * How the file writes what a fix adds: the quote it puts around strings that need one, and
 * whether a block list's dashes stand under its key (`key:\n- a`) or one step in (`key:\n  - a`).
 */
export interface YamlStyle {
  quote: '"' | "'";
  seqIndented: boolean;
  /** The blanks after a block list's dash (`- a`, or `-   a` where items line up with a tab stop). */
  dashGap?: string;
}
const DOUBLE: YamlStyle = { quote: '"', seqIndented: true };

/** A string in quotes: single quotes when the file uses them and they can hold the string on one line. */
function quoted(s: string, quote: YamlStyle['quote']): string {
  if (quote === "'" && !/[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]/.test(s)) return `'${s.replace(/'/g, "''")}'`;
  return JSON.stringify(s);
}

/** A value as a YAML scalar, or a flow collection. */
export function yamlValue(value: unknown, style: YamlStyle = DOUBLE): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return PLAIN_SAFE.test(value) && !RESERVED.test(value) ? value : quoted(value, style.quote);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : value > 0 ? '.inf' : value < 0 ? '-.inf' : '.nan';
  if (typeof value === 'boolean') return String(value);
  // Flow style as people write it (`[{pattern: "*", max_index_count: 5}]`), each scalar as above.
  if (Array.isArray(value)) return `[${value.map((v) => yamlValue(v, style)).join(', ')}]`;
  if (typeof value === 'object')
    return `{${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${plainString(k) ? k : quoted(k, style.quote)}: ${yamlValue(v, style)}`)
      .join(', ')}}`;
  return JSON.stringify(value);
}

/**
 * A string every YAML reader (1.1 or 1.2) reads back as that string when written plain: words
 * and paths, and, starting with a digit, only with a `/` in them (`10.0.0.0/8`), which no
 * number, date or time has.
 */
const plainString = (s: string): boolean =>
  /^[A-Za-z0-9_][A-Za-z0-9_./-]*$/.test(s) && !RESERVED.test(s) && (!/^[0-9]/.test(s) || s.includes('/')) && plainValue(s) === s;

const yamlKey = (key: string, style: YamlStyle = DOUBLE): string =>
  PLAIN_SAFE.test(key) && !RESERVED.test(key) ? key : quoted(key, style.quote);

/** The file's layout: what a block written for a fix looks like. */
interface Layout extends YamlStyle {
  unit: string;
  eol: string;
}

/** The lines of `key: value` in block style, the first without indentation. */
function memberLines(key: string, value: unknown, indent: string, layout: Layout): string {
  const { unit, eol } = layout;
  if (isObject(value) && Object.keys(value).length) {
    const inner = Object.entries(value).map(([k, v]) => `${indent}${unit}${memberLines(k, v, indent + unit, layout)}`);
    return `${yamlKey(key, layout)}:${eol}${inner.join(eol)}`;
  }
  if (Array.isArray(value) && value.length && value.every(isObject)) {
    const dash = layout.seqIndented ? indent + unit : indent;
    return `${yamlKey(key, layout)}:${eol}${value.map((item) => `${dash}${itemLines(item, dash, layout)}`).join(eol)}`;
  }
  return `${yamlKey(key, layout)}: ${yamlValue(value, layout)}`;
}

/** The members of an object in block style, each line starting with `indent`: what an example writes. */
export function yamlBlock(value: Record<string, unknown>, indent: string, unit = '  '): string {
  const layout: Layout = { ...DOUBLE, unit, eol: '\n' };
  return Object.entries(value)
    .map(([k, v]) => `${indent}${memberLines(k, v, indent, layout)}`)
    .join('\n');
}

/** A list item in block style, the dash first as the file writes it: a map's members line up after the dash. */
function itemLines(item: unknown, indent: string, layout: Layout): string {
  const dash = `-${layout.dashGap ?? ' '}`;
  if (!isObject(item) || !Object.keys(item).length) return `${dash}${yamlValue(item, layout)}`;
  const inner = indent + ' '.repeat(dash.length);
  return `${dash}${Object.entries(item)
    .map(([k, v], i) => `${i ? inner : ''}${memberLines(k, v, inner, layout)}`)
    .join(layout.eol)}`;
}

/** Keyed by the configuration's entries, which stay while its reading does (each fix asks with a tree of its own). */
const LAYOUTS = new WeakMap<YamlTree['entries'], Layout>();

/**
 * The file's layout, read once per configuration: its line ending and indentation step, the
 * quote most of its quoted scalars use, and where its first block list puts its dashes.
 */
function layoutOf(tree: YamlTree): Layout {
  let layout = LAYOUTS.get(tree.entries);
  if (layout) return layout;
  const { text } = tree;
  let single = 0,
    double = 0;
  let seqIndented: boolean | undefined;
  let dashGap: string | undefined;
  for (const entry of tree.entries.values()) {
    if (entry.shape === 'scalar') {
      const c = text[entry.value.offset];
      if (c === "'") single++;
      else if (c === '"') double++;
    } else if (seqIndented === undefined && entry.shape === 'block-seq' && entry.key && entry.children?.length) {
      seqIndented = indentAt(text, entry.children[0].offset).length > indentAt(text, entry.key.offset).length;
      // The item's value on the dash's line: the blanks between them (a value on the next line says nothing).
      const gap = /^-( +)[^ \r\n]/.exec(text.slice(entry.children[0].offset, entry.children[0].offset + 12));
      if (gap) dashGap = gap[1];
    }
  }
  layout = {
    quote: single > double ? "'" : '"',
    seqIndented: seqIndented ?? true,
    dashGap,
    unit: indentUnit(text),
    eol: text.includes('\r\n') ? '\r\n' : '\n',
  };
  LAYOUTS.set(tree.entries, layout);
  return layout;
}

function editsOf(tree: YamlTree, intent: FixIntent): TextEdit[] | undefined {
  const { text } = tree;
  const entryAt = (path: FieldPath): Entry | undefined => tree.entries.get(pathKey(path));
  const layout = layoutOf(tree);
  // What a merge key (`<<: *base`) brings is written elsewhere, maybe for other maps too: never edited here.
  if (mergedAt(tree.entries, intent.path)) return undefined;
  switch (intent.kind) {
    case 'set': {
      const entry = entryAt(intent.path);
      if (!entry) return undefined;
      // A key written alone in a flow map (`{key}`) has no `:` yet; one after `?` takes its value on a line of its own.
      if (entry.shape === 'empty')
        return text[entry.member.offset] === '?'
          ? undefined
          : [{ offset: entry.value.offset, length: 0, newText: `: ${yamlValue(intent.value, layout)}` }];
      // An empty value (`key:`) gets the blank YAML needs after the colon: `key:true` would be one text.
      if (entry.value.length === 0 && text[entry.value.offset - 1] === ':')
        return [{ offset: entry.value.offset, length: 0, newText: ` ${yamlValue(intent.value, layout)}` }];
      // A string written in quotes keeps its quotes, whatever the rest of the file does.
      const was = text[entry.value.offset];
      if (entry.shape === 'scalar' && typeof intent.value === 'string' && (was === '"' || was === "'")) {
        return [{ offset: entry.value.offset, length: entry.value.length, newText: quoted(intent.value, was) }];
      }
      // A plain string stays plain when it can: `10.0.0.1/8` becomes `10.0.0.0/8`, not `"10.0.0.0/8"`.
      if (entry.shape === 'scalar' && typeof intent.value === 'string' && plainString(intent.value) && !/^["'&*!|>%@`]/.test(was)) {
        return [{ offset: entry.value.offset, length: entry.value.length, newText: intent.value }];
      }
      // A block collection replaced by a scalar or a flow collection: from its first member to its end.
      return [{ offset: entry.value.offset, length: entry.value.length, newText: yamlValue(intent.value, layout) }];
    }
    case 'rename': {
      const entry = entryAt(intent.path);
      if (!entry?.key) return undefined;
      // A key written in quotes keeps its quotes, as a value does.
      const was = text[entry.key.offset];
      const newText = was === '"' || was === "'" ? quoted(intent.to, was) : yamlKey(intent.to, layout);
      return [{ offset: entry.key.offset, length: entry.key.length, newText }];
    }
    case 'remove': {
      const entry = entryAt(intent.path);
      const parent = entryAt(intent.path.slice(0, -1));
      if (!entry || !parent || intent.path.length === 0) return undefined;
      if (parent.shape === 'flow-map' || parent.shape === 'flow-seq') return removeFromFlow(text, parent, entry.member);
      if (parent.shape !== 'block-map' && parent.shape !== 'block-seq') return undefined;
      // The last member of a block map: the map stays, empty, so that its type does not change.
      if (parent.children?.length === 1)
        return [{ offset: parent.value.offset, length: parent.value.length, newText: parent.shape === 'block-map' ? '{}' : '[]' }];
      return [removeLines(text, entry.member)];
    }
    case 'add': {
      const entry = entryAt(intent.path);
      if (!entry) return undefined;
      if (entry.shape === 'block-map')
        return insertAfterLast(text, entry, (indent) => memberLines(intent.key, intent.value, indent, layout));
      if (entry.shape === 'flow-map')
        return insertIntoFlow(text, entry, `${yamlKey(intent.key, layout)}: ${yamlValue(intent.value, layout)}`);
      return undefined;
    }
    case 'replace': {
      const entry = entryAt(intent.path);
      if (!entry?.key) return undefined;
      const parent = entryAt(intent.path.slice(0, -1));
      const indent = indentAt(text, entry.member.offset);
      const newText =
        parent?.shape === 'flow-map'
          ? `${yamlKey(intent.key, layout)}: ${yamlValue(intent.value, layout)}`
          : memberLines(intent.key, intent.value, indent, layout);
      return [{ offset: entry.member.offset, length: entry.member.length, newText }];
    }
    case 'append': {
      const entry = entryAt(intent.path);
      if (!entry) return undefined;
      if (entry.shape === 'block-seq') return insertAfterLast(text, entry, (indent) => itemLines(intent.item, indent, layout));
      if (entry.shape === 'flow-seq') return insertIntoFlow(text, entry, yamlValue(intent.item, layout));
      return undefined;
    }
    case 'remove-earlier':
    case 'move':
    case 'as-block':
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
  if (children.length === 1)
    return [{ offset: parent.value.offset, length: parent.value.length, newText: text[parent.value.offset] === '[' ? '[]' : '{}' }];
  if (i > 0) {
    const prev = children[i - 1];
    const end = member.offset + member.length;
    return [{ offset: prev.offset + prev.length, length: end - prev.offset - prev.length, newText: '' }];
  }
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
