/**
 * The look-up of the nearest `.search-lint.json`, written once in the core and driven by each host
 * with its own reads: the CLI's from disk, the language server's through its runtime.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lookUpLater, lookUpLintConfig, lookUpNow, type LintConfigLookup, type SettingsFileRead } from '../../server/src/core';

const places = {
  child: (dir: string, name: string) => (dir === '/' ? `/${name}` : `${dir}/${name}`),
  parent: (dir: string) => (dir === '/' ? '/' : dir.slice(0, dir.lastIndexOf('/')) || '/'),
};

/** A file system of settings files by path, counting the reads. */
function disk(files: Record<string, string | Error>) {
  const reads: string[] = [];
  const read = (file: string): SettingsFileRead => {
    reads.push(file);
    const f = files[file];
    if (f === undefined) return { ok: false, missing: true };
    return f instanceof Error ? { ok: false, missing: false, message: f.message } : { ok: true, text: f };
  };
  return { read, reads };
}

test('the nearest settings file above a directory is found, each directory read once however many look-ups', () => {
  const { read, reads } = disk({ '/repo/.search-lint.json': '{ "rules": { "unit-hint": "off" } }' });
  const known = new Map<string, LintConfigLookup>();
  const first = lookUpNow(lookUpLintConfig('/repo/a/b', places, known), read);
  assert.ok(first.ok && first.loaded);
  assert.equal(first.loaded.file, '/repo/.search-lint.json');
  assert.equal(first.loaded.dir, '/repo');
  assert.deepEqual(first.loaded.config.rules, { 'unit-hint': 'off' });
  assert.deepEqual(reads, ['/repo/a/b/.search-lint.json', '/repo/a/.search-lint.json', '/repo/.search-lint.json']);
  // A sibling directory reads only its own candidate; a walked one reads nothing.
  lookUpNow(lookUpLintConfig('/repo/a/c', places, known), read);
  lookUpNow(lookUpLintConfig('/repo/a', places, known), read);
  assert.deepEqual(reads.slice(3), ['/repo/a/c/.search-lint.json']);
});

test('no settings file up to the root: none, and the defaults apply', () => {
  const { read, reads } = disk({});
  assert.deepEqual(lookUpNow(lookUpLintConfig('/x/y', places, new Map()), read), { ok: true, loaded: undefined });
  assert.deepEqual(reads, ['/x/y/.search-lint.json', '/x/.search-lint.json', '/.search-lint.json']);
});

test('a settings file that cannot be read or used is reported with its problems, and stops the walk', async () => {
  const invalid = disk({ '/r/.search-lint.json': '{ "rulez": {} }', '/.search-lint.json': '{}' });
  const bad = lookUpNow(lookUpLintConfig('/r/s', places, new Map()), invalid.read);
  assert.equal(bad.ok, false);
  assert.ok(!bad.ok && bad.file === '/r/.search-lint.json' && bad.problems.length > 0);
  assert.ok(!invalid.reads.includes('/.search-lint.json'), 'a broken file is not skipped for one further up');
  const unreadable = disk({ '/r/.search-lint.json': new Error('EACCES') });
  // The same walk driven by asynchronous reads, as the language server drives it.
  const later = await lookUpLater(lookUpLintConfig('/r', places, new Map()), async (f) => unreadable.read(f));
  assert.deepEqual(later, { ok: false, file: '/r/.search-lint.json', problems: ['cannot be read: EACCES'] });
});
