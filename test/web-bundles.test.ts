/**
 * The web extension's bundles (VS Code for the Web): built for the browser, with no Node built-in
 * and no require() but the extension host's `vscode`; the worker server no larger than the Node one,
 * both loading the one shared analyzer bundle. Their behaviour is tested in Chromium by the
 * real-editor tests (test/editors/web-worker.ts and vscode-web-worker.ts).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const root = path.resolve(__dirname, '..', '..');
const read = (p: string) => fs.readFileSync(path.join(root, p), 'utf8');
/** require( as a call, not inside a string (ajv keeps the source of its helpers as strings). */
const requireCalls = (code: string) => [...code.matchAll(/(?<![\w.'"$])require\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) => m[1]);

test('the browser bundles use no Node built-in and require nothing but vscode', () => {
  for (const file of ['dist/web/server.js', 'dist/server-core.js', 'dist/web/client.js']) {
    const code = read(file);
    const required = new Set(requireCalls(code));
    const allowed = file === 'dist/web/client.js' ? ['vscode'] : [];
    assert.deepEqual([...required].filter((r) => !allowed.includes(r)), [], `${file} requires modules a browser does not have`);
    assert.doesNotMatch(code, /["']node:[a-z_]+["']/, `${file} names a Node built-in`);
  }
  assert.deepEqual(requireCalls('a = require("fs"); b = x.code = \'require("ajv/x")\''), ['fs'], 'the check finds calls and skips strings');
});

test('the worker server is no larger than the Node server, and both load the shared analyzer', () => {
  const worker = read('dist/web/server.js');
  const node = read('dist/server-main.js');
  assert.ok(worker.length <= node.length, `dist/web/server.js is ${worker.length} bytes, the Node server ${node.length}`);
  assert.match(node, /require\("\.\/server-core\.js"\)/);
  assert.match(worker, /importScripts\(/);
  assert.match(read('dist/server-core.js'), /var searchConfigCore = /);
});

test('the manifest points VS Code for the Web at the browser client', () => {
  const manifest = JSON.parse(read('package.json'));
  assert.equal(manifest.browser, './dist/web/client.js');
  assert.ok(fs.existsSync(path.join(root, manifest.browser)));
  assert.equal(manifest.capabilities.virtualWorkspaces.supported, 'limited');
  assert.match(manifest.capabilities.virtualWorkspaces.description, /git baseline/);
});
