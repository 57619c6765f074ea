import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { generateConfig } from '../fuzz/generate';
import { Rng } from '../fuzz/rng';

const root = path.resolve(__dirname, '../../..');
const dist = path.join(root, 'dist');

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

/** Runs a bin with `args` under `env`; its exit code and output. */
function runBin(bin: string, args: string[], env: NodeJS.ProcessEnv): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [path.join(root, 'bin', bin), ...args], { encoding: 'utf8', env });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** The files of the bins' cache (bin/compile-cache.js) under `cacheDir`, by name, with their bytes. */
function v8Caches(cacheDir: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (const dir of fs.readdirSync(cacheDir).filter((d) => d.startsWith('search-config-v8-'))) {
    for (const f of fs.readdirSync(path.join(cacheDir, dir))) found.set(f, fs.readFileSync(path.join(cacheDir, dir, f)));
  }
  return found;
}

test("the CLI and the language server start through V8's cached data of their bundles, in Node's cache directory and never in the package", () => {
  const version = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version;
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-config-compile-cache-'));
  const before = new Set(fs.readdirSync(dist));
  const lint = ['lint', '--format', 'json', path.join(root, 'examples')];
  try {
    const env = { ...process.env, NODE_COMPILE_CACHE: cacheDir, NODE_DISABLE_COMPILE_CACHE: undefined };
    assert.deepEqual(runBin('search-config.js', ['--version'], env), { code: 0, out: `${version}\n`, err: '' });
    const server = runBin('search-config-language-server.js', ['--help'], env);
    assert.equal(server.code, 0, server.err);
    const first = runBin('search-config.js', lint, env);
    assert.equal(first.err, '');
    assert.ok(fs.readdirSync(cacheDir, { recursive: true }).length > 0, 'the compile cache of the bundles is written');
    // On every Node line, also those with a compile cache of their own (which holds only what is compiled
    // before a module runs: see bin/compile-cache.js).
    const caches = v8Caches(cacheDir);
    assert.deepEqual(
      [...caches.keys()].map((f) => f.replace(/-[0-9a-f]{32}\.cache$/, '')).sort(),
      ['cli.js', 'server-core.js', 'server-main.js', 'server.js', 'tree-sitter.js'],
      'V8 cached data of each bundle the bins loaded',
    );
    // A second start reads the cache, answers the same, and rewrites nothing.
    assert.deepEqual(runBin('search-config.js', lint, env), first);
    assert.deepEqual(v8Caches(cacheDir), caches, 'a cache that was used is not written again');
    assert.deepEqual(
      fs.readdirSync(dist).filter((f) => !before.has(f)),
      [],
      'nothing is written into the package',
    );
  } finally {
    fs.rmSync(cacheDir, { recursive: true, force: true });
  }
});

test("the Node server's entry, started by Node itself as the editor's extension starts it, requires the server's bundles through V8's cached data", () => {
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-config-compile-cache-'));
  try {
    const env = { ...process.env, NODE_COMPILE_CACHE: cacheDir, NODE_DISABLE_COMPILE_CACHE: undefined };
    const start = (): { code: number | null; out: string } => {
      const r = spawnSync(process.execPath, [path.join(dist, 'server.js'), '--help'], { encoding: 'utf8', env });
      return { code: r.status, out: r.stdout };
    };
    const first = start();
    assert.equal(first.code, 0);
    assert.match(first.out, /^Usage: search-config-language-server/);
    const caches = v8Caches(cacheDir);
    assert.deepEqual(
      [...caches.keys()].map((f) => f.replace(/-[0-9a-f]{32}\.cache$/, '')).sort(),
      ['server-core.js', 'server-main.js'],
      "the entry itself is Node's to cache; the bundles it requires are the entry's",
    );
    assert.deepEqual(start(), first);
    assert.deepEqual(v8Caches(cacheDir), caches, 'a cache that was used is not written again');
    fs.rmSync(cacheDir, { recursive: true, force: true });
    const off = spawnSync(process.execPath, [path.join(dist, 'server.js'), '--help'], {
      encoding: 'utf8',
      env: { ...env, NODE_DISABLE_COMPILE_CACHE: '1' },
    });
    assert.deepEqual({ code: off.status, out: off.stdout }, first);
    assert.ok(!fs.existsSync(cacheDir), 'NODE_DISABLE_COMPILE_CACHE=1 writes no cache');
  } finally {
    fs.rmSync(cacheDir, { recursive: true, force: true });
  }
});

test('cached data made from a bundle since changed, cut short or in a directory other users may write is never used', () => {
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-config-compile-cache-'));
  const lint = ['lint', '--format', 'json', path.join(root, 'examples')];
  const env = { ...process.env, NODE_COMPILE_CACHE: cacheDir, NODE_DISABLE_COMPILE_CACHE: undefined };
  try {
    const plain = runBin('search-config.js', lint, { ...env, NODE_DISABLE_COMPILE_CACHE: '1' });
    assert.deepEqual(fs.readdirSync(cacheDir), [], 'NODE_DISABLE_COMPILE_CACHE=1 writes no cache');
    assert.deepEqual(runBin('search-config.js', lint, env), plain);
    const [dir] = fs.readdirSync(cacheDir);
    // Kept under the build hash the bundle ends with.
    const build = /\/\/# search-config-build=([0-9a-f]{32})\n$/.exec(fs.readFileSync(path.join(dist, 'cli.js'), 'utf8'))?.[1];
    assert.ok(build, 'the CLI bundle ends with its build hash');
    const file = path.join(cacheDir, dir, `cli.js-${build}.cache`);
    const good = fs.readFileSync(file);
    // Made from the bundle when it had another modification time (edited in place since, as a patch to an
    // installed package does, with its length and build hash unchanged): V8 alone would take it.
    const edited = Buffer.from(good);
    edited.writeDoubleLE(edited.readDoubleLE(8) - 1000, 8);
    // Or another size.
    const resized = Buffer.from(good);
    resized.writeDoubleLE(resized.readDoubleLE(0) + 1, 0);
    for (const spoiled of [
      edited,
      resized,
      good.subarray(0, 3),
      good.subarray(0, 16),
      good.subarray(0, good.length >> 1),
      Buffer.alloc(0),
    ]) {
      fs.writeFileSync(file, spoiled);
      assert.deepEqual(runBin('search-config.js', lint, env), plain);
      assert.ok(fs.readFileSync(file).subarray(0, 16).equals(good.subarray(0, 16)), 'the spoiled cache is made anew');
    }
    // A directory that others may write: the cache there is neither read nor written.
    fs.chmodSync(path.join(cacheDir, dir), 0o777);
    fs.writeFileSync(file, edited);
    assert.deepEqual(runBin('search-config.js', lint, env), plain);
    assert.ok(fs.readFileSync(file).equals(edited), 'nothing is written into a directory others may write');
  } finally {
    fs.rmSync(cacheDir, { recursive: true, force: true });
  }
});

test('the cached data is written once the first file is linted: a run of many files keeps what a run of its first file does', () => {
  // Written at exit, the data depended on which run came first, and after a run of many files it lacked
  // functions that every analysis runs (measured: the schema's validator was compiled afresh on each
  // later start). Written after the first file, it is what a run of that file alone writes, give or take
  // the few functions the search of a larger directory runs first.
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'search-config-first-file-'));
  try {
    const rng = new Rng(7);
    const texts = Array.from({ length: 300 }, (_, i) => generateConfig(rng.fork(i)).text);
    const cachedAfter = (count: number): Map<string, number> => {
      const dir = path.join(work, `files-${count}`);
      fs.mkdirSync(dir);
      for (let i = 0; i < count; i++) fs.writeFileSync(path.join(dir, `s${String(i).padStart(3, '0')}.search.json`), texts[i]);
      const cacheDir = path.join(work, `cache-${count}`);
      const env = { ...process.env, NODE_COMPILE_CACHE: cacheDir, NODE_DISABLE_COMPILE_CACHE: undefined };
      const r = runBin('search-config.js', ['lint', '--format', 'json', '--output', path.join(work, 'report.json'), dir], env);
      assert.ok(r.code === 0 || r.code === 1, r.err);
      return new Map([...v8Caches(cacheDir)].map(([f, data]) => [f.replace(/-[0-9a-f]{32}\.cache$/, ''), data.length]));
    };
    const fromOne = cachedAfter(1);
    const fromMany = cachedAfter(300);
    assert.deepEqual([...fromOne.keys()].sort(), ['cli.js', 'server-core.js']);
    assert.deepEqual([...fromMany.keys()].sort(), ['cli.js', 'server-core.js']);
    for (const [bundle, size] of fromOne) {
      const after = fromMany.get(bundle)!;
      assert.ok(
        Math.abs(after - size) <= size * 0.005,
        `${bundle}: ${after} bytes of cached data after 300 files, ${size} after the first alone`,
      );
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
});

test('a bundle started through the cached data has its own text, lines and columns, ASCII or not, from the cache as without it', () => {
  // The loader reads each bundle and its cached data into one buffer and writes the CommonJS wrapper
  // around the bytes there: an ASCII bundle is read as Latin-1, any other as UTF-8.
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'search-config-bundle-text-'));
  try {
    const bundles = path.join(work, 'dist');
    fs.mkdirSync(bundles);
    const mark = (n: number): string => `//# search-config-build=${String(n).repeat(32)}`;
    // The entry is ASCII; the bundle it requires holds UTF-8 text, and its cached data is smaller than it (read
    // into the bundle's buffer) where the entry's may not be.
    fs.writeFileSync(
      path.join(bundles, 'entry.js'),
      [
        "const other = require('./other.js');",
        'const where = () => /entry\\.js:(\\d+):(\\d+)/.exec(new Error().stack.split("\\n")[1]).slice(1).join(":");',
        'process.stdout.write(JSON.stringify({ entry: where(), other: other.where(), text: other.text, source: other.source.length }));',
        mark(1),
      ].join('\n'),
    );
    const filler = `/* ${'x'.repeat(5000)} */`;
    fs.writeFileSync(
      path.join(bundles, 'other.js'),
      [
        filler,
        "exports.text = 'naïve ✓ 𝄞 search';",
        '  exports.where = () => /other\\.js:(\\d+):(\\d+)/.exec(new Error().stack.split("\\n")[1]).slice(1).join(":");',
        'exports.source = String(exports.where);',
        mark(2),
      ].join('\n'),
    );
    const loader = path.join(root, 'bin', 'compile-cache.js');
    const script = `require(${JSON.stringify(loader)}).run(${JSON.stringify(path.join(bundles, 'entry.js'))});`;
    const run = (env: NodeJS.ProcessEnv): unknown => {
      const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', env: { ...process.env, ...env } });
      assert.equal(r.status, 0, r.stderr);
      return JSON.parse(r.stdout);
    };
    const expected = {
      entry: '2:50',
      other: '3:54',
      text: 'naïve ✓ 𝄞 search',
      source: '() => /other\\.js:(\\d+):(\\d+)/.exec(new Error().stack.split("\\n")[1]).slice(1).join(":")'.length,
    };
    assert.deepEqual(run({ NODE_DISABLE_COMPILE_CACHE: '1' }), expected, 'as Node itself loads them');
    const cacheDir = path.join(work, 'cache');
    const env = { NODE_COMPILE_CACHE: cacheDir, NODE_DISABLE_COMPILE_CACHE: undefined };
    assert.deepEqual(run(env), expected, 'the first start, which writes the cached data');
    assert.deepEqual([...v8Caches(cacheDir).keys()].map((f) => f.replace(/-[0-9a-f]{32}\.cache$/, '')).sort(), ['entry.js', 'other.js']);
    assert.deepEqual(run(env), expected, 'a start from the cached data');
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
});
