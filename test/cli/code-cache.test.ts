import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const root = path.resolve(__dirname, '../../..');
/** The CLI and the analyzer bundle it shares with the language server. */
const BUNDLES = ['cli.js', 'server-core.js'];
/** The analyzer's parts, which the analyzer bundle loads (each with its code cache) only when one is used. */
const PARTS = ['server-extras.js'];

/** A copy of the loader and the CLI's bundles, so that the caches can be broken without touching dist/. */
function tree(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-config-cache-'));
  fs.mkdirSync(path.join(dir, 'bin'));
  fs.mkdirSync(path.join(dir, 'dist'));
  fs.copyFileSync(path.join(root, 'bin/run-bundle.js'), path.join(dir, 'bin/run-bundle.js'));
  for (const bundle of [...BUNDLES, ...PARTS]) fs.copyFileSync(path.join(root, 'dist', bundle), path.join(dir, 'dist', bundle));
  return dir;
}

function run(dir: string, writeCache = false): { code: number | null; out: string } {
  const script = `process.argv = [process.argv[0], 'search-config', '--version']; require(${JSON.stringify(path.join(dir, 'bin/run-bundle.js'))}).runBundle('cli', { writeCache: ${writeCache} });`;
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout.trim() };
}

/** `search-config lint --format json FILE` with the copy's loader, as the installed bin runs it. */
function lintIn(dir: string, file: string): { code: number | null; out: string } {
  const script = `process.argv = [process.argv[0], 'search-config', 'lint', '--format', 'json', ${JSON.stringify(file)}]; require(${JSON.stringify(path.join(dir, 'bin/run-bundle.js'))}).runBundle('cli');`;
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout };
}

test('the CLI runs the same without a code cache, with a fresh one and with a corrupt one', () => {
  const version = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version;
  const dir = tree();
  try {
    assert.deepEqual(run(dir), { code: 0, out: version }, 'no cache');
    for (const bundle of BUNDLES) assert.ok(fs.statSync(path.join(dir, 'dist', `${bundle}.cache`)).size > 0, `the first run without a cache writes one for this Node (${bundle})`);
    assert.deepEqual(fs.readdirSync(path.join(dir, 'dist')).sort(), [...BUNDLES.flatMap((b) => [b, `${b}.cache`]), ...PARTS].sort(), 'no temporary file is left behind, and no part was loaded');
    for (const bundle of BUNDLES) fs.rmSync(path.join(dir, 'dist', `${bundle}.cache`));
    fs.chmodSync(path.join(dir, 'dist'), 0o555);
    if (process.getuid?.() !== 0) {
      assert.deepEqual(run(dir), { code: 0, out: version }, 'a read-only install runs without a cache');
      assert.deepEqual(fs.readdirSync(path.join(dir, 'dist')).sort(), [...BUNDLES, ...PARTS].sort());
    }
    fs.chmodSync(path.join(dir, 'dist'), 0o755);
    assert.deepEqual(run(dir, true), { code: 0, out: version }, 'writing the cache');
    assert.ok(fs.statSync(path.join(dir, 'dist/cli.js.cache')).size > 0, 'the cache is written');
    assert.deepEqual(run(dir), { code: 0, out: version }, 'with the cache');
    for (const bundle of BUNDLES) fs.writeFileSync(path.join(dir, 'dist', `${bundle}.cache`), 'not a code cache');
    assert.deepEqual(run(dir), { code: 0, out: version }, 'a corrupt cache is rejected by V8 and ignored');
    for (const bundle of BUNDLES) assert.notEqual(fs.readFileSync(path.join(dir, 'dist', `${bundle}.cache`), 'utf8'), 'not a code cache', `and replaced by a good one (${bundle})`);
    assert.deepEqual(run(dir), { code: 0, out: version }, 'with the replaced cache');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a run that reads a Terraform file leaves code caches that the next run accepts', () => {
  const dir = tree();
  for (const file of ['tree-sitter.js', 'tree-sitter.wasm', 'tree-sitter-terraform.wasm']) fs.copyFileSync(path.join(root, 'dist', file), path.join(dir, 'dist', file));
  const tf = path.join(dir, 'main.tf');
  fs.writeFileSync(tf, 'resource "vendor_search" "logs" {\n  search_user_config {\n    ip_filter_string = ["10.0.0.1/8"]\n  }\n}\n');
  const lint = (): { code: number | null; out: string } => lintIn(dir, tf);
  // web-tree-sitter's bundle too: it is loaded with the flags the CLI sets for a Terraform file not yet in force.
  const inodes = (): number[] => [...BUNDLES, 'server-extras.js', 'tree-sitter.js'].map((bundle) => fs.statSync(path.join(dir, 'dist', `${bundle}.cache`)).ino);
  try {
    const first = lint();
    assert.match(first.out, /invalid-cidr/, 'the .tf file was read');
    const written = inodes();
    assert.deepEqual(lint(), first, 'the second run reports the same');
    // A cache V8 rejects is written again (under a new name, renamed over it): the same file means it was used.
    assert.deepEqual(inodes(), written, 'the caches the first run wrote were accepted, not replaced');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a run that reads a Terraform file after a run over JSON writes the caches again once, with the parser in them', () => {
  const dir = tree();
  for (const file of ['tree-sitter.js', 'tree-sitter.wasm', 'tree-sitter-terraform.wasm']) fs.copyFileSync(path.join(root, 'dist', file), path.join(dir, 'dist', file));
  const json = path.join(dir, 'one.search.json');
  fs.writeFileSync(json, '{ "search_version": "2.19" }\n');
  const tf = path.join(dir, 'main.tf');
  fs.writeFileSync(tf, 'resource "vendor_search" "logs" {\n  search_user_config {\n    ip_filter_string = ["10.0.0.1/8"]\n  }\n}\n');
  const lint = (file: string): void => { lintIn(dir, file); };
  const inodes = (): number[] => BUNDLES.map((bundle) => fs.statSync(path.join(dir, 'dist', `${bundle}.cache`)).ino);
  const covered = (bundle: string): string => fs.readFileSync(path.join(dir, 'dist', `${bundle}.cache`)).toString('latin1', 32, 64).trim();
  try {
    lint(json);
    const afterJson = inodes();
    assert.deepEqual(BUNDLES.map(covered), ['', ''], 'a run over JSON says it used no other part');
    lint(json);
    assert.deepEqual(inodes(), afterJson, 'another run over JSON leaves the caches');
    lint(tf);
    const afterTerraform = inodes();
    assert.ok(afterTerraform.every((ino, i) => ino !== afterJson[i]), 'the first run over a .tf file writes the caches again');
    assert.deepEqual(BUNDLES.map(covered), ['terraform', 'terraform']);
    lint(tf);
    lint(json);
    assert.deepEqual(inodes(), afterTerraform, 'later runs over either leave them');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('runs that raise V8\'s optimising budget put the flags back: the caches they write are taken by the next run', () => {
  // A manifest loads the analyzer's part with the YAML reader before the flags change, with its cache too.
  const dir = tree();
  const yaml = path.join(dir, 'search.yaml');
  fs.writeFileSync(yaml, 'apiVersion: vendor.io/v1alpha1\nkind: Search\nmetadata:\n  name: logs\nspec:\n  userConfig:\n    ip_filter: ["10.0.0.1/8"]\n');
  const json = path.join(dir, 'one.search.json');
  fs.writeFileSync(json, '{ "ip_filter": ["10.0.0.1/8"] }\n');
  const lint = (file: string): string => lintIn(dir, file).out;
  const inodes = (bundles: string[]): number[] => bundles.map((bundle) => fs.statSync(path.join(dir, 'dist', `${bundle}.cache`)).ino);
  try {
    assert.match(lint(json), /invalid-cidr/);
    const afterJson = inodes(BUNDLES);
    assert.match(lint(json), /invalid-cidr/);
    assert.deepEqual(inodes(BUNDLES), afterJson, 'the caches a run over JSON wrote were accepted, not replaced');
    const first = lint(yaml);
    assert.match(first, /invalid-cidr/, 'the manifest was read');
    const afterYaml = inodes([...BUNDLES, ...PARTS]);
    assert.equal(lint(yaml), first);
    assert.deepEqual(inodes([...BUNDLES, ...PARTS]), afterYaml, 'the caches a run over YAML wrote, its part\'s too, were accepted');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a Node started with its own optimising flags keeps them: the caches its runs write are taken by the next run', (t) => {
  if (!process.versions.v8.startsWith('11.')) { t.skip('the flag below is V8 11\'s'); return; }
  const dir = tree();
  const json = path.join(dir, 'one.search.json');
  fs.writeFileSync(json, '{ "ip_filter": ["10.0.0.1/8"] }\n');
  const lint = (): string => {
    const script = `process.argv = [process.argv[0], 'search-config', 'lint', '--format', 'json', ${JSON.stringify(json)}, ${JSON.stringify(json.replace('one', 'two'))}]; require(${JSON.stringify(path.join(dir, 'bin/run-bundle.js'))}).runBundle('cli');`;
    return spawnSync(process.execPath, ['--interrupt-budget=1000', '-e', script], { encoding: 'utf8' }).stdout;
  };
  fs.copyFileSync(json, json.replace('one', 'two'));
  try {
    assert.match(lint(), /invalid-cidr/);
    // Had the run raised the budget, it would have put back V8's default, not this one: no cache would be written.
    const written = BUNDLES.map((bundle) => fs.statSync(path.join(dir, 'dist', `${bundle}.cache`)).ino);
    assert.match(lint(), /invalid-cidr/);
    assert.deepEqual(BUNDLES.map((bundle) => fs.statSync(path.join(dir, 'dist', `${bundle}.cache`)).ino), written, 'the caches were accepted, not replaced');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
