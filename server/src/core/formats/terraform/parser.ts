import type { Parser, Tree } from 'web-tree-sitter';
import { rememberSource } from './nodes';
import { grammarText } from './numbers';

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
 * Parses HCL text; the caller deletes the tree when done (it lives in WebAssembly memory).
 * `previous`: the tree of the text before an edit, already told of the edit (Tree.edit), where
 * the edit is one between the grammar's texts (`readable`, see grammarText).
 */
export function parseHcl(text: string, previous?: Tree, readable = grammarText(text)): Tree {
  if (!parser) throw new Error('the Terraform parser is not loaded: the host loads it before analysing .tf files');
  const tree = parser.parse(readable, previous);
  if (!tree) throw new Error('the Terraform parser returned no tree');
  rememberSource(tree, text);
  return tree;
}
