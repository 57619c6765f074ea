import { applyEdits, modify, type Edit, type FormattingOptions } from 'jsonc-parser';
import type { Assignment } from './convert';
import { trimEndChars } from '../text-scan';

/**
 * Sets the assigned fields in a configuration text with jsonc-parser's edits: comments, key order and
 * formatting stay as they are, missing parent objects are created, existing values are replaced.
 */
export function mergeIntoConfiguration(configText: string, assignments: readonly Assignment[], formatting?: FormattingOptions): { text: string } {
  const indent = /\n([ \t]+)"/.exec(configText)?.[1] ?? '  ';
  const options = formatting ?? { insertSpaces: !indent.includes('\t'), tabSize: indent.includes('\t') ? 1 : indent.length, eol: configText.includes('\r\n') ? '\r\n' : '\n' };
  let text = configText.trim() === '' ? '{}\n' : configText;
  for (const a of assignments) text = applyEdits(text, keepTrailingComments(text, modify(text, a.segments, a.value, { formattingOptions: options })));
  return { text };
}

/**
 * jsonc-parser formats the member it adds together with the one before it, and a comment that ended
 * that member's line (`"a": 1 // why`) ends up after the new member, which it would then describe. The
 * comment goes back to the line it was on.
 */
function keepTrailingComments(text: string, edits: Edit[]): Edit[] {
  return edits.map((e) => {
    const before = text.slice(e.offset, e.offset + e.length);
    // The `//` comment that ends the text, if any: the last line's first `//` (read by hand, as a
    // pattern anchored at the end would be tried from every position).
    const lineStart = Math.max(before.lastIndexOf('\n'), before.lastIndexOf('\r')) + 1;
    const slashes = before.indexOf('//', lineStart);
    if (slashes < 0 || trimEndChars(before.slice(0, slashes), ' \t').includes('\n')) return e;
    const comment = before.slice(slashes);
    if (!e.content.endsWith(comment)) return e;
    const body = e.content.slice(0, -comment.length).trimEnd();
    const nl = body.indexOf('\n');
    return nl < 0 ? e : { ...e, content: `${body.slice(0, nl)} ${comment}${body.slice(nl)}` };
  });
}
