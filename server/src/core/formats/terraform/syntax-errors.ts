import type { Node } from 'web-tree-sitter';
import type { SyntaxProblem } from '../document';
import { endOf, typeOf } from './nodes';

/**
 * The syntax problem of text the parser could not read (an ERROR node). The parser wraps what it
 * cannot read in one node, often the whole block or file around the mistake: the problem is
 * underlined where that text first stops being HCL (see breakPoint), on that line, and `from` and
 * `extent` keep the whole text it spoils.
 */
export function unreadText(n: Node, text: string): SyntaxProblem {
  const end = endOf(n);
  const broken = breakPoint(n);
  const offset = broken?.offset ?? n.startIndex;
  const lineEnd = text.slice(offset, end).search(/\r?\n/);
  return {
    offset,
    length: lineEnd < 0 ? end - offset : lineEnd,
    code: broken?.code ?? 'unexpected text',
    from: n.startIndex,
    extent: end - n.startIndex,
  };
}

/**
 * The syntax problem of a token the parser found missing. A quoted string never closed runs on, for
 * the parser, to the end of the file, where its closing quote and every brace after it are missing:
 * it is underlined where it opens, as the one mistake (the braces missing at its end are its own, see
 * innermostErrors).
 */
export function missingToken(n: Node, type: string): SyntaxProblem {
  const string = type === 'quoted_template_end' ? n.parent : null;
  if (string && typeOf(string) === 'string_lit') {
    const end = endOf(string);
    return { offset: string.startIndex, length: 1, code: 'unclosed string', from: string.startIndex, extent: end - string.startIndex };
  }
  return { offset: n.startIndex, length: 0, code: `missing ${type}` };
}

/**
 * Where the children of an ERROR node stop continuing one another as HCL's statements do: a name
 * followed by neither `=`, a label nor `{` (`thread_pool_search_size 8`), or a quoted string opened
 * and never closed (`search_version = "2.19`). Undefined when every child fits: the text is then
 * unreadable from the start.
 */
function breakPoint(n: Node): { offset: number; code?: string } | undefined {
  const kids = n.children.filter((c): c is Node => !!c && typeOf(c) !== 'comment');
  let i = 0;
  while (i < kids.length) {
    const type = typeOf(kids[i]);
    // Whole statements, and a block's closing brace.
    if (type === 'attribute' || type === 'block' || type === 'block_end' || type === 'body') {
      i++;
      continue;
    }
    if (type !== 'identifier') return i ? { offset: kids[i].startIndex } : undefined;
    const next = kids[i + 1] && typeOf(kids[i + 1]);
    if (next === '=') {
      const value = kids[i + 2];
      const valueType = value && typeOf(value);
      if (valueType === 'expression') {
        i += 3;
        continue;
      }
      if (valueType === 'quoted_template_start') return { offset: value.startIndex, code: 'unclosed string' };
      return { offset: value ? value.startIndex : kids[i + 1].startIndex };
    }
    // A block: its type, its labels, its opening brace.
    let j = i + 1;
    while (j < kids.length && (typeOf(kids[j]) === 'string_lit' || typeOf(kids[j]) === 'identifier')) j++;
    if (j < kids.length && typeOf(kids[j]) === 'block_start') {
      i = j + 1;
      continue;
    }
    return { offset: kids[i].startIndex };
  }
  return undefined;
}

/**
 * One mistake, one syntax error: the parser may wrap what it cannot read in an ERROR that holds a
 * smaller one (a NUL byte makes it wrap the whole file); only the innermost is reported. What an
 * unclosed string left missing at its end is not reported either. Sorted by
 * where their text starts (the larger first at one place), an error holds another exactly when the
 * next one starts inside it: one pass.
 */
export function innermostErrors(errors: SyntaxProblem[]): SyntaxProblem[] {
  const start = (e: SyntaxProblem): number => e.from ?? e.offset;
  // What an unclosed string left missing where it ends (its braces, the file's end).
  const stringEnds = new Set(errors.filter((e) => e.code === 'unclosed string').map((e) => start(e) + e.extent!));
  const own = stringEnds.size ? errors.filter((e) => !(e.code.startsWith('missing ') && stringEnds.has(e.offset))) : errors;
  own.sort((a, b) => start(a) - start(b) || (b.extent ?? b.length) - (a.extent ?? a.length));
  return own.filter((e, i) => {
    const next = own[i + 1];
    return !(
      next &&
      e.extent !== undefined &&
      start(next) < start(e) + e.extent &&
      (start(next) > start(e) || (next.extent ?? next.length) < e.extent)
    );
  });
}

/** The text a syntax problem spoils (see SyntaxProblem.extent). */
export const spoiledText = (text: string, e: SyntaxProblem): string =>
  text.slice(e.from ?? e.offset, (e.from ?? e.offset) + (e.extent ?? e.length));
