/**
 * Small scans over user text that a regular expression would do in quadratic time on hostile input
 * (a pattern anchored at the end, tried from every start position, reads the rest of the text each time).
 * Each of these reads the text once.
 */

/** The text without the run of `chars` at its end. */
export function trimEndChars(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1])) end--;
  return text.slice(0, end);
}

/** The text up to (not including) the first of `chars`, or all of it. */
export function cutAtFirst(text: string, chars: string): string {
  for (let i = 0; i < text.length; i++) if (chars.includes(text[i])) return text.slice(0, i);
  return text;
}

/** Every line with its line break (`\n`); a last line without one is kept as it is. */
export function splitKeepingBreaks(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  while (start < text.length) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl + 1;
    out.push(text.slice(start, end));
    start = end;
  }
  return out;
}
