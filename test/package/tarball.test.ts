/**
 * The npm package as users get it: `npm pack`, then installed with install scripts off into an empty
 * project, into a global prefix and through npx, each outside the repository, and run from there.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import {
  copyExamples,
  diagnosticsOverStdio,
  findingsOf,
  installInProject,
  MANIFEST,
  must,
  NPM_ENV,
  packTarball,
  ROOT,
  run,
  tempDir,
  TERRAFORM,
} from './support';

/** What the tarball may hold: what runs, and what a user reads. */
const SHIPPED =
  /^(package\.json|README\.md|LICENSE|CHANGELOG\.md|SECURITY\.md|bin\/[\w-]+\.js|dist\/(cli|server|server-main|server-core|tree-sitter)\.js|dist\/tree-sitter(-terraform)?\.wasm|dist\/THIRD-PARTY-NOTICES\.md|schemas\/[\w.-]+\.json)$/;
const MISTAKES = fs.readFileSync(path.join(ROOT, 'examples', 'mistakes.search.json'), 'utf8');

describe('the npm package', () => {
  let tgz = '';
  let files: string[] = [];
  let project = '';
  before(() => {
    ({ tgz, files } = packTarball());
    project = installInProject(tgz);
  });

  it('holds only what runs and what users read: no tests, benchmark, CI, sources or code caches', () => {
    const unexpected = files.filter((f) => !SHIPPED.test(f));
    assert.deepEqual(unexpected, [], 'files outside the published list');
    for (const needed of [
      'package.json',
      'README.md',
      'LICENSE',
      'CHANGELOG.md',
      'dist/cli.js',
      'dist/server.js',
      'dist/server-main.js',
      'dist/server-core.js',
      'dist/THIRD-PARTY-NOTICES.md',
      'dist/tree-sitter.js',
      'dist/tree-sitter.wasm',
      'dist/tree-sitter-terraform.wasm',
      'schemas/search-config.schema.json',
      'schemas/search-lint.schema.json',
      ...Object.values(MANIFEST.bin),
    ]) {
      assert.ok(files.includes(needed.replace(/^\.\//, '')), `${needed} is in the tarball`);
    }
  });

  it('passes npm publish --dry-run', () => {
    const r = must(run('npm', ['publish', '--dry-run', tgz], { cwd: tempDir('publish') }), 'npm publish --dry-run');
    assert.match(r.stdout + r.stderr, new RegExp(`${MANIFEST.name}@${MANIFEST.version.replace(/\./g, '\\.')}`));
  });

  it('installs with nothing besides itself: its dependencies are bundled', () => {
    const installed = fs.readdirSync(path.join(project, 'node_modules')).filter((n) => !n.startsWith('.'));
    assert.deepEqual(installed, [MANIFEST.name]);
    const lock = JSON.parse(fs.readFileSync(path.join(project, 'package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
    assert.deepEqual(Object.keys(lock.packages).filter(Boolean), [`node_modules/${MANIFEST.name}`]);
  });

  it('npx search-config lint reports the findings of the clone, with the same exit code', () => {
    copyExamples(project);
    const installed = run('npx', ['--no-install', 'search-config', 'lint', '--format', 'json', 'examples/'], { cwd: project });
    const clone = run(process.execPath, [path.join(ROOT, 'bin', 'search-config.js'), 'lint', '--format', 'json', 'examples/'], {
      cwd: project,
    });
    assert.equal(installed.status, 1, installed.stderr);
    assert.equal(clone.status, 1);
    const found = findingsOf(installed.stdout);
    assert.deepEqual(found, findingsOf(clone.stdout));
    for (const rule of ['deprecated-field', 'missing-required', 'unknown-field', 'invalid-value', 'secret-in-plain-text']) {
      assert.ok(
        found.some((f) => f.startsWith('mistakes.search.json:') && f.includes(` ${rule} `)),
        `${rule} in mistakes.search.json`,
      );
    }
    assert.ok(!found.some((f) => f.startsWith('clean.search.json:')), 'clean.search.json passes');
  });

  it('the installed package lints a Terraform file with the parser it ships, installed with scripts off', () => {
    const dir = path.join(project, 'infra');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'main.tf'), TERRAFORM);
    fs.writeFileSync(path.join(dir, 'other.tf'), 'resource "vendor_cache" "c" {\n  http_max_content_length = "100mb"\n}\n');
    const r = run('npx', ['--no-install', 'search-config', 'lint', '--format', 'json', 'infra/'], { cwd: project });
    assert.equal(r.status, 1, r.stdout + r.stderr);
    const found = findingsOf(r.stdout);
    assert.ok(
      found.some((f) => f.startsWith('main.tf:4:') && f.includes(' unit-mismatch ')),
      found.join('\n'),
    );
    assert.ok(!found.some((f) => f.startsWith('other.tf')), 'a .tf file without the block gives nothing');
  });

  it('prints its version and explains a field from the installed schema', () => {
    assert.equal(
      must(run('npx', ['--no-install', 'search-config', '--version'], { cwd: project }), '--version').stdout.trim(),
      MANIFEST.version,
    );
    const schema = JSON.parse(
      fs.readFileSync(path.join(project, 'node_modules', MANIFEST.name, 'schemas', 'search-config.schema.json'), 'utf8'),
    );
    const field = schema.properties.search.properties.http_max_content_length as { description: string };
    const r = must(run('npx', ['--no-install', 'search-config', 'explain', 'search.http_max_content_length'], { cwd: project }), 'explain');
    assert.match(r.stdout, /search\.http_max_content_length/);
    assert.ok(r.stdout.includes(field.description.split(/[.:]/)[0]), 'the description comes from the schema');
  });

  it('the installed language server answers initialize and publishes diagnostics over stdio', async () => {
    const file = path.join(project, 'examples', 'mistakes.search.json');
    const bin = path.join(project, 'node_modules', '.bin', 'search-config-language-server');
    const r = await diagnosticsOverStdio(bin, ['--stdio'], { cwd: project }, file, MISTAKES);
    assert.equal(r.serverName, 'search-config-language-server');
    assert.ok(r.codes.includes('deprecated-field') && r.codes.includes('missing-required'), r.codes.join(', '));
    assert.equal(r.exitCode, 0);
  });

  it('works from a global install: both commands on PATH', async () => {
    const prefix = tempDir('global');
    must(run('npm', ['install', '--global', '--ignore-scripts', '--prefix', prefix, tgz], { cwd: prefix }), 'npm install --global');
    const env = { ...NPM_ENV, PATH: `${path.join(prefix, 'bin')}${path.delimiter}${process.env.PATH}` };
    const work = tempDir('global-work');
    copyExamples(work);
    const lint = run('search-config', ['lint', '--format', 'json', 'examples/mistakes.search.json'], { cwd: work, env });
    assert.equal(lint.status, 1, lint.stderr);
    assert.ok(findingsOf(lint.stdout).some((f) => f.includes(' deprecated-field ')));
    const r = await diagnosticsOverStdio(
      'search-config-language-server',
      ['--stdio'],
      { cwd: work, env },
      path.join(work, 'examples', 'mistakes.search.json'),
      MISTAKES,
    );
    assert.ok(r.codes.includes('deprecated-field'), r.codes.join(', '));
  });

  it('npx --package runs the language server without installing it into a project', async () => {
    const work = tempDir('npx');
    const file = path.join(work, 'prod.search.json');
    fs.writeFileSync(file, MISTAKES);
    const env = { ...NPM_ENV, npm_config_yes: 'true' };
    const r = await diagnosticsOverStdio(
      'npx',
      ['--package', tgz, 'search-config-language-server', '--stdio'],
      { cwd: work, env },
      file,
      MISTAKES,
    );
    assert.equal(r.serverName, 'search-config-language-server');
    assert.ok(r.codes.includes('deprecated-field'), r.codes.join(', '));
  });
});
