'use strict';
// Runs a bundle from dist/ through a V8 code cache (dist/<name>.js.cache, written by the build),
// which saves compiling the bundle on every start.
//
// V8 checks a cache against its own version and flags, but against the source only by length: a
// cache left over from another build of the same length would be accepted, and the functions it
// did not hold would then be compiled from the wrong positions of the new source. So the build
// ends every bundle with a hash of its contents (BUILD_MARK) and starts the cache with the same
// hash; a cache whose hash is not the bundle's is never given to V8, and one that V8 rejects is
// ignored. Either way the bundle compiles as usual.
const fs = require('fs');
const path = require('path');
const vm = require('vm');
const Module = require('module');

const BUILD_MARK = '//# search-config-build=';
/** Bytes of the hash at the start of a cache file, before V8's data. */
const HASH_LENGTH = 32;

/** The build hash a bundle ends with, or undefined for a bundle built without one. */
function buildHashOf(source) {
  const at = source.lastIndexOf(BUILD_MARK);
  if (at < 0) return undefined;
  const hash = source.slice(at + BUILD_MARK.length).trim();
  return /^[0-9a-f]+$/.test(hash) && hash.length === HASH_LENGTH ? hash : undefined;
}

/** V8's data from a cache file written for this source; undefined when there is none or it is stale. */
function cachedDataFor(cacheFile, source) {
  const hash = buildHashOf(source);
  if (!hash) return undefined;
  let data;
  try { data = fs.readFileSync(cacheFile); } catch { return undefined; }
  if (data.length <= HASH_LENGTH || data.toString('latin1', 0, HASH_LENGTH) !== hash) return undefined;
  return data.subarray(HASH_LENGTH);
}

/**
 * Loads dist/<name>.js as a CommonJS module. With `writeCache`, the cache is written when the
 * process exits, so that it also holds the functions the run compiled lazily.
 */
const loaded = new Map();

/**
 * A bundle that requires a sibling bundle (`./server-core.js`, or dist/tree-sitter.js by its full path)
 * gets it through its code cache as well.
 */
function requireFrom(mod, options) {
  const dist = path.join(__dirname, '..', 'dist');
  return (id) => {
    const sibling = /^\.\/([\w-]+)\.js$/.exec(id) ?? (path.isAbsolute(id) && path.dirname(id) === dist ? /^([\w-]+)\.js$/.exec(path.basename(id)) : null);
    if (!sibling || !fs.existsSync(path.join(dist, `${sibling[1]}.js`))) return mod.require(id);
    if (!loaded.has(sibling[1])) loaded.set(sibling[1], runBundle(sibling[1], options).exports);
    return loaded.get(sibling[1]);
  };
}

function runBundle(name, options = {}) {
  const file = path.join(__dirname, '..', 'dist', `${name}.js`);
  const cacheFile = `${file}.cache`;
  // The build writes the bundles in ASCII (esbuild escapes the rest), which latin1 reads without the
  // UTF-8 decoder's checks.
  const source = fs.readFileSync(file, 'latin1');
  // Writing a cache starts from the one already written for this very bundle (the hash says so), so that
  // a bundle two programs load (the analyzer, by the CLI and by the server) keeps what both compiled.
  const cachedData = cachedDataFor(cacheFile, source);
  const script = new vm.Script(Module.wrap(source), { filename: file, cachedData });
  const mod = new Module(file, module);
  mod.filename = file;
  mod.paths = Module._nodeModulePaths(path.dirname(file));
  const hash = buildHashOf(source);
  if (options.writeCache) {
    if (!hash) throw new Error(`${file} has no build hash: it was not built by scripts/build.mjs`);
    process.on('exit', () => fs.writeFileSync(cacheFile, Buffer.concat([Buffer.from(hash, 'latin1'), script.createCachedData()])));
  }
  script.runInThisContext().call(mod.exports, mod.exports, requireFrom(mod, options), mod, file, path.dirname(file));
  // An installed package carries no cache (one is only valid for the Node build that wrote it): the
  // first run writes one beside the bundle for the Node that runs it, when that directory is
  // writable, so that later starts skip compiling. It is written under a temporary name and renamed,
  // so that a run started meanwhile reads either no cache or a whole one.
  if (!options.writeCache && hash && (cachedData === undefined || script.cachedDataRejected) && !process.env.SEARCH_CONFIG_NO_CODE_CACHE) {
    process.on('exit', () => {
      const temporary = `${cacheFile}.${process.pid}.tmp`;
      try {
        fs.writeFileSync(temporary, Buffer.concat([Buffer.from(hash, 'latin1'), script.createCachedData()]), { flag: 'wx' });
        fs.renameSync(temporary, cacheFile);
      } catch {
        try { fs.rmSync(temporary, { force: true }); } catch { /* a read-only install: starts stay uncached */ }
      }
    });
  }
  return { cacheUsed: cachedData !== undefined && !script.cachedDataRejected, exports: mod.exports };
}

module.exports = { runBundle, buildHashOf, BUILD_MARK, HASH_LENGTH };
