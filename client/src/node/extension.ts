import type * as vscode from 'vscode';
import { LanguageClient, TransportKind, type ServerOptions } from 'vscode-languageclient/node';
import { activateOn, CLIENT_NAME, deactivate } from '../common/activate';
import { SECTION } from '../common/settings';

/** The desktop extension: the language server runs as a Node process (VS Code's own Node) over IPC. */
export function activate(context: vscode.ExtensionContext): Promise<void> {
  return activateOn(
    {
      createClient: (ctx, clientOptions) => {
        const serverModule = ctx.asAbsolutePath('dist/server.js');
        const serverOptions: ServerOptions = {
          run: { module: serverModule, transport: TransportKind.ipc },
          debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6010'] } },
        };
        return new LanguageClient(SECTION, CLIENT_NAME, serverOptions, clientOptions);
      },
    },
    context,
  );
}

export { deactivate };
