import { MAX_COMMAND_LENGTH } from './types';

/** A line of the text with its start offset, line break excluded. */
export interface Line {
  text: string;
  offset: number;
  index: number;
}

/**
 * The lines of a text, by their start offsets in a typed array (4 bytes a line): a file of millions
 * of short lines costs no object per line. A line's text is made when asked for.
 */
export class LineTable {
  readonly length: number;
  private readonly starts: Uint32Array;

  constructor(private readonly source: string) {
    let n = 1;
    for (let i = source.indexOf('\n'); i >= 0; i = source.indexOf('\n', i + 1)) n++;
    this.starts = new Uint32Array(n);
    let k = 1;
    for (let i = source.indexOf('\n'); i >= 0; i = source.indexOf('\n', i + 1)) this.starts[k++] = i + 1;
    this.length = n;
  }

  offset(i: number): number {
    return this.starts[i];
  }

  /** Where the line's text ends: before its `\n` or `\r\n`. */
  end(i: number): number {
    const start = this.starts[i];
    const next = i + 1 < this.length ? this.starts[i + 1] - 1 : this.source.length;
    return next > start && this.source.charCodeAt(next - 1) === 13 ? next - 1 : next;
  }

  text(i: number): string {
    return this.source.slice(this.starts[i], this.end(i));
  }

  at(i: number): Line {
    return { text: this.text(i), offset: this.starts[i], index: i };
  }
}

/**
 * `{{name}}` references replaced by file variables, a few levels deep; unknown names stay as written.
 * Values that refer to each other could grow the text exponentially: past MAX_COMMAND_LENGTH it is not expanded further.
 */
export function resolveVariables(text: string, vars: ReadonlyMap<string, string>): string {
  let out = text;
  for (let depth = 0; depth < 5 && out.includes('{{') && out.length <= MAX_COMMAND_LENGTH; depth++) {
    let grown = out.length;
    const next = out.replace(/\{\{\s*([^{}\s]+)\s*\}\}/g, (whole, name: string) => {
      const value = vars.get(name);
      if (value === undefined || (grown += value.length) > MAX_COMMAND_LENGTH) return whole;
      return value;
    });
    if (next === out) break;
    out = next;
  }
  return out;
}
