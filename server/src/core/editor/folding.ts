import type { Node } from 'jsonc-parser';
import type { ParsedDocument } from '../formats/json/document';

export interface EditorFold {
  startLine: number;
  endLine: number;
  kind?: 'comment';
}

/** Objects and arrays spanning several lines, and multi-line comments. */
export function foldingRanges(doc: ParsedDocument, isCancelled: () => boolean = () => false): EditorFold[] {
  const out: EditorFold[] = [];
  const stack: Node[] = doc.root ? [doc.root] : [];
  let n = 0;
  while (stack.length) {
    if ((++n & 1023) === 0 && isCancelled()) return out;
    const node = stack.pop()!;
    if (node.type === 'object' || node.type === 'array') {
      const start = doc.lines.positionAt(node.offset).line;
      const end = doc.lines.positionAt(node.offset + node.length - 1).line;
      // Keep the closing bracket visible, as editors do for JSON.
      if (end - 1 > start) out.push({ startLine: start, endLine: end - 1 });
    }
    for (const c of node.children ?? []) if (c.type === 'object' || c.type === 'array' || c.type === 'property') stack.push(c);
  }
  if (doc.isJsonc || doc.text.includes('/*')) {
    for (const c of doc.comments()) {
      const endLine = doc.lines.positionAt(c.offset + c.length).line;
      if (endLine > c.line) out.push({ startLine: c.line, endLine, kind: 'comment' });
    }
  }
  return out.sort((a, b) => a.startLine - b.startLine);
}
