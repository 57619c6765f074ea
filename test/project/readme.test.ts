import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO } from '../support/repo';

/** The README's first screen, as a newcomer reads it, and the links it gives. */
const ROOT = REPO;
const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');

test('the README is at most 200 lines', () => {
  assert.ok(readme.split('\n').length <= 200, `${readme.split('\n').length} lines`);
});

test('the README opens with the title, one sentence on what the tool is, and exactly the two commands', () => {
  const lines = readme.split('\n');
  assert.equal(lines[0], '# search-config');
  const firstBlock = /```\w*\n([\s\S]*?)```/.exec(readme);
  assert.ok(firstBlock);
  const intro = readme.slice(lines[0].length, firstBlock.index).trim();
  assert.equal(intro.split(/(?<=\.)\s+(?=[A-Z])/).length, 1, `one sentence before the commands: ${intro}`);
  assert.match(intro, /JSON, Terraform and Kubernetes/);
  assert.deepEqual(firstBlock[1].trim().split('\n'), ['npm install && npx search-config lint examples/', 'npm test']);
});

test('the picture right after the commands shows a .tf file in VS Code, and exists', () => {
  const images = [...readme.matchAll(/!\[([^\]]*)\]\(([^)]+)\)/g)];
  assert.ok(images.length >= 1);
  const [, alt, src] = images[0];
  assert.match(alt, /Terraform file in VS Code/);
  assert.ok(readme.indexOf(images[0][0]) < readme.indexOf('## Use it in your repository'));
  assert.ok(fs.existsSync(path.join(ROOT, src)), `${src} exists`);
});

test('"use it in your repository" covers Terraform, Kubernetes and JSON users, the CLI, editors, the Action, pre-commit and GitLab', () => {
  const use = readme.slice(readme.indexOf('## Use it in your repository'));
  for (const heading of ['Terraform', 'Kubernetes', 'JSON', 'Editor', 'GitHub Actions', 'pre-commit', 'GitLab CI'])
    assert.match(use, new RegExp(`^### ${heading}$`, 'm'));
});

test('every relative link of the README points at a file of the repository', () => {
  for (const [, target] of readme.matchAll(/\]\(([^)#]+)(?:#[^)]*)?\)/g)) {
    if (/^https?:/.test(target)) continue;
    assert.ok(fs.existsSync(path.join(ROOT, target)), `${target} exists`);
  }
});

test('how it is built, the dependencies, tests, benchmarks and versioning are in CONTRIBUTING.md, its table whole', () => {
  const contributing = fs.readFileSync(path.join(ROOT, 'CONTRIBUTING.md'), 'utf8');
  for (const heading of ['How it is built', 'Why the package has no dependencies', 'Versioning', 'Tests and benchmarks'])
    assert.match(contributing, new RegExp(`^## ${heading}$`, 'm'));
  // A table row outside a table renders as text with pipes: every row must follow a row.
  const lines = contributing.split('\n');
  lines.forEach((line, i) => {
    if (line.startsWith('|'))
      assert.ok(lines[i - 1].startsWith('|') || lines[i + 1]?.startsWith('|'), `line ${i + 1} is a table row on its own`);
  });
  const table = lines.filter((l) => l.startsWith('| `'));
  assert.ok(
    table.some((l) => l.includes('ajv-draft-04')),
    'the test dependencies are in the table',
  );
});
