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
/**
 * Bytes after the hash: the parts of the program the run that wrote the cache used (`terraform`,
 * `yaml`: comma-separated, blank-padded). A cache holds only what its run compiled, and the first run of
 * an installed package is usually over JSON files: a later run that reads another format writes the
 * caches again, once, with what it compiled as well.
 */
const COVERAGE_LENGTH = 32;
const covered = new Set();
/** Set when this run's V8 flags could not be put back as they were: a cache it wrote would be rejected. */
let keep = false;
/**
 * How a bundle says which part of the program it is about to use (server/src/node/code-cache.ts), and
 * that this run must write no cache (server/src/node/short-run.ts).
 */
globalThis[Symbol.for('search-config.code-cache')] = { cover: (part) => { covered.add(part); }, keepCaches: () => { keep = true; } };

/** The build hash a bundle ends with, or undefined for a bundle built without one. */
function buildHashOf(source) {
  const at = source.lastIndexOf(BUILD_MARK);
  if (at < 0) return undefined;
  const hash = source.slice(at + BUILD_MARK.length).trim();
  return /^[0-9a-f]+$/.test(hash) && hash.length === HASH_LENGTH ? hash : undefined;
}

/**
 * V8's data from a cache file written for this source, and the parts its run used; undefined when there
 * is none or it is stale.
 */
function cachedDataFor(cacheFile, source) {
  const hash = buildHashOf(source);
  if (!hash) return undefined;
  let data;
  try { data = fs.readFileSync(cacheFile); } catch { return undefined; }
  const header = HASH_LENGTH + COVERAGE_LENGTH;
  if (data.length <= header || data.toString('latin1', 0, HASH_LENGTH) !== hash) return undefined;
  const parts = data.toString('latin1', HASH_LENGTH, header).trim();
  return { data: data.subarray(header), covered: new Set(parts ? parts.split(',') : []) };
}

/** A cache file: the bundle's hash, the parts of the program this run used, then V8's data. */
function cacheFileContents(hash, script, also = new Set()) {
  const parts = [...new Set([...also, ...covered])].sort().join(',');
  if (parts.length > COVERAGE_LENGTH) throw new Error(`code cache coverage too long: ${parts}`);
  return Buffer.concat([Buffer.from(hash + parts.padEnd(COVERAGE_LENGTH), 'latin1'), script.createCachedData()]);
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
    // A bundle asks for its sibling once for every module of it that it uses: the ones already loaded
    // are answered without looking at the disk again.
    if (sibling && loaded.has(sibling[1])) return loaded.get(sibling[1]);
    if (!sibling || !fs.existsSync(path.join(dist, `${sibling[1]}.js`))) return mod.require(id);
    loaded.set(sibling[1], runBundle(sibling[1], options).exports);
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
  const cache = cachedDataFor(cacheFile, source);
  const cachedData = cache?.data;
  const script = new vm.Script(Module.wrap(source), { filename: file, cachedData });
  const mod = new Module(file, module);
  mod.filename = file;
  mod.paths = Module._nodeModulePaths(path.dirname(file));
  const hash = buildHashOf(source);
  if (options.writeCache) {
    if (!hash) throw new Error(`${file} has no build hash: it was not built by scripts/build.mjs`);
    process.on('exit', () => { if (!keep) fs.writeFileSync(cacheFile, cacheFileContents(hash, script)); });
  }
  script.runInThisContext().call(mod.exports, mod.exports, requireFrom(mod, options), mod, file, path.dirname(file));
  // An installed package carries no cache (one is only valid for the Node build that wrote it): the
  // first run writes one beside the bundle for the Node that runs it, when that directory is
  // writable, so that later starts skip compiling. It is written under a temporary name and renamed,
  // so that a run started meanwhile reads either no cache or a whole one.
  // A cache that V8 took is written again only when this run used a part of the program its run did not.
  const accepted = cachedData !== undefined && !script.cachedDataRejected;
  if (!options.writeCache && hash && !process.env.SEARCH_CONFIG_NO_CODE_CACHE) {
    process.on('exit', () => {
      if (keep || (accepted && [...covered].every((part) => cache.covered.has(part)))) return;
      const temporary = `${cacheFile}.${process.pid}.tmp`;
      try {
        fs.writeFileSync(temporary, cacheFileContents(hash, script, accepted ? cache.covered : undefined), { flag: 'wx' });
        fs.renameSync(temporary, cacheFile);
      } catch {
        try { fs.rmSync(temporary, { force: true }); } catch { /* a read-only install: starts stay uncached */ }
      }
    });
  }
  return { cacheUsed: accepted, exports: mod.exports };
}

module.exports = { runBundle, buildHashOf, BUILD_MARK, HASH_LENGTH };
