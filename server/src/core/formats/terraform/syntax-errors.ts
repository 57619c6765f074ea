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
  const quoted = quotedName(n, text);
  if (quoted) return quoted;
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
 * A quoted argument name (`"cluster.remote_store" = {}`), which HCL refuses: the string the parser
 * could not read starts its line and an `=` follows it. The parser then takes the lines around it
 * for one broken statement and wraps parts of it in further ERROR nodes (the value above it, the
 * `{` of the block it opens): the problem spoils the whole statement it sits in (`from`, `extent`,
 * see innermostErrors), so that those are not reported beside it.
 */
function quotedName(n: Node, text: string): SyntaxProblem | undefined {
  for (const c of n.children) {
    const string = c && stringOf(c);
    if (!string || !startsLine(text, string.startIndex)) continue;
    const end = endOf(string);
    let after = end;
    while (text[after] === ' ' || text[after] === '\t') after++;
    if (text[after] !== '=' || text[after + 1] === '=') continue;
    const statement = n.parent ?? n;
    return {
      offset: string.startIndex,
      length: end - string.startIndex,
      code: 'quoted name',
      from: statement.startIndex,
      extent: endOf(statement) - statement.startIndex,
    };
  }
  return undefined;
}

/** The quoted string a node is, directly or as an expression of that string alone. */
function stringOf(n: Node): Node | undefined {
  let at: Node | null = n;
  for (let depth = 0; at && depth < 3; depth++) {
    const type = typeOf(at);
    if (type === 'string_lit') return at;
    if ((type !== 'expression' && type !== 'literal_value') || at.childCount !== 1) return undefined;
    at = at.firstChild;
  }
  return undefined;
}

/** Whether only blanks stand before an offset on its line. */
function startsLine(text: string, offset: number): boolean {
  let i = offset - 1;
  while (i >= 0 && (text[i] === ' ' || text[i] === '\t')) i--;
  return i < 0 || text[i] === '\n' || text[i] === '\r';
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
  const own = withoutSpoiledByQuotedNames(
    stringEnds.size ? errors.filter((e) => !(e.code.startsWith('missing ') && stringEnds.has(e.offset))) : errors,
  );
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

/**
 * Without the problems inside a statement that a quoted name spoils (see quotedName): the name is
 * its one mistake. One sweep in the order of where the problems start.
 */
function withoutSpoiledByQuotedNames(errors: SyntaxProblem[]): SyntaxProblem[] {
  if (!errors.some((e) => e.code === 'quoted name')) return errors;
  const start = (e: SyntaxProblem): number => e.from ?? e.offset;
  const sorted = [...errors].sort((a, b) => start(a) - start(b));
  const quoted = sorted.filter((e) => e.code === 'quoted name');
  let next = 0;
  let spoiledUntil = -1;
  return sorted.filter((e) => {
    while (next < quoted.length && start(quoted[next]) <= start(e)) {
      spoiledUntil = Math.max(spoiledUntil, start(quoted[next]) + quoted[next].extent!);
      next++;
    }
    return e.code === 'quoted name' || start(e) >= spoiledUntil;
  });
}

/** The text a syntax problem spoils (see SyntaxProblem.extent). */
export const spoiledText = (text: string, e: SyntaxProblem): string =>
  text.slice(e.from ?? e.offset, (e.from ?? e.offset) + (e.extent ?? e.length));
