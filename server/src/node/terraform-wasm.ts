import fs from 'node:fs';
import path from 'node:path';
import { loadTerraformParser } from '../core/formats/terraform/parser';

/** The Terraform parser: web-tree-sitter bundled by the build, and the WebAssembly it copies into dist/. */
export const TERRAFORM_WASM_FILES = { module: 'tree-sitter.js', runtime: 'tree-sitter.wasm', grammar: 'tree-sitter-terraform.wasm' } as const;

/** V8's flags that optimise WebAssembly after its baseline compile (both on by default). */
const BASELINE_ONLY = ['wasm-tier-up', 'wasm-dynamic-tiering'];
/** V8's optimising compiler of JavaScript (on by default). */
const JAVASCRIPT_OPTIMISER = 'turbofan';
/**
 * Input (in characters, over every file of the run) up to which a one-shot run does without
 * TurboFan. Measured cold, with a 300-line .tf file beside: a 1 MB configuration took 0.76 times
 * the CPU time without it, a 10 MB one 1.08 times.
 */
const UNOPTIMISED_INPUT_LIMIT = 4 * 1024 * 1024;
/** While a one-shot run goes without TurboFan: the input it may still read before TurboFan is back. */
let unoptimised: { left: number; setFlags: (flags: string) => void } | undefined;

/** A one-shot run read a file of `characters`: past UNOPTIMISED_INPUT_LIMIT in all, TurboFan is back. */
export function noteInputRead(characters: number): void {
  if (!unoptimised) return;
  unoptimised.left -= characters;
  if (unoptimised.left >= 0) return;
  unoptimised.setFlags(`--${JAVASCRIPT_OPTIMISER}`);
  unoptimised = undefined;
}

/**
 * Reads the parser's WebAssembly from beside the running bundle (dist/, or the dist/ above a
 * test bundle) and hands the bytes to the core, which reads no files itself.
 *
 * `oneShot`: the process parses a few files and exits (the CLI), which tells of each file it reads
 * (noteInputRead). V8 then keeps the parser in its baseline WebAssembly code: optimising the parser's hot functions in
 * the background costs more CPU than the few milliseconds of parsing it would save (a 300-line
 * file linted cold took about twice the CPU time with it). Until the run has read much input, V8
 * also runs the JavaScript without TurboFan: its compiles (some of them on the main thread, for loops already
 * running) cost a short run more than the optimised code gives back (a 300-line file linted cold
 * took 7% less CPU time without it, a 5,000-line one 16% less, a module of 500 files 11% less).
 * The language server, which parses on every edit, keeps both optimisers.
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
  if (oneShot) {
    const setFlags = v8FlagSetter();
    const off = [...BASELINE_ONLY, JAVASCRIPT_OPTIMISER];
    setFlags(`--no-${off.join(' --no-')}`);
    unoptimised = { left: UNOPTIMISED_INPUT_LIMIT, setFlags };
    // V8 accepts a code cache only from a process with the same flags: they are put back before the
    // bundles' code caches are written at exit (bin/run-bundle.js), or every later run would reject them.
    process.prependListener('exit', () => setFlags(`--${off.join(' --')}`));
  }
  return loadParser({
    treeSitter,
    runtime: fs.readFileSync(path.join(dir, TERRAFORM_WASM_FILES.runtime)),
    grammar: fs.readFileSync(path.join(dir, TERRAFORM_WASM_FILES.grammar)),
  });
}

/**
 * V8's `setFlagsFromString`. node:v8 exports the function of Node's internal `v8` binding, but
 * loading node:v8 loads Node's streams as well (for its heap snapshots): about a millisecond and a
 * half of every cold run that reads a .tf file, which loads nothing else of them. The binding is
 * reached through process.binding, whose deprecation warning (DEP0111) is kept quiet for this one
 * look-up; a Node without it, or without the function there, gets node:v8 (required here, not
 * imported: a run over JSON files alone loads neither).
 */
function v8FlagSetter(): (flags: string) => void {
  const node = process as unknown as { binding?: (name: string) => { setFlagsFromString?: unknown }; noDeprecation?: boolean };
  const binding = node.binding;
  if (typeof binding === 'function') {
    const quiet = node.noDeprecation;
    node.noDeprecation = true;
    try {
      const set = binding('v8').setFlagsFromString;
      if (typeof set === 'function') return (flags) => { set(flags); };
    } catch { /* no such binding in this Node: node:v8 below */ } finally {
      node.noDeprecation = quiet;
    }
  }
  return (require('node:v8') as typeof import('node:v8')).setFlagsFromString;
}

/** The nearest folder at or above `from` (or its dist/) that holds the parser's WebAssembly. */
function wasmDirectory(from: string): string | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    for (const candidate of [dir, path.join(dir, 'dist')]) if (fs.existsSync(path.join(candidate, TERRAFORM_WASM_FILES.grammar))) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}
