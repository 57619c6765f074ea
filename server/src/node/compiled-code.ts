import type { EventEmitter } from 'node:events';
import nodeModule from 'node:module';

/**
 * The event bin/compile-cache.js listens for: the bins keep V8's cached data of the bundles themselves
 * (module.flushCompileCache() writes Node's own, of what Node's loader loaded, where Node has it).
 */
export const KEEP_COMPILED_CODE_EVENT = 'search-config:keep-compiled-code';

let kept = false;

/**
 * Writes the compile cache of the running bundles now, once per process, rather than when it exits.
 *
 * Called when the first file has been analysed (and its findings written or published): the cache
 * then holds what a start and one file's analysis compile, which is what every later start needs.
 * A cache written at exit depends on how long the run was: after about a hundred files, the data V8
 * gives back lacks functions that every analysis runs (the schema's validator among them), so that
 * each later start compiles them again. The language server, which runs for hours, is the extreme case.
 * Never fails: a cache that cannot be written only costs the next start its compile.
 */
export function keepCompiledCode(): void {
  if (kept) return;
  kept = true;
  try {
    (nodeModule as { flushCompileCache?: () => void }).flushCompileCache?.();
    // An event of the process's own (Node's typings list only its built-in ones).
    (process as EventEmitter).emit(KEEP_COMPILED_CODE_EVENT);
  } catch {
    // Nothing to keep: the next start compiles.
  }
}
