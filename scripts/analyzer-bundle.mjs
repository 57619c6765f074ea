// The analyzer's bundle, dist/server-core.js: server/src/core with the packages it uses, which the CLI, the
// Node server and the web worker share, so that the package and the extension carry it once. It is a script
// for a worker's importScripts (it defines a global) that is also a CommonJS module for Node's require.
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

/** The global the analyzer bundle defines in a web worker. */
export const CORE_GLOBAL = 'searchConfigCore';

/**
 * CommonJS modules that a lint of JSON configurations seldom runs, yet whose bodies would run when the
 * bundle loads (an import of a CommonJS module evaluates it where it is imported): ipaddr.js (read for
 * CIDR blocks that the fast paths do not take), picomatch (for patterns of .search-lint.json and globs)
 * and the validator of .search-lint.json. Each import gets a stand-in that evaluates the module on its
 * first use: a function that forwards calls and reads of properties to it. It says it is no ES module
 * without evaluating it, so that an import of its default gets the stand-in itself.
 */
const LAZY_MODULES = /^(ipaddr\.js|picomatch|\.\.\/generated\/validate-lint-config)$/;
export const lazyModules = {
  name: 'lazy-modules',
  setup(build) {
    build.onResolve({ filter: LAZY_MODULES }, async (a) => {
      if (a.namespace !== 'file') return undefined;
      const real = await build.resolve(a.path, { resolveDir: a.resolveDir, kind: a.kind, importer: a.importer });
      if (real.errors.length) return undefined;
      return { path: real.path, namespace: 'lazy-module' };
    });
    build.onLoad({ filter: /.*/, namespace: 'lazy-module' }, (a) => ({
      loader: 'js',
      resolveDir: path.dirname(a.path),
      contents: `let m;
const load = () => m || (m = require(${JSON.stringify(a.path)}));
module.exports = new Proxy(function lazyModule() {}, {
  apply: (_, self, args) => load().apply(self, args),
  get: (_, k) => (k === '__esModule' ? undefined : load()[k]),
  has: (_, k) => k in load(),
});`,
    }));
  },
};

export function analyzerBundle({ root, minify, sourcemap, plugins, write }) {
  const coreDir = path.join(root, 'server', 'src', 'core') + path.sep;
  const coreKey = (file) =>
    path
      .relative(coreDir, file)
      .replace(/\\/g, '/')
      .replace(/\.ts$/, '')
      .replace(/\/index$/, '');
  const coreFileOf = (target) =>
    [`${target}.ts`, path.join(target, 'index.ts'), target].find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
  /** Modules of the core that the hosts' bundles import (the public index, and what a host's own core modules import). */
  const hostModules = new Set();
  /** Modules of the core that a host's bundle carries itself: no other bundle may need them (buildCore checks). */
  const hostOwned = new Set();

  /**
   * For the hosts' bundles: every import of a core module from outside the core becomes a lookup in the
   * analyzer bundle (`platform`: 'node', 'browser', or 'any' for a bundle that Node and a worker both load).
   * `own`: modules of the core that only this host runs (the CLI's `explain`), which it carries itself.
   * `requireBundle`: on Node, the expression that requires a sibling bundle by its file name (Node's require
   * by default).
   */
  function sharedCore(platform, { own = [], requireBundle = (name) => `require('./${name}')` } = {}) {
    return {
      name: 'shared-core',
      setup(build) {
        build.onResolve({ filter: /^\./ }, (a) => {
          if (a.namespace !== 'file') return undefined;
          // A module of the core this host carries itself is bundled here; its own imports of the core are
          // lookups in the analyzer bundle, as the host's are.
          if (a.importer.startsWith(coreDir) && !own.includes(coreKey(a.importer))) return undefined;
          const target = path.resolve(a.resolveDir, a.path);
          if (!(target + path.sep).startsWith(coreDir)) return undefined; // '../core' itself is a core import too
          const file = coreFileOf(target);
          if (!file) return undefined;
          const key = coreKey(file);
          if (own.includes(key)) {
            hostOwned.add(key);
            return undefined;
          }
          hostModules.add(key);
          return { path: key, namespace: 'shared-core' };
        });
        // The importing bundle wraps a CommonJS module in an object of its own (esbuild's __toESM), copying
        // every own property into a getter, once per importing module: with a hundred exports and a few
        // dozen importers that was a measurable part of the CLI's start. An object whose prototype is the
        // module has no own properties to copy, and the wrapper inherits the exports from the same prototype.
        build.onLoad({ filter: /.*/, namespace: 'shared-core' }, (a) => {
          const key = JSON.stringify(a.path);
          const bundle =
            platform === 'browser'
              ? `self.${CORE_GLOBAL}`
              : platform === 'node'
                ? requireBundle('server-core.js')
                : // A bundle that both run (the language server's): the worker's global, or Node's require.
                  `(typeof importScripts === 'function' ? self.${CORE_GLOBAL} : require('./server-core.js'))`;
          return { loader: 'js', contents: `module.exports = Object.create(${bundle}[${key}]);`, resolveDir: root };
        });
      },
    };
  }

  /** The analyzer bundle, exposing each module the hosts import by its key, once the hosts' bundles are built. */
  async function buildCore(bundledInputs) {
    const twice = [...hostOwned].filter((k) => hostModules.has(k));
    if (twice.length) throw new Error(`a host's own core modules are imported by other bundles too: ${twice.join(', ')}`);
    const keys = [...hostModules].sort();
    const contents =
      keys.map((k, i) => `import * as m${i} from './${k}';`).join('\n') +
      `\nexport default { ${keys.map((k, i) => `${JSON.stringify(k)}: m${i}`).join(', ')} };\n`;
    const result = await esbuild.build({
      stdin: { contents, resolveDir: coreDir, sourcefile: 'server-core.ts', loader: 'ts' },
      plugins: [lazyModules, ...plugins],
      bundle: true,
      platform: 'browser',
      target: 'es2022',
      format: 'iife',
      globalName: `${CORE_GLOBAL}Module`,
      // In a worker the bundle's top-level `var` is a global; under require it is module-local, so it exports too.
      footer: {
        js: `var ${CORE_GLOBAL} = ${CORE_GLOBAL}Module.default;\nif (typeof module === 'object' && module && module.exports) module.exports = ${CORE_GLOBAL};`,
      },
      mainFields: ['browser', 'module', 'main'],
      logLevel: 'warning',
      legalComments: 'none',
      minify,
      sourcemap,
      write: false,
      metafile: true,
      outfile: path.join(root, 'dist', 'server-core.js'),
    });
    for (const input of Object.keys(result.metafile.inputs)) bundledInputs.add(input);
    write(result.outputFiles);
  }

  return { sharedCore, buildCore };
}
