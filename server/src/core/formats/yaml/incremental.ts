import type { OffsetRange } from '../../types';
import { ReadMemo } from '../memo';
import type { ParsedDocument } from './nodes';
import { readPlainDocument } from './plain-reader';
import { parseYamlText, type ConfigurationRead } from './read';

/**
 * What a YAML document keeps between two versions: each document of a multi-document file
 * (`---`) parsed and read, by its text and offset, so that an edit parses only the documents it
 * touched (and those after it, whose offsets moved). The host keeps one per open file.
 */
export class YamlDocumentState {
  readonly memo = new ReadMemo();
  /** What reading each parsed document gave (see readConfigurations), kept as long as the document is. */
  readonly reads = new WeakMap<
    ParsedDocument,
    Map<string, { reads?: ConfigurationRead[]; outside?: OffsetRange[]; error?: unknown; work: number }>
  >();
  /** Files parsed document by document, and files parsed whole (one whose documents cannot be told apart by their markers). */
  piecewise = 0;
  whole = 0;
}

/**
 * Where each document starts: at a `---` marker at the start of a line (YAML ends a document
 * there whatever is open, a block scalar or a quoted one included). Undefined when the markers
 * do not tell the documents apart: directives (`%YAML`) and `...` end markers change what
 * belongs to which document.
 */
export function documentStarts(text: string): number[] | undefined {
  if (/^(?:%|\.\.\.(?:[ \t\r\n]|$))/m.test(text)) return undefined;
  const starts = [0];
  // After a line feed only: a carriage return alone ends no line in YAML (it does for a JavaScript ^).
  for (const m of text.matchAll(/(?<=\n)---(?=[ \t\n]|\r\n|$)/g)) starts.push(m.index);
  // Blank and comment lines before the first marker make no document of their own.
  if (
    starts.length > 1 &&
    text
      .slice(0, starts[1])
      .split('\n')
      .every((line) => /^[ \t\r\ufeff]*(?:#[^\n]*)?$/.test(line))
  )
    starts.splice(1, 1);
  return starts;
}

/**
 * The documents of `text` parsed one by one, each reused from the previous version when its text
 * and offset are the same. Undefined when the file must be parsed whole: the documents cannot be
 * told apart, or one of them has a syntax error or is too deep.
 */
export function parseByDocument(text: string, maxDepth: number, state: YamlDocumentState): ParsedDocument[] | undefined {
  const starts = documentStarts(text);
  if (!starts) return undefined;
  state.memo.begin(String(maxDepth));
  try {
    return documentsAt(text, starts, maxDepth, state.memo);
  } finally {
    state.memo.end();
  }
}

/**
 * The documents of a manifest file that may be `kind: Search` ones, parsed one by one, with their
 * index in the file; the others (config maps, deployments...) are neither parsed nor composed.
 * Undefined when the file must be parsed whole, as parseByDocument says, or when a document left
 * out might nest deeper than `maxDepth` (a whole parse reports that).
 */
export function parseSearchDocuments(text: string, maxDepth: number): Array<{ doc: ParsedDocument; index: number }> | undefined {
  const starts = documentStarts(text);
  if (!starts) return undefined;
  const out: Array<{ doc: ParsedDocument; index: number }> = [];
  for (let i = 0; i < starts.length; i++) {
    const piece = text.slice(starts[i], i + 1 < starts.length ? starts[i + 1] : text.length);
    if (!maySaySearch(piece)) {
      if (indicatorsBeyond(piece, maxDepth)) return undefined;
      continue;
    }
    const docs = parseOne(piece, maxDepth, starts[i]);
    if (!docs) return undefined;
    out.push({ doc: docs[0], index: i });
  }
  return out;
}

/**
 * Whether a document's text can hold `kind: Search` (or the line that has its syntax errors
 * reported): both words are written out, unless an escape in a double-quoted scalar spells them.
 */
const maySaySearch = (piece: string): boolean => piece.includes('\\') || (piece.includes('kind') && piece.includes('Search'));

/**
 * Whether a document may nest lists and maps deeper than `max`: every level needs an indicator of
 * its own (`:`, `?`, `-`, `[` or `{`), so a document with fewer of them cannot.
 */
function indicatorsBeyond(piece: string, max: number): boolean {
  let count = 0;
  for (let i = 0; i < piece.length; i++) {
    const c = piece.charCodeAt(i);
    // - : ? [ {
    if ((c === 45 || c === 58 || c === 63 || c === 91 || c === 123) && ++count > max) return true;
  }
  return false;
}

function documentsAt(text: string, starts: number[], maxDepth: number, memo: ReadMemo): ParsedDocument[] | undefined {
  const docs: ParsedDocument[] = [];
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i],
      end = i + 1 < starts.length ? starts[i + 1] : text.length;
    const piece = text.slice(start, end);
    const key = `${start}\0${piece}`;
    let parsed = memo.get<ParsedDocument[]>(key);
    if (!parsed) {
      parsed = parseOne(piece, maxDepth, start);
      if (!parsed) return undefined;
      memo.set(key, parsed);
    }
    docs.push(...parsed);
  }
  return docs;
}

/**
 * One document of a file, at `base`: by the plain block reader when it reads it, by the `yaml`
 * package otherwise. A syntax error stays in its document, as it does for kubectl, Helm and
 * kustomize, which cut a file at its `---` lines before they parse it: a quote left open does not
 * run on into the next document, as it would in a parse of the whole file. Undefined when the file
 * must be parsed whole: what is too deep is said where a whole parse finds it.
 */
function parseOne(piece: string, maxDepth: number, base: number): ParsedDocument[] | undefined {
  const plain = readPlainDocument(piece, base, maxDepth);
  if (plain) return [plain];
  const r = parseYamlText(piece, maxDepth, base);
  return r.tooDeep || r.docs.length !== 1 ? undefined : r.docs;
}
