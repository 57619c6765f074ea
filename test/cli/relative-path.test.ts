import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { relativePath } from '../../server/src/cli/files';

test('relativePath answers as path.relative, for paths inside the base and for every other kind', () => {
  const bases = ['/work/repo', '/work/repo/', '/', '/work/./repo', '/work/re'];
  const targets = [
    '/work/repo/a.search.json',
    '/work/repo/deep/er/b.json',
    '/work/repo',
    '/work/repository/x.json',
    '/work/repo/.hidden/c.json',
    '/work/repo/../other/d.json',
    '/work/repo//e.json',
    '/work/repo/./f.json',
    '/elsewhere/g.json',
    '/work/repo/sub/..',
  ];
  for (const from of bases) for (const to of targets) assert.equal(relativePath(from, to), path.relative(from, to), `${from} -> ${to}`);
});
