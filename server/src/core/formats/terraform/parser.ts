import type { Node, Parser, Tree } from 'web-tree-sitter';
import { rememberSource } from './nodes';
import { grammarText } from './numbers';
import { unreadText } from './syntax-errors';

/**
 * The HCL parser (tree-sitter's HCL grammar in WebAssembly), the same in Node and in a web
 * worker. The core reads no files and carries no parser: the host loads web-tree-sitter and the
 * bytes of the two WebAssembly modules when a Terraform file is first read (a run over JSON
 * files alone never loads them), and hands them over once; every Terraform file parsed after
 * that is parsed synchronously.
 */
export interface TerraformWasm {
  /** The web-tree-sitter module, as the host loaded it. */
  treeSitter: Pick<typeof import('web-tree-sitter'), 'Parser' | 'Language'>;
  /** web-tree-sitter's runtime, `tree-sitter.wasm`. */
  runtime: Uint8Array;
  /** The HCL grammar, `tree-sitter-terraform.wasm`. */
  grammar: Uint8Array;
}

let parser: Parser | undefined;
let loading: Promise<void> | undefined;

/** Loads the parser from the bytes the host read; later calls wait for the first. */
export function loadTerraformParser(wasm: TerraformWasm): Promise<void> {
  loading ??= (async () => {
    const { Parser, Language } = wasm.treeSitter;
    await Parser.init({ wasmBinary: wasm.runtime } as object);
    const language = await Language.load(wasm.grammar);
    const p = new Parser();
    p.setLanguage(language);
    parser = p;
  })();
  return loading;
}

export const terraformParserLoaded = (): boolean => parser !== undefined;

/**
 * The time the parser may take for `length` characters before it gives up. Readable HCL, with a few
 * syntax errors or none, parses at under a microsecond per character (0.2 to 0.8 on a 1.5 MB file,
 * the first parse of a run included), and a small file in a few milliseconds. Text broken on every
 * line inside one block (`= 1` a thousand times) makes the parser's error recovery cost grow with
 * the square of the text: 16 KB take half a second, 128 KB over a minute. The allowance is several
 * times what readable text needs on a busy machine, and grows with the text, so that giving up keeps
 * the time linear; the progress callback is the parser's public way to be stopped.
 */
export const parseAllowanceMs = (length: number): number => 100 + length * 0.005;

/** The parser gave up on a text (see parseAllowanceMs); nothing of it was read. */
export class HclParseAbandoned extends Error {
  constructor(
    /** Where the text's first syntax error starts, when its first few kilobytes show it. */
    readonly firstErrorAt: number | undefined,
  ) {
    super('the HCL parser gave up on a text with more syntax errors than it reads in time');
  }
}

/**
 * Parses HCL text; the caller deletes the tree when done (it lives in WebAssembly memory).
 * `previous`: the tree of the text before an edit, already told of the edit (Tree.edit), where
 * the edit is one between the grammar's texts (`readable`, see grammarText). Throws
 * HclParseAbandoned when the text takes longer than its allowance (see parseAllowanceMs).
 */
export function parseHcl(text: string, previous?: Tree, readable = grammarText(text)): Tree {
  const tree = parseWithin(readable, previous);
  if (!tree) throw new HclParseAbandoned(firstErrorOfStart(readable));
  rememberSource(tree, text);
  return tree;
}

/** The tree of the text, or undefined when the parser takes longer than the text's allowance. */
function parseWithin(readable: string, previous?: Tree, allowance = parseAllowanceMs(readable.length)): Tree | undefined {
  if (!parser) throw new Error('the Terraform parser is not loaded: the host loads it before analysing .tf files');
  // The time between two calls of the callback (every hundred or so steps of the parser) counts for
  // at most an eighth of the allowance: on a busy machine the process may wait for a core, or for the
  // garbage collector, for longer than the whole allowance of a small file, once; a parse that is
  // really slow is slow at many steps. Returning true stops it.
  const step = allowance / 8;
  let spent = 0;
  let last = performance.now();
  const tree = parser.parse(readable, previous, {
    progressCallback: () => {
      const now = performance.now();
      spent += Math.min(now - last, step);
      last = now;
      return spent > allowance;
    },
  });
  if (tree) return tree;
  // A stopped parse resumes where it stopped unless the parser is reset.
  parser.reset();
  return undefined;
}

/** The text read for the first error of a text the parser gave up on: enough for a few screens of HCL. */
const START = 4096;
/**
 * The time the parse of that start is given. Its text is bounded, so its worst case is too (tens of
 * milliseconds for a start broken on every line); the allowance of a text of its size is not enough
 * for it on a machine whose cores are busy, where the first error would then go unnamed.
 */
const START_ALLOWANCE_MS = 1000;

/**
 * Where the first syntax error of a text starts, found in its first few kilobytes (up to a line's
 * end): the parser cannot say where it was when it gave up, as it recovers from an error only once
 * it has read past it. Undefined when the start reads well (what the cut leaves open aside).
 */
function firstErrorOfStart(readable: string): number | undefined {
  const lineEnd = readable.indexOf('\n', START);
  const start = lineEnd < 0 ? readable : readable.slice(0, lineEnd + 1);
  const tree = parseWithin(start, undefined, START_ALLOWANCE_MS);
  if (!tree) return undefined;
  try {
    let node: Node | null = tree.rootNode;
    while (node && !node.isError && !node.isMissing) node = node.children.find((c) => !!c && (c.hasError || c.isMissing)) ?? null;
    if (!node) return undefined;
    // Where the unreadable text stops being HCL, as the syntax finding of a readable file says.
    rememberSource(tree, start);
    const at = node.isMissing ? node.startIndex : unreadText(node, start).offset;
    // The braces the cut leaves open are missing at its end; they are not the text's mistake.
    return at < start.length - 1 ? at : undefined;
  } finally {
    tree.delete();
  }
}
