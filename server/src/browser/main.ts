import { BrowserMessageReader, BrowserMessageWriter, createConnection } from 'vscode-languageserver/browser';
import { startServer } from '../lsp/server';
import { browserRuntime } from './runtime';

// The language server in a web worker (VS Code for the Web, github.dev): the same server as on Node,
// talking to the extension over the worker's message port.
declare const self: unknown;
const port = self as ConstructorParameters<typeof BrowserMessageReader>[0];
const connection = createConnection(new BrowserMessageReader(port), new BrowserMessageWriter(port));
startServer(connection, browserRuntime(connection));
connection.listen();
