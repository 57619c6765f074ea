import { createScanner, modify, SyntaxKind, type FormattingOptions, type JSONPath, type Node } from 'jsonc-parser';
import type { TextEdit } from './types';

/**
 * Text edits that change a document the way its author would: new members follow the
 * document's indentation and line endings, and removing a member keeps the comments
 * around it and never leaves a dangling comma.
 */

/** Indentation and line endings as the document already uses them. */
export function formattingOf(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = /^([ \t]+)["}\]{[]/m.exec(text)?.[1];
  if (indent?.startsWith('\t')) return { insertSpaces: false, tabSize: 1, eol };
  return { insertSpaces: true, tabSize: indent ? indent.length : 2, eol };
}

/** Sets `path` to `value` (inserting it when absent) with jsonc-parser, in the document's own style. */
export function setValueEdits(text: string, path: JSONPath, value: unknown): TextEdit[] {
  return modify(text, path, value, { formattingOptions: formattingOf(text) })
    .map((e) => ({ offset: e.offset, length: e.length, newText: e.content }));
}

/**
 * Adds a member to an existing object node. An object written on one line stays on one line
 * (`{ "a": 1, "b": 2 }`); otherwise jsonc-parser lays the new member out in the document's style.
 */
export function insertPropertyEdits(text: string, object: Node, path: JSONPath, key: string, value: unknown): TextEdit[] {
  const open = object.offset;
  const close = object.offset + object.length - 1;
  const inner = text.slice(open + 1, close);
  if (!inner.includes('\n') && !hasComment(text, open, close)) {
    const member = `${JSON.stringify(key)}: ${inlineJson(value)}`;
    const props = object.children ?? [];
    // Replacing the braces too keeps two insertions into the same empty object from interleaving.
    if (!props.length) return [{ offset: open, length: object.length, newText: `{ ${member} }` }];
    const last = props[props.length - 1];
    return [{ offset: last.offset, length: last.length, newText: `${text.slice(last.offset, last.offset + last.length)}, ${member}` }];
  }
  const last = object.children?.[object.children.length - 1];
  const commentEnd = last ? trailingCommentEnd(text, last) : undefined;
  if (last && commentEnd !== undefined) {
    // jsonc-parser would put the new member before the comment of the last one; keep the comment where it is.
    // One edit spanning the last member, so that a second insertion into this object waits for the next pass.
    const eol = formattingOf(text).eol ?? '\n';
    const lastEnd = last.offset + last.length;
    const member = `${JSON.stringify(key)}: ${inlineJson(value)}`;
    return [{ offset: last.offset, length: commentEnd - last.offset, newText: `${text.slice(last.offset, lastEnd)},${text.slice(lastEnd, commentEnd)}${eol}${indentAt(text, last.offset)}${member}` }];
  }
  return setValueEdits(text, [...path, key], value);
}

/** Where a comment on the same line right after a member ends, if there is one. */
function trailingCommentEnd(text: string, member: Node): number | undefined {
  const end = member.offset + member.length;
  let lineEnd = text.indexOf('\n', end);
  if (lineEnd < 0) lineEnd = text.length;
  if (text[lineEnd - 1] === '\r') lineEnd--;
  const between = text.slice(end, lineEnd);
  return /^[ \t]*\/[/*]/.test(between) && nextToken(text, end).offset >= lineEnd ? lineEnd : undefined;
}

function hasComment(text: string, from: number, to: number): boolean {
  const scanner = createScanner(text, false);
  scanner.setPosition(from);
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF && scanner.getTokenOffset() < to; kind = scanner.scan()) {
    if (kind === SyntaxKind.LineCommentTrivia || kind === SyntaxKind.BlockCommentTrivia) return true;
  }
  return false;
}

/** The first token after `offset` that is not whitespace or a comment. */
function nextToken(text: string, offset: number): { kind: SyntaxKind; offset: number } {
  const scanner = createScanner(text, true);
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

/** A JSON value on one line with spaces inside braces: `{ "pattern": "*", "max_index_count": 5 }`. */
export function inlineJson(value: unknown): string {
  if (Array.isArray(value)) return value.length ? `[ ${value.map(inlineJson).join(', ')} ]` : '[]';
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length ? `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${inlineJson(v)}`).join(', ')} }` : '{}';
  }
  return JSON.stringify(value);
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
 */
export function appendMemberEdits(text: string, container: Node, member: string, opts: { zeroWidth?: boolean } = {}): TextEdit[] {
  const members = container.children ?? [];
  const eol = formattingOf(text).eol ?? '\n';
  if (!members.length) {
    const open = container.offset;
    const close = container.offset + container.length - 1;
    const [opening, closing] = [text[open], text[close]];
    // Replacing the brackets too keeps two insertions into the same empty container from interleaving.
    if (!spansLines(text, container.parent?.parent ?? container)) return [{ offset: open, length: container.length, newText: `${opening} ${member} ${closing}` }];
    const outer = indentAt(text, open);
    return [{ offset: open, length: container.length, newText: `${opening}${eol}${outer}${indentUnit(text)}${member}${eol}${outer}${closing}` }];
  }
  const last = members[members.length - 1];
  const lastEnd = last.offset + last.length;
  const onOwnLine = lineStartIfBlank(text, last.offset) !== last.offset;
  if (!onOwnLine) {
    // Spanning the last member makes a second insertion wait for the next pass; an insertion alone
    // leaves the last member free for other edits of the same change.
    return opts.zeroWidth
      ? [{ offset: lastEnd, length: 0, newText: `, ${member}` }]
      : [{ offset: last.offset, length: last.length, newText: `${text.slice(last.offset, lastEnd)}, ${member}` }];
  }
  // A comment after the last member stays with it: the new member goes on the next line.
  let lineEnd = text.indexOf('\n', lastEnd);
  if (lineEnd < 0) lineEnd = text.length;
  if (text[lineEnd - 1] === '\r') lineEnd--;
  const next = nextToken(text, lastEnd);
  const insertAt = next.offset >= lineEnd ? lineEnd : lastEnd;
  return [
    { offset: lastEnd, length: 0, newText: ',' },
    { offset: insertAt, length: 0, newText: `${eol}${indentAt(text, last.offset)}${member}` },
  ];
}

/** A value's text moved from a line indented `from` to a line indented `to`: later lines shift with it. */
export function reindent(valueText: string, from: string, to: string): string {
  return valueText.split('\n').map((line, i) => (i === 0 ? line : line.startsWith(from) ? to + line.slice(from.length) : line)).join('\n');
}

/** True when a node's text runs over more than one line. */
export function spansLines(text: string, node: Node): boolean {
  return text.slice(node.offset, node.offset + node.length).includes('\n');
}

/** True when no two edits of one change overlap (an insertion may touch a replacement). */
export function editsAreDisjoint(edits: readonly TextEdit[]): boolean {
  const sorted = [...edits].sort((a, b) => a.offset - b.offset || a.length - b.length);
  return sorted.every((e, i) => i === 0 || sorted[i - 1].offset + sorted[i - 1].length <= e.offset && !(sorted[i - 1].length === 0 && e.length === 0 && sorted[i - 1].offset === e.offset));
}
