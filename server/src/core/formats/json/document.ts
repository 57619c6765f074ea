import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { LineIndex } from '../../lines';
import { JsonOffsets, strictJsonFacts, valueMemberCount, type StrictJsonFacts } from './offsets';
import { strictTree } from './strict-tree';
import type { FieldPath, OffsetRange } from '../../types';
import type { Comment, ConfigDocument, FixIntent, RepeatedKey, SyntaxProblem } from '../document';

export type { Comment, SyntaxProblem };
import { jsonEdits } from './intents';
import { repeatedKeysOf } from './repeated-keys';
import { markDamagedValues, readableUntil } from './damaged';

/** A document read as JSON or JSONC: the configuration's document, with jsonc-parser's tree for the editor features. */
export interface ParsedDocument extends ConfigDocument {
  readonly format: 'json';
  readonly isJsonc: boolean;
  readonly root: Node | undefined;
  /** The node of a field path; `undefined` when the path does not exist. */
  nodeAt(path: FieldPath): Node | undefined;
  /**
   * The node of a field path with its members, for edits inside it. It may come from a parse of
   * just that value (no parent above it), which spares a large document its full parse tree.
   */
  subtreeAt(path: FieldPath): Node | undefined;
  /**
   * The array or object at a field path with its own members only: an array or object among them
   * has no children (type, offset and length only), and the container itself may have no parent.
   * Enough for edits that remove or append a member, without a parse tree of the whole document.
   */
  membersAt(path: FieldPath): Node | undefined;
}

/** Each document's repeated keys, found once: the secret mask and duplicate-key both ask. */
const repeatedOf = new WeakMap<ParsedDocument, RepeatedKey[]>();

/** What every JSON document answers the same way, from its tree. */
const jsonBehaviour = {
  repeatedKeys(this: ParsedDocument): RepeatedKey[] {
    let found = repeatedOf.get(this);
    if (!found) repeatedOf.set(this, (found = repeatedKeysOf(this.root)));
    return found;
  },
  editsFor(this: ParsedDocument, intents: readonly FixIntent[]) {
    return jsonEdits(this, intents);
  },
};

export const isJsoncName = (fileName: string | undefined): boolean => !!fileName && /\.jsonc$/i.test(fileName);

/**
 * Deepest nesting of arrays and objects, found without recursion so that hostile input
 * cannot overflow the stack. Strings and comments are skipped.
 *
 * jsonc-parser closes a container only with its own closer: a `}` inside an array (or `]`
 * inside an object) is skipped as an error, and a following `[` nests deeper. So a closer
 * counts only when it matches the innermost open container; the estimate may exceed the
 * parser's real depth on broken input, but never falls below it.
 */
export function measureDepth(text: string, limit: number): { depth: number; offset: number } | undefined {
  const open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 92) i++;
        else if (d === 34 || d === 10 || d === 13) break;
      }
    } else if (c === 47 /* / */ && text.charCodeAt(i + 1) === 47) {
      // A line comment ends at \r as well as \n, exactly as jsonc-parser's scanner sees it:
      // otherwise nesting after a CR-only line break would escape the depth limit.
      while (i < text.length && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13) i++;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
    } else if (c === 123 || c === 91) {
      open.push(c);
      if (open.length > limit) {
        let deepest = open.length;
        for (let j = i + 1; j < text.length; j++) {
          const e = text.charCodeAt(j);
          if (e === 123 || e === 91) deepest++;
          else if (e === 125 || e === 93) break;
        }
        return { depth: deepest, offset: i };
      }
    } else if ((c === 125 && open[open.length - 1] === 123) || (c === 93 && open[open.length - 1] === 91)) {
      open.pop();
    }
  }
  return undefined;
}

function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  // `__proto__` must become an ordinary property, never the object's prototype.
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

/** Converts a parse tree to a plain value without recursion (the tree can be deep). */
export function nodeValue(root: Node | undefined): unknown {
  if (!root) return undefined;
  const results = new Map<Node, unknown>();
  const stack: Array<{ node: Node; visited: boolean }> = [{ node: root, visited: false }];
  while (stack.length) {
    const top = stack[stack.length - 1];
    const { node } = top;
    if (node.type !== 'object' && node.type !== 'array') {
      results.set(node, node.value);
      stack.pop();
      continue;
    }
    if (!top.visited) {
      top.visited = true;
      for (const child of node.children ?? []) {
        const valueNode = node.type === 'object' ? child.children?.[1] : child;
        if (valueNode) stack.push({ node: valueNode, visited: false });
      }
      continue;
    }
    stack.pop();
    if (node.type === 'array') {
      results.set(
        node,
        (node.children ?? []).map((c) => {
          const v = results.get(c);
          results.delete(c);
          return v;
        }),
      );
    } else {
      const obj: Record<string, unknown> = {};
      for (const prop of node.children ?? []) {
        const [k, v] = prop.children ?? [];
        if (!k) continue;
        setOwn(obj, String(k.value), v ? results.get(v) : undefined);
        if (v) results.delete(v);
      }
      results.set(node, obj);
    }
  }
  return results.get(root);
}

const objectIndexes = new WeakMap<Node, Map<string, Node>>();
/** The property node of `key` in an object node (last one wins), indexed for large objects. */
export function propertyNode(obj: Node, key: string): Node | undefined {
  const children = obj.children ?? [];
  if (children.length < 32) {
    for (let i = children.length - 1; i >= 0; i--) if (children[i].children?.[0]?.value === key) return children[i];
    return undefined;
  }
  let index = objectIndexes.get(obj);
  if (!index) {
    index = new Map();
    for (const prop of children) {
      const k = prop.children?.[0]?.value;
      if (typeof k === 'string') index.set(k, prop);
    }
    objectIndexes.set(obj, index);
  }
  return index.get(key);
}

/**
 * jsonc-parser lets an unclosed object or array end one character past the text; every
 * consumer assumes nodes lie inside the document, so trim them once here. A node that ends
 * past the text holds its end, and so does its last child: only that line of nodes from the
 * root down can need trimming.
 */
function clampToText(root: Node, textLength: number): void {
  for (let node: Node | undefined = root; node; node = node.children?.[node.children.length - 1]) {
    if (node.offset + node.length > textLength) (node as { length: number }).length = Math.max(0, textLength - node.offset);
  }
}

/** The node at a field path in a parse tree; `undefined` when the path does not exist. */
function nodeAtPath(root: Node | undefined, path: FieldPath): Node | undefined {
  let node = root;
  for (const seg of path) {
    if (!node) return undefined;
    if (node.type === 'object' && typeof seg === 'string') node = propertyNode(node, seg)?.children?.[1];
    else if (node.type === 'array' && typeof seg === 'number') node = node.children?.[seg];
    else return undefined;
  }
  return node;
}

/**
 * Strict JSON within the depth limit, the common case, is read with JSON.parse, many times
 * faster than building a parse tree. The tree is built only when something asks for a node
 * (a fix, an editor feature), and findings are located by scanning just the containers on
 * their paths. JSONC comes here as its blanked copy (see blankJsoncExtras), with `original`
 * its own text. Anything else (syntax errors, deep nesting) takes the tree path below, which
 * reads every kind of input.
 */
function strictDocument(text: string, isJsonc: boolean, maxDepth: number, original?: string): ParsedDocument | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const facts = strictJsonFacts(text);
  if (facts.depth > maxDepth) return undefined;
  return new StrictDocument(text, isJsonc, value, facts, original);
}

/**
 * A document read by strictDocument: what it is asked for (its parse tree, line index, offsets of
 * members, comments) is worked out on first use. A class, so that a document is one object with its
 * methods on the prototype rather than a dozen closures made for each file.
 */
class StrictDocument implements ParsedDocument {
  readonly format = 'json';
  readonly text: string;
  readonly commentsAllowed: boolean;
  readonly syntaxErrors: SyntaxProblem[] = [];
  readonly noLongNumbers: boolean;
  readonly repeatedKeys = jsonBehaviour.repeatedKeys;
  readonly editsFor = jsonBehaviour.editsFor;
  private tree: { root: Node | undefined } | undefined = undefined;
  private lineIndex: LineIndex | undefined = undefined;
  private offsets: JsonOffsets | undefined = undefined;
  private duplicateFree: boolean | undefined = undefined;
  private commentList: Comment[] | undefined = undefined;

  constructor(
    private readonly parsed: string,
    readonly isJsonc: boolean,
    readonly value: unknown,
    private readonly facts: StrictJsonFacts,
    private readonly original: string | undefined,
  ) {
    this.text = original ?? parsed;
    this.commentsAllowed = isJsonc;
    this.noLongNumbers = facts.longestDigits < 19;
  }

  get root(): Node | undefined {
    return (this.tree ??= { root: strictTree(this.parsed) }).root;
  }

  get lines(): LineIndex {
    return (this.lineIndex ??= new LineIndex(this.parsed, this.facts.lines));
  }

  // Each member of the text becomes a distinct key of the value unless a key repeats.
  get noDuplicateKeys(): boolean {
    return (this.duplicateFree ??= this.facts.memberCount === valueMemberCount(this.value));
  }

  private index(): JsonOffsets {
    return (this.offsets ??= new JsonOffsets(this.parsed, this.facts.containers, this.value));
  }

  comments(): Comment[] {
    return this.original === undefined ? [] : (this.commentList ??= scanComments(this.original, this.lines));
  }

  nodeAt(path: FieldPath): Node | undefined {
    return nodeAtPath(this.root, path);
  }

  subtreeAt(path: FieldPath): Node | undefined {
    if (this.tree) return nodeAtPath(this.tree.root, path);
    const at = this.index().valueRange(path);
    return at && strictTree(this.parsed, at.offset, at.offset + at.length);
  }

  membersAt(path: FieldPath): Node | undefined {
    if (this.tree) return nodeAtPath(this.tree.root, path);
    const index = this.index();
    const at = index.valueRange(path);
    return at && strictTree(this.parsed, at.offset, at.offset + at.length, (start) => index.valueEnd(start));
  }

  rangeAt(path: FieldPath): OffsetRange | undefined {
    if (this.tree) return rangeOf(nodeAtPath(this.tree.root, path));
    return this.index().valueRange(path);
  }

  locate(path: FieldPath, target: 'key' | 'value' | 'property'): OffsetRange {
    return this.index().locate(path, target);
  }
}

const rangeOf = (node: Node | undefined): OffsetRange | undefined => (node ? { offset: node.offset, length: node.length } : undefined);

/**
 * A comma after a value with only blanks before a closing bracket (not `[ , ]`, not `{ "a": , }`).
 * Strings are matched first, so that no comma inside one is taken; the comma is matched before
 * the look around it, so that a long run of blanks is not read again at every position.
 */
const TRAILING_COMMA = /"(?:[^"\\\n\r]|\\.)*"|,(?<=[^\s,[{:]\s*,)(?=\s*[\]}])/g;
const blankOut = (m: string): string => (m.charCodeAt(0) === 34 ? m : m.replace(/[^\r\n]/g, ' '));

/**
 * JSONC as strict JSON with the same offsets: comments, then trailing commas, become blanks
 * (line breaks stay, so lines do not move). Undefined when there is nothing to blank. A block
 * comment left open stays, and whatever else is wrong, for JSON.parse to reject.
 */
function blankJsoncExtras(text: string): string | undefined {
  const pieces: string[] = [];
  let from = 0;
  eachComment(text, (start, end, closed) => {
    if (!closed) return;
    pieces.push(text.slice(from, start), blankOut(text.slice(start, end)));
    from = end;
  });
  pieces.push(text.slice(from));
  const blanked = (pieces.length > 1 ? pieces.join('') : text).replace(TRAILING_COMMA, blankOut);
  return blanked !== text ? blanked : undefined;
}

function buildTree(text: string, isJsonc: boolean, errors: ParseError[]): Node | undefined {
  const root = parseTree(text, errors, { allowTrailingComma: isJsonc, disallowComments: !isJsonc, allowEmptyContent: false });
  if (root) clampToText(root, text.length);
  return root;
}

export function parseDocument(text: string, opts: { fileName?: string; maxDepth?: number } = {}): ParsedDocument {
  // A byte order mark is not JSON, but files and editors carry one: read it as a blank, which
  // keeps every offset, so that edits made against this parse apply to the text with its mark.
  const source = text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text;
  const isJsonc = isJsoncName(opts.fileName);
  const maxDepth = opts.maxDepth ?? 256;
  const strict = strictDocument(source, isJsonc, maxDepth);
  if (strict) return strict;
  // JSONC with comments or trailing commas, and nothing else that strict JSON lacks, is read the
  // same way from its blanked copy, many times faster than building jsonc-parser's tree.
  const blanked = isJsonc ? blankJsoncExtras(source) : undefined;
  return (blanked !== undefined && strictDocument(blanked, isJsonc, maxDepth, source)) || parseDocumentTree(source, opts);
}

/** The general path: a full jsonc-parser tree, for any input. Exported so tests can compare both paths. */
export function parseDocumentTree(text: string, opts: { fileName?: string; maxDepth?: number } = {}): ParsedDocument {
  const isJsonc = isJsoncName(opts.fileName);
  const lines = new LineIndex(text);
  const tooDeep = measureDepth(text, opts.maxDepth ?? 256);
  let root: Node | undefined;
  const errors: ParseError[] = [];
  if (!tooDeep) root = buildTree(text, isJsonc, errors);
  const value = tooDeep ? undefined : nodeValue(root);
  const unknownPaths = markDamagedValues(root, text, errors, value);
  // jsonc-parser reports errors at the end of the text one character past it (an unclosed
  // comment, a missing brace): clamp them so that every range lies inside the document.
  const syntaxErrors = errors.map((e) => {
    const offset = Math.min(Math.max(0, e.offset), text.length);
    return { offset, length: Math.max(0, Math.min(e.length, text.length - offset)), code: printParseErrorCode(e.error) };
  });
  const guessedFrom = readableUntil(text, syntaxErrors);
  let comments: Comment[] | undefined;
  const nodeAt = (path: FieldPath): Node | undefined => nodeAtPath(root, path);
  return {
    format: 'json',
    text,
    isJsonc,
    commentsAllowed: isJsonc,
    root,
    value,
    lines,
    tooDeep,
    ...(unknownPaths.length ? { unknownPaths } : {}),
    ...jsonBehaviour,
    syntaxErrors,
    ...(guessedFrom !== undefined ? { readableUntil: guessedFrom } : {}),
    comments: () => (comments ??= scanComments(text, lines)),
    nodeAt,
    subtreeAt: nodeAt,
    membersAt: nodeAt,
    rangeAt: (path) => rangeOf(nodeAt(path)),
    locate(path, target) {
      // Walk as far as the path exists: a missing field is reported on its nearest existing parent.
      let node = root;
      let depth = 0;
      for (; node && depth < path.length; depth++) {
        const next = nodeAt(path.slice(0, depth + 1));
        if (!next) break;
        node = next;
      }
      if (!node) return { offset: 0, length: Math.min(text.length, 1) };
      const complete = depth === path.length;
      const prop = node.parent?.type === 'property' ? node.parent : undefined;
      if (complete && prop && target !== 'value') {
        const keyNode = prop.children![0];
        return target === 'key' ? { offset: keyNode.offset, length: keyNode.length } : { offset: prop.offset, length: prop.length };
      }
      if (!complete && prop) {
        // Underline the key of the parent object so the squiggle stays short.
        const keyNode = prop.children![0];
        return { offset: keyNode.offset, length: keyNode.length };
      }
      if (!complete && node.type === 'object') return { offset: node.offset, length: 1 };
      return { offset: node.offset, length: node.length };
    },
  };
}

/** Comments with their text, for suppression directives. Strings are skipped. */
export function scanComments(text: string, lines: LineIndex): Comment[] {
  const out: Comment[] = [];
  eachComment(text, (start, end, closed) => {
    const body = text.slice(start + 2, closed && text.charCodeAt(start + 1) === 42 ? end - 2 : end);
    out.push({ offset: start, length: end - start, text: body.trim(), line: lines.positionAt(start).line });
  });
  return out;
}

/**
 * Calls `visit` with each comment's range, in one pass that skips strings (which end at a line
 * break, as the scanner does). A block comment left open runs to the end of the text, `closed` false.
 */
function eachComment(text: string, visit: (start: number, end: number, closed: boolean) => void): void {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 92) i++;
        else if (d === 34 || d === 10 || d === 13) break;
      }
    } else if (c === 47 && text.charCodeAt(i + 1) === 47) {
      let end = i + 2;
      while (end < text.length && text.charCodeAt(end) !== 10 && text.charCodeAt(end) !== 13) end++;
      visit(i, end, true);
      i = end;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const close = text.indexOf('*/', i + 2);
      const end = close < 0 ? text.length : close + 2;
      visit(i, end, close >= 0);
      i = end - 1;
    }
  }
}
