/**
 * The layout map in CONTRIBUTING.md ("Where things live") matches the tree: every folder it names
 * exists, every source folder and every test folder is named there, and the core's tests mirror the
 * core's folders.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { REPO } from '../support/repo';

const section = (): string => {
  const text = fs.readFileSync(path.join(REPO, 'CONTRIBUTING.md'), 'utf8');
  const start = text.indexOf('\n## Where things live');
  assert.ok(start >= 0, 'CONTRIBUTING.md has a section "Where things live"');
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
};

/** Each row of the map: the folders of its first cell, and the whole row (which may name subfolders). */
const rows = (): Array<{ folders: string[]; row: string }> =>
  section()
    .split('\n')
    .filter((l) => l.startsWith('| `'))
    .map((row) => ({ folders: [...row.split('|')[1].matchAll(/`([^`]+\/)`/g)].map((m) => m[1]), row }));

const dirsBelow = (rel: string): string[] =>
  fs
    .readdirSync(path.join(REPO, rel), { withFileTypes: true, recursive: true })
    .filter((e) => e.isDirectory())
    .map((e) => path.relative(REPO, path.join(e.parentPath, e.name)).split(path.sep).join('/'));

test('every folder the layout map names exists', () => {
  const named = rows().flatMap((r) => r.folders);
  assert.ok(named.length > 20, 'the map names the folders');
  for (const folder of named)
    assert.ok(
      fs.statSync(path.join(REPO, folder), { throwIfNoEntry: false })?.isDirectory(),
      `${folder} is named in CONTRIBUTING.md but does not exist`,
    );
});

test("every source folder and every test folder is in the layout map, itself or as a subfolder its parent's row names", () => {
  const map = rows();
  const named = (dir: string): boolean => {
    if (map.some((r) => r.folders.includes(`${dir}/`))) return true;
    const parent = path.posix.dirname(dir);
    return map.some((r) => r.folders.includes(`${parent}/`) && r.row.includes(`\`${path.posix.basename(dir)}/\``));
  };
  const topTests = fs
    .readdirSync(path.join(REPO, 'test'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => `test/${e.name}`);
  for (const dir of [...dirsBelow('server/src'), ...dirsBelow('client/src'), ...topTests])
    assert.ok(named(dir), `${dir}/ is not in the layout map of CONTRIBUTING.md`);
});

test("the core's tests mirror the core's folders", () => {
  for (const dir of dirsBelow('test/core')) {
    const source = dir.replace(/^test\/core/, 'server/src/core');
    assert.ok(fs.existsSync(path.join(REPO, source)), `${dir}/ has no ${source}/ to mirror`);
  }
});
