'use strict';
// Starts a bundle of dist/ with its compiled code kept between runs.
//
// The bundles are compiled through vm.Script, whose V8 cached data is kept in Node's cache directory
// (NODE_COMPILE_CACHE, or one in the system's temporary directory; off with NODE_DISABLE_COMPILE_CACHE=1),
// written once the first file is analysed (so that it also holds the functions a run compiles on first
// use), or when the process exits. Public APIs only: vm.Script's cachedData and createCachedData,
// module.createRequire.
//
// Node 22.1 and later have a compile cache of their own (module.enableCompileCache()), which is turned on
// here too, for whatever is loaded through Node's own loader. It is not used for the bundles: Node makes
// its cache as a module is compiled, before it runs, so it holds only the code compiled up front, and every
// function a lint calls is compiled again at each start. Measured on Node 22, 24 and 26 (pairs run in turn):
// a one-file lint takes about 0.73 of the time through this cache, a lint of 1,000 small files about 0.95.
//
// V8 checks cached data against its version and flags, and against the source only by its length. So a
// cache is kept under the build hash the bundle ends with (scripts/build.mjs), and starts with the size and
// modification time the bundle had when it was made: a bundle edited in place (a patch to an installed
// package) no longer matches, and is compiled afresh. A bundle without the hash is never cached.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const vm = require('node:vm');
const { isAscii } = require('node:buffer');
const { createRequire, enableCompileCache } = require('node:module');

/** The directory for this Node's cached data, made private to this user; undefined when it cannot be. */
function cacheDirectory() {
  const dir = path.join(
    process.env.NODE_COMPILE_CACHE || path.join(os.tmpdir(), 'node-compile-cache'),
    `search-config-v8-${process.versions.v8}-${process.arch}`,
  );
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    // Cached data is code: one that another user could write is never read.
    const stat = fs.statSync(dir);
    if (typeof process.getuid === 'function' && (stat.uid !== process.getuid() || (stat.mode & 0o022) !== 0)) return undefined;
    return dir;
  } catch {
    return undefined;
  }
}

/** The build hash a bundle ends with (see scripts/build.mjs), the bundle's text ending at `end`; or undefined. */
const BUILD_MARK = '//# search-config-build=';
function buildOf(source, end = source.length) {
  const at = source.lastIndexOf(BUILD_MARK, end - BUILD_MARK.length);
  if (at < 0 || end - at > BUILD_MARK.length + 34) return undefined;
  const hash = source.slice(at + BUILD_MARK.length, end).trim();
  return /^[0-9a-f]{32}$/.test(hash) ? hash : undefined;
}

/** What a cache file starts with: the bundle's size and modification time when the cache was made. */
const HEADER_BYTES = 16;
function headerOf(stat) {
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeDoubleLE(stat.size, 0);
  header.writeDoubleLE(stat.mtimeMs, 8);
  return header;
}

/** Reads the whole file open at `fd` (`size` bytes) into `buffer` from `at`; false when it was shorter. */
function readWhole(fd, buffer, at, size) {
  let done = 0;
  while (done < size) {
    const n = fs.readSync(fd, buffer, at + done, size - done, done);
    if (n === 0) return false;
    done += n;
  }
  return true;
}

/**
 * The cached data in `cacheFile` when it was made from the bundle as it is now (`stat`), or undefined. Read
 * into `buffer` (the bundle's, whose text is made) when it fits: see readWrapped.
 */
function cachedDataFor(cacheFile, stat, buffer) {
  let fd;
  try {
    fd = fs.openSync(cacheFile, 'r');
    const size = fs.fstatSync(fd).size;
    if (size <= HEADER_BYTES) return undefined;
    const data = buffer.length >= size ? buffer : Buffer.allocUnsafe(size);
    if (!readWhole(fd, data, 0, size) || !data.subarray(0, HEADER_BYTES).equals(headerOf(stat))) return undefined;
    // V8 reads it while it compiles, and keeps none of it.
    return data.subarray(HEADER_BYTES, size);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** The wrapper of a CommonJS module, on lines of its own, so that the bundle's lines and columns are its own in stack traces. */
const WRAP_START = Buffer.from('(function (exports, require, module, __filename, __dirname) {\n', 'latin1');
const WRAP_END = Buffer.from('\n})', 'latin1');

/**
 * A bundle's text, wrapped, its stat, and the buffer it was read into. A start's time goes largely to memory
 * touched for the first time: the bundle in a buffer, its text, a wrapped copy of the text and its cached data
 * in another buffer each took fresh memory. Here the wrapper is written around the bundle's bytes in the buffer,
 * so that the text is made once, whole, and the cached data is then read into the same buffer. The bundles are
 * ASCII (esbuild escapes the rest), and ASCII read as Latin-1 is the same text without the UTF-8 decoder; any
 * other text is decoded as UTF-8.
 */
function readWrapped(file) {
  const fd = fs.openSync(file, 'r');
  try {
    const stat = fs.fstatSync(fd);
    const total = WRAP_START.length + stat.size + WRAP_END.length;
    const buffer = Buffer.allocUnsafe(total);
    WRAP_START.copy(buffer, 0);
    if (!readWhole(fd, buffer, WRAP_START.length, stat.size)) throw new Error(`${file} changed while it was read`);
    WRAP_END.copy(buffer, WRAP_START.length + stat.size);
    return { stat, buffer, wrapped: buffer.toString(isAscii(buffer) ? 'latin1' : 'utf8') };
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Writes the cached data of each script that had none, once: when the program says its first piece of
 * work is done (KEEP_COMPILED_CODE_EVENT, server/src/node/compiled-code.ts, where the reason is), or
 * when the process ends. Never fails the run.
 */
const KEEP_COMPILED_CODE_EVENT = 'search-config:keep-compiled-code';
function writeOnce(pending) {
  const write = () => {
    for (const { script, stat, cacheFile } of pending.splice(0)) {
      // (Nothing to write when every bundle came from its cache.)
      try {
        const partial = `${cacheFile}.${process.pid}.tmp`;
        fs.writeFileSync(partial, Buffer.concat([headerOf(stat), script.createCachedData()]), { mode: 0o600 });
        fs.renameSync(partial, cacheFile); // whole or not at all, when two runs end at once
      } catch {
        // A full disk or a read-only cache directory: the next run compiles again.
      }
    }
  };
  process.once(KEEP_COMPILED_CODE_EVENT, write);
  // A bundle loaded after that (the HCL parser's, for a later .tf file) is written at exit.
  process.once('exit', write);
}

/** A require for the bundles in the directory `bundles` (and those they require), each through the cached data in `dir`. */
function cachedDataLoader(bundles, dir) {
  const loaded = new Map();
  const pending = [];
  const load = (file) => {
    const known = loaded.get(file);
    if (known) return known.exports;
    // The buffer is dropped once the bundle is compiled. Kept for the next bundle, it outlived the start-up
    // and was freed only by a full collection late in the run: a lint of 1,000 files was 4 % slower (measured
    // on Linux; the same with glibc's mmap threshold fixed, so the allocator's own tuning is what it cost).
    const read = readWrapped(file);
    const { stat, wrapped } = read;
    // Named by its build, so that two installed versions keep a cache each.
    const build = buildOf(wrapped, wrapped.length - WRAP_END.length);
    const cacheFile = build && path.join(dir, `${path.basename(file)}-${build}.cache`);
    let cachedData = cacheFile && cachedDataFor(cacheFile, stat, read.buffer);
    const script = new vm.Script(wrapped, { filename: file, lineOffset: -1, cachedData });
    if (cacheFile && (cachedData === undefined || script.cachedDataRejected)) pending.push({ script, stat, cacheFile });
    read.buffer = cachedData = undefined;
    const mod = { exports: {}, filename: file, id: file, loaded: false };
    loaded.set(file, mod);
    const outer = createRequire(file);
    // The bundles require one another by relative path: those go through the cache too.
    const requireIn = (id) => {
      const target = outer.resolve(id);
      return target.startsWith(bundles) && target.endsWith('.js') ? load(target) : outer(id);
    };
    requireIn.resolve = outer.resolve;
    script.runInThisContext().call(mod.exports, mod.exports, requireIn, mod, file, path.dirname(file));
    mod.loaded = true;
    return mod.exports;
  };
  writeOnce(pending);
  return load;
}

/**
 * Requires a bundle of dist/ (an absolute path) the one way this process does: through the cached data, or
 * with Node's require where none may be kept. The Node server's entry (dist/server.js, which the editor's
 * extension starts itself) has this module bundled in and requires the server's bundles through it.
 */
let requireOne;
function requireBundle(file) {
  if (!requireOne) {
    const dir = process.env.NODE_DISABLE_COMPILE_CACHE ? undefined : cacheDirectory();
    requireOne = dir === undefined ? (f) => createRequire(f)(f) : cachedDataLoader(path.dirname(file) + path.sep, dir);
  }
  return requireOne(file);
}

/** Runs the bundle at `entry` as the process's program. */
function run(entry) {
  if (typeof enableCompileCache === 'function') enableCompileCache();
  requireBundle(entry);
}

module.exports = { run, requireBundle };
