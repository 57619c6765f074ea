'use strict';
// Runs a bundle from dist/ through a V8 code cache (dist/<name>.js.cache, written by the build),
// which saves compiling the bundle on every start. V8 checks the cache against the source and
// its own version and flags: a stale or foreign cache is rejected and the bundle compiles as usual.
const fs = require('fs');
const path = require('path');
const vm = require('vm');
const Module = require('module');

function runBundle(name, options = {}) {
  const file = path.join(__dirname, '..', 'dist', `${name}.js`);
  const cacheFile = `${file}.cache`;
  let cachedData;
  if (!options.writeCache) {
    try { cachedData = fs.readFileSync(cacheFile); } catch { /* no cache: compile normally */ }
  }
  const source = fs.readFileSync(file, 'utf8');
  const script = new vm.Script(Module.wrap(source), { filename: file, cachedData });
  const mod = new Module(file, module);
  mod.filename = file;
  mod.paths = Module._nodeModulePaths(path.dirname(file));
  if (options.writeCache) {
    // Written on exit so that the functions the run compiled lazily are in the cache too.
    process.on('exit', () => fs.writeFileSync(cacheFile, script.createCachedData()));
  }
  script.runInThisContext().call(mod.exports, mod.exports, (id) => mod.require(id), mod, file, path.dirname(file));
}

module.exports = { runBundle };
