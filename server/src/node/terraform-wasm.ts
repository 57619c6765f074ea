import fs from 'node:fs';
import path from 'node:path';
import { loadTerraformParser } from '../core/formats/terraform/parser';
import { startShortRun } from './short-run';

/** The Terraform parser: web-tree-sitter bundled by the build, and the WebAssembly it copies into dist/. */
export const TERRAFORM_WASM_FILES = { module: 'tree-sitter.js', runtime: 'tree-sitter.wasm', grammar: 'tree-sitter-terraform.wasm' } as const;

/** V8's flags that optimise WebAssembly after its baseline compile (both on by default). */
const BASELINE_ONLY = ['wasm-tier-up', 'wasm-dynamic-tiering'];

/**
 * Reads the parser's WebAssembly from beside the running bundle (dist/, or the dist/ above a
 * test bundle) and hands the bytes to the core, which reads no files itself.
 *
 * `oneShot`: the process parses a few files and exits (the CLI). V8 then keeps the parser in its baseline
 * WebAssembly code: optimising the parser's hot functions in the background costs more CPU than the few
 * milliseconds of parsing it would save (a 300-line file linted cold took about twice the CPU time with
 * it). The JavaScript's optimiser is held back as in every short run (./short-run.ts). The language
 * server, which parses on every edit, keeps both optimisers.
 */
export function loadTerraformFromDisk({ oneShot = false }: { oneShot?: boolean } = {}): Promise<void> {
  const dir = wasmDirectory(__dirname);
  if (!dir) return Promise.reject(new Error(`${TERRAFORM_WASM_FILES.grammar} is missing beside ${__dirname}: the package is incomplete`));
  // dist/tree-sitter.js, a bundle of its own: only a run that reads a Terraform file loads it. It is
  // loaded before the flags below change: its code cache is only accepted under the flags it was written with.
  const treeSitter = require(path.join(dir, TERRAFORM_WASM_FILES.module)) as typeof import('web-tree-sitter');
  // The same for the analyzer's part with the Terraform reader (dist/server-extras.js), which the analyzer bundle loads
  // when one of its functions is first read: it is read here, before the flags change.
  const loadParser = loadTerraformParser;
  if (oneShot) startShortRun(BASELINE_ONLY);
  return loadParser({
    treeSitter,
    runtime: fs.readFileSync(path.join(dir, TERRAFORM_WASM_FILES.runtime)),
    grammar: fs.readFileSync(path.join(dir, TERRAFORM_WASM_FILES.grammar)),
  });
}

/** The nearest folder at or above `from` (or its dist/) that holds the parser's WebAssembly. */
function wasmDirectory(from: string): string | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    for (const candidate of [dir, path.join(dir, 'dist')]) if (fs.existsSync(path.join(candidate, TERRAFORM_WASM_FILES.grammar))) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}
