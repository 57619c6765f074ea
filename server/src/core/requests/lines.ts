import { MAX_COMMAND_LENGTH } from './types';

/** The text's lines with their start offsets, line breaks excluded. */
export interface Line { text: string; offset: number; index: number }

export function linesOf(text: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  let index = 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    const body = text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    out.push({ text: text.slice(start, body), offset: start, index: index++ });
    if (nl < 0) return out;
    start = nl + 1;
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
