/**
 * The first index in [0, length) at which `before` is false, for a `before` that holds up to some
 * index and not from there on (the items sorted by what it asks): a binary search, as Rust's
 * `partition_point`. `length` when it holds everywhere. The searches by offset of the core (the
 * findings of a range, the line or piece of text an offset is in, the edits a fix may overlap) are
 * all this one.
 */
export function partitionPoint(length: number, before: (index: number) => boolean): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
