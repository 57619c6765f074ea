import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readGitBaseline } from './baseline-files';
import { loadTerraformFromDisk } from './terraform-wasm';
import { keepCompiledCode } from './compiled-code';
import type { DirectoryEntry, ReadResult, ServerRuntime } from '../lsp/runtime';

/** The language server on Node: the disk for `file:` URIs, git for git baselines, V8's collector. */
export function nodeRuntime(): ServerRuntime {
  return {
    host: 'node',
    readFile: async (uri) => {
      const file = pathOf(uri);
      if (!file) return { ok: false, missing: true, message: 'not a file on disk' };
      try {
        return { ok: true, text: (await fs.promises.readFile(file, 'utf8')).replace(/^\uFEFF/, '') };
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        return { ok: false, missing: code === 'ENOENT' || code === 'ENOTDIR', message: code ?? String(err) } satisfies ReadResult;
      }
    },
    readDirectory: async (uri) => {
      const dir = pathOf(uri);
      if (!dir) return undefined;
      try {
        const entries = await fs.promises.readdir(dir, { withFileTypes: true });
        return entries.flatMap((e): DirectoryEntry[] =>
          e.isDirectory() ? [{ name: e.name, type: 'directory' }] : e.isFile() ? [{ name: e.name, type: 'file' }] : [],
        );
      } catch {
        return undefined;
      }
    },
    readGitRevision: async (uri, ref) => {
      const file = pathOf(uri);
      return file ? readGitBaseline(file, ref) : { ok: false, message: `${uri} is not a file on disk` };
    },
    nextTurn: (callback) => {
      setImmediate(callback);
    },
    loadTerraformParser: loadTerraformFromDisk,
    keepCompiledCode,
    // Looked up on first use: most sessions never close a large document.
    collectGarbage: () => fullCollection()?.(),
    setBackgroundTimeout: (callback, ms) => {
      const timer = setTimeout(callback, ms);
      timer.unref();
      return { cancel: () => clearTimeout(timer) };
    },
  };
}

function pathOf(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

let collector: (() => void) | null | undefined;

/** V8's full garbage collection, when this Node allows it; null otherwise. */
function fullCollection(): (() => void) | null {
  if (collector !== undefined) return collector;
  try {
    const exposed = (globalThis as { gc?: () => void }).gc;
    if (typeof exposed === 'function') collector = exposed;
    else {
      // Loaded only here: node:v8 and node:vm take milliseconds to load.
      const v8 = require('node:v8') as typeof import('node:v8');
      const vm = require('node:vm') as typeof import('node:vm');
      // The flag only decides whether new contexts get a `gc` global: take it from one, then unset it.
      v8.setFlagsFromString('--expose-gc');
      try {
        collector = vm.runInNewContext('gc') as () => void;
      } finally {
        v8.setFlagsFromString('--no-expose-gc');
      }
    }
  } catch {
    collector = null;
  }
  return collector;
}
