import type { FieldPath, OffsetRange } from './types';

/**
 * Positions in a text already known to be strict JSON (JSON.parse accepted it), found without
 * building a parse tree: most documents have few findings, so only the containers on the
 * paths of those findings are scanned, each once, and their members are indexed by key or index.
 */

interface Member { keyOffset: number; keyLength: number; valueOffset: number; valueLength: number }
type Members = Map<string, Member> | Member[];

export interface StrictJsonFacts {
  /** Number of object members in the text (one colon outside strings each). */
  memberCount: number;
  /** Deepest nesting of arrays and objects. */
  depth: number;
}

const QUOTE = 34, BACKSLASH = 92, COLON = 58, OPEN_BRACE = 123, CLOSE_BRACE = 125, OPEN_BRACKET = 91, CLOSE_BRACKET = 93, COMMA = 44;
const isSpace = (c: number): boolean => c === 32 || c === 10 || c === 13 || c === 9;

/** One pass over strict JSON: member count (to tell whether a key repeats) and nesting depth. */
export function strictJsonFacts(text: string): StrictJsonFacts {
  let memberCount = 0, depth = 0, deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) i = stringEnd(text, i) - 1;
    else if (c === COLON) memberCount++;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) { if (++depth > deepest) deepest = depth; }
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return { memberCount, depth: deepest };
}

/** Number of object members in a parsed value, without recursion. */
export function valueMemberCount(value: unknown): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (Array.isArray(v)) { for (const item of v) if (item !== null && typeof item === 'object') stack.push(item); }
    else if (v !== null && typeof v === 'object') {
      for (const key of Object.keys(v)) {
        count++;
        const item = (v as Record<string, unknown>)[key];
        if (item !== null && typeof item === 'object') stack.push(item);
      }
    }
  }
  return count;
}

/** Offset just past the string that starts at `start` (an opening quote). */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i + 1;
  }
  return text.length;
}

export class JsonOffsets {
  private readonly members = new Map<number, Members>();
  private root: { offset: number; length: number } | undefined;
  constructor(private readonly text: string) {}

  private skipSpace(i: number): number {
    while (i < this.text.length && isSpace(this.text.charCodeAt(i))) i++;
    return i;
  }

  /** Offset just past the value that starts at `start`. */
  private valueEnd(start: number): number {
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
    const isObject = text.charCodeAt(start) === OPEN_BRACE;
    const byKey = new Map<string, Member>();
    const items: Member[] = [];
    let i = this.skipSpace(start + 1);
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === CLOSE_BRACE || c === CLOSE_BRACKET) break;
      if (c === COMMA) { i = this.skipSpace(i + 1); continue; }
      if (isObject) {
        const keyEnd = stringEnd(text, i);
        const raw = text.slice(i + 1, keyEnd - 1);
        const key = raw.includes('\\') ? (JSON.parse(text.slice(i, keyEnd)) as string) : raw;
        const valueOffset = this.skipSpace(this.skipSpace(keyEnd) + 1);
        const end = this.valueEnd(valueOffset);
        // The last occurrence of a key wins, as in the parsed value.
        byKey.set(key, { keyOffset: i, keyLength: keyEnd - i, valueOffset, valueLength: end - valueOffset });
        i = this.skipSpace(end);
      } else {
        const end = this.valueEnd(i);
        items.push({ keyOffset: -1, keyLength: 0, valueOffset: i, valueLength: end - i });
        i = this.skipSpace(end);
      }
    }
    found = isObject ? byKey : items;
    this.members.set(start, found);
    return found;
  }

  /** Offset and length of the value at a path; `undefined` when the path does not exist. */
  valueRange(path: FieldPath): OffsetRange | undefined {
    const w = this.walk(path);
    return w.depth === path.length ? { offset: w.offset, length: w.length } : undefined;
  }

  /** Follows a path as far as it exists: the value reached, how it was reached, and how deep. */
  private walk(path: FieldPath): { offset: number; length: number; via: Member | undefined; depth: number } {
    if (!this.root) { const start = this.skipSpace(0); this.root = { offset: start, length: this.valueEnd(start) - start }; }
    let { offset, length } = this.root;
    let via: Member | undefined;
    let depth = 0;
    for (; depth < path.length; depth++) {
      const seg = path[depth];
      const c = this.text.charCodeAt(offset);
      let next: Member | undefined;
      if (c === OPEN_BRACE && typeof seg === 'string') next = (this.membersOf(offset) as Map<string, Member>).get(seg);
      else if (c === OPEN_BRACKET && typeof seg === 'number') next = (this.membersOf(offset) as Member[])[seg];
      if (!next) break;
      offset = next.valueOffset;
      length = next.valueLength;
      via = next.keyOffset >= 0 ? next : undefined;
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
      return target === 'key' ? { offset: via.keyOffset, length: via.keyLength } : { offset: via.keyOffset, length: offset + length - via.keyOffset };
    }
    if (!complete && via) return { offset: via.keyOffset, length: via.keyLength };
    if (!complete && this.text.charCodeAt(offset) === OPEN_BRACE) return { offset, length: 1 };
    return { offset, length };
  }
}
