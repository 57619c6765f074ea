import { CORE_URL_MESSAGE, SERVER_URL_MESSAGE, TERRAFORM_URLS_MESSAGE } from '../lsp/client-reads';
import { browserRuntime } from './runtime';

/*
 * The language server in a web worker (VS Code for the Web, github.dev): the same server as on Node,
 * talking to the extension over the worker's message port. The analyzer and the language server live in
 * bundles of their own that the Node server loads too; VS Code starts workers from a blob URL, so the
 * worker cannot find its neighbours by itself, and the first message, before any of the protocol, says
 * where they are (and where the Terraform parser is, loaded only when a .tf file is first analysed).
 */
interface WorkerScope {
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}
declare const self: WorkerScope;
declare function importScripts(...urls: string[]): void;

const onFirstMessage = (event: { data: unknown }): void => {
  const data = event.data as { [CORE_URL_MESSAGE]?: unknown; [SERVER_URL_MESSAGE]?: unknown; [TERRAFORM_URLS_MESSAGE]?: unknown } | null;
  const coreUrl = data && typeof data === 'object' ? data[CORE_URL_MESSAGE] : undefined;
  const serverUrl = data && typeof data === 'object' ? data[SERVER_URL_MESSAGE] : undefined;
  if (typeof coreUrl !== 'string' || typeof serverUrl !== 'string') return;
  self.removeEventListener('message', onFirstMessage);
  importScripts(coreUrl, serverUrl);
  // Read only now: the language server's bundle (and the Terraform loader) read the analyzer as they load.
  const { startServer, browserTransport } = require('../lsp') as typeof import('../lsp');
  const { terraformLoaderFrom, terraformUrlsOf } = require('./terraform-wasm') as typeof import('./terraform-wasm');
  const { createConnection, BrowserMessageReader, BrowserMessageWriter } = browserTransport();
  const port = self as unknown as ConstructorParameters<typeof BrowserMessageReader>[0];
  const connection = createConnection(new BrowserMessageReader(port), new BrowserMessageWriter(port));
  const terraformUrls = terraformUrlsOf(data?.[TERRAFORM_URLS_MESSAGE]);
  startServer(connection, browserRuntime(connection, terraformUrls && terraformLoaderFrom(terraformUrls)));
  connection.listen();
};
self.addEventListener('message', onFirstMessage);
