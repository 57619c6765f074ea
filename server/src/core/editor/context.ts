import { createScanner, SyntaxKind } from 'jsonc-parser';
import type { OffsetRange, Segment } from '../types';

/**
 * Where the cursor is in a possibly incomplete document: which object or array encloses it,
 * whether a key or a value belongs there, and what has been typed so far. It reads the token
 * stream rather than the parse tree so that missing quotes, commas and braces still give the
 * place the writer means.
 */
export interface CursorContext {
  /** `top`: an empty document; `none`: nothing to offer (inside a comment, after the root). */
  kind: 'key' | 'value' | 'top' | 'none';
  /** Path of the enclosing object (for keys) or of the value being written (for values). */
  path: Segment[];
  /** What has been typed at the cursor (a partial key or value, quotes included); empty at a blank. */
  replace: OffsetRange;
  /** The partial text before the cursor, without its opening quote. */
  typed: string;
  /** What is typed starts with a quote. */
  quoted: boolean;
  /** Keys already present in the enclosing object, other than the one being typed. */
  existingKeys: Set<string>;
  /** For keys: a colon already follows what is typed, so only the key is inserted. */
  colonFollows: boolean;
  /** Offset just after the previous value when the comma between it and the cursor is missing. */
  missingCommaAfter?: number;
  /** A property or item follows the cursor without a separating comma. */
  needsTrailingComma: boolean;
}

interface Frame {
  kind: 'object' | 'array';
  state: 'key' | 'colon' | 'value' | 'after';
  key?: string;
  index: number;
  keys: Set<string>;
  lastValueEnd: number;
  /** Key or index of this container in its parent. */
  segment?: Segment;
}

/** Arrays have no keys; one shared empty set keeps deep arrays cheap. */
const NO_KEYS: Set<string> = new Set();

const isWordish = (k: SyntaxKind): boolean =>
  k === SyntaxKind.StringLiteral ||
  k === SyntaxKind.NumericLiteral ||
  k === SyntaxKind.TrueKeyword ||
  k === SyntaxKind.FalseKeyword ||
  k === SyntaxKind.NullKeyword ||
  k === SyntaxKind.Unknown;

export function cursorContext(text: string, offset: number): CursorContext {
  offset = Math.max(0, Math.min(offset, text.length));
  const scanner = createScanner(text, false);
  const stack: Frame[] = [];
  let rootDone = false;
  let result: CursorContext | undefined;
  let target: Frame | undefined;
  let targetDepth = 0;
  let nested = 0;
  const pathOf = (): Segment[] => stack.slice(1).map((f) => f.segment!);

  const decide = (replace: OffsetRange, raw: string): CursorContext => {
    const top = stack[stack.length - 1];
    const quoted = raw.startsWith('"');
    const typed = raw.slice(quoted ? 1 : 0, Math.max(quoted ? 1 : 0, offset - replace.offset)).replace(/"$/, '');
    const base = { replace, typed, quoted, existingKeys: new Set<string>(), colonFollows: false, needsTrailingComma: false };
    if (!top) return { ...base, kind: rootDone ? 'none' : 'top', path: [] };
    if (top.kind === 'object') {
      if (top.state === 'key' || top.state === 'after') {
        target = top;
        targetDepth = stack.length;
        return { ...base, kind: 'key', path: pathOf(), missingCommaAfter: top.state === 'after' ? top.lastValueEnd : undefined };
      }
      if (top.state === 'value') return { ...base, kind: 'value', path: [...pathOf(), top.key ?? ''] };
      return { ...base, kind: 'none', path: pathOf() };
    }
    const after = top.state === 'after';
    return {
      ...base,
      kind: 'value',
      path: [...pathOf(), after ? top.index + 1 : top.index],
      missingCommaAfter: after ? top.lastValueEnd : undefined,
    };
  };

  const valueDone = (end: number): void => {
    const top = stack[stack.length - 1];
    if (!top) {
      rootDone = true;
      return;
    }
    if (top.kind === 'array' && top.state === 'after') top.index++;
    top.state = 'after';
    top.lastValueEnd = end;
  };

  const consume = (kind: SyntaxKind, start: number, end: number): void => {
    const top = stack[stack.length - 1];
    switch (kind) {
      case SyntaxKind.OpenBraceToken:
      case SyntaxKind.OpenBracketToken: {
        if (!top && rootDone) return;
        const isObject = kind === SyntaxKind.OpenBraceToken;
        const frame: Frame = {
          kind: isObject ? 'object' : 'array',
          state: isObject ? 'key' : 'value',
          index: 0,
          keys: isObject ? new Set() : NO_KEYS,
          lastValueEnd: end,
        };
        if (top) {
          if (top.kind === 'array' && top.state === 'after') {
            top.index++;
          }
          if (top.kind === 'array') top.state = 'value';
          frame.segment = top.kind === 'object' ? (top.key ?? '') : top.index;
        }
        stack.push(frame);
        return;
      }
      case SyntaxKind.CloseBraceToken:
      case SyntaxKind.CloseBracketToken:
        if (!top) return;
        stack.pop();
        valueDone(end);
        return;
      case SyntaxKind.CommaToken:
        if (!top) return;
        if (top.kind === 'object') top.state = 'key';
        else {
          if (top.state === 'after') top.index++;
          top.state = 'value';
        }
        return;
      case SyntaxKind.ColonToken:
        if (top?.kind === 'object') top.state = 'value';
        return;
      default:
        if (top?.kind === 'object' && (top.state === 'key' || top.state === 'after')) {
          top.key = kind === SyntaxKind.StringLiteral ? scanner.getTokenValue() : text.slice(start, end);
          top.keys.add(top.key);
          top.state = 'colon';
          return;
        }
        valueDone(end);
    }
  };

  for (;;) {
    const kind = scanner.scan();
    if (kind === SyntaxKind.EOF) break;
    const start = scanner.getTokenOffset();
    const end = start + scanner.getTokenLength();
    if (kind === SyntaxKind.Trivia || kind === SyntaxKind.LineBreakTrivia) continue;
    if (kind === SyntaxKind.LineCommentTrivia || kind === SyntaxKind.BlockCommentTrivia) {
      const inside = kind === SyntaxKind.LineCommentTrivia ? offset > start && offset <= end : offset > start && offset < end;
      if (!result && inside)
        return {
          kind: 'none',
          path: [],
          replace: { offset, length: 0 },
          typed: '',
          quoted: false,
          existingKeys: new Set(),
          colonFollows: false,
          needsTrailingComma: false,
        };
      continue;
    }
    if (!result) {
      if (isWordish(kind) && offset > start && offset <= end) {
        result = decide({ offset: start, length: end - start }, text.slice(start, end));
        const top = stack[stack.length - 1];
        if (result.kind === 'key' && top) {
          // The partial key is not one of the existing keys.
          top.key = scanner.getTokenValue();
          top.state = 'colon';
          let next = end;
          while (text[next] === ' ' || text[next] === '\t') next++;
          const rest = text[next];
          result.colonFollows = rest === ':';
          result.needsTrailingComma = rest === '"';
          continue;
        }
        if (!target) break;
      } else if (start >= offset) {
        result = decide({ offset, length: 0 }, '');
        if (result.kind === 'key') {
          // Something already follows the cursor on a key position: another property without a comma before it.
          result.needsTrailingComma = kind === SyntaxKind.StringLiteral;
        }
        if (!target) break;
      }
    }
    if (result && target && stack.length === targetDepth) {
      // Past the cursor only the target object's own keys matter: skip nested values with a counter.
      if (kind === SyntaxKind.OpenBraceToken || kind === SyntaxKind.OpenBracketToken) {
        nested++;
        continue;
      }
      if (kind === SyntaxKind.CloseBraceToken || kind === SyntaxKind.CloseBracketToken) {
        if (nested-- === 0) break;
        continue;
      }
      if (nested > 0) continue;
    }
    consume(kind, start, end);
  }
  result ??= decide({ offset, length: 0 }, '');
  if (target) result.existingKeys = target.keys;
  return result;
}
