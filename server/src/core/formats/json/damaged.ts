import { getNodePath, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { UNKNOWN_VALUE } from '../../values';
import type { FieldPath, Segment } from '../../types';

/**
 * Errors inside a value's own text: the parser reads on, but the value it gives (`"a"` for
 * `"a\q"`, `1` for `1e`) is not what was written, and a rule judging it would report a mistake
 * that is not there.
 */
const INSIDE_A_VALUE = new Set([
  'InvalidEscapeCharacter',
  'InvalidUnicode',
  'InvalidCharacter',
  'UnexpectedEndOfString',
  'UnexpectedEndOfNumber',
  'InvalidSymbol',
]);

/**
 * The field paths whose value a syntax error damaged, each now UNKNOWN_VALUE in `value` (so that
 * no rule judges it: the syntax error is the one finding there). A comment, a trailing comma, and
 * a colon or comma missing between an object's members damage no value.
 */
export function markDamagedValues(root: Node | undefined, text: string, errors: readonly ParseError[], value: unknown): FieldPath[] {
  if (!root || !errors.length) return [];
  const paths = new Map<string, FieldPath>();
  for (const e of errors) {
    const code = printParseErrorCode(e.error);
    if (code === 'InvalidCommentToken' || trailingComma(text, code, e.offset) !== undefined) continue;
    const node = damagedNode(nodeAtOffset(root, e.offset), INSIDE_A_VALUE.has(code));
    if (!node || node === root) continue;
    const path = getNodePath(node);
    paths.set(JSON.stringify(path), path);
  }
  for (const path of paths.values()) setUnknown(value, path);
  return [...paths.values()];
}

/**
 * The value an error at `node` damaged: a value with a fault inside it; for a stray word among an
 * object's members (`"a": "x, "b": 1` read as a string, a word, a string...), the object, whose
 * members after it are guesses; for broken punctuation of a list, the list. Undefined when none.
 */
function damagedNode(node: Node | undefined, inside: boolean): Node | undefined {
  for (let n = node; n; n = n.parent) {
    if (n.type === 'property') continue;
    if (n.type === 'object') return inside ? n : undefined;
    if (n.type === 'array' || inside) return n;
  }
  return undefined;
}

/**
 * The innermost node whose range holds `offset` (its end included), found by halving each level's
 * children: a file of many members with an error at each must not be walked member by member per error.
 */
function nodeAtOffset(root: Node, offset: number): Node {
  // An offset outside the root (text after the object) gives the root, which markDamagedValues skips.
  let node = root;
  for (;;) {
    const children = node.children;
    if (!children?.length) return node;
    let lo = 0,
      hi = children.length - 1,
      found: Node | undefined;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const c = children[mid];
      if (offset < c.offset) hi = mid - 1;
      else if (offset > c.offset + c.length) lo = mid + 1;
      else {
        found = c;
        hi = mid - 1; // the earlier of two touching children, as jsonc-parser's own search gives
      }
    }
    if (!found) return node;
    node = found;
  }
}

function setUnknown(value: unknown, path: FieldPath): void {
  let v = value;
  for (let i = 0; i < path.length - 1; i++) {
    if (v === null || typeof v !== 'object') return;
    v = (v as Record<Segment, unknown>)[path[i]];
  }
  const last = path[path.length - 1];
  if (v !== null && typeof v === 'object' && Object.prototype.hasOwnProperty.call(v, last))
    (v as Record<Segment, unknown>)[last] = UNKNOWN_VALUE;
}

/**
 * The offset of the trailing comma an error stands for (`[1, ]`, `{ "a": 1, }`): the parser says a
 * value or a name is expected at a closing bracket that only blanks separate from a comma. Undefined
 * when the error is not one. Both the syntax rule (which reports and removes the comma) and the
 * reading of damaged values (which reads past it) ask this one question.
 */
export function trailingComma(text: string, code: string, offset: number): number | undefined {
  if (code !== 'PropertyNameExpected' && code !== 'ValueExpected') return undefined;
  if (text[offset] !== '}' && text[offset] !== ']') return undefined;
  // The last comma before the closer, with only blanks and comments between (`1, /* note */ }`): a
  // comma inside a string or a comment leaves other text between.
  const comma = text.lastIndexOf(',', offset);
  return comma >= 0 && onlyBlanksAndComments(text, comma + 1, offset) ? comma : undefined;
}

/** Whether text[from, to) holds nothing but white space and complete comments. */
function onlyBlanksAndComments(text: string, from: number, to: number): boolean {
  let i = from;
  while (i < to) {
    if (/\s/.test(text[i])) i++;
    else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      if (end < 0 || end + 2 > to) return false;
      i = end + 2;
    } else if (text.startsWith('//', i)) {
      const end = text.indexOf('\n', i + 2);
      if (end < 0 || end >= to) return false;
      i = end + 1;
    } else return false;
  }
  return true;
}

/**
 * Errors the parser reads past exactly: a fault inside a string or a number whose token still ends
 * where it should (the value itself is damaged, see markDamagedValues). Comments: see readableUntil.
 */
const READ_PAST = new Set(['InvalidEscapeCharacter', 'InvalidUnicode', 'InvalidCharacter', 'UnexpectedEndOfNumber']);

/** Whether the comment at `offset` is a block comment that the end of the text reached before its `*\/`. */
export const isUnclosedComment = (text: string, offset: number, length: number): boolean =>
  text.startsWith('/*', offset) && !(length >= 4 && text.startsWith('*/', offset + length - 2));

/**
 * Where the reading of the text becomes a guess: the first syntax error the parser does not read
 * past exactly (see READ_PAST; a trailing comma and a comment are read past too, but not a comment
 * that is never closed, which holds the rest of the text). Undefined when there is none.
 */
export function readableUntil(text: string, errors: ReadonlyArray<{ offset: number; length: number; code: string }>): number | undefined {
  for (const e of errors) {
    const readPast =
      e.code === 'InvalidCommentToken'
        ? !isUnclosedComment(text, e.offset, e.length)
        : READ_PAST.has(e.code) || trailingComma(text, e.code, e.offset) !== undefined;
    if (!readPast) return e.offset;
  }
  return undefined;
}
