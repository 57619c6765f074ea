/**
 * The members of a manifest's maps as kubectl reads them: a value written as an alias (`spec: *base`)
 * is the node its anchor marks, and a map's merge keys (`<<: *base`, `<<: [*a, *b]`) bring the members
 * it does not write itself, the earlier source winning. Only the few members that make a manifest
 * (kind, apiVersion, metadata.name, spec, userConfig, items) are looked up this way; readConfigurations
 * converts the configurations themselves, with the alias limits.
 */
import { partitionPoint } from '../../bisect';
import { isAlias, isMap, isPair, isScalar, isSeq, type AliasLike, type CollectionLike, type NodeLike, type PairLike } from './nodes';
import { isMergeKey, tooManyAliases, YAML_CONFIG_LIMITS } from './read';

interface Anchored {
  start: number;
  end: number;
  node: NodeLike;
}

export interface Members {
  /** The pairs named `key`: every one the map writes (a repeat is the manifest's), else the first a merge brings. */
  pairs: PairLike[];
  /** Whether they came in through a merge key, written in another map. */
  merged: boolean;
}

export class ManifestMembers {
  private anchors?: Map<string, Anchored[]>;
  private readonly resolved = new Map<AliasLike, NodeLike | undefined>();

  constructor(private readonly contents: unknown) {}

  /**
   * The node itself, or for an alias the node of the last anchor of that name written wholly before it
   * (undefined when none is). More aliases than a document may hold stop the look-up as they stop its
   * reading (see readConfigurations): the document is not analysed either way.
   */
  resolve(node: unknown): unknown {
    if (!isAlias(node)) return node;
    if (this.resolved.has(node)) return this.resolved.get(node);
    const at = node.range?.[0] ?? 0;
    if (this.resolved.size >= YAML_CONFIG_LIMITS.aliases) throw tooManyAliases(at);
    this.anchors ??= anchorsOf(this.contents);
    const list = this.anchors.get(node.source) ?? [];
    // The last anchor starting before the alias, stepping back over those still open there (the alias is inside them).
    let i = partitionPoint(list.length, (k) => list[k].start < at) - 1;
    while (i >= 0 && list[i].end > at) i--;
    const found = i >= 0 ? list[i].node : undefined;
    this.resolved.set(node, found);
    return found;
  }

  /** The value of the member `key` of `map` (see pairs), resolved. */
  value(map: unknown, key: string): unknown {
    const p = this.members(map, key).pairs[0];
    return p && this.resolve(p.value ?? undefined);
  }

  /**
   * The members named `key` of `map` (an alias of a map too). A map met twice in one look-up (merges
   * of merges of the same anchor) is looked at once: a look-up costs at most the maps it can reach.
   */
  members(map: unknown, key: string): Members {
    const m = this.resolve(map);
    if (!isMap(m)) return { pairs: [], merged: false };
    const written = writtenPairs(m.items, key);
    if (written.length) return { pairs: written, merged: false };
    // Depth first, in the order written (an earlier source, and what it merges, wins), without recursion:
    // merges of merges may chain as far as the document has maps.
    const visited = new Set<unknown>([m]);
    const stack = this.mergeSources(m.items).reverse();
    let pairs: PairLike[] = [];
    while (stack.length && !pairs.length) {
      const source = stack.pop()!;
      if (visited.has(source)) continue;
      visited.add(source);
      pairs = writtenPairs(source.items, key);
      const more = this.mergeSources(source.items);
      for (let i = more.length - 1; i >= 0; i--) stack.push(more[i]);
    }
    return { pairs, merged: pairs.length > 0 };
  }

  /** The maps the merge keys of a map's members bring, in order; a merge of anything but maps is no merge (kubectl refuses it), as in readConfigurations. */
  private mergeSources(items: readonly unknown[]): CollectionLike[] {
    const out: CollectionLike[] = [];
    for (const p of items) {
      if (!isPair(p) || !isMergeKey(p.key)) continue;
      const sources = (isSeq(p.value) ? p.value.items : [p.value]).map((s) => this.resolve(s));
      if (sources.every(isMap)) for (const source of sources) out.push(source);
    }
    return out;
  }
}

const writtenPairs = (items: readonly unknown[], key: string): PairLike[] =>
  items.filter((p): p is PairLike => isPair(p) && isScalar(p.key) && p.key.value === key && !isMergeKey(p.key));

/** Every anchored node of a document by anchor name, found without recursion (a document may nest deeply). */
function anchorsOf(contents: unknown): Map<string, Anchored[]> {
  const out = new Map<string, Anchored[]>();
  const stack: unknown[] = [contents];
  while (stack.length) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (isPair(node)) {
      stack.push(node.key, node.value);
      continue;
    }
    const n = node as NodeLike;
    if (n.anchor && n.range) {
      const list = out.get(n.anchor) ?? [];
      list.push({ start: n.range[0], end: n.range[1], node: n });
      out.set(n.anchor, list);
    }
    if (isMap(n) || isSeq(n)) for (const item of n.items) stack.push(item);
  }
  // In the order written: the last one before an alias is the one it names.
  for (const list of out.values()) list.sort((a, b) => a.start - b.start);
  return out;
}
