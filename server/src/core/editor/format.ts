import { format } from 'jsonc-parser';
import { DEFAULT_MAX_DEPTH } from '../types';
import { measureDepth } from '../formats/json/document';
import { LineIndex } from '../lines';
import type { OffsetRange, TextEdit } from '../types';

export interface FormatOptions {
  tabSize: number;
  insertSpaces: boolean;
  insertFinalNewline?: boolean;
  trimFinalNewlines?: boolean;
}

/** Edits that indent the document (or a range of it) consistently, keeping comments and line endings. */
export function formatEdits(text: string, options: FormatOptions, range?: OffsetRange): TextEdit[] {
  // Indenting pathological nesting would produce quadratic output; such a file is not a configuration anyway.
  if (measureDepth(text, DEFAULT_MAX_DEPTH)) return [];
  const edits = format(text, range, {
    tabSize: Math.max(1, Math.min(16, Math.floor(options.tabSize) || 2)),
    insertSpaces: options.insertSpaces !== false,
    eol: LineIndex.eolOf(text),
    insertFinalNewline: !range && !!options.insertFinalNewline,
  }).map((e) => ({ offset: e.offset, length: e.length, newText: e.content }));
  if (!range && options.trimFinalNewlines) {
    // The run of line breaks at the end, found from the end (a pattern anchored there is quadratic).
    let start = text.length;
    while (start > 0 && text[start - 1] === '\n') {
      start--;
      if (start > 0 && text[start - 1] === '\r') start--;
    }
    const firstBreak = text[start] === '\r' ? 2 : 1;
    const extra = text.length - start - firstBreak;
    if (start < text.length && extra > 0 && !edits.some((e) => e.offset + e.length > start)) {
      edits.push({ offset: start + firstBreak, length: extra, newText: '' });
    }
  }
  return edits;
}
