import type { TextEdit } from './types';

/**
 * Applies non-overlapping edits given in offsets of the original text, in one pass (a file can
 * carry thousands of fixes). Insertions at the same offset keep their order, as in LSP; an edit
 * overlapping an earlier one is skipped, and a later pass picks it up.
 */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  return applyTracked(text, edits).text;
}

/** Applies edits as `applyEdits` does, and says where the new text of each applied edit stands in the result. */
export function applyTracked(
  text: string,
  edits: readonly TextEdit[],
): { text: string; written: Array<{ offset: number; length: number }> } {
  const sorted = edits.map((e, i) => ({ e, i })).sort((a, b) => a.e.offset - b.e.offset || a.e.length - b.e.length || a.i - b.i);
  const parts: string[] = [];
  const written: Array<{ offset: number; length: number }> = [];
  let copied = 0;
  let delta = 0;
  for (const { e } of sorted) {
    if (e.offset < copied) continue;
    parts.push(text.slice(copied, e.offset), e.newText);
    written.push({ offset: e.offset + delta, length: e.newText.length });
    delta += e.newText.length - e.length;
    copied = e.offset + e.length;
  }
  parts.push(text.slice(copied));
  return { text: parts.join(''), written };
}
