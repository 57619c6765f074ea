import { partitionPoint } from '../../bisect';
import { applyEdits, applyTracked } from '../../text-edits';
import type { OffsetRange, TextEdit } from '../../types';

/**
 * The vertical alignment `terraform fmt` gives a file, recomputed where a fix wrote. Terraform
 * reads the file as lines of tokens (a line ends at a newline outside a heredoc or block
 * comment) and aligns, over each run of consecutive lines, the `=` of lines that hold a whole
 * `key = value`, then the `#`/`//` comments that end lines. A line without `=` (a block's
 * opening or closing brace, a blank line, a comment on its own, a value opening a bracket that
 * closes lines later) ends the run. Only whitespace before an `=` or a trailing comment is
 * written, and only in the runs that hold a line the fix changed, so an edit stays minimal.
 */

/** One line as Terraform's formatter sees it. Offsets are in the text; widths count characters. */
interface FormatLine {
  start: number;
  /** Where the spaces before `=` begin, and the `=` itself: set when the line is an aligned assignment. */
  leadEnd?: number;
  equals?: number;
  /** Where the spaces before a trailing line comment begin, and the comment itself. */
  beforeComment?: number;
  comment?: number;
  /** End of the line's text, its newline excluded. */
  end: number;
  /** Set when the line starts inside a template interpolation opened on a line above. */
  inInterpolation?: true;
}

const OPEN = new Set(['{', '[', '(']);
const CLOSE = new Set(['}', ']', ')']);

/**
 * Splits HCL text into formatter lines: one pass, linear in the text. Strings, template
 * interpolations, heredocs and comments are skipped as tokens, so an `=` or `#` inside them is
 * never taken for one of the line's own.
 */
export function formatLines(text: string): FormatLine[] {
  const lines: FormatLine[] = [];
  let start = 0;
  let tokens = 0;
  let lastEnd = -1;
  let equals = -1;
  let leadEnd = -1;
  let net = 0;
  let counting = false;
  let comment = -1;
  let beforeComment = -1;
  // Open brackets of template interpolations in code: a `}` that closes one goes back into its string.
  const interp: number[] = [];
  let depth = 0;
  let startsInside = false;
  const endLine = (end: number, next: number): void => {
    const line: FormatLine = { start, end };
    if (startsInside) line.inInterpolation = true;
    startsInside = interp.length > 0;
    if (equals >= 0 && net === 0) {
      line.leadEnd = leadEnd;
      line.equals = equals;
    }
    if (comment >= 0 && tokens > 1) {
      line.beforeComment = beforeComment;
      line.comment = comment;
    }
    lines.push(line);
    start = next;
    tokens = 0;
    lastEnd = -1;
    equals = -1;
    leadEnd = -1;
    net = 0;
    counting = false;
    comment = -1;
    beforeComment = -1;
  };
  const token = (to: number, change = 0): void => {
    if (counting) net += change;
    tokens++;
    lastEnd = to;
  };
  let i = 0;
  const n = text.length;
  /** Skips a quoted string from its opening quote; returns the offset after it, or where an interpolation opens. */
  const scanString = (from: number): { to: number; interp: boolean } => {
    let j = from;
    while (j < n) {
      const c = text[j];
      if (c === '\\') {
        j += 2;
        continue;
      }
      if (c === '"') return { to: j + 1, interp: false };
      if (c === '\n') return { to: j, interp: false };
      // `$${` and `%%{` are written text, not an interpolation.
      if ((c === '$' || c === '%') && text[j + 1] === c && text[j + 2] === '{') {
        j += 3;
        continue;
      }
      if ((c === '$' || c === '%') && text[j + 1] === '{') return { to: j + 2, interp: true };
      j++;
    }
    return { to: n, interp: false };
  };
  while (i < n) {
    const c = text[i];
    if (c === '\n') {
      endLine(i > start && text[i - 1] === '\r' ? i - 1 : i, i + 1);
      i++;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === '#' || (c === '/' && text[i + 1] === '/')) {
      let j = text.indexOf('\n', i);
      if (j < 0) j = n;
      comment = i;
      beforeComment = lastEnd < 0 ? i : lastEnd;
      tokens++;
      endLine(j > i && text[j - 1] === '\r' ? j - 1 : j, j + 1);
      i = j + 1;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      const j = text.indexOf('*/', i + 2);
      token(j < 0 ? n : j + 2);
      i = j < 0 ? n : j + 2;
      continue;
    }
    if (c === '"') {
      const s = scanString(i + 1);
      // An interpolation opens a bracket of its own, closed by the `}` that ends it.
      if (s.interp) {
        interp.push(depth);
        depth++;
      }
      token(s.to, s.interp ? 1 : 0);
      i = s.to;
      continue;
    }
    if (c === '<' && text[i + 1] === '<' && /^<<-?[A-Za-z_][A-Za-z0-9_-]*\r?\n/.test(text.slice(i, i + 260))) {
      const m = /^<<(-?)([A-Za-z_][A-Za-z0-9_-]*)\r?\n/.exec(text.slice(i, i + 260))!;
      // The heredoc's lines belong to the line that opens it; it ends at the line holding only its marker.
      let j = i + m[0].length;
      let to = n;
      while (j < n) {
        let e = text.indexOf('\n', j);
        if (e < 0) e = n;
        if (text.slice(j, e).trim() === m[2]) {
          to = e > j && text[e - 1] === '\r' ? e - 1 : e;
          break;
        }
        j = e + 1;
      }
      token(to);
      counting = false;
      i = to;
      continue;
    }
    if (c === '=' && text[i + 1] !== '=' && text[i + 1] !== '>' && !'!<>='.includes(text[i - 1] ?? '')) {
      if (tokens > 0 && equals < 0) {
        equals = i;
        leadEnd = lastEnd;
        counting = true;
      }
      token(i + 1);
      i++;
      continue;
    }
    if (OPEN.has(c)) {
      depth++;
      token(i + 1, 1);
      i++;
      continue;
    }
    if (CLOSE.has(c)) {
      if (c === '}' && interp.length && interp[interp.length - 1] === depth - 1) {
        // The end of an interpolation: the string it stands in goes on.
        interp.pop();
        depth--;
        const s = scanString(i + 1);
        if (s.interp) {
          interp.push(depth);
          depth++;
          token(s.to, 0);
        } else token(s.to, -1);
        i = s.to;
        continue;
      }
      depth = Math.max(0, depth - 1);
      token(i + 1, -1);
      i++;
      continue;
    }
    // A word, a number or an operator: up to the next space or token of its own.
    let j = i + 1;
    while (
      j < n &&
      !/[\s"#=(){}[\]]/.test(text[j]) &&
      !(text[j] === '/' && (text[j + 1] === '/' || text[j + 1] === '*')) &&
      !(text[j] === '<' && text[j + 1] === '<')
    )
      j++;
    if (/[!<>=]/.test(text[j - 1]) && text[j] === '=') j++;
    token(j);
    i = j;
  }
  endLine(n, n + 1);
  return lines;
}

/**
 * The columns text takes as terraform fmt counts them: grapheme clusters (a letter and its combining accent, an
 * emoji and its modifier are one each), not code points.
 */
let graphemes: Intl.Segmenter | undefined;
const width = (text: string, from: number, to: number): number => {
  const part = text.slice(from, to);
  // Text of ASCII alone, nearly all of it, is one column a character.
  if (/^[\x20-\x7e]*$/.test(part)) return part.length;
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let n = 0;
  for (const _ of graphemes.segment(part)) n++;
  return n;
};

/**
 * Whitespace edits that align the runs of `text` holding any of the `changed` ranges, as
 * `terraform fmt` aligns them. Ranges are offsets in `text`; an insertion is an empty range.
 */
export function alignEdits(text: string, changed: ReadonlyArray<{ offset: number; length: number }>): TextEdit[] {
  if (!changed.length) return [];
  const lines = formatLines(text);
  const dirty = new Uint8Array(lines.length);
  const sorted = [...changed].sort((a, b) => a.offset - b.offset);
  // Mark the lines each changed range touches, and the line on either side: a line removed
  // or replaced by a block leaves the runs it was part of with one member fewer, so their
  // padding is recomputed too (the marking walks forward: linear).
  let li = 0;
  for (const r of sorted) {
    while (li < lines.length && lines[li].end < r.offset) li++;
    if (li > 0) dirty[li - 1] = 1;
    let k = li;
    for (; k < lines.length && lines[k].start <= r.offset + r.length; k++) dirty[k] = 1;
    if (k < lines.length) dirty[k] = 1;
  }
  const edits: TextEdit[] = [];
  const pad = (from: number, to: number, spaces: number): void => {
    const want = ' '.repeat(Math.max(1, spaces));
    if (text.slice(from, to) !== want) edits.push({ offset: from, length: to - from, newText: want });
  };
  // Widths after alignment: where each line's `=` ends up decides where its comment can go.
  const shift = new Int32Array(lines.length);
  const runs = (has: (l: FormatLine) => boolean, close: (from: number, to: number) => void): void => {
    let from = -1;
    for (let k = 0; k <= lines.length; k++) {
      if (k < lines.length && has(lines[k])) {
        if (from < 0) from = k;
        continue;
      }
      if (from >= 0) close(from, k);
      from = -1;
    }
  };
  const realigned = new Uint8Array(lines.length);
  runs(
    (l) => l.equals !== undefined,
    (from, to) => {
      let touched = false;
      for (let k = from; k < to; k++) touched ||= dirty[k] === 1;
      if (!touched) return;
      let max = 0;
      for (let k = from; k < to; k++) max = Math.max(max, width(text, lines[k].start, lines[k].leadEnd!));
      for (let k = from; k < to; k++) {
        const l = lines[k];
        const spaces = max - width(text, l.start, l.leadEnd!) + 1;
        shift[k] = spaces - (l.equals! - l.leadEnd!);
        realigned[k] = 1;
        pad(l.leadEnd!, l.equals!, spaces);
      }
    },
  );
  runs(
    (l) => l.comment !== undefined,
    (from, to) => {
      let touched = false;
      for (let k = from; k < to; k++) touched ||= dirty[k] === 1 || (realigned[k] === 1 && shift[k] !== 0);
      if (!touched) return;
      const before = (l: FormatLine, k: number): number =>
        width(text, l.start, l.beforeComment!) + (l.equals !== undefined && l.beforeComment! > l.equals ? shift[k] : 0);
      let max = 0;
      for (let k = from; k < to; k++) max = Math.max(max, before(lines[k], k));
      for (let k = from; k < to; k++) pad(lines[k].beforeComment!, lines[k].comment!, max - before(lines[k], k) + 1);
    },
  );
  return edits;
}

/**
 * The part of `text` whose layout an edit of `range` can change, for writing one quick fix at a
 * time (a selection of a whole file can hold thousands): alignment reaches along the lines that
 * hold an `=` or a trailing comment on either side of the lines edited, and stops at a line
 * holding neither, which `terraform fmt` leaves as it is. The part runs from such a line above
 * (one outside a template interpolation, so it is read as the whole file reads it) to such a
 * line below. The file's lines are read once; each range then costs the lines it reaches.
 */
export function layoutWindows(text: string): (range: OffsetRange) => OffsetRange {
  const lines = formatLines(text);
  const aligned = (k: number): boolean => lines[k].equals !== undefined || lines[k].comment !== undefined;
  /** The last line starting at or before `offset`. */
  const lineAt = (offset: number): number => Math.max(0, partitionPoint(lines.length, (k) => lines[k].start <= offset) - 1);
  return (range) => {
    let above = lineAt(range.offset) - 1;
    while (above >= 0 && (aligned(above) || lines[above].inInterpolation)) above--;
    let below = lineAt(range.offset + range.length) + 1;
    while (below < lines.length && aligned(below)) below++;
    const offset = above < 0 ? 0 : lines[above].start;
    const end = below < lines.length ? lines[below].end : text.length;
    return { offset, length: end - offset };
  };
}

/**
 * A Terraform file after fixes: the runs of lines the fixes wrote in are aligned as
 * `terraform fmt` aligns them (all fixes of a pass together, since two members added to one
 * block change the alignment of both).
 */
export function applyTerraformEdits(text: string, edits: readonly TextEdit[]): string {
  const { text: next, written } = applyTracked(text, edits);
  return applyEdits(next, alignEdits(next, written));
}
