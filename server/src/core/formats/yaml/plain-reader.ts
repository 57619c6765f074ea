/**
 * A reader for the plain block YAML configurations and manifests are written in, which builds the
 * same nodes as the `yaml` package (values, ranges, scalar styles) without loading that package:
 * a run over a manifest of such YAML starts without compiling a YAML library.
 *
 * It reads block maps and lists, scalars on one line (plain, single- or double-quoted), flow lists
 * and maps of such scalars on one line, comments and CRLF line ends. Anything else (anchors,
 * aliases, tags, block scalars, a scalar or flow collection over several lines, directives,
 * complex keys, tabs, control characters, odd indentation...) makes it decline, and the caller
 * parses the document with the `yaml` package: when in doubt, it declines. One pass over the
 * lines, and one over the characters of each: linear in the text.
 */
import { collectionNode, pairNode, scalarNode, type ParsedDocument, type ScalarLike } from './nodes';
import { escapeAt, plainValue } from './plain-scalars';

/** Thrown inside the reader when the text is not what it reads; caught at its entry. */
const DECLINE = new Error('not plain block YAML');

/** Nesting the reader follows before it declines: configurations are a few levels deep. */
const MAX_PLAIN_DEPTH = 32;
/** Longest key read: the `yaml` package refuses implicit keys over 1024 characters. */
const MAX_KEY = 1000;

// Character codes.
const CR = 13,
  SPACE = 32,
  HASH = 35,
  COLON = 58,
  DASH = 45,
  DQUOTE = 34,
  SQUOTE = 39,
  COMMA = 44,
  BACKSLASH = 92;
const PERCENT = 37,
  DOT = 46,
  OPEN_SEQ = 91,
  CLOSE_SEQ = 93,
  OPEN_MAP = 123,
  CLOSE_MAP = 125;

/** Characters the reader leaves to the `yaml` package wherever they are: tabs, other control characters, a carriage return that ends no line, a byte order mark, non-characters, Unicode line separators. */
const DECLINED_CHARACTER = /[\x00-\x09\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]|\r(?!\n)/;

/** Characters no plain scalar or key of this reader starts with: YAML indicators. */
const INDICATOR_START = new Set('-?:,[]{}#&*!|>\'"%@`'.split('').map((c) => c.charCodeAt(0)));

/**
 * The document in `piece` (which stands at `base` in its file) as the `yaml` package would compose
 * it, or undefined when the reader declines. `maxDepth`: the analyzer's limit on nesting; a document
 * near it is left to the `yaml` package, which reports it.
 */
export function readPlainDocument(piece: string, base: number, maxDepth: number): ParsedDocument | undefined {
  if (!plainReading.enabled) return undefined;
  try {
    return new PlainReader(piece, base, Math.min(MAX_PLAIN_DEPTH, maxDepth - 1)).document();
  } catch (error) {
    if (error === DECLINE) return undefined;
    throw error;
  }
}

const decline = (): never => {
  throw DECLINE;
};

/** Off in the tests that compare what the analysis gives with and without this reader. */
export const plainReading = { enabled: true };

class PlainReader {
  /** For each line: where it starts, where its text ends (before CR LF), and its indentation (-1: blank or comment only). */
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  private readonly indents: number[] = [];
  /** The last empty value read, and whether anything was read after it: the `yaml` package ends such a document there. */
  private lastEmpty: ScalarLike | undefined;

  constructor(
    private readonly text: string,
    private readonly base: number,
    private readonly depthLimit: number,
  ) {
    this.splitLines();
  }

  /** Lines, and the characters this reader declines (tabs, control characters, a carriage return alone...), found by one search. */
  private splitLines(): void {
    const t = this.text;
    if (DECLINED_CHARACTER.test(t)) decline();
    for (let start = 0; start <= t.length;) {
      let next = t.indexOf('\n', start);
      if (next < 0) next = t.length;
      const end = next > start && t.charCodeAt(next - 1) === CR ? next - 1 : next;
      let i = start;
      while (i < end && t.charCodeAt(i) === SPACE) i++;
      this.starts.push(start);
      this.ends.push(end);
      this.indents.push(i === end || t.charCodeAt(i) === HASH ? -1 : i - start);
      start = next + 1;
    }
  }

  document(): ParsedDocument {
    const t = this.text;
    let line = this.nextContent(0);
    if (line < 0) decline();
    let docStart = this.starts[line] + this.indents[line];
    // A `---` marker line (alone, or with a comment) starts the document.
    if (this.indents[line] === 0 && t.startsWith('---', this.starts[line])) {
      const rest = this.skipSpaces(this.starts[line] + 3, this.ends[line]);
      if (rest > this.starts[line] + 3 ? !(rest === this.ends[line] || t.charCodeAt(rest) === HASH) : rest !== this.ends[line]) decline();
      docStart = this.starts[line];
      line = this.nextContent(line + 1);
      if (line < 0) decline();
    }
    for (let l = line; l < this.starts.length; l++) {
      // Markers and directives inside: another document, or one the `yaml` package reads otherwise.
      const c = t.charCodeAt(this.starts[l]);
      if (
        this.indents[l] === 0 &&
        (c === PERCENT || ((c === DASH || c === DOT) && t.startsWith(c === DASH ? '---' : '...', this.starts[l])))
      )
        decline();
    }
    // The root: a map at the start of its lines (an indented one starts its document elsewhere).
    if (this.indents[line] !== 0 || !this.keyAt(line, this.starts[line])) decline();
    const { node, next } = this.blockMap(line, this.indents[line], 0);
    if (next >= 0) decline();
    const end = this.base + t.length;
    // yaml ends a document whose last value is empty at that value, unless a comment follows.
    const docEnd = this.lastEmpty && /^\s*$/.test(t.slice(this.lastEmpty.range![0] - this.base)) ? this.lastEmpty.range![0] : end;
    return { contents: node, range: [this.base + docStart, docEnd, docEnd], errors: [] };
  }

  /** The first line from `line` on with content (not blank, not only a comment), or -1. */
  private nextContent(line: number): number {
    for (let l = line; l < this.indents.length; l++) if (this.indents[l] >= 0) return l;
    return -1;
  }

  private skipSpaces(i: number, end: number): number {
    while (i < end && this.text.charCodeAt(i) === SPACE) i++;
    return i;
  }

  /** Where the line after `line` starts (the end of the text for the last line). */
  private lineAfter(line: number): number {
    return line + 1 < this.starts.length ? this.starts[line + 1] : this.text.length;
  }

  /**
   * A block map whose first key is at `col` of `line`, its keys at indentation `indent`. Returns
   * the map and the next content line after it (-1 at the end).
   */
  private blockMap(line: number, indent: number, depth: number): { node: unknown; next: number } {
    if (depth >= this.depthLimit) decline();
    const items: unknown[] = [];
    const start = this.starts[line] + indent;
    let col = start;
    let last = line;
    for (;;) {
      const key = this.keyAt(line, col) ?? decline();
      const { value, next, lastLine } = this.valueAfter(line, key.after, indent, depth, true);
      items.push(pairNode(key.node, value));
      last = lastLine;
      if (next < 0 || this.indents[next] < indent) {
        return { node: collectionNode('map', items, false, this.base + start, this.base + this.lineAfter(last)), next };
      }
      if (this.indents[next] > indent) decline();
      line = next;
      col = this.starts[line] + indent;
      if (this.text.charCodeAt(col) === DASH && this.dashEntry(col, this.ends[line])) decline();
    }
  }

  /** A block list whose dashes are at indentation `indent`, from `line`. */
  private blockSeq(line: number, indent: number, depth: number): { node: unknown; next: number } {
    if (depth >= this.depthLimit) decline();
    const items: unknown[] = [];
    const start = this.starts[line] + indent;
    let last = line;
    for (;;) {
      const dash = this.starts[line] + indent;
      const at = this.skipSpaces(dash + 1, this.ends[line]);
      let item: { value: unknown; next: number; lastLine: number };
      const c = this.text.charCodeAt(at);
      if (at < this.ends[line] && c !== HASH && at > dash + 1 && this.keyAt(line, at)) {
        // `- key: value`: a map whose keys stand where this first one does.
        const map = this.blockMap(line, at - this.starts[line], depth + 1);
        item = { value: map.node, next: map.next, lastLine: map.next < 0 ? this.lastContentLine() : this.previousContent(map.next) };
      } else {
        if (at < this.ends[line] && c === DASH && this.dashEntry(at, this.ends[line])) decline();
        item = this.valueAfter(line, dash + 1, indent, depth, false);
      }
      items.push(item.value);
      last = item.lastLine;
      const next = item.next;
      if (next < 0 || this.indents[next] < indent)
        return { node: collectionNode('seq', items, false, this.base + start, this.base + this.lineAfter(last)), next };
      if (this.indents[next] > indent) decline();
      const d = this.starts[next] + indent;
      if (!(this.text.charCodeAt(d) === DASH && this.dashEntry(d, this.ends[next])))
        return { node: collectionNode('seq', items, false, this.base + start, this.base + this.lineAfter(last)), next };
      line = next;
    }
  }

  private lastContentLine(): number {
    return this.previousContent(this.indents.length);
  }
  private previousContent(line: number): number {
    for (let l = line - 1; l >= 0; l--) if (this.indents[l] >= 0) return l;
    return 0;
  }

  /** Whether the dash at `i` starts a list item (`- ` or a dash alone on its line). */
  private dashEntry(i: number, end: number): boolean {
    return i + 1 === end || this.text.charCodeAt(i + 1) === SPACE;
  }

  /**
   * The value after a key's colon or an item's dash at `from` on `line`, in a block collection at
   * `indent`: on the same line, on the lines below (more indented; a map's value may also be a
   * list at the map's own indentation), or empty.
   */
  private valueAfter(
    line: number,
    from: number,
    indent: number,
    depth: number,
    inMap: boolean,
  ): { value: unknown; next: number; lastLine: number } {
    const t = this.text;
    const end = this.ends[line];
    const at = this.skipSpaces(from, end);
    if (at === end || (t.charCodeAt(at) === HASH && at > from)) {
      const next = this.nextContent(line + 1);
      if (next >= 0 && (this.indents[next] > indent || (inMap && this.indents[next] === indent))) {
        const col = this.starts[next] + this.indents[next];
        const dashed = t.charCodeAt(col) === DASH && this.dashEntry(col, this.ends[next]);
        if (dashed) {
          const seq = this.blockSeq(next, this.indents[next], depth + 1);
          return { value: seq.node, next: seq.next, lastLine: seq.next < 0 ? this.lastContentLine() : this.previousContent(seq.next) };
        }
        if (this.indents[next] > indent && this.keyAt(next, col)) {
          const map = this.blockMap(next, this.indents[next], depth + 1);
          return { value: map.node, next: map.next, lastLine: map.next < 0 ? this.lastContentLine() : this.previousContent(map.next) };
        }
        if (this.indents[next] > indent) decline();
      }
      const empty = scalarNode(null, 'PLAIN', this.base + at, this.base + at);
      this.lastEmpty = empty;
      return { value: empty, next, lastLine: line };
    }
    if (at === from && from < end) decline();
    const value = this.inlineValue(at, end);
    this.lastEmpty = undefined;
    const next = this.nextContent(line + 1);
    // A more indented line after a scalar continues it (or is an error): the `yaml` package reads that.
    if (next >= 0 && this.indents[next] > indent) decline();
    return { value, next, lastLine: line };
  }

  /** A scalar or a flow collection that fills the rest of the line from `at` (a comment may follow). */
  private inlineValue(at: number, end: number): unknown {
    const t = this.text;
    const c = t.charCodeAt(at);
    let node: unknown, after: number;
    if (c === DQUOTE || c === SQUOTE) ({ node, after } = this.quoted(at, end));
    else if (c === OPEN_SEQ || c === OPEN_MAP) ({ node, after } = this.flow(at, end));
    else {
      if (INDICATOR_START.has(c) && !this.signStart(at, end)) decline();
      let stop = end;
      for (let i = at + 1; i < end; i++)
        if (t.charCodeAt(i) === HASH && t.charCodeAt(i - 1) === SPACE) {
          stop = i;
          break;
        }
      while (stop > at && t.charCodeAt(stop - 1) === SPACE) stop--;
      const source = t.slice(at, stop);
      if (source.includes(': ') || source.endsWith(':')) decline();
      return scalarNode(plainValue(source), 'PLAIN', this.base + at, this.base + stop);
    }
    const rest = this.skipSpaces(after, end);
    if (rest < end && !(t.charCodeAt(rest) === HASH && rest > after)) decline();
    return node;
  }

  /**
   * Whether the dash at `at` starts a plain scalar (`-1`, `-.5`, `-x`): followed by a letter, a digit
   * or a dot. (Followed by a blank or a flow indicator, it is a list item's dash, or an error.)
   */
  private signStart(at: number, end: number): boolean {
    return this.text.charCodeAt(at) === DASH && at + 1 < end && /[0-9A-Za-z.]/.test(this.text[at + 1]);
  }

  /** The key at `col` of `line` (`key:` then a blank or the end of the line), or undefined. */
  private keyAt(line: number, col: number): { node: ScalarLike; after: number } | undefined {
    const t = this.text;
    const end = this.ends[line];
    const c = t.charCodeAt(col);
    let node: ScalarLike, colon: number;
    if (c === DQUOTE || c === SQUOTE) {
      const q = this.quoted(col, end);
      node = q.node;
      colon = q.after;
    } else {
      if (INDICATOR_START.has(c) || c === SPACE) return undefined;
      // The first colon followed by a blank or the end of the line ends the key; a comment before it means none.
      colon = -1;
      for (let i = col + 1; i < end; i++) {
        const x = t.charCodeAt(i);
        if (x === HASH && t.charCodeAt(i - 1) === SPACE) return undefined;
        if (x === COLON && (i + 1 === end || t.charCodeAt(i + 1) === SPACE)) {
          colon = i;
          break;
        }
      }
      if (colon < 0 || t.charCodeAt(colon - 1) === SPACE) return undefined;
      const source = t.slice(col, colon);
      node = scalarNode(plainValue(source), 'PLAIN', this.base + col, this.base + colon);
    }
    if (t.charCodeAt(colon) !== COLON || !(colon + 1 === end || t.charCodeAt(colon + 1) === SPACE)) return undefined;
    if (colon - col > MAX_KEY) decline();
    return { node, after: colon + 1 };
  }

  /** A quoted scalar from `at`, closed on the same line. */
  private quoted(at: number, end: number): { node: ScalarLike; after: number } {
    const t = this.text;
    const quote = t.charCodeAt(at);
    let value = '';
    let i = at + 1,
      from = i;
    for (;;) {
      if (i >= end) decline();
      const c = t.charCodeAt(i);
      if (c === quote) {
        if (quote === SQUOTE && t.charCodeAt(i + 1) === SQUOTE) {
          value += t.slice(from, i + 1);
          i += 2;
          from = i;
          continue;
        }
        value += t.slice(from, i);
        break;
      }
      if (c === BACKSLASH && quote === DQUOTE) {
        value += t.slice(from, i);
        const { text: escaped, length } = escapeAt(t, i + 1, end) ?? decline();
        value += escaped;
        i += 1 + length;
        from = i;
        continue;
      }
      i++;
    }
    return { node: scalarNode(value, quote === DQUOTE ? 'QUOTE_DOUBLE' : 'QUOTE_SINGLE', this.base + at, this.base + i + 1), after: i + 1 };
  }

  /** A flow list or map of scalars from `at`, closed on the same line. */
  private flow(at: number, end: number): { node: unknown; after: number } {
    const t = this.text;
    const isMap = t.charCodeAt(at) === OPEN_MAP;
    const close = isMap ? CLOSE_MAP : CLOSE_SEQ;
    const items: unknown[] = [];
    let i = this.skipSpaces(at + 1, end);
    if (t.charCodeAt(i) !== close) {
      for (;;) {
        const first = this.flowScalar(i, end);
        i = first.after;
        if (isMap) {
          if (t.charCodeAt(i) !== COLON || t.charCodeAt(i + 1) !== SPACE) decline();
          const value = this.flowScalar(this.skipSpaces(i + 1, end), end);
          items.push(pairNode(first.node, value.node));
          i = value.after;
        } else items.push(first.node);
        i = this.skipSpaces(i, end);
        const c = t.charCodeAt(i);
        if (c === close) break;
        if (c !== COMMA) decline();
        i = this.skipSpaces(i + 1, end);
        if (i >= end || t.charCodeAt(i) === close) decline();
      }
    }
    if (i >= end) decline();
    return { node: collectionNode(isMap ? 'map' : 'seq', items, true, this.base + at, this.base + i + 1), after: i + 1 };
  }

  /** A scalar inside a flow collection: quoted, or plain up to the next `,` or closing bracket. */
  private flowScalar(at: number, end: number): { node: ScalarLike; after: number } {
    const t = this.text;
    if (at >= end) decline();
    const c = t.charCodeAt(at);
    if (c === DQUOTE || c === SQUOTE) return this.quoted(at, end);
    if (INDICATOR_START.has(c) && !this.signStart(at, end)) decline();
    let i = at;
    for (; i < end; i++) {
      const x = t.charCodeAt(i);
      if (x === COMMA || x === CLOSE_SEQ || x === CLOSE_MAP) break;
      // Nested collections, comments, quotes and colons inside flow scalars are left to the `yaml` package.
      if (x === OPEN_SEQ || x === OPEN_MAP || x === HASH || x === COLON || x === DQUOTE || x === SQUOTE) {
        if (x === COLON && t.charCodeAt(i + 1) === SPACE) break;
        decline();
      }
    }
    let stop = i;
    while (stop > at && t.charCodeAt(stop - 1) === SPACE) stop--;
    if (stop === at) decline();
    return { node: scalarNode(plainValue(t.slice(at, stop)), 'PLAIN', this.base + at, this.base + stop), after: stop };
  }
}
