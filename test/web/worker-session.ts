/**
 * The language server's web worker bundle in a real browser: a page served from localhost starts
 * dist/web/server.js as a Worker (telling it where the analyzer's bundles and the Terraform parser are, as the extension does) and
 * talks LSP to it over postMessage. Requests the server sends (settings, files) are answered here, in
 * Node, through a function the page calls. Used by the worker tests and the benchmark.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ANALYZER_BUNDLE, LANGUAGE_SERVER_BUNDLE } from '../../server/src/lsp/client-reads';

export type ServerRequestHandler = (method: string, params: unknown) => unknown;

const PAGE = `<!doctype html><meta charset="utf-8"><title>search-config worker</title><script>
window.errors = []; window.published = {}; window.logs = []; window.answered = 0;
window.workerStartedAt = performance.now();
const worker = new Worker('/dist/web/server.js');
worker.onerror = (e) => { window.errors.push(String(e.message || e)); };
worker.postMessage({ searchConfigCoreUrl: ${JSON.stringify(`/${ANALYZER_BUNDLE}`)},
  searchConfigServerUrl: ${JSON.stringify(`/${LANGUAGE_SERVER_BUNDLE}`)},
  searchConfigTerraformUrls: { module: '/dist/tree-sitter.js', runtime: '/dist/tree-sitter.wasm', grammar: '/dist/tree-sitter-terraform.wasm' } });
// A cold start as an editor makes it: initialize goes out as soon as the worker exists, the rest of the
// messages as soon as its answer is in.
const cold = window.coldMessages || [];
if (cold.length) worker.postMessage(cold[0]);
let nextId = 0; const pending = new Map();
worker.onmessage = async (e) => {
  const m = e.data;
  if (m && m.id !== undefined && !m.method && cold.length && m.id === cold[0].id) { for (const c of cold.slice(1)) worker.postMessage(c); return; }
  if (m && m.id !== undefined && !m.method) { const p = pending.get(m.id); pending.delete(m.id); if (p) p(m); return; }
  if (m && m.method && m.id !== undefined) {
    let result = null, error;
    // Settings answered in the page, as an editor answers them, with no round trip to the test process.
    if (m.method === 'workspace/configuration' && window.pageSettings) result = m.params.items.map(() => window.pageSettings);
    else try { result = await window.answerServer(m.method, m.params); } catch (err) { error = { code: -32603, message: String(err) }; }
    worker.postMessage(error ? { jsonrpc: '2.0', id: m.id, error } : { jsonrpc: '2.0', id: m.id, result: result === undefined ? null : result });
    window.answered++;
    return;
  }
  if (m && m.method === 'textDocument/publishDiagnostics') {
    (window.published[m.params.uri] = window.published[m.params.uri] || []).push({ at: performance.now(), ...m.params });
  } else if (m && m.method === 'window/logMessage') window.logs.push(m.params.message);
};
window.lspRequest = (method, params) => new Promise((resolve) => { const id = ++nextId; pending.set(id, resolve); worker.postMessage({ jsonrpc: '2.0', id, method, params }); });
window.lspNotify = (method, params) => worker.postMessage({ jsonrpc: '2.0', method, params });
window.postRaw = (data) => worker.postMessage(data);
window.openTimed = (textDocument) => { const at = performance.now(); window.lspNotify('textDocument/didOpen', { textDocument }); return at; };
</script>`;

/**
 * For `/cold`: the page starts its server the way an editor does, with no round trip to the test process
 * between starting the worker and opening the first document. `messages` starts with the initialize
 * request, posted right after the worker is started; the others are posted once it is answered.
 * `settings` answers every settings pull.
 */
export interface ColdStart {
  messages: unknown[];
  settings: unknown;
}

/** Serves the page (at `/`, and at `/cold` when `cold` is given) and exactly the files the worker loads: its bundle, the analyzer's, the language server's and the Terraform parser. */
export async function serveWorkerPage(root: string, cold?: ColdStart): Promise<{ url: string; close(): Promise<void> }> {
  const files: Record<string, string> = {
    '/dist/web/server.js': path.join(root, 'dist/web/server.js'),
    [`/${ANALYZER_BUNDLE}`]: path.join(root, ANALYZER_BUNDLE),
    [`/${LANGUAGE_SERVER_BUNDLE}`]: path.join(root, LANGUAGE_SERVER_BUNDLE),
    '/dist/tree-sitter.js': path.join(root, 'dist/tree-sitter.js'),
    '/dist/tree-sitter.wasm': path.join(root, 'dist/tree-sitter.wasm'),
    '/dist/tree-sitter-terraform.wasm': path.join(root, 'dist/tree-sitter-terraform.wasm'),
  };
  const server = http.createServer((req, res) => {
    const url = (req.url ?? '/').split('?')[0];
    if (url === '/') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(PAGE);
      return;
    }
    if (url === '/cold' && cold) {
      // `<` escaped so that no text in the messages can end the script element.
      const prelude = `<script>window.coldMessages = ${JSON.stringify(cold.messages).replace(/</g, '\\u003c')}; window.pageSettings = ${JSON.stringify(cold.settings).replace(/</g, '\\u003c')};</script>`;
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(PAGE.replace('<script>', `${prelude}<script>`));
      return;
    }
    const file = files[url];
    if (!file) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': file.endsWith('.wasm') ? 'application/wasm' : 'text/javascript' });
    res.end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => new Promise((r) => server.close(() => r())) };
}

export interface Browser {
  newPage(): Promise<Page>;
  close(): Promise<void>;
}
export interface Page {
  goto(url: string): Promise<unknown>;
  exposeFunction(name: string, fn: (...args: any[]) => unknown): Promise<void>;
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  evaluate<R>(fn: () => R | Promise<R>): Promise<R>;
  waitForFunction(fn: string, arg?: unknown, options?: { timeout?: number }): Promise<unknown>;
  on(event: 'pageerror' | 'console', listener: (e: any) => void): void;
}

/** Debian's Chromium through playwright-core, installed where the real-editor harnesses put it. */
export async function launchChromium(): Promise<Browser> {
  const home = process.env.PLAYWRIGHT_HOME ?? path.join(process.env.RC_HOME ?? '/tmp/realclients', 'pw');
  const { chromium } = createRequire(path.join(home, '/'))('playwright-core');
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/** An LSP client in the page, talking to the worker. */
export class WorkerSession {
  private constructor(readonly page: Page) {}

  /** `pageSettings`: the answer to every settings pull, given in the page itself. */
  static async open(browser: Browser, url: string, answer: ServerRequestHandler, pageSettings?: unknown): Promise<WorkerSession> {
    const page = await browser.newPage();
    await page.exposeFunction('answerServer', (method: string, params: unknown) => answer(method, params));
    await page.goto(url);
    if (pageSettings !== undefined)
      await page.evaluate((s) => {
        (globalThis as any).pageSettings = s;
      }, pageSettings);
    return new WorkerSession(page);
  }

  /** Opens a document and returns the page's clock when the message was posted. */
  openTimed(textDocument: { uri: string; languageId: string; version: number; text: string }): Promise<number> {
    return this.page.evaluate((d) => (globalThis as any).openTimed(d), textDocument);
  }

  request<R>(method: string, params: unknown): Promise<{ result?: R; error?: { code: number; message: string } }> {
    return this.page.evaluate(([m, p]) => (globalThis as any).lspRequest(m, p), [method, params] as const);
  }

  notify(method: string, params: unknown): Promise<void> {
    return this.page.evaluate(([m, p]) => (globalThis as any).lspNotify(m, p), [method, params] as const);
  }

  postRaw(data: unknown): Promise<void> {
    return this.page.evaluate((d) => (globalThis as any).postRaw(d), data);
  }

  /** The newest publish for `uri` at `version`, waited for. */
  async diagnostics(uri: string, version: number, timeoutMs = 30_000): Promise<{ at: number; diagnostics: any[] }> {
    await this.page.waitForFunction(`(window.published[${JSON.stringify(uri)}] || []).some((p) => p.version === ${version})`, undefined, {
      timeout: timeoutMs,
    });
    return this.page.evaluate(([u, v]) => (globalThis as any).published[u].filter((p: any) => p.version === v).pop(), [
      uri,
      version,
    ] as const);
  }

  /** When the page started the worker, on the clock of the publish times. */
  startedAt(): Promise<number> {
    return this.page.evaluate(() => (globalThis as any).workerStartedAt);
  }

  /** `performance.now()` in the page, on the same clock as the publish times. */
  now(): Promise<number> {
    return this.page.evaluate(() => performance.now());
  }

  errors(): Promise<string[]> {
    return this.page.evaluate(() => (globalThis as any).errors);
  }
  logs(): Promise<string[]> {
    return this.page.evaluate(() => (globalThis as any).logs);
  }
}
