import { findNodeAtOffset } from 'jsonc-parser';
import type { ParsedDocument } from '../formats/json/document';
import type { OffsetRange } from '../types';

/** Ranges around `offset` from the innermost (a key or value) to the whole document. */
export function selectionRanges(doc: ParsedDocument, offset: number): OffsetRange[] {
  const out: OffsetRange[] = [];
  const push = (r: OffsetRange): void => {
    const last = out[out.length - 1];
    if (!last || last.offset !== r.offset || last.length !== r.length) out.push(r);
  };
  let node = doc.root ? findNodeAtOffset(doc.root, offset, true) : undefined;
  while (node) {
    // The inside of a string, object or array only when it is closed: an unclosed one ends at the
    // end of the text, and cutting a character there could split a CRLF or a surrogate pair.
    const closer = node.type === 'string' ? '"' : node.type === 'object' ? '}' : node.type === 'array' ? ']' : undefined;
    const closed = closer !== undefined && node.length >= 2 && doc.text[node.offset + node.length - 1] === closer;
    if (closed && (node.type === 'string' || node.length > 2)) push({ offset: node.offset + 1, length: node.length - 2 });
    push({ offset: node.offset, length: node.length });
    node = node.parent;
  }
  if (!out.length) push({ offset, length: 0 });
  return out;
}
