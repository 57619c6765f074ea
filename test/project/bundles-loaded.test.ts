/**
 * Which bundles of dist/ a run loads: the analyzer bundle (dist/server-core.js) analyses every format by
 * itself, and the Terraform parser (dist/tree-sitter.js with its WebAssembly) is loaded only for a .tf file.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { REPO } from '../support/repo';

const root = REPO;

/** The dist/ bundles a fresh process has loaded after analysing `text` as `fileName` with the analyzer bundle. */
function bundlesLoadedFor(fileName: string, text: string): { loaded: string[]; rules: string[] } {
  const script = `const core = require(${JSON.stringify(path.join(root, 'dist/server-core.js'))});
const r = core.index.analyze(${JSON.stringify(text)}, { fileName: ${JSON.stringify(fileName)} });
const loaded = Object.keys(require.cache).filter((f) => f.startsWith(${JSON.stringify(path.join(root, 'dist') + path.sep)})).map((f) => require('path').basename(f)).sort();
process.stdout.write(JSON.stringify({ loaded, rules: r.findings.map((f) => f.ruleId) }));`;
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

test('every format but Terraform is analysed with the analyzer bundle alone', () => {
  assert.deepEqual(bundlesLoadedFor('a.search.json', '{ "search_version": "2.19", "unknown_thing": 1 }'), {
    loaded: ['server-core.js'],
    rules: ['unknown-field'],
  });
  assert.deepEqual(bundlesLoadedFor('a.search.yaml', 'search_version: "2.19"\nunknown_thing: 1\n'), {
    loaded: ['server-core.js'],
    rules: ['unknown-field'],
  });
  assert.deepEqual(bundlesLoadedFor('a.http', 'GET /_cat/indices\n'), { loaded: ['server-core.js'], rules: [] });
});

/** The dist/ bundles the CLI (bin/search-config.js) has loaded when it exits after `args`, with its exit code. */
function bundlesLoadedByCli(args: string[]): { code: number; loaded: string[] } {
  const script = `process.argv = [process.argv[0], 'search-config', ...${JSON.stringify(args)}];
process.on('exit', (code) => require('fs').writeSync(3, JSON.stringify({ code, loaded: Object.keys(require.cache).filter((f) => f.startsWith(${JSON.stringify(path.join(root, 'dist') + path.sep)})).map((f) => require('path').basename(f)).sort() })));
require(${JSON.stringify(path.join(root, 'bin/search-config.js'))});`;
  // Loaded by Node's require, whose cache this reads: on Node 20 the bins otherwise load the bundles through
  // V8's cached data (bin/compile-cache.js), which requires the same bundles but keeps no require.cache.
  const env = { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' };
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'pipe', 'pipe'] });
  assert.equal(r.stderr, '');
  return JSON.parse(r.output[3] as string);
}

test('the CLI lints a JSON configuration with its own bundle and the analyzer bundle alone, and a .tf file with the parser too', () => {
  assert.deepEqual(bundlesLoadedByCli(['lint', path.join(root, 'examples', 'clean.search.json')]), {
    code: 0,
    loaded: ['cli.js', 'server-core.js'],
  });
  assert.deepEqual(bundlesLoadedByCli(['lint', path.join(root, 'examples', 'terraform', 'main.tf')]), {
    code: 1,
    loaded: ['cli.js', 'server-core.js', 'tree-sitter.js'],
  });
});
