import type { LineStarts } from '../../lines';
import type { FieldPath, OffsetRange } from '../../types';
import { hasOwn } from '../../values';

/**
 * Positions in a text already known to be strict JSON (JSON.parse accepted it), found without
 * building a parse tree: most documents have few findings, so only the containers on the
 * paths of those findings are scanned, each once, and their members are indexed by key or index.
 */

interface Member {
  keyOffset: number;
  keyLength: number;
  valueOffset: number;
  valueLength: number;
}
/** Where following a path led: the value reached, the member it was reached through, how deep. */
interface Walked {
  readonly offset: number;
  readonly length: number;
  readonly via: Member | undefined;
  readonly depth: number;
}
/** An object's members by key; an array's items as offset and length pairs. */
type Members = Map<string, Member> | Int32Array;

/**
 * Where each array and object of the text ends, in the order they open: lets a scan step over
 * a container, however large, without reading it again.
 */
export interface ContainerEnds {
  starts: Int32Array;
  ends: Int32Array;
  count: number;
}

export interface StrictJsonFacts {
  /** Number of object members in the text (one colon outside strings each). */
  memberCount: number;
  /** Deepest nesting of arrays and objects. */
  depth: number;
  containers: ContainerEnds;
  /** Line starts: strict JSON has line breaks only outside strings, where this pass looks. */
  lines: LineStarts;
  /** The longest run of digits in a number (an integer above 2^63-1 has at least 19). */
  longestDigits: number;
}

const QUOTE = 34,
  BACKSLASH = 92,
  COLON = 58,
  OPEN_BRACE = 123,
  CLOSE_BRACE = 125,
  OPEN_BRACKET = 91,
  CLOSE_BRACKET = 93,
  COMMA = 44;
const isSpace = (c: number): boolean => c === 32 || c === 10 || c === 13 || c === 9;

/**
 * One pass over strict JSON: member count (to tell whether a key repeats), nesting depth and
 * where every container ends.
 */
export function strictJsonFacts(text: string): StrictJsonFacts {
  let memberCount = 0,
    depth = 0,
    deepest = 0,
    longestDigits = 0;
  let starts = new Int32Array(64),
    ends = new Int32Array(64),
    count = 0;
  let lineStarts = new Int32Array(64),
    lineCount = 1;
  const open: number[] = [];
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    // Blanks first: the indentation of a formatted file is most of what lies outside strings.
    if (c <= 32) {
      if (c !== 10 && c !== 13) continue;
      // As LineIndex counts them: \r\n, \r and \n each end a line.
      if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
      if (lineCount === lineStarts.length) lineStarts = grow(lineStarts);
      lineStarts[lineCount++] = i + 1;
      continue;
    }
    if (c === QUOTE) i = stringEnd(text, i) - 1;
    else if (c === COLON) memberCount++;
    else if (c >= 48 && c <= 57) {
      let end = i + 1;
      while (end < n && text.charCodeAt(end) >= 48 && text.charCodeAt(end) <= 57) end++;
      if (end - i > longestDigits) longestDigits = end - i;
      i = end - 1;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (count === starts.length) {
        starts = grow(starts);
        ends = grow(ends);
      }
      starts[count] = i;
      ends[count] = n;
      open.push(count++);
      if (++depth > deepest) deepest = depth;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
      if (open.length) ends[open.pop()!] = i + 1;
    }
  }
  return {
    memberCount,
    depth: deepest,
    containers: { starts, ends, count },
    lines: { starts: lineStarts, count: lineCount },
    longestDigits,
  };
}

/** First index in [lo, hi) whose value is at least `x`, in an ascending array. */
function lowerBound(a: Int32Array, lo: number, hi: number, x: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function grow(a: Int32Array): Int32Array {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

/** Number of object members in a parsed value, without recursion. */
export function valueMemberCount(value: unknown): number {
  let count = 0;
  const stack: object[] = [];
  // for-in over a parsed object lists its own keys without building an array of them; an
  // object in a list (an ip_filter entry) is counted at once rather than stacked.
  const readObject = (v: object): void => {
    for (const key in v) {
      if (!hasOwn(v, key)) continue;
      count++;
      const item = (v as Record<string, unknown>)[key];
      if (item !== null && typeof item === 'object') stack.push(item);
    }
  };
  if (value !== null && typeof value === 'object') stack.push(value);
  while (stack.length) {
    const v = stack.pop()!;
    if (!Array.isArray(v)) {
      readObject(v);
      continue;
    }
    for (let i = 0; i < v.length; i++) {
      const item: unknown = v[i];
      if (item !== null && typeof item === 'object') {
        if (Array.isArray(item)) stack.push(item);
        else readObject(item);
      }
    }
  }
  return count;
}

/**
 * Offset just past the string that starts at `start` (an opening quote). A quote preceded by
 * an odd number of backslashes is escaped; indexOf finds the candidates faster than a loop.
 */
function stringEnd(text: string, start: number): number {
  let q = text.indexOf('"', start + 1);
  while (q > 0 && text.charCodeAt(q - 1) === BACKSLASH) {
    let b = q - 1;
    while (text.charCodeAt(b - 1) === BACKSLASH) b--;
    if ((q - b) % 2 === 0) break;
    q = text.indexOf('"', q + 1);
  }
  return q < 0 ? text.length : q + 1;
}

/** From this many items on, an item in the second half of a list is found from the list's end. */
const LONG_LIST = 64;

/** Items of a long list found from its end, as offset and length pairs, last item first. */
interface ListTail {
  found: number[];
  before: number;
}

export class JsonOffsets {
  private readonly members = new Map<number, Members>();
  private readonly tails = new Map<number, ListTail>();
  private root: { offset: number; length: number } | undefined;
  /** Index of the container after the last one looked up: scans mostly move forward. */
  private cursor = 0;
  /**
   * `value` is the parsed text, when known: the length of a list tells how far an item is from
   * its end, so that an item near the end of a long list is found without reading all before it.
   */
  constructor(
    private readonly text: string,
    private readonly containers?: ContainerEnds,
    private readonly value?: unknown,
  ) {}

  private skipSpace(i: number): number {
    while (i < this.text.length && isSpace(this.text.charCodeAt(i))) i++;
    return i;
  }

  /** Where the container opening at `start` ends, from the table; -1 when it is not in it. */
  private containerEnd(start: number): number {
    const table = this.containers;
    if (!table) return -1;
    const { starts, ends, count } = table;
    let i = this.cursor;
    if (!(i < count && starts[i] === start)) {
      i = lowerBound(starts, 0, count, start);
      if (i >= count || starts[i] !== start) return -1;
    }
    const end = ends[i];
    // Members are read in order: the next container asked for is usually the next sibling,
    // which directly follows a container with none inside it (an ip_filter entry).
    this.cursor = i + 1 < count && starts[i + 1] >= end ? i + 1 : lowerBound(starts, i + 1, count, end);
    return end;
  }

  /** Offset just past the value that starts at `start`. */
  valueEnd(start: number): number {
    const { text } = this;
    const c = text.charCodeAt(start);
    if (c === QUOTE) return stringEnd(text, start);
    if (c !== OPEN_BRACE && c !== OPEN_BRACKET) {
      let i = start;
      while (i < text.length) {
        const d = text.charCodeAt(i);
        if (d === COMMA || d === CLOSE_BRACE || d === CLOSE_BRACKET || isSpace(d)) break;
        i++;
      }
      return i;
    }
    const known = this.containerEnd(start);
    if (known >= 0) return known;
    let depth = 0;
    for (let i = start; i < text.length; i++) {
      const d = text.charCodeAt(i);
      if (d === QUOTE) i = stringEnd(text, i) - 1;
      else if (d === OPEN_BRACE || d === OPEN_BRACKET) depth++;
      else if ((d === CLOSE_BRACE || d === CLOSE_BRACKET) && --depth === 0) return i + 1;
    }
    return text.length;
  }

  private membersOf(start: number): Members {
    let found = this.members.get(start);
    if (found) return found;
    const { text } = this;
    if (text.charCodeAt(start) !== OPEN_BRACE) {
      found = this.itemsOf(start);
      this.members.set(start, found);
      return found;
    }
    const byKey = new Map<string, Member>();
    let i = this.skipSpace(start + 1);
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === CLOSE_BRACE || c === CLOSE_BRACKET) break;
      if (c === COMMA) {
        i = this.skipSpace(i + 1);
        continue;
      }
      const keyEnd = stringEnd(text, i);
      const raw = text.slice(i + 1, keyEnd - 1);
      const key = raw.includes('\\') ? (JSON.parse(text.slice(i, keyEnd)) as string) : raw;
      const valueOffset = this.skipSpace(this.skipSpace(keyEnd) + 1);
      const end = this.valueEnd(valueOffset);
      // The last occurrence of a key wins, as in the parsed value.
      byKey.set(key, { keyOffset: i, keyLength: keyEnd - i, valueOffset, valueLength: end - valueOffset });
      i = this.skipSpace(end);
    }
    this.members.set(start, byKey);
    return byKey;
  }

  /**
   * Offset and length of each item of the array at `start`, in one tight pass: a long ip_filter
   * is read this way whenever one of its last entries has a finding.
   */
  private itemsOf(start: number): Int32Array {
    const { text } = this;
    const n = text.length;
    let items = new Int32Array(64);
    let count = 0;
    let i = start + 1;
    for (;;) {
      // Blanks and the commas between items (the text is strict JSON).
      let c = text.charCodeAt(i);
      while (c === 32 || c === 10 || c === 13 || c === 9 || c === COMMA) c = text.charCodeAt(++i);
      if (i >= n || c === CLOSE_BRACKET || c === CLOSE_BRACE) break;
      let end: number;
      if (c === QUOTE) end = stringEnd(text, i);
      else if (c === OPEN_BRACE || c === OPEN_BRACKET) end = this.valueEnd(i);
      else {
        end = i + 1;
        for (
          let d = text.charCodeAt(end);
          end < n && d !== COMMA && d !== CLOSE_BRACE && d !== CLOSE_BRACKET && !isSpace(d);
          d = text.charCodeAt(++end)
        );
      }
      if (2 * count + 2 > items.length) items = grow(items);
      items[2 * count] = i;
      items[2 * count + 1] = end - i;
      count++;
      i = end;
    }
    return items.slice(0, 2 * count);
  }

  /**
   * Where the value that ends just before `end` starts, read backwards: a string back to its
   * unescaped opening quote, a container from the table, a number or literal back to the
   * delimiter before it. -1 when a container is not in the table.
   */
  private valueStartBefore(end: number): number {
    const { text } = this;
    const last = text.charCodeAt(end - 1);
    if (last === QUOTE) {
      // Inside a string every quote is escaped: the opening one is the first going back that is not.
      for (let q = end - 1; ;) {
        q = text.lastIndexOf('"', q - 1);
        let backslashes = 0;
        while (text.charCodeAt(q - 1 - backslashes) === BACKSLASH) backslashes++;
        if (backslashes % 2 === 0) return q;
      }
    }
    if (last === CLOSE_BRACE || last === CLOSE_BRACKET) {
      const table = this.containers;
      if (!table) return -1;
      // The last container opening before `end` is this one or lies inside it.
      for (let j = lowerBound(table.starts, 0, table.count, end) - 1; j >= 0; j--) if (table.ends[j] === end) return table.starts[j];
      return -1;
    }
    let i = end - 1;
    while (i > 0) {
      const c = text.charCodeAt(i - 1);
      if (c === COMMA || c === OPEN_BRACKET || c === COLON || isSpace(c)) break;
      i--;
    }
    return i;
  }

  /**
   * Offset and length of the item `fromEnd` places before the last of the list at `start`,
   * stepping back from its closing bracket over the items after it. What was found is kept,
   * so that the next item asked for continues from there.
   */
  private itemFromEnd(start: number, close: number, fromEnd: number): OffsetRange | undefined {
    const { text } = this;
    let tail = this.tails.get(start);
    if (!tail) {
      tail = { found: [], before: close };
      this.tails.set(start, tail);
    }
    while (tail.found.length / 2 <= fromEnd) {
      let i = tail.before - 1;
      while (isSpace(text.charCodeAt(i))) i--;
      if (tail.found.length) {
        i--;
        while (isSpace(text.charCodeAt(i))) i--;
      }
      const itemStart = this.valueStartBefore(i + 1);
      if (itemStart <= start) return undefined;
      tail.found.push(itemStart, i + 1 - itemStart);
      tail.before = itemStart;
    }
    return { offset: tail.found[2 * fromEnd], length: tail.found[2 * fromEnd + 1] };
  }

  /** Offset and length of the value at a path; `undefined` when the path does not exist. */
  valueRange(path: FieldPath): OffsetRange | undefined {
    const w = this.walk(path);
    return w.depth === path.length ? { offset: w.offset, length: w.length } : undefined;
  }

  /**
   * The path followed last and where it led: a rule locates a finding and then its fix's edit (or
   * two rules report the same value), following the same path twice in a row.
   */
  private lastPath: FieldPath = [];
  private lastWalk: Walked | undefined;

  /** Follows a path as far as it exists: the value reached, how it was reached, and how deep. */
  private walk(path: FieldPath): Walked {
    const last = this.lastPath;
    if (this.lastWalk && path.length === last.length) {
      let same = true;
      for (let i = 0; same && i < path.length; i++) same = path[i] === last[i];
      if (same) return this.lastWalk;
    }
    this.lastWalk = this.follow(path);
    this.lastPath = path.slice();
    return this.lastWalk;
  }

  private follow(path: FieldPath): Walked {
    if (!this.root) {
      const start = this.skipSpace(0);
      this.root = { offset: start, length: this.valueEnd(start) - start };
    }
    let { offset, length } = this.root;
    let via: Member | undefined;
    let depth = 0;
    // The parsed value along the path, while it is known.
    let current = this.value;
    for (; depth < path.length; depth++) {
      const seg = path[depth];
      const c = this.text.charCodeAt(offset);
      if (c === OPEN_BRACE && typeof seg === 'string') {
        const next = (this.membersOf(offset) as Map<string, Member>).get(seg);
        if (!next) break;
        offset = next.valueOffset;
        length = next.valueLength;
        via = next;
        current =
          current !== null && typeof current === 'object' && hasOwn(current, seg) ? (current as Record<string, unknown>)[seg] : undefined;
      } else if (c === OPEN_BRACKET && typeof seg === 'number') {
        const fromEnd =
          Array.isArray(current) &&
          current.length > LONG_LIST &&
          !this.members.has(offset) &&
          Number.isInteger(seg) &&
          seg >= current.length / 2 &&
          seg < current.length
            ? this.itemFromEnd(offset, offset + length - 1, current.length - 1 - seg)
            : undefined;
        // A list not read from its end (a short one, or a container missing from the table) is indexed from its start.
        if (fromEnd) {
          offset = fromEnd.offset;
          length = fromEnd.length;
        } else {
          const items = this.membersOf(offset) as Int32Array;
          if (!(Number.isInteger(seg) && seg >= 0 && 2 * seg < items.length)) break;
          offset = items[2 * seg];
          length = items[2 * seg + 1];
        }
        via = undefined;
        current = Array.isArray(current) ? current[seg] : undefined;
      } else break;
    }
    return { offset, length, via, depth };
  }

  /**
   * Where to report a finding about a path, exactly as the parse tree would place it: the key,
   * the value or the whole property; a missing path on the key of its nearest existing parent.
   */
  locate(path: FieldPath, target: 'key' | 'value' | 'property'): OffsetRange {
    const { offset, length, via, depth } = this.walk(path);
    const complete = depth === path.length;
    if (complete && via && target !== 'value') {
      return target === 'key'
        ? { offset: via.keyOffset, length: via.keyLength }
        : { offset: via.keyOffset, length: offset + length - via.keyOffset };
    }
    if (!complete && via) return { offset: via.keyOffset, length: via.keyLength };
    if (!complete && this.text.charCodeAt(offset) === OPEN_BRACE) return { offset, length: 1 };
    return { offset, length };
  }
}
