/**
 * The web extension's bundles (VS Code for the Web): built for the browser, with no Node built-in
 * and no require() but the extension host's `vscode`; the worker and the Node server both loading the
 * one analyzer bundle and the one language server bundle. Their behaviour is tested in Chromium by the
 * real-editor tests (test/editors/web-worker.ts and vscode-web-worker.ts).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { REPO } from '../support/repo';

const root = REPO;
const read = (p: string) => fs.readFileSync(path.join(root, p), 'utf8');
/** require( as a call, not inside a string (ajv keeps the source of its helpers as strings). */
const requireCalls = (code: string) => [...code.matchAll(/(?<![\w.'"$])require\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) => m[1]);

/** The analyzer bundle (in a worker a script setting a global). */
const ANALYZER = 'dist/server-core.js';

test('the browser bundles use no Node built-in and require nothing but vscode', () => {
  for (const file of ['dist/web/server.js', 'dist/web/client.js', ANALYZER]) {
    const code = read(file);
    const required = new Set(requireCalls(code));
    const allowed = file === 'dist/web/client.js' ? ['vscode'] : [];
    assert.deepEqual(
      [...required].filter((r) => !allowed.includes(r)),
      [],
      `${file} requires modules a browser does not have`,
    );
    assert.doesNotMatch(code, /["']node:[a-z_]+["']/, `${file} names a Node built-in`);
  }
  assert.deepEqual(requireCalls('a = require("fs"); b = x.code = \'require("ajv/x")\''), ['fs'], 'the check finds calls and skips strings');
});

test('the Node server and the worker load one language server bundle, which alone carries the protocol stack', () => {
  const node = read('dist/server.js');
  const worker = read('dist/web/server.js');
  const server = read('dist/server-main.js');
  // Through the bins' compile cache (bin/compile-cache.js, bundled in): requireBundle(join(__dirname, NAME)).
  const throughCache = [...node.matchAll(/\.requireBundle\(require\(["']node:path["']\)\.join\(__dirname,\s*["']([^"']+)["']\)\)/g)].map(
    (m) => `./${m[1]}`,
  );
  assert.deepEqual(
    [...requireCalls(node).filter((r) => r.startsWith('.')), ...throughCache].sort(),
    ['./server-core.js', './server-main.js'],
    'the Node server requires the analyzer and the language server',
  );
  assert.match(worker, /importScripts\(/);
  assert.match(worker, /searchConfigServerUrl/);
  assert.match(server, /^"use strict";var searchConfigLanguageServer=/);
  // A method of the protocol, as the protocol stack names it: in the shared bundle, in neither host's.
  assert.match(server, /"textDocument\/didOpen"/);
  for (const [file, code] of [
    ['dist/server.js', node],
    ['dist/web/server.js', worker],
  ])
    assert.doesNotMatch(code, /"textDocument\/didOpen"/, `${file} carries a copy of the protocol stack`);
  assert.match(read('dist/server-core.js'), /var searchConfigCore = /);
});

test("the language server bundle loads in a worker, and Node's transport is loaded only when the Node server asks", async () => {
  const vm = await import('node:vm');
  // A worker's globals: importScripts and no require, so that any require reached on the way would throw.
  const scope: Record<string, unknown> = { console, TextEncoder, TextDecoder, setTimeout, clearTimeout, queueMicrotask, MessageChannel };
  scope.importScripts = (...urls: string[]) => {
    for (const url of urls) vm.runInContext(read(url), scope);
  };
  scope.self = scope;
  vm.createContext(scope);
  (scope.importScripts as (...urls: string[]) => void)('dist/server-core.js', 'dist/server-main.js');
  const server = scope.searchConfigLanguageServer as {
    startServer: unknown;
    browserTransport(): { createConnection: unknown; BrowserMessageReader: unknown };
    nodeTransport(): unknown;
  };
  assert.equal(typeof server.startServer, 'function');
  assert.equal(typeof server.browserTransport().createConnection, 'function');
  assert.equal(typeof server.browserTransport().BrowserMessageReader, 'function');
  assert.throws(() => server.nodeTransport(), /require/, "Node's transport needs Node's require, which a worker has not");
});

test('the manifest points VS Code for the Web at the browser client', () => {
  const manifest = JSON.parse(read('package.json'));
  assert.equal(manifest.browser, './dist/web/client.js');
  assert.ok(fs.existsSync(path.join(root, manifest.browser)));
  assert.equal(manifest.capabilities.virtualWorkspaces.supported, 'limited');
  assert.match(manifest.capabilities.virtualWorkspaces.description, /git baseline/);
});

test('the Terraform parser loads in the worker from the URLs the extension gives, from a plain script with no Node', async () => {
  const { terraformLoaderFrom } = await import('../../server/src/browser/terraform-wasm');
  const { parseHcl, terraformParserLoaded } = await import('../../server/src/core/formats/terraform/parser');
  const vm = await import('node:vm');
  const files: Record<string, string> = {
    '/x/tree-sitter.js': 'dist/tree-sitter.js',
    '/x/rt.wasm': 'dist/tree-sitter.wasm',
    '/x/hcl.wasm': 'dist/tree-sitter-terraform.wasm',
  };
  // A worker's globals: no process, require or module, so the bundle runs as a browser script would.
  const worker = vm.createContext({
    WebAssembly: (globalThis as Record<string, unknown>).WebAssembly,
    Uint8Array,
    console,
    TextDecoder,
    TextEncoder,
    URL,
    setTimeout,
    clearTimeout,
    performance,
  });
  const loaded: string[] = [];
  const globals = globalThis as unknown as Record<string, unknown>;
  globals.self = worker;
  globals.importScripts = (url: string) => {
    loaded.push(url);
    vm.runInContext(read(files[url]), worker);
  };
  globals.fetch = async (url: string) => {
    loaded.push(url);
    const bytes = fs.readFileSync(path.join(root, files[url]));
    return { ok: true, status: 200, arrayBuffer: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) };
  };
  try {
    assert.equal(terraformParserLoaded(), false);
    await terraformLoaderFrom({ module: '/x/tree-sitter.js', runtime: '/x/rt.wasm', grammar: '/x/hcl.wasm' })();
    assert.deepEqual(loaded.sort(), Object.keys(files).sort());
    const tree = parseHcl('resource "vendor_search" "a" {\n  search_user_config {\n    x = 1\n  }\n}\n');
    assert.match(tree.rootNode.toString(), /^\(config_file \(body \(block .*\(attribute \(identifier\)/);
    tree.delete();
  } finally {
    delete globals.self;
    delete globals.importScripts;
    delete globals.fetch;
  }
});

test('the Terraform parser bundle is a worker script that is also a CommonJS module, and the web extension hands it to the worker', () => {
  const code = read('dist/tree-sitter.js');
  assert.deepEqual(requireCalls(code), [], 'dist/tree-sitter.js requires nothing');
  assert.match(code, /^"use strict";var searchConfigTreeSitter=/);
  assert.match(read('dist/web/client.js'), /searchConfigTerraformUrls/);
  assert.match(read('dist/web/client.js'), /dist\/tree-sitter-terraform\.wasm/);
  assert.match(read('dist/web/server.js'), /searchConfigTerraformUrls/);
});

test('the web extension hands the worker the analyzer bundle, which analyses every format in a worker', async () => {
  const { ANALYZER_BUNDLE } = await import('../../server/src/lsp/client-reads');
  assert.equal(ANALYZER_BUNDLE, ANALYZER);
  const shipped = fs
    .readdirSync(path.join(root, 'dist'))
    .filter((f) => /^server-.*\.js$/.test(f) && f !== 'server-main.js')
    .map((f) => `dist/${f}`);
  assert.deepEqual(shipped, [ANALYZER], 'the build writes one analyzer bundle, the one handed to the worker');
  assert.match(read('dist/web/client.js'), /dist\/server-core\.js/);
  const vm = await import('node:vm');
  // A worker's globals: importScripts and no require, so that a require reached on the way would throw.
  const scope: Record<string, unknown> = { console, TextEncoder, TextDecoder, setTimeout, clearTimeout, queueMicrotask, performance };
  scope.self = scope;
  vm.createContext(scope);
  vm.runInContext(read(ANALYZER), scope);
  const core = scope.searchConfigCore as Record<
    string,
    { analyze(text: string, options: object): { findings: Array<{ ruleId: string }> } }
  >;
  const ruleIds = (fileName: string, text: string) => Array.from(core.index.analyze(text, { fileName }).findings, (f) => f.ruleId);
  assert.deepEqual(ruleIds('a.search.json', '{ "search_version": "2.19", "unknown_thing": 1 }'), ['unknown-field']);
  assert.deepEqual(ruleIds('a.search.yaml', 'search_version: "2.19"\nunknown_thing: 1\n'), ['unknown-field']);
  assert.deepEqual(ruleIds('a.http', 'GET /_cat/indices\n'), []);
});

test('the worker server loads before the analyzer bundle is there: nothing reads it until the first message', async () => {
  const vm = await import('node:vm');
  const listeners: unknown[] = [];
  const scope: Record<string, unknown> = {
    addEventListener: (_type: string, l: unknown) => listeners.push(l),
    removeEventListener: () => undefined,
    console,
    TextEncoder,
    TextDecoder,
    setTimeout,
    clearTimeout,
    queueMicrotask,
    MessageChannel,
  };
  scope.self = scope;
  vm.createContext(scope);
  // No searchConfigCore global yet, as in a worker just started: a module that reads it at load would throw here.
  vm.runInContext(read('dist/web/server.js'), scope);
  assert.equal(listeners.length, 1, 'the worker waits for the message that says where the analyzer is');
});
