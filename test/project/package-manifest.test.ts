/**
 * The manifest keeps the hook and git installs build-free: npm prepares a git dependency that has a
 * `build`, `prepare`, `prepack` or install script (pre-commit 4.6 installs hook repositories that way),
 * and pre-commit 3.x misreads `npm pack`'s output when a pack-time script prints its banner.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { REPO } from '../support/repo';

const manifest = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  dependencies?: Record<string, string>;
  private?: boolean;
};

test('no script runs when the package is installed, packed or installed from git', () => {
  const lifecycle = ['build', 'prepare', 'prepack', 'postpack', 'preinstall', 'install', 'postinstall', 'prepublish'];
  assert.deepEqual(
    lifecycle.filter((s) => s in manifest.scripts),
    [],
  );
});

test('the package is publishable and installs no dependencies: they are bundled in dist/', () => {
  assert.equal(manifest.private, undefined);
  assert.deepEqual(Object.keys(manifest.dependencies ?? {}), []);
});
