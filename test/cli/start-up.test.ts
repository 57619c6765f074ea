import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const root = path.resolve(__dirname, '../../..');
const dist = path.join(root, 'dist');
/** Node's compile cache came with Node 22.1: an older Node runs the bins without it. */
const hasCompileCache = typeof (require('node:module') as { enableCompileCache?: unknown }).enableCompileCache === 'function';

/** The bins and the bundles users run: the npm package's, the .vsix's (desktop and web) and the Action's. */
function shippedScripts(): string[] {
  const bundles = fs
    .readdirSync(dist)
    .filter((f) => f.endsWith('.js') && f !== 'gen-docs.js')
    .map((f) => path.join(dist, f));
  const web = fs
    .readdirSync(path.join(dist, 'web'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => path.join(dist, 'web', f));
  const bins = fs
    .readdirSync(path.join(root, 'bin'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => path.join(root, 'bin', f));
  return [...bins, ...bundles, ...web];
}

test('no shipped script calls a deprecated or private Node API, nor changes how V8 optimises at run time', () => {
  // process.binding is deprecated (DEP0111); Module._* members are Node's internals; optimiser flags
  // changed after start-up make V8 reject code caches. The one flag the server sets is --expose-gc, for
  // the moment it takes V8's collector (server/src/node/runtime.ts). (Emscripten's own `Module._x`
  // functions in the WebAssembly loader are not Node's module system: `require('module')._` is.)
  // The Buffer constructor called as a function or with `new` is deprecated (DEP0005), as are util._extend
  // (DEP0060) and process.assert (DEP0100); process._getActiveHandles and the like are internals.
  const forbidden = [
    /process\.binding\s*\(/,
    /\bprocess\._linkedBinding\b/,
    /_nodeModulePaths/,
    /require\(["'](?:node:)?module["']\)\._/,
    /\.setFlagsFromString\((?!["'`]--(?:no-)?expose-gc["'`]\))/,
    /\bnoDeprecation\b/,
    /\bnew Buffer\s*\(/,
    /(?<![\w$.])Buffer\s*\(/,
    /\._extend\s*\(/,
    /\bprocess\.assert\s*\(/,
    /\bprocess\._(?:getActiveHandles|getActiveRequests|tickCallback|rawDebug)\b/,
  ];
  const scripts = shippedScripts();
  assert.ok(scripts.length >= 10, `the bins and bundles are found (${scripts.length})`);
  for (const file of scripts) {
    const text = fs.readFileSync(file, 'utf8');
    for (const pattern of forbidden) assert.ok(!pattern.test(text), `${path.relative(root, file)} matches ${pattern}`);
  }
});

test("the CLI and the language server turn on Node's own compile cache, in Node's cache directory and never in the package", () => {
  const version = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version;
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-config-compile-cache-'));
  const before = new Set(fs.readdirSync(dist));
  try {
    const env = { ...process.env, NODE_COMPILE_CACHE: cacheDir, NODE_DISABLE_COMPILE_CACHE: undefined };
    const cli = spawnSync(process.execPath, [path.join(root, 'bin/search-config.js'), '--version'], { encoding: 'utf8', env });
    assert.deepEqual({ code: cli.status, out: cli.stdout.trim(), err: cli.stderr }, { code: 0, out: version, err: '' });
    const server = spawnSync(process.execPath, [path.join(root, 'bin/search-config-language-server.js'), '--help'], {
      encoding: 'utf8',
      env,
    });
    assert.equal(server.status, 0, server.stderr);
    const cached = fs.readdirSync(cacheDir, { recursive: true }).length;
    if (hasCompileCache) assert.ok(cached > 0, 'Node wrote its compile cache of the bundles');
    else assert.equal(cached, 0, 'a Node without a compile cache writes none');
    // A second start reads the cache and answers the same.
    const again = spawnSync(process.execPath, [path.join(root, 'bin/search-config.js'), '--version'], { encoding: 'utf8', env });
    assert.deepEqual({ code: again.status, out: again.stdout.trim(), err: again.stderr }, { code: 0, out: version, err: '' });
    assert.deepEqual(
      fs.readdirSync(dist).filter((f) => !before.has(f)),
      [],
      'nothing is written into the package',
    );
  } finally {
    fs.rmSync(cacheDir, { recursive: true, force: true });
  }
});
