import { createScanner, SyntaxKind, type FormattingOptions, type JSONScanner, type Node } from 'jsonc-parser';
import type { TextEdit } from '../../types';

/**
 * Text edits that change a document the way its author would: new members follow the
 * document's indentation and line endings, and removing a member keeps the comments
 * around it and never leaves a dangling comma.
 */

/**
 * The formatting and the scanner of the text edited last: the fixes of one document are worked out
 * one after another, and each would otherwise search the whole text again for its layout.
 */
let last: { text: string; formatting?: FormattingOptions; scanner?: JSONScanner } | undefined;
const lastOf = (text: string): { text: string; formatting?: FormattingOptions; scanner?: JSONScanner } =>
  last?.text === text ? last : (last = { text });

/** Indentation and line endings as the document already uses them. */
export function formattingOf(text: string): FormattingOptions {
  const known = lastOf(text);
  return { ...(known.formatting ??= layoutOf(text)) };
}

function layoutOf(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = /^([ \t]+)["}\]{[]/m.exec(text)?.[1];
  if (indent?.startsWith('\t')) return { insertSpaces: false, tabSize: 1, eol };
  return { insertSpaces: true, tabSize: indent ? indent.length : 2, eol };
}

/**
 * Adds a member to an object node, in the layout of its members (one line, or one member per
 * line with the document's indentation and line endings).
 */
export function insertPropertyEdits(text: string, object: Node, key: string, value: unknown): TextEdit[] {
  return appendMemberEdits(text, object, `${JSON.stringify(key)}: ${inlineJson(value)}`);
}

/** The first token after `offset` that is not whitespace or a comment. */
function nextToken(text: string, offset: number): { kind: SyntaxKind; offset: number } {
  const known = lastOf(text);
  const scanner = (known.scanner ??= createScanner(text, true));
  scanner.setPosition(offset);
  const kind = scanner.scan();
  return { kind, offset: scanner.getTokenOffset() };
}

const lineStartIfBlank = (text: string, offset: number): number => {
  let i = offset;
  while (i > 0 && (text[i - 1] === ' ' || text[i - 1] === '\t')) i--;
  return i === 0 || text[i - 1] === '\n' ? i : offset;
};

/** Offset just past the line break that ends the line, when only blanks follow `offset` on it. */
const lineEndIfBlank = (text: string, offset: number): number => {
  let i = offset;
  while (i < text.length && (text[i] === ' ' || text[i] === '\t')) i++;
  if (text[i] === '\r') i++;
  if (text[i] === '\n') return i + 1;
  return i >= text.length ? i : offset;
};

/** Removes a property (a `property` node, or a member node of an array) with its comma. */
export function removeMemberEdits(text: string, member: Node): TextEdit[] {
  const container = member.parent;
  const siblings = container?.children ?? [];
  const end = member.offset + member.length;
  const after = nextToken(text, end);
  if (after.kind === SyntaxKind.CommaToken) {
    let start = lineStartIfBlank(text, member.offset);
    let stop = start === member.offset ? nextToken(text, after.offset + 1).offset : lineEndIfBlank(text, after.offset + 1);
    if (stop === after.offset + 1 && start !== member.offset) {
      // A comment follows on the same line: it keeps its line and the member's indentation.
      start = member.offset;
      while (text[stop] === ' ' || text[stop] === '\t') stop++;
    }
    return [{ offset: start, length: stop - start, newText: '' }];
  }
  // Without a comma after it, the member is the last one.
  const index = siblings.length - 1;
  if (index > 0 && siblings[index] === member) {
    // The last member: the comma that goes is the one before it, behind the previous member.
    const previous = siblings[index - 1];
    const comma = nextToken(text, previous.offset + previous.length);
    if (comma.kind === SyntaxKind.CommaToken && !text.slice(comma.offset + 1, member.offset).trim()) {
      return [{ offset: comma.offset, length: end - comma.offset, newText: '' }];
    }
    let start = lineStartIfBlank(text, member.offset);
    if (start !== member.offset && start > 0) start -= text[start - 2] === '\r' ? 2 : 1;
    const edits: TextEdit[] = [{ offset: start, length: end - start, newText: '' }];
    if (comma.kind === SyntaxKind.CommaToken && comma.offset < start) edits.unshift({ offset: comma.offset, length: 1, newText: '' });
    return edits;
  }
  const start = lineStartIfBlank(text, member.offset);
  return [{ offset: start, length: lineEndIfBlank(text, end) - start, newText: '' }];
}

/** How a dialect of JSON spells the keys and the strings of a value (Terraform's: the provider's names, no templates). */
export interface JsonValueSpelling {
  key(key: string): string;
  text(text: string): string;
}

const ASIS: JsonValueSpelling = { key: (k) => k, text: (s) => s };

/** A JSON value on one line with spaces inside braces: `{ "pattern": "*", "max_index_count": 5 }`. */
export function inlineJson(value: unknown, spelling: JsonValueSpelling = ASIS): string {
  if (Array.isArray(value)) return value.length ? `[ ${value.map((v) => inlineJson(v, spelling)).join(', ')} ]` : '[]';
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length
      ? `{ ${entries.map(([k, v]) => `${JSON.stringify(spelling.key(k))}: ${inlineJson(v, spelling)}`).join(', ')} }`
      : '{}';
  }
  return JSON.stringify(typeof value === 'string' ? spelling.text(value) : value);
}

/** True when a value is or contains a string (iteratively: the value may nest deeply). */
export function holdsText(node: Node | undefined): boolean {
  const stack = node ? [node] : [];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === 'string') return true;
    for (const child of n.children ?? []) stack.push(child.type === 'property' ? (child.children?.[1] ?? child) : child);
  }
  return false;
}

/** Indentation (blanks) of the line that holds `offset`. */
export function indentAt(text: string, offset: number): string {
  let start = offset;
  while (start > 0 && text[start - 1] !== '\n') start--;
  return /^[ \t]*/.exec(text.slice(start, offset))![0];
}

/** One indentation step of the document. */
export function indentUnit(text: string): string {
  const f = formattingOf(text);
  return f.insertSpaces ? ' '.repeat(f.tabSize ?? 2) : '\t';
}

/**
 * Appends an item to an array node, laid out like the items already there (each on its own
 * line, or all on one line), the item itself written on one line.
 */
export function appendItemEdits(text: string, array: Node, item: unknown): TextEdit[] {
  return appendMemberEdits(text, array, inlineJson(item));
}

/**
 * Appends already rendered member text (`"key": value` for an object, a value for an array)
 * to a container node, in the layout of its members.
 *
 * The edit never repeats text of the document that is not whitespace or comments: edits are
 * printed by some output formats, and the neighbouring member may hold a secret. It spans the
 * closing bracket, so that a second insertion into the same container waits for the next pass
 * instead of interleaving with this one.
 */
export function appendMemberEdits(text: string, container: Node, member: string): TextEdit[] {
  const members = container.children ?? [];
  const eol = formattingOf(text).eol ?? '\n';
  const close = container.offset + container.length - 1;
  const closing = text[close];
  if (!members.length) {
    const open = container.offset;
    const inner = text.slice(open + 1, close);
    // An empty object written on one line stays on one line; an empty array takes the layout of the object around it.
    const oneLine = container.type === 'object' ? !inner.includes('\n') : !spansLines(text, container.parent?.parent ?? container);
    if (oneLine && !inner.trim()) return [{ offset: open, length: container.length, newText: `${text[open]} ${member} ${closing}` }];
    const outer = indentAt(text, open);
    const rest = inner.includes('\n') ? inner : `${eol}${outer}`;
    return [
      {
        offset: open + 1,
        length: close - open,
        newText: `${eol}${outer}${indentUnit(text)}${member}${rest.replace(/^[ \t]*\r?\n/, eol)}${closing}`,
      },
    ];
  }
  const last = members[members.length - 1];
  const lastEnd = last.offset + last.length;
  const between = text.slice(lastEnd, close);
  const onOwnLine = lineStartIfBlank(text, last.offset) !== last.offset;
  if (!onOwnLine) {
    const comma = nextToken(text, lastEnd).kind === SyntaxKind.CommaToken ? '' : ',';
    const trailing = between.slice(between.trimEnd().length);
    return [{ offset: lastEnd, length: close + 1 - lastEnd, newText: `${comma}${between.trimEnd()} ${member}${trailing}${closing}` }];
  }
  // A comment after the last member stays on its line; the new member goes on the next one.
  const lineBreak = between.search(/\r?\n/);
  const sameLine = lineBreak < 0 ? between : between.slice(0, lineBreak);
  const rest = lineBreak < 0 ? `${eol}${indentAt(text, container.offset)}` : between.slice(lineBreak);
  const comma = nextToken(text, lastEnd).kind === SyntaxKind.CommaToken ? '' : ',';
  return [
    {
      offset: lastEnd,
      length: close + 1 - lastEnd,
      newText: `${comma}${sameLine.trimEnd()}${eol}${indentAt(text, last.offset)}${member}${rest}${closing}`,
    },
  ];
}

/** A value's text moved from a line indented `from` to a line indented `to`: later lines shift with it. */
export function reindent(valueText: string, from: string, to: string): string {
  return valueText
    .split('\n')
    .map((line, i) => (i === 0 ? line : line.startsWith(from) ? to + line.slice(from.length) : line))
    .join('\n');
}

/** True when a node's text runs over more than one line. */
export function spansLines(text: string, node: Node): boolean {
  return text.slice(node.offset, node.offset + node.length).includes('\n');
}

/** True when no two edits of one change overlap (an insertion may touch a replacement). */
export function editsAreDisjoint(edits: readonly TextEdit[]): boolean {
  const sorted = [...edits].sort((a, b) => a.offset - b.offset || a.length - b.length);
  return sorted.every(
    (e, i) =>
      i === 0 ||
      (sorted[i - 1].offset + sorted[i - 1].length <= e.offset &&
        !(sorted[i - 1].length === 0 && e.length === 0 && sorted[i - 1].offset === e.offset)),
  );
}
