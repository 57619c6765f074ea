import type { Edit, Point, Tree } from 'web-tree-sitter';
import { ReadMemo } from '../memo';
import { grammarText } from './numbers';
import { parseHcl } from './parser';

/**
 * What a Terraform document keeps between two versions, so that an edit costs what it touches:
 * the previous syntax tree (tree-sitter reparses only around the edit) and the reader's memo of
 * blocks whose text did not change (see ReadMemo). A host keeps one per open document and
 * disposes of it when the document closes: the tree lives in WebAssembly memory, which the
 * garbage collector does not free.
 */
export class TerraformDocumentState {
  private text: string | undefined;
  /** The text the grammar read (grammarText): edits are told to the tree between two of these. */
  private readable: string | undefined;
  private tree: Tree | undefined;
  readonly memo = new ReadMemo();
  /** Parses made from scratch and parses that reused the previous tree, for tests of work done. */
  fullParses = 0;
  incrementalParses = 0;

  /** The tree of `text`, reusing the previous one; it stays owned by this state (never delete it). */
  parse(text: string): Tree {
    const old = this.tree,
      previousText = this.text,
      previousReadable = this.readable;
    if (old && previousText === text) return old;
    // Until the new tree is made, none is kept: a failure leaves no tree out of step with its text.
    this.tree = undefined;
    this.text = undefined;
    this.readable = undefined;
    const readable = grammarText(text);
    let tree: Tree;
    try {
      if (old && previousReadable !== undefined) {
        old.edit(editBetween(previousReadable, readable));
        tree = parseHcl(text, old, readable);
        this.incrementalParses++;
        // Around a syntax error, a reparse may recover otherwise than a parse from scratch does:
        // the errors reported must be those of a fresh analysis, so such a text is parsed again.
        if (tree.rootNode.hasError) {
          tree.delete();
          tree = parseHcl(text, undefined, readable);
          this.fullParses++;
        }
      } else {
        tree = parseHcl(text, undefined, readable);
        this.fullParses++;
      }
    } finally {
      old?.delete();
    }
    this.tree = tree;
    this.text = text;
    this.readable = readable;
    return tree;
  }

  /**
   * A state for texts derived from this document's (completion reads it with the word being typed
   * blanked out), starting from a copy of this state's tree: its first parse is already incremental.
   */
  fork(): TerraformDocumentState {
    const forked = new TerraformDocumentState();
    if (this.tree && this.text !== undefined) {
      forked.tree = this.tree.copy();
      forked.text = this.text;
      forked.readable = this.readable;
    }
    return forked;
  }

  dispose(): void {
    this.tree?.delete();
    this.tree = undefined;
    this.text = undefined;
    this.readable = undefined;
    this.memo.clear();
  }
}

/**
 * The one edit that turns `before` into `after`: the common start and end are kept, the middle
 * replaced. Offsets and columns in UTF-16 code units, as web-tree-sitter counts them for a
 * JavaScript string. Linear in the texts' length.
 */
export function editBetween(before: string, after: string): Edit {
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let tail = 0;
  while (tail < shorter - start && before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)) tail++;
  // A CR LF pair is never split: tree-sitter may have read it as one line end.
  if (start > 0 && before.charCodeAt(start - 1) === 13) start--;
  const oldEnd = before.length - tail,
    newEnd = after.length - tail;
  const startPosition = pointAt(before, start);
  return {
    startIndex: start,
    oldEndIndex: oldEnd,
    newEndIndex: newEnd,
    startPosition,
    oldEndPosition: pointAfter(before, start, oldEnd, startPosition),
    newEndPosition: pointAfter(after, start, newEnd, startPosition),
  };
}

function pointAt(text: string, offset: number): Point {
  let row = 0,
    lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    row++;
    lineStart = i + 1;
  }
  return { row, column: offset - lineStart };
}

/** The point of `end`, counting from `start` at `from`: only the changed part is scanned again. */
function pointAfter(text: string, start: number, end: number, from: Point): Point {
  let row = from.row,
    lineStart = -1;
  for (let i = text.indexOf('\n', start); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) {
    row++;
    lineStart = i + 1;
  }
  return lineStart < 0 ? { row, column: from.column + end - start } : { row, column: end - lineStart };
}
