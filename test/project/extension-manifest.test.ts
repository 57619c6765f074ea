/**
 * The VS Code extension manifest against the rest of the product: the `$search-config` problem matcher reads
 * what `search-config lint` prints, and the language, activation and settings agree with the server's defaults.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { analyze } from '../../server/src/core';
import { DEFAULT_FILES } from '../../server/src/lsp/settings';
import { REPO } from '../support/repo';

const root = REPO;
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const fixture = path.join('test', 'editors', 'fixtures', 'mistakes.search.json');

test('the $search-config problem matcher reads every finding of the stylish output', () => {
  const matcher = manifest.contributes.problemMatchers.find((m: { name: string }) => m.name === 'search-config');
  const { pattern } = matcher;
  const regexp = new RegExp(pattern.regexp);
  const run = spawnSync(process.execPath, [path.join(root, 'dist', 'cli.js'), 'lint', fixture, '--no-color', '--min-severity', 'hint'], {
    cwd: root,
    encoding: 'utf8',
  });
  const matched = run.stdout
    .split('\n')
    .map((l) => regexp.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({
      file: m[pattern.file],
      line: Number(m[pattern.line]),
      column: Number(m[pattern.column]),
      severity: m[pattern.severity],
      code: m[pattern.code],
      message: m[pattern.message],
    }));
  const findings = analyze(fs.readFileSync(path.join(root, fixture), 'utf8'), { fileName: path.basename(fixture) }).findings;
  assert.ok(findings.length > 0);
  assert.deepEqual(
    matched.map((m) => `${m.file}:${m.line}:${m.column} ${m.severity} ${m.code} ${m.message}`).sort(),
    findings
      .map((f) => `${fixture}:${f.range.start.line + 1}:${f.range.start.character + 1} ${f.severity} ${f.ruleId} ${f.message}`)
      .sort(),
  );
});

test("the contributed language, activation events and files setting cover the server's default files", () => {
  const files = manifest.contributes.configuration.properties['searchConfig.files'].default;
  assert.deepEqual(files, [...DEFAULT_FILES]);
  for (const glob of DEFAULT_FILES) assert.ok(manifest.activationEvents.includes(`workspaceContains:${glob}`), `activation on ${glob}`);
  const language = manifest.contributes.languages.find((l: { id: string }) => l.id === 'search-config');
  const names = [...language.filenamePatterns, ...language.filenames].map((n: string) => `**/${n}`).sort();
  assert.deepEqual(names, [...DEFAULT_FILES].sort());
  assert.ok(manifest.activationEvents.includes('onLanguage:search-config'));
});

test('every file the manifest points at exists and is shipped', () => {
  const ignore = fs.readFileSync(path.join(root, '.vscodeignore'), 'utf8');
  const shipped = new Set(
    ignore
      .split('\n')
      .filter((l) => l.startsWith('!'))
      .map((l) => l.slice(1)),
  );
  const c = manifest.contributes;
  const named = [
    manifest.icon,
    ...c.languages.map((l: { configuration: string }) => l.configuration),
    ...c.grammars.map((g: { path: string }) => g.path),
    ...c.jsonValidation.map((j: { url: string }) => j.url),
  ].map((p: string) => p.replace(/^\.\//, ''));
  for (const file of named) {
    assert.ok(fs.existsSync(path.join(root, file)), `${file} exists`);
    assert.ok(shipped.has(file), `${file} is kept by .vscodeignore`);
  }
  assert.ok(shipped.has(manifest.main.replace(/^\.\//, '')));
  assert.ok(shipped.has(manifest.browser.replace(/^\.\//, '')), 'the web extension is shipped');
});

test('Terraform files: activation and the parser are shipped, but no language or grammar competes with the Terraform extensions', () => {
  const c = manifest.contributes;
  assert.ok(manifest.activationEvents.includes('onLanguage:terraform'), 'activation when a Terraform extension opens a .tf file');
  assert.ok(manifest.activationEvents.includes('workspaceContains:**/*.tf'), 'activation where .tf files open as plain text');
  assert.ok(
    manifest.activationEvents.includes('workspaceContains:**/*.tf.json'),
    "activation where .tf.json files (Terraform's JSON syntax) open as JSON",
  );
  // A single .tf file opened with no folder (or from outside the folder) and no Terraform extension is plain text.
  assert.ok(manifest.activationEvents.includes('onLanguage:plaintext'), 'activation on a lone .tf file that opens as plain text');
  assert.ok(
    !manifest.activationEvents.includes('*') && !manifest.activationEvents.includes('onStartupFinished'),
    'no activation in every window',
  );
  for (const language of c.languages as { id: string; extensions?: string[]; filenamePatterns?: string[]; filenames?: string[] }[]) {
    assert.notEqual(language.id, 'terraform', 'no terraform language contribution');
    const claims = [...(language.extensions ?? []), ...(language.filenamePatterns ?? []), ...(language.filenames ?? [])];
    assert.ok(
      !claims.some((n) => /\.(tf|tfvars|hcl)$/i.test(n)),
      `language ${language.id} claims no Terraform file (${claims.join(', ')})`,
    );
  }
  for (const grammar of c.grammars as { language?: string; scopeName: string }[]) {
    assert.ok(
      grammar.language !== 'terraform' && !/terraform|hcl/i.test(grammar.scopeName),
      `grammar ${grammar.scopeName} is not for Terraform`,
    );
  }
  const ignore = fs.readFileSync(path.join(root, '.vscodeignore'), 'utf8');
  const shipped = new Set(
    ignore
      .split('\n')
      .filter((l) => l.startsWith('!'))
      .map((l) => l.slice(1)),
  );
  for (const file of ['dist/tree-sitter.js', 'dist/tree-sitter.wasm', 'dist/tree-sitter-terraform.wasm']) {
    assert.ok(fs.existsSync(path.join(root, file)), `${file} is built`);
    assert.ok(shipped.has(file), `${file} is in the .vsix`);
    assert.ok(manifest.files.includes(file), `${file} is in the npm tarball`);
  }
});

test('YAML files: activation on the yaml language (a lone manifest included), but no language or grammar competes with the YAML extension', () => {
  const c = manifest.contributes;
  assert.ok(manifest.activationEvents.includes('onLanguage:yaml'), 'activation when a YAML file is opened, in a workspace or not');
  assert.ok(manifest.activationEvents.includes('workspaceContains:**/*.search.yaml'));
  for (const language of c.languages as { id: string; extensions?: string[]; filenamePatterns?: string[]; filenames?: string[] }[]) {
    assert.notEqual(language.id, 'yaml', 'no yaml language contribution');
    const claims = [...(language.extensions ?? []), ...(language.filenamePatterns ?? []), ...(language.filenames ?? [])];
    assert.ok(!claims.some((n) => /\.ya?ml$/i.test(n)), `language ${language.id} claims no YAML file (${claims.join(', ')})`);
  }
  for (const grammar of c.grammars as { language?: string; scopeName: string }[]) {
    assert.ok(grammar.language !== 'yaml' && !/yaml/i.test(grammar.scopeName), `grammar ${grammar.scopeName} is not for YAML`);
  }
});
