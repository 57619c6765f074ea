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

/** `{{name}}` references replaced by file variables, a few levels deep; unknown names stay as written. */
export function resolveVariables(text: string, vars: ReadonlyMap<string, string>): string {
  let out = text;
  for (let depth = 0; depth < 5 && out.includes('{{'); depth++) {
    const next = out.replace(/\{\{\s*([^{}\s]+)\s*\}\}/g, (whole, name: string) => vars.get(name) ?? whole);
    if (next === out) break;
    out = next;
  }
  return out;
}
