import { loadTerraformParser } from '../core';
import type { TerraformParserUrls } from '../lsp/client-reads';

declare function importScripts(...urls: string[]): void;
declare function fetch(url: string): Promise<{ ok: boolean; status: number; arrayBuffer(): Promise<ArrayBuffer> }>;
declare const self: Record<string, unknown>;

/** The global that dist/tree-sitter.js defines when a worker loads it with importScripts (see scripts/build.mjs). */
const TREE_SITTER_GLOBAL = 'searchConfigTreeSitter';

/**
 * The Terraform parser in the web worker: the same web-tree-sitter bundle and WebAssembly as on Node,
 * from what the extension gave: its own http(s) URLs, or a blob URL of the script and the bytes of the
 * WebAssembly it read through the editor. The worker reads nothing else: the core gets the bytes, as on Node.
 */
export function terraformLoaderFrom(urls: TerraformParserUrls): () => Promise<void> {
  return async () => {
    importScripts(urls.module);
    const treeSitter = self[TREE_SITTER_GLOBAL] as typeof import('web-tree-sitter') | undefined;
    if (!treeSitter?.Parser) throw new Error(`${urls.module} did not define the parser`);
    const [runtime, grammar] = await Promise.all([fetchBytes(urls.runtime), fetchBytes(urls.grammar)]);
    await loadTerraformParser({ treeSitter, runtime, grammar });
  };
}

async function fetchBytes(url: string | Uint8Array): Promise<Uint8Array> {
  if (typeof url !== 'string') return url;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`reading ${url} failed with HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** The URLs from the worker's first message, when they are all there. */
export function terraformUrlsOf(value: unknown): TerraformParserUrls | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  const urlOrBytes = (x: unknown): x is string | Uint8Array => typeof x === 'string' || x instanceof Uint8Array;
  return typeof v.module === 'string' && urlOrBytes(v.runtime) && urlOrBytes(v.grammar)
    ? { module: v.module, runtime: v.runtime, grammar: v.grammar }
    : undefined;
}
