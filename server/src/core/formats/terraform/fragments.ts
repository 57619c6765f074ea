import type { OffsetRange, Segment } from '../../types';
import type { RepeatedKey } from '../document';
import { pathKey } from './nodes';
import type { Configuration, Entry } from './configuration';

/**
 * What reading one block added to a configuration, kept apart from where the block is: paths
 * after the block's own path, offsets from the block's start when it was read. Replayed into
 * another version of the file, at the block's new path and offset, it gives what reading the
 * block there would (the read depends on nothing but the block's text, the shape of its path
 * and the variables' values, which key the memo).
 */
export interface BlockFragment {
  start: number;
  value: Record<string, unknown>;
  entries: Array<[string, Entry]>;
  unknownPaths: Segment[][];
  repeated: RepeatedKey[];
  spellings: Array<{ path: Segment[]; written: string }>;
  resolved: Array<[Segment[], { variable: string; from: string; sensitive?: boolean }]>;
  sensitive: Segment[][];
}

/** The fragment of a block read at `path` (whose key is `prefix`) into `scratch`, a configuration of its own. */
export function recordFragment(
  scratch: Configuration,
  path: readonly Segment[],
  prefix: string,
  start: number,
  value: Record<string, unknown>,
): BlockFragment {
  const depth = path.length;
  return {
    start,
    value,
    entries: [...scratch.entries].map(([key, entry]) => [key.slice(prefix.length), entry]),
    unknownPaths: scratch.unknownPaths.map((p) => p.slice(depth)),
    repeated: scratch.repeated.map((r) => ({ ...r, path: r.path.slice(depth) })),
    spellings: scratch.spellings.map((sp) => ({ path: sp.path.slice(depth), written: sp.written })),
    resolved: [...scratch.resolved.values()].map(({ path: p, ...used }) => [p.slice(depth), used]),
    sensitive: scratch.sensitive.map((p) => p.slice(depth)),
  };
}

/** Adds the block's fragment to `config` at `path` (whose key is `prefix`), the block now starting at `start`. */
export function replayFragment(
  fragment: BlockFragment,
  config: Configuration,
  path: readonly Segment[],
  prefix: string,
  start: number,
  into: Record<string, unknown>,
): void {
  const shift = start - fragment.start;
  for (const [suffix, entry] of fragment.entries) config.entries.set(prefix + suffix, shift ? shiftEntry(entry, shift) : entry);
  for (const p of fragment.unknownPaths) config.unknownPaths.push([...path, ...p]);
  for (const r of fragment.repeated) {
    config.repeated.push({
      ...r,
      path: [...path, ...r.path],
      occurrences: shift
        ? r.occurrences.map(({ key, member, value }) => ({
            key: moved(key, shift),
            member: moved(member, shift),
            ...(value ? { value: { read: value.read, range: moved(value.range, shift) } } : {}),
          }))
        : r.occurrences,
    });
  }
  for (const sp of fragment.spellings) config.spellings.push({ path: [...path, ...sp.path], written: sp.written });
  for (const [suffix, used] of fragment.resolved) {
    const full = [...path, ...suffix];
    config.resolved.set(prefix + pathKey(suffix), { path: full, ...used });
  }
  for (const p of fragment.sensitive) config.sensitive.push([...path, ...p]);
  for (const key of Object.keys(fragment.value)) {
    const value = fragment.value[key];
    if (key === '__proto__') Object.defineProperty(into, key, { value, enumerable: true, writable: true, configurable: true });
    else into[key] = value;
  }
}

const moved = (r: OffsetRange, shift: number): OffsetRange => ({ offset: r.offset + shift, length: r.length });

function shiftEntry(entry: Entry, shift: number): Entry {
  const out: Entry = { ...entry, value: moved(entry.value, shift), member: moved(entry.member, shift) };
  if (entry.key) out.key = moved(entry.key, shift);
  if (entry.open !== undefined) out.open = entry.open + shift;
  if (entry.close !== undefined) out.close = entry.close + shift;
  if (entry.children) out.children = entry.children.map((c) => moved(c, shift));
  return out;
}
