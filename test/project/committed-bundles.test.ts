/**
 * The runtime bundles in dist/ are committed: an installed package, the GitHub Action and the pre-commit
 * hook run them without building. `npm test` builds them first, so a source change whose bundles were
 * not rebuilt and committed shows up here as a difference from the committed copy.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { REPO } from '../support/repo';

const root = REPO;
const git = (...args: string[]) => spawnSync('git', args, { cwd: root, encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 });

const inRepository = git('rev-parse', '--is-inside-work-tree').status === 0;

test('the committed runtime bundles are those a fresh build writes', { skip: !inRepository && 'not a git checkout' }, () => {
  const tracked = git('ls-files', '--', 'dist').stdout.toString('utf8').split('\n').filter(Boolean);
  for (const needed of [
    'dist/cli.js',
    'dist/server.js',
    'dist/server-main.js',
    'dist/server-core.js',
    'dist/client.js',
    'dist/action.js',
    'dist/THIRD-PARTY-NOTICES.md',
  ]) {
    assert.ok(tracked.includes(needed), `${needed} is committed`);
  }
  const stale = tracked.filter((file) => {
    const committed = git('show', `:${file}`).stdout;
    return !fs.existsSync(path.join(root, file)) || !committed.equals(fs.readFileSync(path.join(root, file)));
  });
  assert.deepEqual(stale, [], `${stale.join(', ')} differ from a fresh build: run \`npm run bundle\` and commit dist/ with the change`);
  const cache = tracked.filter((f) => f.endsWith('.cache'));
  assert.deepEqual(cache, [], 'code caches are built for one Node release and are never committed');
});
