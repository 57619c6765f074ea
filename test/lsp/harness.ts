import { PassThrough } from 'node:stream';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createConnection,
  createProtocolConnection,
  ProposedFeatures,
  StreamMessageReader,
  StreamMessageWriter,
  type ClientCapabilities,
  type CompletionItem,
  type Diagnostic,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type TextEdit,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { startServer, type ServerOptions } from '../../server/src/lsp/server';
import type { ServerRuntime } from '../../server/src/lsp/runtime';
import { nodeRuntime } from '../../server/src/node/runtime';

/** What a typical editor announces: snippets, markdown, tags, dynamic registration; pull diagnostics optional. */
export function editorCapabilities(opts: { pull?: boolean; snippets?: boolean; configuration?: boolean } = {}): ClientCapabilities {
  const caps: ClientCapabilities = {
    workspace: {
      configuration: opts.configuration !== false,
      workspaceFolders: true,
      didChangeConfiguration: { dynamicRegistration: true },
      didChangeWatchedFiles: { dynamicRegistration: true },
      diagnostics: { refreshSupport: true },
      inlayHint: { refreshSupport: true },
    },
    textDocument: {
      synchronization: { didSave: true },
      completion: {
        completionItem: {
          snippetSupport: opts.snippets !== false,
          documentationFormat: ['markdown', 'plaintext'],
          tagSupport: { valueSet: [1] },
        },
      },
      hover: { contentFormat: ['markdown'] },
      publishDiagnostics: { relatedInformation: true, tagSupport: { valueSet: [1, 2] }, versionSupport: true },
      codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source.fixAll'] } }, isPreferredSupport: true },
    },
  };
  if (opts.pull) caps.textDocument!.diagnostic = { dynamicRegistration: false };
  return caps;
}

export interface ClientOptions {
  capabilities?: ClientCapabilities;
  /** Answer to `workspace/configuration` for the `searchConfig` section. */
  settings?: unknown;
  folders?: string[];
  /** Workspace folders given as URIs (a virtual workspace); used instead of `folders`. */
  folderUris?: string[];
  /** The platform the server runs on; Node's by default. */
  runtime?: ServerRuntime;
  serverOptions?: ServerOptions;
  initializationOptions?: unknown;
}

/** A language client talking to an in-process server over in-memory streams, as an editor would. */
export class TestClient {
  readonly published = new Map<string, PublishDiagnosticsParams[]>();
  readonly logs: string[] = [];
  readonly registrations: string[] = [];
  readonly shownMessages: string[] = [];
  refreshes = 0;
  settings: unknown;
  configurationRequests = 0;
  private readonly texts = new Map<string, TextDocument>();
  private waiters: Array<() => void> = [];

  private constructor(
    readonly connection: ProtocolConnection,
    options: ClientOptions,
  ) {
    this.settings = options.settings;
  }

  static async start(options: ClientOptions = {}): Promise<TestClient> {
    const toServer = new PassThrough(),
      toClient = new PassThrough();
    const server = createConnection(ProposedFeatures.all, new StreamMessageReader(toServer), new StreamMessageWriter(toClient));
    startServer(server, options.runtime ?? nodeRuntime(), { debounceMs: 20, ...options.serverOptions });
    server.listen();
    const connection = createProtocolConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
    const client = new TestClient(connection, options);
    connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      const list = client.published.get(p.uri) ?? [];
      list.push(p);
      client.published.set(p.uri, list);
      client.wake();
    });
    connection.onNotification('window/logMessage', (p: { message: string }) => {
      client.logs.push(p.message);
      client.wake();
    });
    connection.onNotification('window/showMessage', (p: { message: string }) => {
      client.shownMessages.push(p.message);
      client.wake();
    });
    connection.onRequest('workspace/configuration', (p: { items: Array<{ section?: string; scopeUri?: string }> }) => {
      client.configurationRequests++;
      const s = client.settings;
      return p.items.map((item) => (typeof s === 'function' ? (s as (uri?: string) => unknown)(item.scopeUri) : s) ?? null);
    });
    connection.onRequest('client/registerCapability', (p: { registrations: Array<{ method: string }> }) => {
      client.registrations.push(...p.registrations.map((r) => r.method));
      return null;
    });
    connection.onRequest('workspace/diagnostic/refresh', () => {
      client.refreshes++;
      client.wake();
      return null;
    });
    connection.onRequest('workspace/inlayHint/refresh', () => null);
    connection.listen();
    const folders = options.folderUris ?? (options.folders ?? []).map((f) => pathToFileURL(f).href);
    await connection.sendRequest('initialize', {
      processId: null,
      rootUri: folders[0] ?? null,
      capabilities: options.capabilities ?? editorCapabilities(),
      workspaceFolders: folders.map((uri) => ({ uri, name: uri.split('/').filter(Boolean).pop() ?? uri })),
      initializationOptions: options.initializationOptions,
    });
    await connection.sendNotification('initialized', {});
    return client;
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  /** Resolves when `predicate` holds, re-checked after every message from the server. */
  async until<T>(what: string, predicate: () => T | undefined | false, timeoutMs = 5000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const v = predicate();
      if (v) return v;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`Timed out waiting for ${what}; logs: ${this.logs.join(' | ')}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 50));
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** The diagnostics of the newest publish for `uri` at `version` (or any version). */
  async diagnostics(uri: string, version?: number): Promise<Diagnostic[]> {
    const p = await this.until(`diagnostics of ${uri}`, () => {
      const list = this.published.get(uri);
      const last = list?.[list.length - 1];
      return last && (version === undefined || last.version === version) ? last : undefined;
    });
    return p.diagnostics;
  }

  async open(uri: string, text: string, languageId = 'json', version = 1): Promise<void> {
    this.texts.set(uri, TextDocument.create(uri, languageId, version, text));
    await this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version, text } });
  }

  async change(uri: string, text: string, version: number): Promise<void> {
    const doc = this.texts.get(uri)!;
    this.texts.set(uri, TextDocument.update(doc, [{ text }], version));
    await this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
  }

  text(uri: string): string {
    return this.texts.get(uri)!.getText();
  }

  request<R>(method: string, params: unknown): Promise<R> {
    return this.connection.sendRequest(method, params) as Promise<R>;
  }

  async completion(uri: string, offset: number): Promise<CompletionItem[]> {
    const position = this.texts.get(uri)!.positionAt(offset);
    const r = await this.request<{ items: CompletionItem[] } | null>('textDocument/completion', { textDocument: { uri }, position });
    return r?.items ?? [];
  }

  async shutdown(): Promise<void> {
    await this.connection.sendRequest('shutdown');
    this.connection.dispose();
  }
}

/** Applies LSP edits to a text. */
export function applyLspEdits(text: string, edits: TextEdit[]): string {
  return TextDocument.applyEdits(TextDocument.create('x:', 'json', 0, text), edits);
}

/** The text after accepting a completion item: its main edit plus the additional ones; snippet syntax is resolved as an editor would. */
export function acceptCompletion(text: string, item: CompletionItem): string {
  const main = item.textEdit as TextEdit;
  const newText = item.insertTextFormat === 2 ? resolveSnippet(main.newText) : main.newText;
  return applyLspEdits(text, [{ range: main.range, newText }, ...(item.additionalTextEdits ?? [])]);
}

/** `${1:value}` -> `value`, `$0`/`${1}` -> ``, `\$` -> `$`. */
export function resolveSnippet(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '\\' && i + 1 < s.length) {
      out += s[++i];
      continue;
    }
    if (c === '$') {
      const m = /^\$(?:(\d+)|\{(\d+)(?::((?:\\.|[^\\}])*))?\})/.exec(s.slice(i));
      if (m) {
        out += resolveSnippet(m[3] ?? '');
        i += m[0].length - 1;
        continue;
      }
    }
    out += c;
  }
  return out;
}

/** A fresh directory for one test's files. */
export function tempDir(name: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `sc-${name}-`));
}

export const uriOf = (file: string): string => pathToFileURL(file).href;

/** Text with a `|` marking the cursor: the text without it and the cursor's offset. */
export function cursor(marked: string): { text: string; offset: number } {
  const offset = marked.indexOf('|');
  return { text: marked.slice(0, offset) + marked.slice(offset + 1), offset };
}
