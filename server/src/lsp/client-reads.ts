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
 * The first message to the language server's web worker, before the protocol starts: the URL of the
 * analyzer's bundle (`{ [CORE_URL_MESSAGE]: url }`), dist/server-core.js, which the Node hosts load too.
 */
export const CORE_URL_MESSAGE = 'searchConfigCoreUrl';
export const ANALYZER_BUNDLE = 'dist/server-core.js';

/**
 * In the same first message, the URL of the language server's bundle (`{ [SERVER_URL_MESSAGE]: url }`),
 * dist/server-main.js, which the Node server loads too; the worker loads it after the analyzer's.
 */
export const SERVER_URL_MESSAGE = 'searchConfigServerUrl';
export const LANGUAGE_SERVER_BUNDLE = 'dist/server-main.js';
/** The global the language server's bundle defines in a worker (a script loaded with importScripts). */
export const LANGUAGE_SERVER_GLOBAL = 'searchConfigLanguageServer';

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
