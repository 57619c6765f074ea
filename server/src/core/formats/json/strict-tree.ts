import type { Node, NodeType } from 'jsonc-parser';

/**
 * A parse tree of text already known to be strict JSON (JSON.parse accepted it), in the shape
 * jsonc-parser gives (the same node types, offsets, lengths, values, parents and colon
 * offsets), built by a scanner that needs to handle no comments and no errors. jsonc-parser's
 * general parser costs several times more, which matters most where it matters most: a file
 * whose fixes need the tree, linted in a one-shot process before the code is optimised.
 */

interface TreeNode {
  type: NodeType;
  offset: number;
  length: number;
  value?: unknown;
  parent?: TreeNode;
  children?: TreeNode[];
  colonOffset?: number;
}

const QUOTE = 34,
  BACKSLASH = 92,
  COLON = 58,
  COMMA = 44;
const OPEN_BRACE = 123,
  CLOSE_BRACE = 125,
  OPEN_BRACKET = 91,
  CLOSE_BRACKET = 93;

function skipSpace(text: string, i: number, end: number): number {
  while (i < end) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) break;
    i++;
  }
  return i;
}

function literalEnd(text: string, i: number, end: number): number {
  while (i < end) {
    const c = text.charCodeAt(i);
    if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || c === 32 || c === 10 || c === 13 || c === 9) break;
    i++;
  }
  return i;
}

/** The string token at `start` (an opening quote): its end and its unescaped value. */
function readString(text: string, start: number, end: number): { end: number; value: string } {
  let escaped = false;
  for (let i = start + 1; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) {
      escaped = true;
      i++;
    } else if (c === QUOTE) {
      const raw = text.slice(start, i + 1);
      return { end: i + 1, value: escaped ? (JSON.parse(raw) as string) : raw.slice(1, -1) };
    }
  }
  return { end, value: text.slice(start + 1, end) };
}

function literalValue(raw: string): { type: NodeType; value: unknown } {
  if (raw === 'true' || raw === 'false') return { type: 'boolean', value: raw === 'true' };
  if (raw === 'null') return { type: 'null', value: null };
  return { type: 'number', value: Number(raw) };
}

/**
 * The tree of the value in text[start, end). Offsets are those in the whole text. Iterative,
 * so nesting depth is bounded by memory only (callers limit it before parsing anyway).
 *
 * With `endOf` (where the container opening at an offset ends), only the value's own members
 * are read: a container among them becomes a node with its type, offset and length but no
 * children, stepped over without reading it. An edit that removes or appends a member needs
 * no more, and a fix is then not paid for with the tree of the whole document.
 */
export function strictTree(text: string, start = 0, end = text.length, endOf?: (start: number) => number): Node | undefined {
  let root: TreeNode | undefined;
  const open: TreeNode[] = [];
  // The property whose value comes next, in the innermost open object.
  let property: TreeNode | undefined;

  const attach = (node: TreeNode): void => {
    const container = open[open.length - 1];
    if (property) {
      node.parent = property;
      property.children!.push(node);
    } else if (container) {
      node.parent = container;
      container.children!.push(node);
    } else root ??= node;
  };
  // A value just ended at `endOffset`: the property holding it ends there too.
  const complete = (node: TreeNode, endOffset: number): void => {
    if (node.parent?.type === 'property') {
      node.parent.length = endOffset - node.parent.offset;
    }
  };

  let i = skipSpace(text, start, end);
  while (i < end) {
    const c = text.charCodeAt(i);
    const container = open[open.length - 1];
    if ((c === OPEN_BRACE || c === OPEN_BRACKET) && endOf && open.length) {
      const close = endOf(i);
      const node: TreeNode = { type: c === OPEN_BRACE ? 'object' : 'array', offset: i, length: close - i };
      attach(node);
      complete(node, close);
      property = undefined;
      i = skipSpace(text, close, end);
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      const node: TreeNode = { type: c === OPEN_BRACE ? 'object' : 'array', offset: i, length: 0, children: [] };
      attach(node);
      property = undefined;
      open.push(node);
      i = skipSpace(text, i + 1, end);
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      const node = open.pop()!;
      node.length = i + 1 - node.offset;
      complete(node, i + 1);
      property = undefined;
      if (!open.length) break;
      i = skipSpace(text, i + 1, end);
    } else if (c === COMMA) {
      i = skipSpace(text, i + 1, end);
    } else if (c === QUOTE && container?.type === 'object' && !property) {
      const key = readString(text, i, end);
      const prop: TreeNode = { type: 'property', offset: i, length: -1, parent: container, children: [] };
      prop.children!.push({ type: 'string', offset: i, length: key.end - i, value: key.value, parent: prop });
      container.children!.push(prop);
      i = skipSpace(text, key.end, end);
      if (text.charCodeAt(i) === COLON) {
        prop.colonOffset = i;
        i = skipSpace(text, i + 1, end);
      }
      property = prop;
    } else {
      let node: TreeNode;
      let next: number;
      if (c === QUOTE) {
        const s = readString(text, i, end);
        node = { type: 'string', offset: i, length: s.end - i, value: s.value };
        next = s.end;
      } else {
        next = literalEnd(text, i, end);
        const { type, value } = literalValue(text.slice(i, next));
        node = { type, offset: i, length: next - i, value };
      }
      attach(node);
      complete(node, next);
      property = undefined;
      if (!open.length) break;
      i = skipSpace(text, next, end);
    }
  }
  return root as Node | undefined;
}
