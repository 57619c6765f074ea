import fs from 'node:fs';
import path from 'node:path';
import { loadTerraformParser } from '../core';

/** The Terraform parser: web-tree-sitter bundled by the build, and the WebAssembly it copies into dist/. */
export const TERRAFORM_WASM_FILES = {
  module: 'tree-sitter.js',
  runtime: 'tree-sitter.wasm',
  grammar: 'tree-sitter-terraform.wasm',
} as const;

/**
 * Reads the parser's WebAssembly from beside the running bundle (dist/, or the dist/ above a
 * test bundle) and hands the bytes to the core, which reads no files itself.
 */
export function loadTerraformFromDisk(): Promise<void> {
  const dir = wasmDirectory(__dirname);
  if (!dir) return Promise.reject(new Error(`${TERRAFORM_WASM_FILES.grammar} is missing beside ${__dirname}: the package is incomplete`));
  // dist/tree-sitter.js, a bundle of its own: only a run that reads a Terraform file loads it.
  const treeSitter = require(path.join(dir, TERRAFORM_WASM_FILES.module)) as typeof import('web-tree-sitter');
  return loadTerraformParser({
    treeSitter,
    runtime: fs.readFileSync(path.join(dir, TERRAFORM_WASM_FILES.runtime)),
    grammar: fs.readFileSync(path.join(dir, TERRAFORM_WASM_FILES.grammar)),
  });
}

/** The nearest folder at or above `from` (or its dist/) that holds the parser's WebAssembly. */
function wasmDirectory(from: string): string | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    for (const candidate of [dir, path.join(dir, 'dist')])
      if (fs.existsSync(path.join(candidate, TERRAFORM_WASM_FILES.grammar))) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}
