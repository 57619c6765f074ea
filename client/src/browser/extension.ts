import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/browser';
import {
  ANALYZER_BUNDLE,
  CORE_URL_MESSAGE,
  LANGUAGE_SERVER_BUNDLE,
  SERVER_URL_MESSAGE,
  TERRAFORM_URLS_MESSAGE,
  type TerraformParserUrls,
} from '../../../server/src/lsp/client-reads';
import { activateOn, CLIENT_NAME, deactivate } from '../common/activate';
import { SECTION } from '../common/settings';

/** The browser's Worker, Blob and URL (the extension host in VS Code for the Web runs in a worker, and may start others). */
declare const Worker: new (url: string) => ConstructorParameters<typeof LanguageClient>[3];
declare const Blob: new (parts: Uint8Array[], options: { type: string }) => object;
declare const URL: { createObjectURL(blob: object): string };

/**
 * A URL a worker can load the bundle from. Where the extension is served over http(s) (vscode.dev,
 * github.dev) that is its own URL. VS Code refuses to start workers from an extension installed on a
 * remote (code-server, a remote host opened in the browser), so there the bundle is read through
 * VS Code's file system and handed over as a blob URL.
 */
async function loadableUrl(context: vscode.ExtensionContext, file: string): Promise<string> {
  const uri = vscode.Uri.joinPath(context.extensionUri, file);
  if (uri.scheme === 'http' || uri.scheme === 'https') return uri.toString(true);
  const bytes = await vscode.workspace.fs.readFile(uri);
  return URL.createObjectURL(new Blob([bytes], { type: 'text/javascript' }));
}

/**
 * Where the worker finds the Terraform parser (web-tree-sitter and its WebAssembly), the same files the
 * desktop server reads. Served over http(s), the worker fetches them; otherwise the WebAssembly is sent as
 * bytes, because a worker started from a blob URL may import scripts from blob URLs but not fetch them.
 */
async function terraformParserUrls(context: vscode.ExtensionContext): Promise<TerraformParserUrls> {
  const wasm = async (file: string): Promise<string | Uint8Array> => {
    const uri = vscode.Uri.joinPath(context.extensionUri, file);
    return uri.scheme === 'http' || uri.scheme === 'https' ? uri.toString(true) : vscode.workspace.fs.readFile(uri);
  };
  const [module, runtime, grammar] = await Promise.all([
    loadableUrl(context, 'dist/tree-sitter.js'),
    wasm('dist/tree-sitter.wasm'),
    wasm('dist/tree-sitter-terraform.wasm'),
  ]);
  return { module, runtime, grammar };
}

/**
 * VS Code for the Web (vscode.dev, github.dev): the same language server, built for the browser, runs in
 * a web worker. It reads `.search-lint.json` and baseline files through the editor; git cannot run here.
 */
export function activate(context: vscode.ExtensionContext): Promise<void> {
  return activateOn(
    {
      createClient: async (ctx, clientOptions) => {
        const [workerUrl, coreUrl, serverUrl, terraformUrls] = await Promise.all([
          loadableUrl(ctx, 'dist/web/server.js'),
          loadableUrl(ctx, ANALYZER_BUNDLE),
          loadableUrl(ctx, LANGUAGE_SERVER_BUNDLE),
          terraformParserUrls(ctx),
        ]);
        const worker = new Worker(workerUrl);
        // Before the protocol: where the analyzer's bundles, the language server's and the Terraform parser are,
        // which the worker cannot find by itself.
        worker.postMessage({ [CORE_URL_MESSAGE]: coreUrl, [SERVER_URL_MESSAGE]: serverUrl, [TERRAFORM_URLS_MESSAGE]: terraformUrls });
        return new LanguageClient(SECTION, CLIENT_NAME, clientOptions, worker);
      },
      limitations: (settings) => {
        const baseline = typeof settings.baseline === 'string' ? settings.baseline : 'git:HEAD';
        if (!baseline.startsWith('git:')) return undefined;
        return (
          `searchConfig.baseline is "${baseline}", but git cannot run in the browser: the change-aware rules (restart-required, create-only-field) ` +
          'and the change impact view have no baseline here. Set searchConfig.baseline to the path of a file with the deployed configuration to use them.'
        );
      },
    },
    context,
  );
}

export { deactivate };
