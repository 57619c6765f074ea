import type { OffsetRange, Position, Range } from './types';

/** Where each line starts (the first is 0), in the first `count` entries. */
export interface LineStarts {
  starts: Int32Array;
  count: number;
}

/** Maps offsets to 0-based line/character positions (UTF-16 code units, as LSP and our JSON output use). */
export class LineIndex {
  /** Offset where each line starts, in a typed array: a large file has hundreds of thousands. */
  private readonly starts: Int32Array;
  private readonly count: number;
  /** `found`: the line starts when a pass over the text already collected them (see strictJsonFacts). */
  constructor(
    private readonly text: string,
    found?: LineStarts,
  ) {
    if (found) {
      this.starts = found.starts;
      this.count = found.count;
      return;
    }
    let starts = new Int32Array(Math.max(16, text.length >> 4));
    let count = 1;
    const add = (offset: number): void => {
      if (count === starts.length) {
        const grown = new Int32Array(starts.length * 2);
        grown.set(starts);
        starts = grown;
      }
      starts[count++] = offset;
    };
    if (!text.includes('\r')) {
      // Only \n line breaks (the usual case): let indexOf find them, much faster on large texts.
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) add(i + 1);
    } else {
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 13 /* \r */) {
          if (text.charCodeAt(i + 1) === 10) i++;
          add(i + 1);
        } else if (c === 10) add(i + 1);
      }
    }
    this.starts = starts;
    this.count = count;
  }
  get lineCount(): number {
    return this.count;
  }
  lineStart(line: number): number {
    return this.starts[Math.max(0, Math.min(line, this.count - 1))];
  }
  positionAt(offset: number): Position {
    offset = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0,
      hi = this.count - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: offset - this.starts[lo] };
  }
  offsetAt(pos: Position): number {
    if (pos.line < 0) return 0;
    if (pos.line >= this.count) return this.text.length;
    const start = this.starts[pos.line];
    const next = pos.line + 1 < this.count ? this.starts[pos.line + 1] : this.text.length;
    return Math.max(start, Math.min(start + Math.max(0, pos.character), next));
  }
  rangeOf(offset: number, length: number): Range {
    return { start: this.positionAt(offset), end: this.positionAt(offset + length) };
  }
  /** The line ending the document mostly uses, so that inserted lines match it. */
  static eolOf(text: string): string {
    const i = text.indexOf('\n');
    return i > 0 && text.charCodeAt(i - 1) === 13 ? '\r\n' : '\n';
  }
}

/**
 * The part of a range that lies in `text`: a range that starts past the end becomes an empty one
 * at the end. The YAML parser places an error about a missing end
 * (`[true` at the end of the file) one past the text, and a finding must lie in the file.
 */
export function clampToText(text: string, offset: number, length: number): OffsetRange {
  const start = Math.min(offset, text.length);
  return { offset: start, length: Math.min(length, text.length - start) };
}
