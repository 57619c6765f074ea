// The analyzer's bundles: dist/server-core.js, which the CLI, the Node server and the web worker share, and
// the parts of the analyzer that a lint of JSON configurations never runs, in a bundle of their own
// (dist/server-<part>.js) that the analyzer bundle loads the first time one of its modules is used.
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

/** The global the analyzer bundle defines in a web worker; a part's is this plus its name (searchConfigCoreYaml). */
export const CORE_GLOBAL = 'searchConfigCore';
/**
 * In a web worker, the URL of each part's bundle by its file name (`{ "server-extras.js": url }`), set by the
 * worker before it loads the analyzer bundle (server/src/browser/main.ts): a part is loaded on its first use.
 */
export const PART_URLS_GLOBAL = 'searchConfigPartUrls';

/**
 * Which modules of server/src/core each part holds (by their path in the core, without `.ts`). The part's
 * modules are those a JSON lint does not run: the YAML, Terraform and request-file readers and the editor
 * features. The modules that decide a file's kind from its name (formats/yaml/names,
 * formats/terraform/document), that the rules read as they load (request-files/match) and that the language
 * server's diagnostics link to (editor/docs-url) stay in the analyzer bundle, so that deciding a file is
 * JSON, and its diagnostics, load no part. A part is loaded when it is first used: on Node read with its own
 * code cache, in the web worker with importScripts from the URL the worker was given.
 *
 * One part rather than one per reader: every bundle boundary costs bytes (each import across it becomes a
 * read of the export by its name, and each bundle carries esbuild's helpers), about 2 KB of the .vsix
 * for each further part, and the .vsix has a size budget. A run that reads YAML or Terraform then also
 * reads the source of the others, which it does not compile.
 */
export const CORE_PARTS = {
  extras: (key) =>
    key === 'formats/yaml/analysis' ||
    /^formats\/yaml\/(read|incremental|edits|library)$/.test(key) ||
    key === 'formats/terraform/analysis' ||
    (key.startsWith('formats/terraform/') && key !== 'formats/terraform/document') ||
    (key.startsWith('request-files/') && !['request-files/types', 'request-files/steps', 'request-files/match'].includes(key)) ||
    key === 'editor' ||
    (key.startsWith('editor/') && key !== 'editor/docs-url'),
};
/**
 * Packages that the analyzer bundle carries and parts use too: a part reads them from the analyzer
 * bundle (exposed under the package's name) instead of carrying a copy.
 */
const SHARED_PACKAGES = ['jsonc-parser'];
const partOf = (key) => Object.keys(CORE_PARTS).find((part) => CORE_PARTS[part](key));
const partGlobal = (part) => `${CORE_GLOBAL}${part[0].toUpperCase()}${part.slice(1)}`;
/** The bundle a part is in, as the analyzer bundle requires it (a sibling in dist/). */
export const partFile = (part) => `server-${part}.js`;
export const PART_FILES = Object.keys(CORE_PARTS).map(partFile);

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

export function coreBundles({ root, minify, sourcemap, plugins, write }) {
  const coreDir = path.join(root, 'server', 'src', 'core') + path.sep;
  const coreKey = (file) =>
    path
      .relative(coreDir, file)
      .replace(/\\/g, '/')
      .replace(/\.ts$/, '')
      .replace(/\/index$/, '');
  const coreFileOf = (target) =>
    [`${target}.ts`, path.join(target, 'index.ts'), target].find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
  /** Modules of the core that the hosts' bundles import: the analyzer bundle exposes each by its key. */
  const hostModules = new Set();
  /** Modules of the core that a host's bundle carries itself: no other bundle may need them (buildCore checks). */
  const hostOwned = new Set();
  /** Modules of the analyzer bundle that a part imports: exposed the same way. */
  const partNeeds = new Set();
  /** The names each module of the analyzer bundle that a part imports exports (known after the first pass). */
  const exportNames = new Map();
  /** Modules of the parts that the analyzer bundle imports. */
  const partUses = new Set();

  /**
   * For the hosts' bundles: every import of a core module from outside the core becomes a lookup in the
   * analyzer bundle (`platform`: 'node', 'browser', or 'any' for a bundle that Node and a worker both load).
   */
  function sharedCore(platform, { own = [] } = {}) {
    return {
      name: 'shared-core',
      setup(build) {
        build.onResolve({ filter: /^\./ }, (a) => {
          if (a.namespace !== 'file') return undefined;
          // A module of the core this host carries itself (`own`: one no other bundle runs) is bundled here;
          // its own imports of the core are lookups in the analyzer bundle, as the host's are.
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
        build.onLoad({ filter: /.*/, namespace: 'shared-core' }, (a) => ({
          loader: 'js',
          contents:
            platform === 'browser'
              ? `module.exports = Object.create(self.${CORE_GLOBAL}[${JSON.stringify(a.path)}]);`
              : platform === 'node'
                ? `module.exports = Object.create(require('./server-core.js')[${JSON.stringify(a.path)}]);`
                : // A bundle that both run (the language server's): the worker's global, or Node's require.
                  `module.exports = Object.create((typeof importScripts === 'function' ? self.${CORE_GLOBAL} : require('./server-core.js'))[${JSON.stringify(a.path)}]);`,
        }));
      },
    };
  }

  /**
   * Inside the core: an import of a module that is in another bundle (a part's, from the analyzer bundle;
   * the analyzer bundle's or another part's, from a part) becomes a lookup in that bundle. A part's module
   * is loaded on its first use, not when the importer loads: the stand-in's prototype is a proxy that
   * loads the part when an export is read (esbuild's __toESM asks only whether it is an ES module).
   */
  function coreBoundary(ownPart) {
    return {
      name: 'core-boundary',
      setup(build) {
        if (ownPart !== undefined) {
          const shared = new RegExp(`^(${SHARED_PACKAGES.join('|')})$`);
          build.onResolve({ filter: shared }, (a) => ({ path: a.path, namespace: 'core' }));
        }
        build.onResolve({ filter: /^(part|shared):/ }, (a) => ({
          path: a.path.slice(a.path.indexOf(':') + 1),
          namespace: a.path.slice(0, a.path.indexOf(':')),
        }));
        build.onResolve({ filter: /^core-bundles$/ }, () => ({ path: 'core-bundles', namespace: 'core-bundles' }));
        build.onResolve({ filter: /^\./ }, (a) => {
          if (a.namespace !== 'file' || !a.importer.startsWith(coreDir)) return undefined;
          const file = coreFileOf(path.resolve(a.resolveDir, a.path));
          if (!file || !file.startsWith(coreDir)) return undefined;
          const key = coreKey(file);
          const part = partOf(key);
          if (part === ownPart) return undefined;
          if (ownPart === undefined) {
            partUses.add(key);
            return { path: key, namespace: 'part' };
          }
          partNeeds.add(key);
          return { path: key, namespace: 'core' };
        });
        // One small module with the loading (what this bundle needs of it), and one line for each module of another bundle.
        build.onLoad({ filter: /.*/, namespace: 'core-bundles' }, () => {
          const others = Object.keys(CORE_PARTS).filter((p) => p !== ownPart);
          // In a worker a part is loaded on first use too, from the URL the worker was given for it (PART_URLS_GLOBAL).
          const loader = (global, file) =>
            `() => (typeof importScripts === 'function' ? self.${global} || (importScripts(self.${PART_URLS_GLOBAL}[${JSON.stringify(file)}]), self.${global}) : require(${JSON.stringify(`./${file}`)}))`;
          return {
            loader: 'js',
            contents: `${
              ownPart === undefined
                ? ''
                : `const core = ${loader(CORE_GLOBAL, 'server-core.js')};
exports.at = (key) => Object.create(core()[key]);`
            }
${
  others.length === 0
    ? ''
    : `const parts = { ${others.map((p) => `${p}: ${loader(partGlobal(p), partFile(p))}`).join(', ')} };
exports.lazy = (part, key, names) => {
  if (!names) {
    let m;
    const load = () => m || (m = parts[part]()[key]);
    return Object.create(new Proxy({}, { get: (_, k) => (k === '__esModule' ? true : load()[k]), has: (_, k) => k in load() }));
  }
  const exported = { __esModule: true };
  const load = () => {
    const m = parts[part]()[key];
    for (const n of names) Object.defineProperty(exported, n, { value: m[n], enumerable: true });
  };
  for (const n of names) Object.defineProperty(exported, n, { get: () => { load(); return exported[n]; }, enumerable: true, configurable: true });
  return Object.create(exported);
};`
}`,
          };
        });
        // With its names known, a module of the analyzer bundle is read once, when the part loads, into
        // constants of the part: its hot code then calls them as its own functions, not through a getter of
        // the analyzer bundle's module on every call.
        build.onLoad({ filter: /.*/, namespace: 'core' }, (a) => {
          const names = exportNames.get(a.path) ?? (SHARED_PACKAGES.includes(a.path) ? sharedNamesOf(a.path) : undefined);
          if (!names) return { loader: 'js', contents: `module.exports = require('core-bundles').at(${JSON.stringify(a.path)});` };
          const named = names.filter((n) => n !== 'default');
          return {
            loader: 'js',
            contents:
              `import { at } from 'core-bundles';\nconst m = at(${JSON.stringify(a.path)});\n` +
              (named.length ? `export const { ${named.join(', ')} } = m;\n` : '') +
              (names.includes('default') ? 'const moduleDefault = m.default;\nexport { moduleDefault as default };\n' : ''),
          };
        });
        // With the module's names known, each is a getter that loads the part and puts the values in the getters'
        // place: later reads are of plain properties, where a proxy's trap would run on every call.
        build.onLoad({ filter: /.*/, namespace: 'part' }, (a) => ({
          loader: 'js',
          contents: `module.exports = require('core-bundles').lazy(${JSON.stringify(partOf(a.path))}, ${JSON.stringify(a.path)}${exportNames.has(a.path) ? `, ${JSON.stringify(exportNames.get(a.path))}` : ''});`,
        }));
        // What the parts import of a shared package, which the analyzer bundle exposes under its name.
        build.onLoad({ filter: /.*/, namespace: 'shared' }, (a) => ({
          loader: 'js',
          resolveDir: coreDir,
          contents: `export { ${sharedNamesOf(a.path).join(', ')} } from ${JSON.stringify(a.path)};`,
        }));
      },
    };
  }

  /** The names the parts' modules import from a shared package. */
  function sharedNamesOf(pkg) {
    const names = new Set();
    for (const key of coreKeys().filter((k) => partOf(k)))
      for (const name of importedNames(coreFileOf(path.join(coreDir, key)), pkg)) names.add(name);
    return [...names].sort();
  }

  /** The names `importer` imports from `pkg` (import { a, b as c, type T } from 'pkg'), types left out. */
  function importedNames(importer, pkg) {
    const text = fs.readFileSync(importer, 'utf8');
    const names = [];
    for (const m of text.matchAll(new RegExp(`^import \\{([^}]*)\\} from '${pkg}';`, 'gm'))) {
      for (const spec of m[1]
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean))
        if (!spec.startsWith('type ')) names.push(spec.split(' as ')[0].trim());
    }
    return names;
  }

  /** One bundle exposing `keys`: a script for importScripts (a global) that is also a CommonJS module for require. */
  async function buildExposing(name, global, modules, ownPart, bundledInputs, packages = [], dry = false) {
    const specifier = (k) => (packages.includes(k) ? `shared:${k}` : ownPart === undefined && partOf(k) ? `part:${k}` : `./${k}`);
    const keys = [...modules, ...packages];
    const contents =
      keys.map((k, i) => `import * as m${i} from '${specifier(k)}';`).join('\n') +
      `\nexport default { ${keys.map((k, i) => `${JSON.stringify(k)}: m${i}`).join(', ')} };\n`;
    const result = await esbuild.build({
      stdin: { contents, resolveDir: coreDir, sourcefile: `${name}.ts`, loader: 'ts' },
      plugins: [coreBoundary(ownPart), lazyModules, ...plugins],
      bundle: true,
      platform: 'browser',
      target: 'es2022',
      format: 'iife',
      globalName: `${global}Module`,
      external: ['./server-*.js'],
      // In a worker the bundle's top-level `var` is a global; under require it is module-local, so it exports too.
      footer: {
        js: `var ${global} = ${global}Module.default;\nif (typeof module === 'object' && module && module.exports) module.exports = ${global};`,
      },
      mainFields: ['browser', 'module', 'main'],
      logLevel: 'warning',
      legalComments: 'none',
      minify,
      sourcemap,
      write: false,
      metafile: true,
      outfile: path.join(root, 'dist', `${name}.js`),
    });
    if (dry) return;
    for (const input of Object.keys(result.metafile.inputs)) bundledInputs.add(input);
    write(result.outputFiles);
  }

  /** The names each of these modules of the core exports (its `export *` followed), as esbuild reads them. */
  async function exportsOf(keys) {
    const entries = keys.map((k) => [k, coreFileOf(path.join(coreDir, k))]);
    const result = await esbuild.build({
      entryPoints: entries.map(([, file]) => file),
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      metafile: true,
      outdir: path.join(root, 'dist', 'exports-of'),
      outbase: coreDir,
      logLevel: 'error',
      plugins,
    });
    const byEntry = new Map(
      Object.values(result.metafile.outputs)
        .filter((o) => o.entryPoint)
        .map((o) => [path.resolve(root, o.entryPoint), o.exports]),
    );
    return entries.map(([key, file]) => [key, byEntry.get(file)]);
  }

  /** Every module of the core, by key. */
  function coreKeys() {
    const keys = [];
    const walk = (dir) => {
      for (const n of fs.readdirSync(dir).sort()) {
        const p = path.join(dir, n);
        if (fs.statSync(p).isDirectory()) walk(p);
        else if (n.endsWith('.ts') && !n.endsWith('.d.ts')) keys.push(coreKey(p));
      }
    };
    walk(coreDir);
    return keys;
  }

  /**
   * The parts first (they say which of the analyzer bundle's modules they need), then the analyzer bundle.
   * Twice: a first pass with every module of each part exposed finds which of them the other bundles
   * import; the bundles written expose only those, so that what no other bundle uses can be left out.
   */
  async function buildCore(bundledInputs) {
    let exposed = coreKeys().filter((k) => partOf(k));
    for (const dry of [true, false]) {
      if (!dry) {
        exposed = [...new Set([...hostModules, ...partUses, ...partNeeds])].filter((k) => partOf(k));
        for (const [key, names] of await exportsOf([...new Set([...partNeeds, ...partUses])])) exportNames.set(key, names);
      }
      partNeeds.clear();
      partUses.clear();
      for (const part of Object.keys(CORE_PARTS)) {
        await buildExposing(
          `server-${part}`,
          partGlobal(part),
          exposed.filter((k) => partOf(k) === part).sort(),
          part,
          bundledInputs,
          [],
          dry,
        );
      }
      await buildExposing(
        'server-core',
        CORE_GLOBAL,
        [...new Set([...hostModules, ...partNeeds])].sort(),
        undefined,
        bundledInputs,
        SHARED_PACKAGES,
        dry,
      );
    }
    // A module a host carries and another bundle needs too would run as two copies, each with its own state.
    const twice = [...hostOwned].filter((k) => hostModules.has(k) || partNeeds.has(k) || partUses.has(k) || partOf(k));
    if (twice.length) throw new Error(`a host's own core modules are needed by other bundles too: ${twice.join(', ')}`);
  }

  return { sharedCore, buildCore };
}
