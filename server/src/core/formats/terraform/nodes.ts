import type { Node, Tree } from 'web-tree-sitter';
import type { OffsetRange, Segment } from '../../types';

// What the parts of the Terraform reader share: a node's range and named children, a path as a key.

/**
 * A path as a map key: each key after \u0001, each index after \u0002 (a key may hold a dot: the
 * API's `cluster.search.request.slowlog`).
 */
export const pathKey = (path: readonly Segment[]): string =>
  path.map((s) => (typeof s === 'number' ? `\u0002${s}` : `\u0001${s}`)).join('');
/** A path back from its key (see pathKey). */
export const pathOfKey = (key: string): Segment[] =>
  (key.match(/[\u0001\u0002][^\u0001\u0002]*/g) ?? []).map((s) => (s[0] === '\u0002' ? Number(s.slice(1)) : s.slice(1)));

/**
 * What the reader asks of a node. Each property of a web-tree-sitter node but its start (its type,
 * its end, its text, its named children) is a call into WebAssembly that writes the node into the
 * module's memory first, and the `named` children are new node objects each time; the reader asks
 * the same node the same things several times (its name, its body, its members, its range). The
 * answers are kept per tree and node id for as long as the tree lives.
 */
interface NodeFacts {
  named?: Node[];
  type?: string;
  end?: number;
}
const factsByTree = new WeakMap<Tree, Map<number, NodeFacts>>();
function factsOf(n: Node): NodeFacts {
  let byId = factsByTree.get(n.tree);
  if (!byId) factsByTree.set(n.tree, (byId = new Map()));
  let facts = byId.get(n.id);
  if (!facts) byId.set(n.id, (facts = {}));
  return facts;
}

/** A node's named children. */
export function named(n: Node): Node[] {
  const facts = factsOf(n);
  return (facts.named ??= n.namedChildren.filter((c): c is Node => c !== null));
}
/** A node's type (`ERROR` for a syntax error). */
export function typeOf(n: Node): string {
  const facts = factsOf(n);
  return (facts.type ??= n.type);
}
/** The offset just after a node. */
export function endOf(n: Node): number {
  const facts = factsOf(n);
  return (facts.end ??= n.endIndex);
}
/**
 * The text each tree was parsed from (see parseHcl): a node's text is then a slice of it, where
 * web-tree-sitter would ask WebAssembly for the node's end first.
 */
const sourceOf = new WeakMap<Tree, string>();
export const rememberSource = (tree: Tree, text: string): void => {
  sourceOf.set(tree, text);
};

/** A node's text. */
export function textOf(n: Node): string {
  const source = sourceOf.get(n.tree);
  if (source === undefined) return n.text;
  return source.slice(n.startIndex, endOf(n));
}

export const rangeOf = (n: Node): OffsetRange => ({ offset: n.startIndex, length: endOf(n) - n.startIndex });
export const childOfType = (n: Node, type: string): Node | undefined => named(n).find((c) => typeOf(c) === type);
