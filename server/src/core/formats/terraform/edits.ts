import { factsOf } from '../../file-facts';
import { schemaAt, typesOf } from '../../schema';
import type { FieldPath, OffsetRange, TextEdit } from '../../types';
import { editsOfAll, type FixIntent, type RepeatedKey } from '../document';
import { hclValue } from './literals';
import { keyOf, providerBlockOf, providerName } from './names';
import { pathKey, type Entry } from './read';

/**
 * Fix intents written as HCL: `key = value` attributes and blocks laid out with the file's
 * indentation and line endings. Every edit stays inside the configuration's block.
 */
export interface TerraformTree {
  readonly text: string;
  readonly entries: ReadonlyMap<string, Entry>;
  readonly repeated: readonly RepeatedKey[];
  /** Members whose value comes from a variable: the value is written elsewhere, so it is not rewritten here. */
  readonly resolved: ReadonlyMap<string, unknown>;
  /**
   * Values written inside `sensitive()`, by path (see pathKey): never rewritten, since the value a fix
   * would write (or what a rule works out from the value) would stand in an edit, which some outputs print.
   */
  readonly sensitive?: ReadonlySet<string>;
}

export function terraformEdits(tree: TerraformTree, intents: readonly FixIntent[]): TextEdit[] | undefined {
  return editsOfAll(tree, intents, editsOf);
}

const entryAt = (tree: TerraformTree, path: FieldPath): Entry | undefined => tree.entries.get(pathKey(path));

/** Whether the value at `path` is given by a variable or inside `sensitive()`, or is part of such a value. */
function givenElsewhere(tree: TerraformTree, path: FieldPath): boolean {
  for (let depth = 0; depth <= path.length; depth++) {
    const key = pathKey(path.slice(0, depth));
    if (tree.resolved.has(key) || tree.sensitive?.has(key)) return true;
  }
  return false;
}

/** Whether a value inside `sensitive()` is at `path` or below it. */
function holdsSensitive(tree: TerraformTree, path: FieldPath): boolean {
  if (!tree.sensitive?.size) return false;
  const prefix = pathKey(path);
  for (const key of tree.sensitive) if (key.startsWith(prefix)) return true;
  return false;
}

function editsOf(tree: TerraformTree, intent: FixIntent): TextEdit[] | undefined {
  const { text } = tree;
  switch (intent.kind) {
    case 'set': {
      const entry = entryAt(tree, intent.path);
      if (!entry || entry.kind === 'block' || givenElsewhere(tree, intent.path)) return undefined;
      return [{ offset: entry.value.offset, length: entry.value.length, newText: hclValue(intent.value) }];
    }
    case 'rename': {
      const entry = entryAt(tree, intent.path);
      const name = providerName(intent.to);
      if (!entry?.key || entry.generated || !/^[A-Za-z_][A-Za-z0-9_-]*$/.test(name)) return undefined;
      return [{ offset: entry.key.offset, length: entry.key.length, newText: name }];
    }
    case 'remove': {
      const entry = entryAt(tree, intent.path);
      return entry && entry.kind !== 'element' && !entry.generated ? [removeMember(tree, intent.path, entry.member)] : undefined;
    }
    case 'add': {
      const entry = entryAt(tree, intent.path);
      if (!entry || entry.kind !== 'block') return undefined;
      return insertIntoBlock(text, entry, memberLines(intent.path, intent.key, intent.value));
    }
    case 'replace': {
      const entry = entryAt(tree, intent.path);
      // The value is written anew: not one that sensitive() keeps out of every output.
      if (!entry || entry.kind !== 'attribute' || givenElsewhere(tree, intent.path) || holdsSensitive(tree, intent.path)) return undefined;
      const lines = memberLines(intent.path.slice(0, -1), intent.key, intent.value);
      const parent = entryAt(tree, intent.path.slice(0, -1));
      // In a block written on one line, HCL allows one attribute and nothing else: a nested
      // block takes the block laid out over several lines first.
      if (lines.length > 1 && parent?.kind === 'block' && oneLine(text, parent)) return layOut(text, parent, entry, lines);
      const indent = indentAt(text, entry.member.offset);
      return [
        {
          offset: entry.member.offset,
          length: entry.member.length,
          newText: layout(lines, indent, eolOf(text), indentUnit(text))
            .replace(/^[ \t]*/, '')
            .trimEnd(),
        },
      ];
    }
    case 'append': {
      const list = entryAt(tree, intent.path);
      if (!list || list.kind !== 'block' || list.generated) return undefined;
      // A list written as repeated blocks: the new block follows the last one.
      const parent = entryAt(tree, intent.path.slice(0, -1));
      if (!parent || parent.kind !== 'block') return undefined;
      return insertIntoBlock(
        text,
        parent,
        memberLines(intent.path.slice(0, -1), String(intent.path[intent.path.length - 1]), [intent.item]),
      );
    }
    case 'remove-earlier': {
      const repeated = tree.repeated.find((r) => pathKey(r.path) === pathKey(intent.path) && r.key === intent.key);
      if (!repeated || repeated.made) return undefined;
      // Two spellings of the filter (ip_filter_object blocks and ip_filter_string): a list of blocks is
      // noted at its first block only, so removing the earlier spelling is not offered.
      const spellings = new Set(repeated.occurrences.map((o) => tree.text.slice(o.key.offset, o.key.offset + o.key.length)));
      if (spellings.size > 1) return undefined;
      return repeated.occurrences.slice(0, -1).map((o) => removeMember(tree, [...intent.path, intent.key], o.member));
    }
    case 'move':
      return moveEdits(tree, intent.path, intent.to);
    case 'as-block':
      return asBlockEdits(tree, intent.path);
  }
}

/**
 * An argument written where the provider takes a block, written as the block: `search = { ... }`
 * as `search { ... }`, `index_patterns = [{ ... }, { ... }]` as one `index_patterns { ... }` block
 * per item, and so each object inside it that the provider takes as a block. Only what stands
 * between the members changes (the `=`, the brackets, commas, line breaks and indentation): no
 * value is carried, so that no edit holds a value of the file, which may be a secret. Left to the
 * writer: a value that is no constructor (`var.x`), a key that is not a name, a block comment, a
 * value over several lines whose indentation would change.
 */
function asBlockEdits(tree: TerraformTree, path: FieldPath): TextEdit[] | undefined {
  const { text } = tree;
  const entry = entryAt(tree, path);
  if (!entry?.key || entry.kind !== 'attribute' || entry.generated || !startsLine(text, entry.member.offset)) return undefined;
  const name = text.slice(entry.key.offset, entry.key.offset + entry.key.length);
  const block = path.length === 0 ? 'once' : providerBlockOf(path.slice(0, -1), name);
  if (!block) return undefined;
  const edits: TextEdit[] = [];
  return memberAsBlock(tree, path, entry, name, block, indentAt(text, entry.member.offset), edits) ? edits : undefined;
}

/** Whether only blanks stand before `offset` on its line. */
function startsLine(text: string, offset: number): boolean {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return !text.slice(lineStart, offset).trim();
}

/** The edits (into `edits`) that write the member `name = value` at `path` as a block, or blocks, at `indent`. */
function memberAsBlock(
  tree: TerraformTree,
  path: FieldPath,
  entry: Entry,
  name: string,
  block: 'once' | 'repeats',
  indent: string,
  edits: TextEdit[],
): boolean {
  const { text } = tree;
  if (!entry.key || entry.open === undefined || entry.close === undefined) return false;
  const keyEnd = entry.key.offset + entry.key.length;
  // An object where blocks repeat is one block: a list of one item.
  if (block === 'once' || text[entry.open] === '{') {
    if (text[entry.open] !== '{' || !/^[ \t]*[=:][ \t]*$/.test(text.slice(keyEnd, entry.open))) return false;
    edits.push({ offset: keyEnd, length: entry.open - keyEnd, newText: ' ' });
    return bodyAsBlock(tree, path, entry, indent, edits);
  }
  // `[{ ... }, { ... }]`: each item an object constructor, which becomes a block of its own.
  const items = entry.children ?? [];
  if (text[entry.open] !== '[' || !items.length) return false;
  const eol = eolOf(text);
  let from = keyEnd;
  for (let i = 0; i < items.length; i++) {
    const item = entryAt(tree, [...path, i]);
    if (!item || item.member.offset !== items[i].offset || item.open === undefined || item.close === undefined || text[item.open] !== '{')
      return false;
    // Between the name and the first item, nothing but `= [` (a comment there would have no place to go).
    const gap = text.slice(from, item.open);
    const between =
      i === 0 ? (/^[ \t]*[=:][ \t]*\[[\s,]*$/.test(gap) ? ' ' : undefined) : gapLayout(gap, indent, `${eol}${indent}${name} `, eol);
    if (between === undefined) return false;
    edits.push({ offset: from, length: item.open - from, newText: between });
    if (!bodyAsBlock(tree, [...path, i], item, indent, edits)) return false;
    from = item.close + 1;
  }
  // The closing bracket goes; a comment after the last item stays after its block.
  const end = gapLayout(text.slice(from, entry.close), indent, '', eol);
  if (end === undefined) return false;
  edits.push({ offset: from, length: entry.close + 1 - from, newText: end });
  return true;
}

/** The edits that lay out the members of the object constructor `entry` (at `path`) as the body of a block at `indent`. */
function bodyAsBlock(tree: TerraformTree, path: FieldPath, entry: Entry, indent: string, edits: TextEdit[]): boolean {
  const { text } = tree;
  const open = entry.open!;
  const close = entry.close!;
  const inner = indent + indentUnit(text);
  const eol = eolOf(text);
  const change = (from: number, to: number, newText: string | undefined): boolean => {
    if (newText === undefined) return false;
    if (text.slice(from, to) !== newText) edits.push({ offset: from, length: to - from, newText });
    return true;
  };
  const children = entry.children ?? [];
  if (!children.length) {
    const between = text.slice(open + 1, close);
    if (between.trim()) return false;
    return change(open + 1, close, /\n/.test(between) ? `${eol}${indent}` : '');
  }
  let from = open + 1;
  for (const child of children) {
    if (!change(from, child.offset, gapLayout(text.slice(from, child.offset), inner, `${eol}${inner}`, eol))) return false;
    const written = keyAt(text, child.offset);
    if (!written) return false;
    const element = entryAt(tree, [...path, keyOf(path, written.name)]);
    if (!element?.key || element.member.offset !== child.offset) return false;
    if (written.quoted) edits.push({ offset: element.key.offset, length: element.key.length, newText: written.name });
    const block = providerBlockOf(path, written.name);
    if (block) {
      if (!memberAsBlock(tree, [...path, keyOf(path, written.name)], element, written.name, block, inner, edits)) return false;
    } else {
      const keyEnd = element.key.offset + element.key.length;
      const separator = text.slice(keyEnd, element.value.offset);
      if (!/^[ \t]*=[ \t]*$/.test(separator)) {
        if (!/^[ \t]*:[ \t]*$/.test(separator)) return false;
        edits.push({ offset: keyEnd, length: separator.length, newText: ' = ' });
      }
      // A value over several lines keeps its lines as written: only where its member keeps its indentation.
      const value = text.slice(element.value.offset, element.value.offset + element.value.length);
      if (/\n/.test(value) && !(startsLine(text, child.offset) && indentAt(text, child.offset) === inner)) return false;
    }
    from = child.offset + child.length;
  }
  return change(from, close, gapLayout(text.slice(from, close), inner, `${eol}${indent}`, eol));
}

/** An object constructor's key as a block's member writes it: a name, unquoted (`"network"` is `network`). */
function keyAt(text: string, offset: number): { name: string; quoted: boolean } | undefined {
  const m = /"([A-Za-z_][A-Za-z0-9_-]*)"|[A-Za-z_][A-Za-z0-9_-]*/y;
  m.lastIndex = offset;
  const found = m.exec(text);
  return found ? { name: found[1] ?? found[0], quoted: found[1] !== undefined } : undefined;
}

/**
 * What stands between two members of a constructor (or a bracket and a member), written between
 * members of a block, followed by `next` (the line break and indentation of what comes next):
 * commas dropped, line comments and blank lines kept, a comment that ends the line of the member
 * before on that line, any other at `inner`. Undefined when it holds anything else (a block comment).
 */
function gapLayout(gap: string, inner: string, next: string, eol: string): string | undefined {
  const lines = gap.split('\n').map((l) => l.replace(/\r$/, ''));
  if (lines.length === 1) return /^[ \t,]*$/.test(gap) ? next : undefined;
  let out = '';
  for (let i = 0; i < lines.length - 1; i++) {
    const lead = /^[ \t,]*/.exec(lines[i])![0];
    const comment = lines[i].slice(lead.length).trimEnd();
    if (comment && !comment.startsWith('#') && !comment.startsWith('//')) return undefined;
    // The first line goes on after a member (or the opening brace): its comment stays there, as far from it as it was.
    if (i === 0) out += comment ? `${lead.includes(',') ? ' ' : lead}${comment}` : '';
    else out += `${eol}${comment ? `${inner}${comment}` : ''}`;
  }
  if (!/^[ \t,]*$/.test(lines[lines.length - 1])) return undefined;
  return `${out}${next}`;
}

/**
 * Carries an attribute to the field path `to`: `key = value` at the end of the block there, or
 * in a new block when only that block is missing. The edits carry the value's text, and edits
 * are printed by some output formats: a value that holds text (a string, a heredoc: a possible
 * secret) is not moved, nor one written over several lines.
 */
function moveEdits(tree: TerraformTree, path: FieldPath, to: FieldPath): TextEdit[] | undefined {
  const { text } = tree;
  const source = entryAt(tree, path);
  if (!source || source.kind !== 'attribute' || source.generated || to.length === 0) return undefined;
  const valueText = text.slice(source.value.offset, source.value.offset + source.value.length);
  if (/["\r\n]|<</.test(valueText)) return undefined;
  const key = providerName(String(to[to.length - 1]));
  if (!/^[A-Za-z_][A-Za-z0-9_-]*$/.test(key)) return undefined;
  const parentPath = to.slice(0, -1);
  const remove = removeMember(tree, path, source.member);
  const parent = entryAt(tree, parentPath);
  let insert: TextEdit[] | undefined;
  if (parent) {
    if (parent.kind !== 'block') return undefined;
    // Within the same block: the key changes, the value stays where it is.
    if (pathKey(parentPath) === pathKey(path.slice(0, -1)))
      return [{ offset: source.key!.offset, length: source.key!.length, newText: key }];
    insert = insertIntoBlock(text, parent, [{ depth: 0, text: `${key} = ${valueText}` }]);
  } else {
    const grand = entryAt(tree, parentPath.slice(0, -1));
    const blockName = parentPath[parentPath.length - 1];
    if (!grand || grand.kind !== 'block' || typeof blockName !== 'string') return undefined;
    insert = insertIntoBlock(text, grand, [
      { depth: 0, text: `${providerName(blockName)} {` },
      { depth: 1, text: `${key} = ${valueText}` },
      { depth: 0, text: '}' },
    ]);
  }
  if (!insert) return undefined;
  const edits = [remove, ...insert];
  return disjoint(edits) ? edits : undefined;
}

/** True when no two edits overlap (an insertion where a removal ends does not). */
function disjoint(edits: readonly TextEdit[]): boolean {
  const sorted = [...edits].sort((a, b) => a.offset - b.offset);
  return sorted.every((e, i) => i === 0 || sorted[i - 1].offset + sorted[i - 1].length <= e.offset);
}

/** A line of a member, indented by `depth` steps below the block that receives it. */
interface Line {
  depth: number;
  text: string;
}

/**
 * The lines of a member written in the object at `parent`: an attribute, or a block for an
 * object (and one block per item for a list of objects), as the provider's schema has them.
 */
function memberLines(parent: FieldPath, key: string, value: unknown): Line[] {
  const schema = schemaAt([...parent, key]);
  const types = schema ? typesOf(schema) : [];
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (isObject(value) && (!schema || types.includes('object'))) return blockLines(providerName(key), value, [...parent, key]);
  if (Array.isArray(value) && value.length && value.every(isObject) && schema?.items && typesOf(schema.items).includes('object')) {
    const name = parent.length === 0 && key === 'ip_filter' ? 'ip_filter_object' : key;
    return value.flatMap((item, i) => blockLines(name, item, [...parent, key, i]));
  }
  // The provider's spelling of a list of networks as strings (its `ip_filter` is deprecated).
  const name =
    parent.length === 0 && key === 'ip_filter' && Array.isArray(value) && value.every((v) => typeof v === 'string')
      ? 'ip_filter_string'
      : providerName(key);
  return [{ depth: 0, text: `${name} = ${hclValue(value)}` }];
}

function blockLines(name: string, value: Record<string, unknown>, path: FieldPath): Line[] {
  const inner = Object.entries(value).flatMap(([k, v]) => memberLines(path, k, v).map((l) => ({ depth: l.depth + 1, text: l.text })));
  return [{ depth: 0, text: `${name} {` }, ...inner, { depth: 0, text: '}' }];
}

/**
 * The members of a configuration object as the lines of a `search_user_config` block, each
 * indented by `depth` steps of `unit` more than the block: what a fix or an example writes.
 */
export function configurationLines(value: Record<string, unknown>, depth: number, unit = '  '): string[] {
  return Object.entries(value)
    .flatMap(([k, v]) => memberLines([], k, v))
    .map((l) => `${unit.repeat(depth + l.depth)}${l.text}`);
}

const layout = (lines: Line[], indent: string, eol: string, unit: string): string =>
  lines.map((l) => `${indent}${unit.repeat(l.depth)}${l.text}`).join(eol);

/** Inserts member lines at the end of a block written over several lines, in the indentation of its members. */
function insertIntoBlock(text: string, block: Entry, lines: Line[]): TextEdit[] | undefined {
  if (block.open === undefined || block.close === undefined) return undefined;
  const between = text.slice(block.open + 1, block.close);
  const eol = eolOf(text);
  const unit = indentUnit(text);
  // A block on one line holds at most one attribute in HCL: it is laid out over several lines,
  // its attribute (with a comment after it, if any) on the first, the new member after it.
  if (!/\r?\n/.test(between)) {
    const outer = indentAt(text, block.member.offset);
    const inner = outer + unit;
    const existing = between.trim();
    const kept = existing ? `${inner}${existing}${eol}` : '';
    // The braces are part of the edit: two members added to one empty block overlap, and are added one after the other.
    return [
      {
        offset: block.open,
        length: block.close + 1 - block.open,
        newText: `{${eol}${kept}${layout(lines, inner, eol, unit)}${eol}${outer}}`,
      },
    ];
  }
  const last = block.children?.[block.children.length - 1];
  const indent = last ? indentAt(text, last.offset) : indentAt(text, block.member.offset) + unit;
  // Before the line of the closing brace: comments and blank lines above it stay where they are.
  const lineStart = text.lastIndexOf('\n', block.close - 1) + 1;
  if (text.slice(lineStart, block.close).trim()) return undefined;
  return [{ offset: lineStart, length: 0, newText: `${layout(lines, indent, eol, unit)}${eol}` }];
}

/** True when a block's braces stand on one line. */
const oneLine = (text: string, block: Entry): boolean =>
  block.open !== undefined && block.close !== undefined && !/[\r\n]/.test(text.slice(block.open + 1, block.close));

/**
 * Writes a block that stood on one line over several, its only member replaced by `lines`.
 * Anything else between the braces (a comment) has no line of its own to go to: no fix then.
 */
function layOut(text: string, block: Entry, member: Entry, lines: Line[]): TextEdit[] | undefined {
  const between = text.slice(block.open! + 1, block.close!);
  const own = text.slice(member.member.offset, member.member.offset + member.member.length);
  if (between.trim() !== own.trim()) return undefined;
  const eol = eolOf(text);
  const outer = indentAt(text, block.member.offset);
  return [
    {
      offset: block.open!,
      length: block.close! + 1 - block.open!,
      newText: `{${eol}${layout(lines, outer + indentUnit(text), eol, indentUnit(text))}${eol}${outer}}`,
    },
  ];
}

/**
 * Removes the member at `path`. The only member of a block written on one line leaves the
 * braces as `terraform fmt` writes an empty block, `{}`.
 */
function removeMember(tree: TerraformTree, path: FieldPath, member: OffsetRange): TextEdit {
  const { text } = tree;
  const parent = entryAt(tree, path.slice(0, -1));
  if (parent?.kind === 'block' && oneLine(text, parent)) {
    const between = text.slice(parent.open! + 1, parent.close!);
    const own = text.slice(member.offset, member.offset + member.length);
    if (between.trim() === own.trim()) return { offset: parent.open! + 1, length: parent.close! - parent.open! - 1, newText: '' };
  }
  return removeLines(text, member.offset, member.offset + member.length);
}

/** Removes a member: its whole lines when nothing else stands on them, else just its text. */
function removeLines(text: string, start: number, end: number): TextEdit {
  let from = start;
  while (from > 0 && (text[from - 1] === ' ' || text[from - 1] === '\t')) from--;
  let to = end;
  while (to < text.length && (text[to] === ' ' || text[to] === '\t')) to++;
  const lineStart = from === 0 || text[from - 1] === '\n';
  const ownLine = lineStart && (to === text.length || text[to] === '\n' || text[to] === '\r');
  // A comment after the member stays, on its own line in the member's indentation.
  if (lineStart && (text[to] === '#' || text.startsWith('//', to))) return { offset: start, length: to - start, newText: '' };
  if (!ownLine) return { offset: start, length: end - start, newText: '' };
  if (text[to] === '\r') to++;
  if (text[to] === '\n') to++;
  return { offset: from, length: to - from, newText: '' };
}

// The file's line break and indentation step are looked for once per file, not once per fix.
const eolOf = (text: string): string => factsOf(text).eol;

function indentAt(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start, offset))![0];
}

const indentUnit = (text: string): string => factsOf(text).once('hcl-indent-unit', firstIndentUnit);

/** The file's indentation step: the first indented line's, two spaces when none is. */
function firstIndentUnit(text: string): string {
  const m = /\n([ \t]+)\S/.exec(text);
  if (!m) return '  ';
  return m[1].startsWith('\t') ? '\t' : m[1];
}
