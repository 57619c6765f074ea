import type { Node, Tree } from 'web-tree-sitter';
import type { OffsetRange, Segment } from '../../types';

// What the parts of the Terraform reader share: a node's range and named children, a path as a key.

export const pathKey = (path: readonly Segment[]): string => path.map((s) => (typeof s === 'number' ? `#${s}` : `.${s}`)).join('');

export const rangeOf = (n: Node): OffsetRange => ({ offset: n.startIndex, length: n.endIndex - n.startIndex });
/**
 * A node's named children. Each call to web-tree-sitter's `namedChildren` crosses into WebAssembly and
 * makes new node objects, and the reader asks for the same node's children several times (its name,
 * its body, its members): the answer is kept per tree and node id for as long as the tree lives.
 */
const namedByTree = new WeakMap<Tree, Map<number, Node[]>>();
export function named(n: Node): Node[] {
  let byId = namedByTree.get(n.tree);
  if (!byId) namedByTree.set(n.tree, (byId = new Map()));
  let children = byId.get(n.id);
  if (!children) byId.set(n.id, (children = n.namedChildren.filter((c): c is Node => c !== null)));
  return children;
}
export const childOfType = (n: Node, type: string): Node | undefined => named(n).find((c) => c.type === type);
