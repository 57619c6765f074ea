import type { Node, Tree } from 'web-tree-sitter';
import { schemaAt, typesOf } from '../../schema';
import type { OffsetRange, Segment } from '../../types';
import { UNKNOWN_VALUE } from '../../values';
import type { RepeatedKey, SyntaxProblem } from '../document';
import { decodeQuoted } from './literals';

/** Where one member of a configuration is written: an attribute, a block, or an element of a list or object constructor. */
export interface Entry {
  kind: 'attribute' | 'block' | 'element';
  /** The key: the attribute's name, the block's type, an object constructor's key. Absent for list elements. */
  key?: OffsetRange;
  /** The value: the expression, or for a block the braces and what they hold. */
  value: OffsetRange;
  /** The whole member: attribute, block, or element. */
  member: OffsetRange;
  /** For blocks and constructors: the offsets of the opening and closing bracket, and the members inside. */
  open?: number;
  close?: number;
  children?: OffsetRange[];
  /**
   * Set for a `dynamic` block and its `content`: the blocks Terraform makes from them are not
   * written out, so a fix may change what the content says but never remove or repeat it.
   */
  generated?: boolean;
}

/** One `search_user_config` block of a resource: a configuration of its own. */
export interface Configuration {
  /** The resource address, `vendor_search.logs`. */
  address: string;
  /** The resource block, from its type to its closing brace. */
  resource: OffsetRange;
  value: Record<string, unknown>;
  /** Each written member by its path (see pathKey). The root's entry is the block itself. */
  entries: Map<string, Entry>;
  unknownPaths: Segment[][];
  repeated: RepeatedKey[];
  /** Members whose value is a variable's, by path (see pathKey): which variable, and where its value is written. */
  resolved: Map<string, { path: Segment[]; variable: string; from: string }>;
  variables?: VariableValues;
}

/** Literal values of variables (`var.NAME`): the value and the file that gives it. */
export type VariableValues = ReadonlyMap<string, { value: unknown; from: string }>;

export interface TerraformFile {
  configurations: Configuration[];
  syntaxErrors: SyntaxProblem[];
  comments: OffsetRange[];
}

export const pathKey = (path: readonly Segment[]): string => path.map((s) => (typeof s === 'number' ? `#${s}` : `.${s}`)).join('');

const ROOT_BLOCK = 'search_user_config';
/** The provider's spellings of the API's `ip_filter`. */
const IP_FILTER_SPELLINGS: Record<string, string> = { ip_filter_object: 'ip_filter', ip_filter_string: 'ip_filter', ip_filter: 'ip_filter' };
/** Deeper constructors than this are not read (the value is unknown): hostile input cannot exhaust the stack. */
const MAX_VALUE_DEPTH = 256;

const rangeOf = (n: Node): OffsetRange => ({ offset: n.startIndex, length: n.endIndex - n.startIndex });
/**
 * A node's named children. Each call to web-tree-sitter's `namedChildren` crosses into WebAssembly and
 * makes new node objects, and the reader asks for the same node's children several times (its name,
 * its body, its members): the answer is kept per tree and node id for as long as the tree lives.
 */
const namedByTree = new WeakMap<Tree, Map<number, Node[]>>();
function named(n: Node): Node[] {
  let byId = namedByTree.get(n.tree);
  if (!byId) namedByTree.set(n.tree, (byId = new Map()));
  let children = byId.get(n.id);
  if (!children) byId.set(n.id, (children = n.namedChildren.filter((c): c is Node => c !== null)));
  return children;
}
const childOfType = (n: Node, type: string): Node | undefined => named(n).find((c) => c.type === type);

/** The text of a label or key written as a string without interpolation. */
function labelText(n: Node): string | undefined {
  if (n.type === 'identifier') return n.text;
  if (n.type === 'string_lit') return decodeQuoted(n);
  return undefined;
}

/** Reads the configurations of a parsed file: every `search_user_config` block inside a `resource` block. */
export function readTerraform(root: Node, text: string, variables?: VariableValues): TerraformFile {
  const configurations: Configuration[] = [];
  const syntaxErrors: SyntaxProblem[] = [];
  const comments: OffsetRange[] = [];
  // Iterative: a hostile file may nest deeply. Each node goes with whether a block encloses it
  // (only a top-level block is a resource), known from the walk instead of asked of its parents.
  const stack: Node[] = [root];
  const enclosed: boolean[] = [false];
  while (stack.length) {
    const n = stack.pop()!;
    const inBlock = enclosed.pop()!;
    // Each property of a node is a call into WebAssembly: the type is asked once (`isError` is the type ERROR).
    const type = n.type;
    if (type === 'comment') { comments.push(rangeOf(n)); continue; }
    if (n.isMissing) syntaxErrors.push({ offset: n.startIndex, length: 0, code: `missing ${type}` });
    else if (type === 'ERROR') {
      // The parser wraps what it cannot read, often a whole block: underline its first line only.
      const lineEnd = text.slice(n.startIndex, n.endIndex).search(/\r?\n/);
      syntaxErrors.push({ offset: n.startIndex, length: lineEnd < 0 ? n.endIndex - n.startIndex : lineEnd, code: 'unexpected text', extent: n.endIndex - n.startIndex });
    }
    if (type === 'block' && !inBlock) {
      const config = resourceConfiguration(n, variables);
      if (config) configurations.push(...config);
    }
    if (type !== 'config_file' && type !== 'body' && type !== 'ERROR' && !n.hasError) {
      // Nothing under it is broken, and no resource is inside a block: only its comments are wanted,
      // found in one call instead of a walk that asks WebAssembly about every node.
      for (const c of n.descendantsOfType('comment')) if (c) comments.push(rangeOf(c));
      continue;
    }
    const children = n.children;
    const childInBlock = inBlock || type === 'block';
    for (let i = children.length - 1; i >= 0; i--) { const c = children[i]; if (c) { stack.push(c); enclosed.push(childInBlock); } }
  }
  comments.sort((a, b) => a.offset - b.offset);
  configurations.sort((a, b) => a.resource.offset - b.resource.offset);
  return { configurations, syntaxErrors: syntaxErrors.sort((a, b) => a.offset - b.offset), comments };
}

/** The configurations of a `resource "TYPE" "NAME" { ... }` block (none for any other block). */
function resourceConfiguration(block: Node, variables?: VariableValues): Configuration[] | undefined {
  const parts = named(block);
  if (parts[0]?.type !== 'identifier' || parts[0].text !== 'resource') return undefined;
  const labels = parts.filter((p) => p.type === 'string_lit' || (p.type === 'identifier' && p !== parts[0])).map(labelText);
  if (labels.length !== 2 || labels.some((l) => l === undefined)) return undefined;
  const body = childOfType(block, 'body');
  if (!body) return undefined;
  const out: Configuration[] = [];
  for (const inner of named(body)) {
    if (inner.type !== 'block' || named(inner)[0]?.text !== ROOT_BLOCK) continue;
    const config: Configuration = { address: `${labels[0]}.${labels[1]}`, resource: rangeOf(block), value: {}, entries: new Map(), unknownPaths: [], repeated: [], resolved: new Map(), variables };
    config.entries.set(pathKey([]), blockEntry(inner));
    readBody(config, inner, [], config.value);
    out.push(config);
  }
  return out;
}

function blockEntry(block: Node): Entry {
  const parts = named(block);
  const start = childOfType(block, 'block_start');
  const end = childOfType(block, 'block_end');
  const body = childOfType(block, 'body');
  const open = start?.startIndex ?? block.startIndex;
  const close = end ? end.startIndex : block.endIndex;
  return {
    kind: 'block', key: rangeOf(parts[0]), value: { offset: open, length: block.endIndex - open }, member: rangeOf(block),
    open, close, children: body ? named(body).filter((c) => c.type !== 'comment').map(rangeOf) : [],
  };
}

/** What a block of this name stands for in the object at `path`: a member, or an item of a list. */
function blockTarget(path: Segment[], name: string): { key: string; list: boolean } {
  const key = path.length === 0 && IP_FILTER_SPELLINGS[name] ? IP_FILTER_SPELLINGS[name] : name;
  const schema = schemaAt([...path, key]);
  const list = !!schema && typesOf(schema).includes('array') && !!schema.items && typesOf(schema.items).includes('object');
  return { key, list };
}

function readBody(config: Configuration, block: Node, path: Segment[], into: Record<string, unknown>): void {
  const body = childOfType(block, 'body');
  if (!body) return;
  const seen = new Map<string, Array<{ key: OffsetRange; member: OffsetRange; spelling: string }>>();
  const note = (key: string, at: { key: OffsetRange; member: OffsetRange; spelling: string }): void => {
    const list = seen.get(key);
    if (list) list.push(at); else seen.set(key, [at]);
  };
  const lists = new Map<string, unknown[]>();
  for (const member of named(body)) {
    if (member.type === 'attribute') {
      const [nameNode, expr] = named(member);
      if (!nameNode || !expr) continue;
      const name = nameNode.text;
      const key = path.length === 0 && IP_FILTER_SPELLINGS[name] ? IP_FILTER_SPELLINGS[name] : name;
      const memberPath = [...path, key];
      note(key, { key: rangeOf(nameNode), member: rangeOf(member), spelling: name });
      config.entries.set(pathKey(memberPath), { kind: 'attribute', key: rangeOf(nameNode), value: rangeOf(expr), member: rangeOf(member), ...constructorShape(expr) });
      setOwn(into, key, readExpression(config, expr, memberPath, 0));
      lists.delete(key);
    } else if (member.type === 'block') {
      const parts = named(member);
      const nameNode = parts[0];
      if (!nameNode || nameNode.type !== 'identifier') continue;
      if (nameNode.text === 'dynamic') {
        readDynamic(config, member, path, into, lists, note);
        continue;
      }
      const { key, list } = blockTarget(path, nameNode.text);
      const object: Record<string, unknown> = {};
      if (list) {
        const items = listOf(lists, into, key, () => note(key, { key: rangeOf(nameNode), member: rangeOf(member), spelling: nameNode.text }));
        const itemPath = [...path, key, items.length];
        items.push(object);
        config.entries.set(pathKey(itemPath), blockEntry(member));
        // The list itself is located at its first block.
        if (items.length === 1) config.entries.set(pathKey([...path, key]), blockEntry(member));
        readBody(config, member, itemPath, object);
      } else {
        const memberPath = [...path, key];
        note(key, { key: rangeOf(nameNode), member: rangeOf(member), spelling: nameNode.text });
        config.entries.set(pathKey(memberPath), blockEntry(member));
        setOwn(into, key, object);
        lists.delete(key);
        readBody(config, member, memberPath, object);
      }
    }
  }
  for (const [key, occurrences] of seen) {
    if (occurrences.length < 2) continue;
    const spellings = [...new Set(occurrences.map((o) => o.spelling))];
    config.repeated.push({
      path, key, occurrences: occurrences.map(({ key: k, member }) => ({ key: k, member })),
      refused: spellings.length > 1 ? `${spellings.join(' and ')} all set ${key}, and the provider refuses more than one of them` : undefined,
    });
  }
}

/**
 * `dynamic "index_patterns" { for_each = ... content { ... } }`: how many blocks it makes is known
 * only at plan, but each is what `content` says. The content is read as the block (one item of
 * the list, for a block that repeats, after the blocks written out before it), so that its keys
 * are checked as the block's members; what refers to the iterator is an expression, unknown. A
 * dynamic block without content is unknown as a whole.
 */
/** The list that the blocks of one repeating type add up to; `first` runs when the first of them makes it. */
function listOf(lists: Map<string, unknown[]>, into: Record<string, unknown>, key: string, first: () => void): unknown[] {
  let items = lists.get(key);
  if (!items) {
    items = [];
    lists.set(key, items);
    first();
    setOwn(into, key, items);
  }
  return items;
}

function readDynamic(
  config: Configuration, member: Node, path: Segment[], into: Record<string, unknown>, lists: Map<string, unknown[]>,
  note: (key: string, at: { key: OffsetRange; member: OffsetRange; spelling: string }) => void,
): void {
  const parts = named(member);
  const label = parts[1] && labelText(parts[1]);
  if (!label) return;
  const { key, list } = blockTarget(path, label);
  const memberPath = [...path, key];
  const content = named(childOfType(member, 'body') ?? member).find((c) => c.type === 'block' && named(c)[0]?.text === 'content');
  const labelRange = rangeOf(parts[1]);
  if (!content) {
    note(key, { key: labelRange, member: rangeOf(member), spelling: label });
    config.entries.set(pathKey(memberPath), { ...blockEntry(member), key: labelRange, generated: true });
    setOwn(into, key, UNKNOWN_VALUE);
    config.unknownPaths.push(memberPath);
    lists.delete(key);
    return;
  }
  const contentEntry: Entry = { ...blockEntry(content), key: labelRange, generated: true };
  const object: Record<string, unknown> = {};
  if (list) {
    // Blocks written out and dynamic ones of the same type add up to one list.
    const items = listOf(lists, into, key, () => {
      note(key, { key: labelRange, member: rangeOf(member), spelling: label });
      config.entries.set(pathKey(memberPath), { ...blockEntry(member), key: labelRange, generated: true });
    });
    const itemPath = [...memberPath, items.length];
    items.push(object);
    config.entries.set(pathKey(itemPath), contentEntry);
    readBody(config, content, itemPath, object);
    return;
  }
  note(key, { key: labelRange, member: rangeOf(member), spelling: label });
  config.entries.set(pathKey(memberPath), contentEntry);
  setOwn(into, key, object);
  lists.delete(key);
  readBody(config, content, memberPath, object);
}

/** Bracket offsets and members of a list or object constructor, for edits inside it. */
function constructorShape(expr: Node): Pick<Entry, 'open' | 'close' | 'children'> {
  const inner = unwrap(expr);
  const collection = inner.type === 'collection_value' ? named(inner)[0] : undefined;
  if (!collection || (collection.type !== 'tuple' && collection.type !== 'object')) return {};
  const members = named(collection).filter((c) => c.type === 'expression' || c.type === 'object_elem');
  return { open: collection.startIndex, close: collection.endIndex - 1, children: members.map(rangeOf) };
}

/** NAME of an expression that is exactly `var.NAME`. */
function variableName(expr: Node): string | undefined {
  const parts = named(expr);
  if (expr.type !== 'expression' || parts.length !== 2 || parts[0].type !== 'variable_expr' || parts[0].text !== 'var' || parts[1].type !== 'get_attr') return undefined;
  const attr = named(parts[1]);
  return attr.length === 1 && attr[0].type === 'identifier' ? attr[0].text : undefined;
}

/** The value of an expression when it is a literal, for a variable's default or a .tfvars value. */
export function literalOf(expr: Node): { value: unknown } | undefined {
  const scratch: Configuration = { address: '', resource: { offset: 0, length: 0 }, value: {}, entries: new Map(), unknownPaths: [], repeated: [], resolved: new Map() };
  const value = readExpression(scratch, expr, [], 0);
  return scratch.unknownPaths.length ? undefined : { value };
}

const unwrap = (n: Node): Node => {
  let cur = n;
  while (cur.type === 'expression' && cur.namedChildCount === 1) cur = cur.namedChildren[0]!;
  return cur;
};

function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

/** The value of an expression when it is a literal (or a constructor of literals); UNKNOWN_VALUE otherwise, with its path noted. */
function readExpression(config: Configuration, expr: Node, path: Segment[], depth: number): unknown {
  const unknown = (): unknown => { config.unknownPaths.push(path); return UNKNOWN_VALUE; };
  if (depth > MAX_VALUE_DEPTH || expr.hasError) return unknown();
  const variable = variableName(expr);
  if (variable !== undefined) {
    const known = config.variables?.get(variable);
    if (!known) return unknown();
    config.resolved.set(pathKey(path), { path, variable: `var.${variable}`, from: known.from });
    return known.value;
  }
  const n = unwrap(expr);
  if (n.type === 'literal_value' || n.type === 'template_expr') { const v = scalar(n); return v === NOT_LITERAL ? unknown() : v; }
  if (n.type === 'operation') {
    // A negative number: `-5`.
    const op = named(n)[0];
    const operand = op?.type === 'unary_operation' ? named(op)[0] : undefined;
    const value = operand && op!.text.startsWith('-') ? scalar(operand) : NOT_LITERAL;
    return typeof value === 'number' ? -value : unknown();
  }
  if (n.type !== 'collection_value') return unknown();
  const collection = named(n)[0];
  if (collection?.type === 'tuple') {
    const items: unknown[] = [];
    for (const element of named(collection)) {
      if (element.type !== 'expression') continue;
      const itemPath = [...path, items.length];
      config.entries.set(pathKey(itemPath), { kind: 'element', value: rangeOf(element), member: rangeOf(element) });
      items.push(readExpression(config, element, itemPath, depth + 1));
    }
    return items;
  }
  if (collection?.type === 'object') {
    const object: Record<string, unknown> = {};
    for (const elem of named(collection)) {
      if (elem.type !== 'object_elem') continue;
      const [keyExpr, valueExpr] = named(elem);
      if (!keyExpr || !valueExpr) continue;
      const keyNode = unwrap(keyExpr);
      // A bare word is a key in an object constructor, not a variable.
      const keyValue = keyNode.type === 'variable_expr' && keyNode.namedChildCount === 1 ? keyNode.text : scalar(keyNode);
      const key = typeof keyValue === 'string' ? keyValue : undefined;
      if (key === undefined) return unknown();
      const memberPath = [...path, key];
      config.entries.set(pathKey(memberPath), { kind: 'element', key: rangeOf(keyExpr), value: rangeOf(valueExpr), member: rangeOf(elem), ...constructorShape(valueExpr) });
      setOwn(object, key, readExpression(config, valueExpr, memberPath, depth + 1));
    }
    return object;
  }
  return unknown();
}

/** What `scalar` answers for an expression that is not a literal. */
const NOT_LITERAL = Symbol('not a literal');

/** A literal number, boolean, null or string without interpolation; NOT_LITERAL for anything else. */
function scalar(n: Node): unknown {
  const inner = n.type === 'literal_value' ? named(n)[0] : n.type === 'template_expr' ? named(n)[0] : n;
  if (!inner) return NOT_LITERAL;
  switch (inner.type) {
    case 'numeric_lit': { const v = Number(inner.text); return Number.isFinite(v) ? v : NOT_LITERAL; }
    case 'bool_lit': return inner.text === 'true';
    case 'null_lit': return null;
    case 'string_lit':
    case 'quoted_template': return decodeQuoted(inner) ?? NOT_LITERAL;
    case 'heredoc_template': return heredocText(inner) ?? NOT_LITERAL;
    default: return NOT_LITERAL;
  }
}

/** A heredoc without interpolation: its lines, with the common indentation removed for `<<-`. */
function heredocText(n: Node): string | undefined {
  if (named(n).some((c) => c.type === 'template_interpolation' || c.type === 'template_directive')) return undefined;
  const ids = named(n).filter((c) => c.type === 'heredoc_identifier');
  if (ids.length < 2) return undefined;
  const body = n.text.slice(ids[0].endIndex - n.startIndex, ids[ids.length - 1].startIndex - n.startIndex).replace(/^\r?\n/, '');
  const lines = body.split(/\r?\n/);
  if (lines.length && /^[ \t]*$/.test(lines[lines.length - 1])) lines.pop();
  if (named(n)[0]?.text === '<<-') {
    const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^[ \t]*/.exec(l)![0].length));
    return lines.map((l) => l.slice(Number.isFinite(indent) ? indent : 0)).join('\n') + '\n';
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}
