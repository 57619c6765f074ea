import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/browser';
import { CORE_URL_MESSAGE } from '../../../server/src/lsp/file-requests';
import { activateOn, CLIENT_NAME, deactivate } from '../common/activate';
import { SECTION } from '../common/settings';

/** The browser's Worker (the extension host in VS Code for the Web runs in one, and may start others). */
declare const Worker: new (url: string) => ConstructorParameters<typeof LanguageClient>[3];

/**
 * VS Code for the Web (vscode.dev, github.dev): the same language server, built for the browser, runs in
 * a web worker. It reads `.search-lint.json` and baseline files through the editor; git cannot run here.
 */
export function activate(context: vscode.ExtensionContext): Promise<void> {
  return activateOn({
    kind: 'browser',
    createClient: (ctx, clientOptions) => {
      const serverMain = vscode.Uri.joinPath(ctx.extensionUri, 'dist/web/server.js');
      const worker = new Worker(serverMain.toString(true));
      // Before the protocol: where the analyzer bundle is, which the worker cannot find by itself.
      worker.postMessage({ [CORE_URL_MESSAGE]: vscode.Uri.joinPath(ctx.extensionUri, 'dist/server-core.js').toString(true) });
      return new LanguageClient(SECTION, CLIENT_NAME, clientOptions, worker);
    },
    limitations: (settings) => {
      const baseline = typeof settings.baseline === 'string' ? settings.baseline : 'git:HEAD';
      if (!baseline.startsWith('git:')) return undefined;
      return `searchConfig.baseline is "${baseline}", but git cannot run in the browser: the change-aware rules (restart-required, create-only-field) `
        + 'and the change impact view have no baseline here. Set searchConfig.baseline to the path of a file with the deployed configuration to use them.';
    },
  }, context);
}

export { deactivate };
