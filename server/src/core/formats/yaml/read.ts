/**
 * YAML text read into configurations: the parsed nodes of each document converted to plain
 * values, with where every key and value stands, the keys written twice, and the scalars and
 * aliases that mean something else in another YAML version or somewhere else in the file.
 *
 * Aliases (`*name`) share the value converted for their anchor (never a copy) and are counted
 * as they are met: how many there are, and how many values and characters they stand for in
 * all, so that an alias bomb stops reading at the first alias past a limit, before anything is
 * expanded. yaml's own toJS is not used: it copies every aliased node.
 */
import type { CST, Document } from 'yaml';
import { kubernetesValue } from './plain-scalars';
import type { OffsetRange, Segment } from '../../types';
import { deepEqual, isScalarValue, UNKNOWN_VALUE } from '../../values';
import type { RepeatedKey, SyntaxProblem } from '../document';
import {
  isAlias,
  isCollection,
  isMap,
  isScalar,
  isSeq,
  memberValue,
  type AliasLike,
  type NodeLike,
  type PairLike,
  type ParsedDocument,
} from './nodes';

export const YAML_CONFIG_LIMITS = {
  /** Aliases (`*name`) in one document. A configuration needs none. */
  aliases: 100,
  /** Values (scalars, lists, maps) that the aliases stand for in all, beyond those written out. */
  aliasValues: 10_000,
  /** Characters of keys and scalars that the aliases stand for in all. */
  aliasCharacters: 1_000_000,
};

type YamlModule = typeof import('./library');
let yamlModule: YamlModule | undefined;
/** Loaded on first use: a run that reads no YAML never pays for it. */
export const yaml = (): YamlModule => (yamlModule ??= require('./library') as YamlModule);
/** Whether this process has loaded the `yaml` package yet: a run over plain block YAML need not. */
export const yamlLoaded = (): boolean => yamlModule !== undefined;

/** Where one member of a configuration is written. */
export interface Entry {
  /** The key, for a member of a map. */
  key?: OffsetRange;
  /** The value node (for an item of a list, the item without its dash). */
  value: OffsetRange;
  /** The whole member: key to end of value, or dash to end of item. */
  member: OffsetRange;
  /** What the value is written as. */
  shape: 'block-map' | 'flow-map' | 'block-seq' | 'flow-seq' | 'scalar' | 'alias' | 'empty' | 'merged';
  /** For a map or a list: its members' entries' ranges, in order. */
  children?: OffsetRange[];
}

/** A scalar written without quotes whose meaning depends on the YAML version or on the reader. */
export interface PlainScalar {
  path: Segment[];
  range: OffsetRange;
  source: string;
  value: unknown;
  /** A number only Go's reader sees (`0b101`, `1_000`): YAML 1.2's core schema reads the text. */
  goOnly: boolean;
  /**
   * For a member a merge key brings in (`<<: *base`): where the scalar is written, outside the
   * configuration; `range` is then the merge key's value, where the member's other findings stand.
   */
  writtenAt?: number;
}
/** An alias in the configuration, or an anchor in it that an alias names. */
export interface Sharing {
  path: Segment[];
  range: OffsetRange;
  kind: 'alias' | 'anchor';
  /** The anchor's name (`base` for `&base` and `*base`). */
  name: string;
  /** The other end: where the anchor, or the first alias, is. */ other: number;
}

/**
 * A key written before a merge key (`<<`) that brings the same key with another value: YAML (and
 * kustomize) keep the value written, kubectl and Helm (Go's YAML v2 reader, which merges where `<<`
 * stands) the merged one.
 */
export interface MergedOver {
  path: Segment[];
  /** The key written before the merge. */
  range: OffsetRange;
  /** Where the merge key is. */
  merge: number;
}

export interface ConfigurationRead {
  value: unknown;
  entries: Map<string, Entry>;
  repeated: RepeatedKey[];
  plainScalars: PlainScalar[];
  sharing: Sharing[];
  mergedOver: MergedOver[];
  /** Keys written as a list or a map (`? [a, b]`): no field has such a name, and the API takes none. */
  keysNotText: OffsetRange[];
  /**
   * Aliases naming no anchor set before them, and the path they stand at: YAML refuses the document
   * (the yaml library only says so when it converts it). Their value is not known.
   */
  aliasesWithoutAnchor: Array<{ path: Segment[]; range: OffsetRange }>;
  /**
   * The whole configuration is written inside a node whose anchor an alias names (`spec: &s ...` and
   * `spec: *s`, or `<<: *s`), or stands for two manifests: an edit there would change every user of the
   * anchor, so no fix writes there.
   */
  shared?: boolean;
  /**
   * The other configurations of the document that share a value with this one through an anchor and its
   * aliases (a secret of one aliased into a field of another): what is secret in one is secret in all.
   */
  sharesWith?: ConfigurationRead[];
}

export class LimitPassed extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/** The limit on aliases passed at `offset`. */
export const tooManyAliases = (offset: number): LimitPassed =>
  new LimitPassed(
    `The YAML document has more than ${YAML_CONFIG_LIMITS.aliases} aliases (*name); a configuration needs none, so it was not analysed. Write the values out.`,
    offset,
  );

/** A path as one string: `.search.http_max_content_length`, `.ip_filter#0`, `."odd.key"` (quoted unless a plain word). */
export const pathKey = (path: readonly Segment[]): string => path.map((s) => (typeof s === 'number' ? `#${s}` : keySegment(s))).join('');
const keySegment = (key: string): string => (/^[A-Za-z0-9_]+$/.test(key) ? `.${key}` : `.${JSON.stringify(key)}`);

/** Whether the member at a path, or one that holds it, was brought in by a merge key (`<<: *base`) and so is written elsewhere. */
export function mergedAt(entries: ReadonlyMap<string, Entry>, path: readonly Segment[]): boolean {
  let key = '';
  if (entries.get(key)?.shape === 'merged') return true;
  for (const segment of path) {
    key += pathKey([segment]);
    if (entries.get(key)?.shape === 'merged') return true;
  }
  return false;
}

/** A path back from its key (see pathKey). */
export function pathOfKey(key: string): Segment[] {
  const out: Segment[] = [];
  const re = /#(\d+)|\.([A-Za-z0-9_]+|"(?:[^"\\]|\\.)*")/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(key))) out.push(m[1] !== undefined ? Number(m[1]) : m[2][0] === '"' ? (JSON.parse(m[2]) as string) : m[2]);
  return out;
}

const rangeOf = (node: { range?: [number, number, number] | null }): OffsetRange => {
  const r = node.range ?? [0, 0, 0];
  return { offset: r[0], length: r[1] - r[0] };
};

/** Scalars whose plain spelling means something else to a YAML 1.1 reader, or reads back differently. */
const TRAP_SPELLING =
  /^(?:[yYnN]|[yY]es|YES|[nN]o|NO|[oO]n|ON|[oO]ff|OFF|[-+]?0[0-9]+|[-+]?[0-9][0-9_]*\.[0-9]*|[-+]?\.[0-9]+|[-+]?[0-9.]+[eE][-+]?[0-9]+|\+[0-9]+|0[xXoO][0-9a-fA-F]+)$/;

function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

interface Converted {
  value: unknown;
  values: number;
  characters: number;
  /** A plain scalar read outside every configuration whose spelling readers part on (see PlainScalar). */
  trap?: Omit<PlainScalar, 'path'>;
}

/** A spelling readers part on, in a map or list read outside every configuration, by key or index. */
type TrapsOutside = Map<string | number, Omit<PlainScalar, 'path'>>;

/**
 * Converts the node at `configPath` of a parsed document (the whole document when it is empty)
 * into a configuration; the first member of each key leads on (see readConfigurations).
 */
export function readConfiguration(
  doc: Pick<ParsedDocument, 'contents'>,
  configPath: readonly string[],
  text: string,
  work: { count: number },
): ConfigurationRead {
  let node: unknown = doc.contents;
  for (const key of configPath) node = memberValue(node, key);
  if (node !== undefined) return readConfigurations(doc, [node], text, work)[0];
  readConfigurations(doc, [], text, work);
  return emptyRead();
}

const emptyRead = (): ConfigurationRead => ({
  value: undefined,
  entries: new Map(),
  repeated: [],
  plainScalars: [],
  sharing: [],
  mergedOver: [],
  keysNotText: [],
  aliasesWithoutAnchor: [],
});

/**
 * A merge key (`<<: *base`, YAML 1.1's, which kubectl resolves): a plain `<<`, or one tagged `!!merge`
 * (which the yaml package reads as a symbol named `<<`). A quoted `"<<"` is an ordinary key.
 */
export const isMergeKey = (key: unknown): boolean =>
  isScalar(key) &&
  textOfKey(key.value) === '<<' &&
  (!key.type || key.type === 'PLAIN') &&
  (!key.tag || key.tag === 'tag:yaml.org,2002:merge');

/** A scalar key's value as text: a symbol (a `!!merge` key) by its name, null as the empty text. */
const textOfKey = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'symbol' ? (value.description ?? '') : String(value);

/**
 * Converts the nodes `targets` of a parsed document (each the root of a configuration: the document's
 * contents, or the `spec.userConfig` value of a manifest) into configurations, one read per target in
 * their order. The whole document is converted once, since an alias of a configuration may name an
 * anchor anywhere in it, but only the configurations' members are recorded. `outside`: where an alias
 * outside every configuration names no anchor (in `metadata`, say): the API server refuses the whole
 * manifest for it.
 */
export function readConfigurations(
  doc: Pick<ParsedDocument, 'contents'>,
  targets: readonly unknown[],
  text: string,
  work: { count: number },
  outside: OffsetRange[] = [],
): ConfigurationRead[] {
  // Two manifests may have the same node as configuration (an alias of a spec): it is read once, for both.
  const targetIndex = new Map<unknown, number>();
  targets.forEach((t, i) => {
    if (!targetIndex.has(t)) targetIndex.set(t, i);
  });
  const reads = targets.map((t, i) => (targetIndex.get(t) === i ? emptyRead() : undefined));
  const started = new Set<ConfigurationRead>();
  const usedAnchors: OffsetRange[] = [];
  type AnchorRecord = {
    converted: Converted | 'open';
    offset: number;
    range?: OffsetRange;
    configPath?: string;
    sink?: ConfigurationRead;
    users?: Set<ConfigurationRead>;
  };
  const anchors = new Map<string, AnchorRecord>();
  // Spellings readers part on, written outside every configuration, by the map or list that holds them.
  const trapsOutside = new WeakMap<object, TrapsOutside>();
  const trapOutside = (container: object, at: string | number, trap: Omit<PlainScalar, 'path'>): void => {
    let traps = trapsOutside.get(container);
    if (!traps) trapsOutside.set(container, (traps = new Map()));
    traps.set(at, trap);
  };
  /**
   * The spellings in a member a merge key brings into a configuration (at `rel`), and in its members:
   * found at the merge (`at`), where the member's other findings stand, and said to be written elsewhere.
   */
  const mergedTraps = (sink: ConfigurationRead, rel: string, trap: Converted['trap'], value: unknown, at: OffsetRange): void => {
    if (trap) sink.plainScalars.push({ ...trap, path: pathOfKey(rel), range: at, writtenAt: trap.range.offset });
    if (value === null || typeof value !== 'object') return;
    const inner = trapsOutside.get(value);
    const members: Array<[string | number, unknown]> = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
    for (const [k, v] of members) mergedTraps(sink, rel + (typeof k === 'number' ? `#${k}` : keySegment(k)), inner?.get(k), v, at);
  };
  // Anchors whose value an alias brings into a configuration: the configurations they link share their secrets.
  const linking: AnchorRecord[] = [];
  // By the anchor an alias names where it stands: a name written again later marks another node.
  const anchorsUsed = new Map<AnchorRecord, { name: string; at: number }>();
  let aliases = 0,
    aliasValues = 0,
    aliasCharacters = 0;
  const limits = YAML_CONFIG_LIMITS;

  /** `sink` and `rel`: where the alias stands in a configuration (see convert), if it does. */
  const alias = (node: AliasLike, sink?: ConfigurationRead, rel?: string): Converted => {
    const at = node.range?.[0] ?? 0;
    if (++aliases > limits.aliases) throw tooManyAliases(at);
    const target = anchors.get(node.source);
    if (target === undefined) {
      if (sink && rel !== undefined) sink.aliasesWithoutAnchor.push({ path: pathOfKey(rel), range: rangeOf(node) });
      else outside.push(rangeOf(node));
      return { value: UNKNOWN_VALUE, values: 1, characters: 0 };
    }
    if (target.converted === 'open')
      throw new LimitPassed(
        'An alias (*name) here is inside the node its anchor marks, so its value would never end; the document was not analysed.',
        at,
      );
    if (!anchorsUsed.has(target)) anchorsUsed.set(target, { name: node.source, at });
    if (target.range) usedAnchors.push(target.range);
    aliasValues += target.converted.values;
    aliasCharacters += target.converted.characters;
    if (aliasValues > limits.aliasValues || aliasCharacters > limits.aliasCharacters) {
      const what = aliasValues > limits.aliasValues ? `${limits.aliasValues} values` : `${limits.aliasCharacters} characters`;
      throw new LimitPassed(
        `The aliases (*name) of this YAML document stand for more than ${what} in all (an "alias bomb"), so it was not analysed. Write the values out.`,
        at,
      );
    }
    return target.converted;
  };

  const keyText = (node: unknown): { text: string; characters: number } | undefined => {
    work.count++;
    if (node === null || node === undefined) return { text: '', characters: 0 };
    if (isScalar(node)) {
      const text = textOfKey(node.value);
      if (node.anchor)
        anchors.set(node.anchor, { converted: { value: text, values: 1, characters: text.length }, offset: node.range?.[0] ?? 0 });
      return { text, characters: text.length };
    }
    if (isAlias(node)) {
      const target = alias(node);
      return target.value !== null && typeof target.value === 'object'
        ? undefined
        : { text: target.value === null ? '' : String(target.value), characters: target.characters };
    }
    return undefined;
  };

  /**
   * The maps a merge key's value stands for, in the order they give way (an earlier one wins over a
   * later one): an alias of a map, a map, or a list of those. Undefined for anything else, which
   * kubectl refuses: the key is then read as written (an unknown field).
   */
  const mergeSources = (value: unknown, sink: ConfigurationRead | undefined, rel: string | undefined): Converted[] | undefined => {
    const one = (node: unknown): Converted | undefined => {
      const c = isAlias(node)
        ? alias(node, sink, rel)
        : isMap(node)
          ? convert(node, undefined, undefined, undefined, undefined)
          : undefined;
      return c && c.value !== null && typeof c.value === 'object' && !Array.isArray(c.value) ? c : undefined;
    };
    if (!isSeq(value)) {
      const c = one(value);
      return c && [c];
    }
    const out: Converted[] = [];
    for (const item of value.items) {
      const c = one(item);
      if (!c) return undefined;
      out.push(c);
    }
    return out;
  };

  /**
   * `sink`, `rel`: the configuration being read and the key of the path inside it (see pathKey), both
   * undefined outside every configuration. Paths are carried as keys, built a segment at a time: arrays
   * are made only for what is reported.
   */
  const convert = (
    node: unknown,
    sink: ConfigurationRead | undefined,
    rel: string | undefined,
    member: OffsetRange | undefined,
    key: OffsetRange | undefined,
  ): Converted => {
    work.count++;
    let starts: ConfigurationRead | undefined;
    const index = targetIndex.get(node);
    if (index !== undefined && !started.has(reads[index]!)) {
      starts = reads[index]!;
      started.add(starts);
      // A configuration inside another one's (an alias of a part of it) has its value, but its members' places are the other's.
      if (rel === undefined) {
        sink = starts;
        rel = '';
      } else starts.shared = true;
    }
    const c = convertNode(node, sink, rel, member, key);
    if (starts) starts.value = c.value;
    return c;
  };

  const convertNode = (
    node: unknown,
    sink: ConfigurationRead | undefined,
    rel: string | undefined,
    member: OffsetRange | undefined,
    key: OffsetRange | undefined,
  ): Converted => {
    if (node === null || node === undefined) {
      if (sink && rel !== undefined && member)
        sink.entries.set(rel, { key, value: { offset: member.offset + member.length, length: 0 }, member, shape: 'empty' });
      return { value: null, values: 1, characters: 0 };
    }
    if (isAlias(node)) {
      const c = alias(node, sink, rel);
      if (sink && rel !== undefined) {
        const r = rangeOf(node);
        sink.entries.set(rel, { key, value: r, member: member ?? r, shape: 'alias' });
        const record = anchors.get(node.source);
        if (record) sink.sharing.push({ path: pathOfKey(rel), range: r, kind: 'alias', name: node.source, other: record.offset });
        if (record && record.converted !== 'open') {
          if (!record.users) {
            record.users = new Set();
            linking.push(record);
          }
          record.users.add(sink);
        }
      }
      return c;
    }
    const n = node as NodeLike;
    const anchor = n.anchor;
    const range = isCollection(n) ? tight(text, rangeOf(n)) : isBlockScalar(n) ? withoutLineEnd(text, rangeOf(n)) : rangeOf(n);
    if (anchor) anchors.set(anchor, { converted: 'open', offset: range.offset, configPath: rel, sink });
    let c: Converted;
    if (isScalar(n)) {
      let value: unknown = n.value === undefined ? null : n.value;
      // Read as kubectl and Helm send it, where their Go YAML reader differs from the core schema (a
      // plain string's value is its text; a number's text is needed for its leading zero).
      if (n.type === 'PLAIN' && !n.tag) {
        if (typeof value === 'string' && value.length <= 96) value = kubernetesValue(value, value);
        else if (typeof value === 'number' && Number.isInteger(value) && value !== 0)
          value = kubernetesValue(text.slice(range.offset, range.offset + range.length), value);
      }
      const characters = value === null ? 0 : String(value).length;
      c = { value, values: 1, characters };
      const inside = sink && rel !== undefined;
      if (inside) sink.entries.set(rel, { key, value: range, member: member ?? range, shape: 'scalar' });
      if (n.type === 'PLAIN' && !n.tag) {
        const source = text.slice(range.offset, range.offset + range.length);
        // A number Go reads where YAML 1.2 reads text (`0b101`) is one too: its text is lost where text is meant.
        const goOnly = typeof value === 'number' && typeof n.value === 'string';
        if (goOnly || (source.length < 40 && TRAP_SPELLING.test(source))) {
          const spelling = { range, source, value, goOnly };
          // Outside every configuration it is kept with its map or list, for a merge key that brings it in.
          if (inside) sink.plainScalars.push({ path: pathOfKey(rel), ...spelling });
          else c.trap = spelling;
        }
      }
    } else if (isSeq(n)) {
      const list: unknown[] = [];
      c = { value: list, values: 1, characters: 0 };
      const children: OffsetRange[] = [];
      const flow = !!n.flow;
      for (let i = 0; i < n.items.length; i++) {
        const item = n.items[i];
        const itemRange =
          item && typeof item === 'object' && 'range' in item
            ? isCollection(item)
              ? tight(text, rangeOf(item))
              : rangeOf(item as NodeLike)
            : undefined;
        const itemMember = itemRange && (flow ? itemRange : withDash(text, itemRange));
        if (itemMember) children.push(itemMember);
        const ci = convert(item, sink, rel === undefined ? undefined : `${rel}#${i}`, itemMember, undefined);
        if (ci.trap) trapOutside(list, i, ci.trap);
        list.push(ci.value);
        c.values += ci.values;
        c.characters += ci.characters;
      }
      if (sink && rel !== undefined)
        sink.entries.set(rel, { key, value: range, member: member ?? range, shape: flow ? 'flow-seq' : 'block-seq', children });
    } else if (isMap(n)) {
      const map: Record<string, unknown> = {};
      const total: Converted = { value: map, values: 1, characters: 0 };
      c = total;
      const children: OffsetRange[] = [];
      const seen = new Map<string, RepeatedKey['occurrences']>();
      const merges: Array<{ pair: PairLike; keyRange: OffsetRange; member: OffsetRange }> = [];
      const readPair = (pair: PairLike, keyRange: OffsetRange, pairMember: OffsetRange): void => {
        const k = keyText(pair.key);
        if (!k) {
          if (sink) sink.keysNotText.push(keyRange);
          return;
        }
        const childRel = rel !== undefined ? rel + keySegment(k.text) : undefined;
        const ck = convert(pair.value, sink, childRel, pairMember, keyRange);
        if (ck.trap) trapOutside(map, k.text, ck.trap);
        setOwn(map, k.text, ck.value);
        total.values += ck.values;
        total.characters += k.characters + ck.characters;
        if (sink) {
          // A value written here (not an alias) is kept with its occurrence: only the last is in the map.
          const written = isScalar(pair.value) && isScalarValue(ck.value) ? { value: { range: rangeOf(pair.value), read: ck.value } } : {};
          const occurrence = { key: keyRange, member: pairMember, ...written };
          const list = seen.get(k.text);
          if (list) list.push(occurrence);
          else seen.set(k.text, [occurrence]);
        }
      };
      for (const pair of n.items as PairLike[]) {
        const keyRange = pair.key && typeof pair.key === 'object' && 'range' in pair.key ? rangeOf(pair.key as NodeLike) : range;
        const valueNode = pair.value && typeof pair.value === 'object' && 'range' in pair.value ? (pair.value as NodeLike) : undefined;
        // A key written alone (`? key`, `{key}`) ends its pair: no `:` follows it.
        const valueEnd = valueNode ? (isCollection(valueNode) ? end(tight(text, rangeOf(valueNode))) : valueNode.range![1]) : end(keyRange);
        const start = pair.key ? pairStart(text, keyRange.offset) : keyRange.offset;
        const pairMember = { offset: start, length: Math.max(valueEnd, end(keyRange)) - start };
        children.push(pairMember);
        // Merge keys are resolved once the keys written in the map are known: those win.
        if (isMergeKey(pair.key)) merges.push({ pair, keyRange, member: pairMember });
        else readPair(pair, keyRange, pairMember);
      }
      for (const merge of merges) {
        const sources = mergeSources(merge.pair.value, sink, rel);
        if (!sources) {
          readPair(merge.pair, merge.keyRange, merge.member);
          continue;
        }
        const valueRange = rangeOf(merge.pair.value as NodeLike);
        for (const source of sources) {
          total.values += source.values;
          total.characters += source.characters;
          for (const [k, v] of Object.entries(source.value as Record<string, unknown>)) {
            if (Object.hasOwn(map, k)) {
              // Written before the merge, with another value: the readers part (see MergedOver).
              const written = sink && rel !== undefined ? seen.get(k)?.at(-1) : undefined;
              if (written && written.key.offset < merge.keyRange.offset && !deepEqual(map[k], v))
                sink!.mergedOver.push({ path: pathOfKey(rel + keySegment(k)), range: written.key, merge: merge.keyRange.offset });
              continue;
            }
            setOwn(map, k, v);
            // A merged member is written elsewhere: found at the merge, and never edited there.
            if (sink && rel !== undefined) {
              const at = rel + keySegment(k);
              sink.entries.set(at, { value: valueRange, member: merge.member, shape: 'merged' });
              mergedTraps(sink, at, trapsOutside.get(source.value as object)?.get(k), v, valueRange);
            }
          }
        }
      }
      if (sink && rel !== undefined) {
        for (const [k, occurrences] of seen) {
          if (occurrences.length > 1)
            sink.repeated.push({
              path: pathOfKey(rel),
              key: k,
              occurrences,
              refused: 'YAML does not allow a key twice in one mapping, and kubectl apply refuses such a manifest',
            });
        }
        sink.entries.set(rel, { key, value: range, member: member ?? range, shape: n.flow ? 'flow-map' : 'block-map', children });
      }
    } else {
      c = { value: null, values: 1, characters: 0 };
    }
    if (anchor) anchors.set(anchor, { converted: c, offset: range.offset, range, configPath: rel, sink });
    return c;
  };

  // The trimmed ends are kept for this text only: a large text is not held once it is read.
  trimmed.text = '';
  trimmed.ends.clear();
  convert(doc.contents, undefined, undefined, undefined, undefined);
  trimmed.text = '';
  trimmed.ends.clear();
  const all = targets.map((t, i) => reads[i] ?? reads[targetIndex.get(t)!]!);
  for (const [i, read] of all.entries()) {
    if (reads[i] === undefined) {
      all[targetIndex.get(targets[i])!].shared = true;
      continue;
    }
    const root = read.entries.get('')?.value;
    if (root && usedAnchors.some((a) => a.offset <= root.offset && end(root) <= end(a))) read.shared = true;
  }
  linkSharedValues(linking);
  // Anchors in a configuration that an alias names: a change there changes the alias too.
  for (const [a, { name, at: offset }] of anchorsUsed) {
    if (a.sink && a.configPath !== undefined && a.converted !== 'open') {
      a.sink.sharing.push({
        path: pathOfKey(a.configPath),
        range: a.range ?? { offset: a.offset, length: 0 },
        kind: 'anchor',
        name,
        other: offset,
      });
    }
  }
  return all;
}

/**
 * Groups the configurations that anchors link (the anchor's and its aliases'), each knowing the others
 * of its group. The aliases of a document are few (see YAML_CONFIG_LIMITS), and so are the groups.
 */
function linkSharedValues(linking: ReadonlyArray<{ sink?: ConfigurationRead; users?: Set<ConfigurationRead> }>): void {
  const groupOf = new Map<ConfigurationRead, Set<ConfigurationRead>>();
  const join = (a: ConfigurationRead, b: ConfigurationRead): void => {
    let big = groupOf.get(a) ?? new Set([a]),
      small = groupOf.get(b) ?? new Set([b]);
    if (big.size < small.size) [big, small] = [small, big];
    for (const x of small) {
      big.add(x);
      groupOf.set(x, big);
    }
    groupOf.set(a, big);
    groupOf.set(b, big);
  };
  for (const record of linking) {
    const members = [...record.users!, ...(record.sink ? [record.sink] : [])];
    for (const m of members.slice(1)) join(members[0], m);
  }
  for (const [read, group] of groupOf) if (group.size > 1) read.sharesWith = [...group].filter((r) => r !== read);
}

const end = (r: OffsetRange): number => r.offset + r.length;

/** A block collection's range without the line breaks, blanks and comment lines that end it. */
/** A block scalar (`|`, `>-`): its range runs on over the line break after its last line. */
const isBlockScalar = (n: NodeLike): boolean => isScalar(n) && (n.type === 'BLOCK_LITERAL' || n.type === 'BLOCK_FOLDED');

/**
 * A block scalar's range up to the end of its last line with text: an edit that replaces it (a fix
 * writing `true` for `|-\n  true`) keeps the line break, and the blank lines a `|+` keeps, after it.
 */
function withoutLineEnd(text: string, r: OffsetRange): OffsetRange {
  let stop = r.offset + r.length;
  while (stop > r.offset && /\s/.test(text[stop - 1])) stop--;
  return { offset: r.offset, length: stop - r.offset };
}

export function tight(text: string, r: OffsetRange): OffsetRange {
  // Nested collections end at the same place: the blanks after them are skipped once.
  const known = trimmed.text === text ? trimmed.ends.get(r.offset + r.length) : undefined;
  if (known !== undefined) return { offset: r.offset, length: Math.max(known, r.offset) - r.offset };
  if (trimmed.text !== text) {
    trimmed.text = text;
    trimmed.ends.clear();
  }
  const result = tightEnd(text, r);
  trimmed.ends.set(r.offset + r.length, result);
  return { offset: r.offset, length: result - r.offset };
}
const trimmed = { text: '', ends: new Map<number, number>() };

function tightEnd(text: string, r: OffsetRange): number {
  let stop = r.offset + r.length;
  for (;;) {
    while (stop > r.offset && /\s/.test(text[stop - 1])) stop--;
    const lineStart = text.lastIndexOf('\n', stop - 1) + 1;
    if (lineStart <= r.offset || !/^[ \t]*#/.test(text.slice(lineStart, stop))) break;
    stop = lineStart;
  }
  return stop;
}

/** An item of a block list from its dash (`- value`), with the anchor and tag written before its value. */
function withDash(text: string, item: OffsetRange): OffsetRange {
  const i = blankBefore(text, withProperties(text, item.offset));
  return text[i] === '-' ? { offset: i, length: item.offset + item.length - i } : item;
}

/**
 * Where a pair's text starts: at its key, or before the key's anchor and tag (`&a !!str key`) and
 * the `?` of an explicit key, which the `yaml` package's range of the key leaves out. A fix that
 * removes the pair removes them with it.
 */
function pairStart(text: string, keyOffset: number): number {
  const start = withProperties(text, keyOffset);
  const i = blankBefore(text, start);
  return text[i] === '?' && (i === 0 || FLOW_OR_BLANK.test(text[i - 1])) ? i : start;
}

/** Blanks and flow punctuation: what ends a node's properties and the `?` before them. */
const FLOW_OR_BLANK = /[\s,[\]{}]/;

/** The start of the anchors and tags written before a node at `offset`, or `offset`. */
function withProperties(text: string, offset: number): number {
  let start = offset;
  for (;;) {
    const last = blankBefore(text, start);
    let first = last;
    while (first >= 0 && !FLOW_OR_BLANK.test(text[first])) first--;
    // Only the node's own prefix is read: a word that is no property ends the walk.
    if (first === last || (text[first + 1] !== '&' && text[first + 1] !== '!')) return start;
    start = first + 1;
  }
}

/** The index of the last character before `offset` that is no space or tab on its line (-1 at the start). */
function blankBefore(text: string, offset: number): number {
  let i = offset - 1;
  while (i >= 0 && (text[i] === ' ' || text[i] === '\t')) i--;
  return i;
}

/** The parsed documents of a text, or where lists and maps nest deeper than `maxDepth`. */
export function parseYamlText(text: string, maxDepth: number, base = 0): { docs: Document[]; tooDeep?: { depth: number; offset: number } } {
  const y = yaml();
  const parser = new y.Parser();
  // `text` may be one document of a file, at `base`: every offset is the file's.
  parser.offset = base;
  const tokens: CST.Token[] = [];
  // The parser's stack of open nodes slows it down as it grows: stop far beyond the depth allowed.
  for (const lexeme of new y.Lexer().lex(text)) {
    for (const token of parser.next(lexeme)) tokens.push(token);
    if (parser.stack.length > 2 * maxDepth + 8) return { docs: [], tooDeep: { depth: maxDepth + 1, offset: parser.offset } };
  }
  for (const token of parser.end()) tokens.push(token);
  // yaml composes nested nodes recursively: a deep document must be refused before it is composed.
  const deep = nestingBeyond(tokens, maxDepth);
  if (deep) return { docs: [], tooDeep: deep };
  // Keys may repeat: they are found here, in linear time, and reported as duplicate keys.
  const docs = [
    ...new y.Composer({ uniqueKeys: false, version: '1.2', schema: 'core', merge: false, intAsBigInt: false }).compose(
      tokens,
      true,
      base + text.length,
    ),
  ];
  return { docs };
}

/** Where the lists and maps of the parsed tokens nest deeper than `max`, found without recursion. */
function nestingBeyond(tokens: readonly CST.Token[], max: number): { depth: number; offset: number } | undefined {
  const stack: Array<[CST.Token, number]> = tokens.map((t) => [t, 0]);
  while (stack.length) {
    const [token, depth] = stack.pop()!;
    if (token.type === 'document') {
      if (token.value) stack.push([token.value, depth]);
      continue;
    }
    if (token.type !== 'block-map' && token.type !== 'block-seq' && token.type !== 'flow-collection') continue;
    if (depth + 1 > max) return { depth: depth + 1, offset: token.offset };
    for (const item of token.items as CST.CollectionItem[]) {
      if (item.key) stack.push([item.key, depth + 1]);
      if (item.value) stack.push([item.value, depth + 1]);
    }
  }
  return undefined;
}

/** A syntax problem of yaml's, in words of ours: its own messages may quote the file's text. */
function syntaxProblemOf(error: { code: string; pos: [number, number] }): SyntaxProblem {
  return { offset: error.pos[0], length: Math.max(0, error.pos[1] - error.pos[0]), code: error.code };
}

/**
 * The syntax problems of a parsed document. A quoted string left open runs to the end of the document,
 * where the `yaml` package reports it: it is found at its opening quote, where the writer left it.
 */
export function syntaxProblemsOf(doc: ParsedDocument): SyntaxProblem[] {
  const problems = doc.errors.map(syntaxProblemOf);
  const open = doc.errors.findIndex((e) => e.code === 'MISSING_CHAR' && /^Missing closing ["']quote/.test(e.message ?? ''));
  if (open < 0) return problems;
  const end = doc.errors[open].pos[0];
  let quote: NodeLike | undefined;
  // Depth is bounded: a document nested deeper than the limit is refused before it is composed.
  const visit = (node: unknown): void => {
    if (quote) return;
    if (isScalar(node)) {
      if ((node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE') && node.range?.[1] === end) quote = node;
    } else if (isMap(node)) {
      for (const pair of node.items as PairLike[]) {
        visit(pair.key);
        visit(pair.value);
      }
    } else if (isSeq(node)) for (const item of node.items) visit(item);
  };
  visit(doc.contents);
  if (quote?.range) problems[open] = { offset: quote.range[0], length: 1, code: 'UNCLOSED_QUOTE' };
  return problems.sort((a, b) => a.offset - b.offset);
}
