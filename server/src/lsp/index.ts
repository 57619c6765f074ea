/*
 * The language server as its hosts start it: server/src/node/main.ts (stdio, IPC, a socket or a pipe) and
 * server/src/browser/main.ts (a web worker's message port). Both load one bundle of it, dist/server-main.js,
 * so that the extension carries the protocol stack (vscode-languageserver and the packages under it) once.
 * That bundle runs in Node and in a worker alike: what only one of them has is asked for by its host.
 */
import type * as NodeTransport from 'vscode-languageserver/node';
import type * as BrowserTransport from 'vscode-languageserver/browser';

export { startServer, type ServerOptions } from './server';
export type { DirectoryEntry, GitReadResult, ReadResult, ServerRuntime } from './runtime';

/**
 * Node's connections (its module needs Node's built-ins, which a worker has not): loaded when the Node
 * host asks. vscode-jsonrpc then runs on Node's runtime layer (its timers, buffers and encodings).
 */
export const nodeTransport = (): typeof NodeTransport => require('vscode-languageserver/node') as typeof NodeTransport;

/** The worker's connection over its message port. */
export const browserTransport = (): typeof BrowserTransport => require('vscode-languageserver/browser') as typeof BrowserTransport;
