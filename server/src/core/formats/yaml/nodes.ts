/**
 * The parsed YAML the readers convert, whichever reader made it: the `yaml` package's documents and
 * nodes, or the plain block reader's (plain-reader.ts), which builds nodes of the same shape without
 * loading that package. Nodes are told apart the way the `yaml` package tells its own apart: by the
 * registered symbols it stores on every node, so that these checks need none of its code.
 */

const NODE_TYPE = Symbol.for('yaml.node.type');
const ALIAS = Symbol.for('yaml.alias');
const MAP = Symbol.for('yaml.map');
const PAIR = Symbol.for('yaml.pair');
const SCALAR = Symbol.for('yaml.scalar');
const SEQ = Symbol.for('yaml.seq');

/** Offsets of a node: start, end of its value, end with the comment after it. */
export type NodeRange = [number, number, number];

export interface NodeLike {
  range?: NodeRange | null;
  anchor?: string;
  tag?: string;
}
export interface ScalarLike extends NodeLike {
  value: unknown;
  type?: string;
}
export interface AliasLike extends NodeLike {
  source: string;
}
export interface PairLike {
  key: unknown;
  value: unknown;
}
export interface CollectionLike extends NodeLike {
  items: unknown[];
  flow?: boolean;
}

/** A parsed document: what the readers use of the `yaml` package's Document. */
export interface ParsedDocument {
  contents: unknown;
  range?: NodeRange | null;
  errors: ReadonlyArray<{ code: string; pos: [number, number]; message?: string }>;
}

const typeOf = (node: unknown): symbol | undefined =>
  node !== null && typeof node === 'object' ? (node as Record<symbol, symbol | undefined>)[NODE_TYPE] : undefined;
export const isScalar = (node: unknown): node is ScalarLike => typeOf(node) === SCALAR;
export const isAlias = (node: unknown): node is AliasLike => typeOf(node) === ALIAS;
export const isMap = (node: unknown): node is CollectionLike => typeOf(node) === MAP;
export const isSeq = (node: unknown): node is CollectionLike => typeOf(node) === SEQ;
export const isCollection = (node: unknown): node is CollectionLike => {
  const t = typeOf(node);
  return t === MAP || t === SEQ;
};
export const isPair = (node: unknown): node is PairLike => typeOf(node) === PAIR;

/** The value node of a map's first member whose key is the scalar `key` (as the `yaml` package's `map.get(key, true)`). */
export function memberValue(map: unknown, key: string): unknown {
  if (!isMap(map)) return undefined;
  for (const item of map.items) if (isPair(item) && isScalar(item.key) && item.key.value === key) return item.value ?? undefined;
  return undefined;
}

/** Whether a map has a member whose key is the scalar `key` (as the `yaml` package's `map.has(key)`). */
export function hasMember(map: unknown, key: string): boolean {
  return isMap(map) && map.items.some((item) => isPair(item) && isScalar(item.key) && item.key.value === key);
}

// Nodes of the plain block reader, in the shape (and with the symbols) of the `yaml` package's.
export const scalarNode = (value: unknown, type: 'PLAIN' | 'QUOTE_DOUBLE' | 'QUOTE_SINGLE', start: number, end: number): ScalarLike =>
  ({ [NODE_TYPE]: SCALAR, value, type, range: [start, end, end] }) as ScalarLike;
export const pairNode = (key: unknown, value: unknown): PairLike => ({ [NODE_TYPE]: PAIR, key, value }) as PairLike;
export const collectionNode = (kind: 'map' | 'seq', items: unknown[], flow: boolean, start: number, end: number): CollectionLike =>
  ({ [NODE_TYPE]: kind === 'map' ? MAP : SEQ, items, flow, range: [start, end, end] }) as CollectionLike;
