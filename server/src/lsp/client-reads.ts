/**
 * Requests a language server in a browser sends to the editor for files it cannot read itself
 * (`.search-lint.json`, a baseline file, the configurations of the workspace). The extension answers
 * them in VS Code and VS Code for the Web; this module is shared by both sides, and imports nothing.
 */
import type { DirectoryEntry, ReadResult } from './runtime';

export const READ_FILE_METHOD = 'searchConfig/readFile';
export const READ_DIRECTORY_METHOD = 'searchConfig/readDirectory';

export interface UriParams {
  uri: string;
}
export type ReadFileAnswer = ReadResult;
export type ReadDirectoryAnswer = DirectoryEntry[] | null;

/**
 * The first message to the language server's web worker, before the protocol starts: the URLs of the
 * analyzer's bundles (ANALYZER_BUNDLES, in that order), which it loads with importScripts
 * (`{ [CORE_URL_MESSAGE]: urls }`; a single URL is the analyzer bundle alone).
 */
export const CORE_URL_MESSAGE = 'searchConfigCoreUrl';

/**
 * The analyzer's bundles in dist/: dist/server-core.js, then the part a lint of JSON configurations
 * never runs (the YAML, Terraform and request-file readers, the editor features), which the Node hosts
 * and the worker load on first use (scripts/core-bundles.mjs).
 */
export const ANALYZER_BUNDLES = ['dist/server-core.js', 'dist/server-extras.js'];

/**
 * In the same first message, the URL of the language server's bundle (`{ [SERVER_URL_MESSAGE]: url }`),
 * dist/server-main.js, which the Node server loads too; the worker loads it after the analyzer's.
 */
export const SERVER_URL_MESSAGE = 'searchConfigServerUrl';
export const LANGUAGE_SERVER_BUNDLE = 'dist/server-main.js';
/** The global the language server's bundle defines in a worker (a script loaded with importScripts). */
export const LANGUAGE_SERVER_GLOBAL = 'searchConfigLanguageServer';

/** Where the worker keeps the URLs of the parts, for the analyzer bundle to load each on first use (scripts/core-bundles.mjs says the same). */
export const PART_URLS_GLOBAL = 'searchConfigPartUrls';

/**
 * In the same first message, where the Terraform parser is (`{ [TERRAFORM_URLS_MESSAGE]: TerraformParserUrls }`):
 * the worker loads it only when a .tf file is first analysed. Absent, .tf files get no diagnostics.
 */
export const TERRAFORM_URLS_MESSAGE = 'searchConfigTerraformUrls';

/**
 * dist/tree-sitter.js as a URL for importScripts, and dist/tree-sitter.wasm and dist/tree-sitter-terraform.wasm
 * as URLs or as their bytes: a worker started from a blob URL inherits a policy that lets it import scripts
 * from blob URLs but not fetch them, so there the extension sends the bytes themselves.
 */
export interface TerraformParserUrls {
  module: string;
  runtime: string | Uint8Array;
  grammar: string | Uint8Array;
}
