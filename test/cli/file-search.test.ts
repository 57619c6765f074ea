import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { fileHoldsAscii } from '../../server/src/cli/file-search';
import { parse as parseYaml } from 'yaml';
import { LINT_USAGE } from '../../server/src/cli/args';
import { expandTargets, SEARCHED_BY_CONTENT } from '../../server/src/cli/files';
import {
  DEFAULT_FILE_PATTERNS,
  DEFAULT_REQUEST_PATTERNS,
  isConfigurationFile,
  isRequestFile,
  literalEndings,
  type LintConfig,
} from '../../server/src/core/lint-config';
import { CLEAN, removeTree, ROOT, runCli, tempTree } from './support';

const NEEDLE = 'search_user_config';

test('a file holds the name wherever it lies against the chunks it is read in, and only when whole', () => {
  const dir = tempTree({});
  try {
    const file = path.join(dir, 'main.tf');
    for (const chunk of [1, 5, 17, 18, 19, 64]) {
      for (let at = 0; at < 60; at++) {
        fs.writeFileSync(file, `${'x'.repeat(at)}${NEEDLE}${'y'.repeat(7)}`);
        assert.equal(fileHoldsAscii(file, NEEDLE, chunk), true, `chunk ${chunk}, at ${at}`);
        // Cut short by one byte, the name is not there.
        fs.writeFileSync(file, `${'x'.repeat(at)}${NEEDLE.slice(0, -1)}`);
        assert.equal(fileHoldsAscii(file, NEEDLE, chunk), false, `chunk ${chunk}, at ${at}, cut`);
      }
    }
    fs.writeFileSync(file, '');
    assert.equal(fileHoldsAscii(file, NEEDLE), false);
    // Bytes left in the reused buffer by a previous file are never taken for this file's.
    fs.writeFileSync(file, `${'z'.repeat(100)}${NEEDLE}`);
    assert.equal(fileHoldsAscii(file, NEEDLE), true);
    fs.writeFileSync(file, 'short');
    assert.equal(fileHoldsAscii(file, NEEDLE), false);
    assert.equal(fileHoldsAscii(path.join(dir, 'missing.tf'), NEEDLE), false);
    assert.equal(fileHoldsAscii(dir, NEEDLE), false);
  } finally {
    removeTree(dir);
  }
});

const PATTERNS = [
  '*.search.json',
  'search-config.json',
  'conf/*.json',
  '**/x.y',
  'a.b.',
  'ab',
  '.hidden',
  'x/.',
  '[ab].json',
  '*.{json,jsonc}',
  '*.json?',
  'file\\*.json',
  '"q".json',
  '!*.json',
  '+(a|b).json',
  'a/**',
  'logs-*',
  '@(x).json',
  'v$.json',
  '^a.json',
  '*.j#s~o%n',
  '*',
  '*.',
  'a b.json',
  '*.http',
];
const PATHS = [
  'a.search.json',
  'x/a.search.json',
  '.search.json',
  'search-config.json',
  'x/search-config.json',
  'conf/a.json',
  'x/conf/a.json',
  'x.y',
  'deep/er/x.y',
  'a.b.',
  'a.b',
  'ab',
  'x/ab',
  'xab',
  '.hidden',
  'x/.hidden',
  'x/.',
  'x',
  'a.json',
  'b.json',
  'c.json',
  'a.jsonc',
  'a.json5',
  'file*.json',
  'filex.json',
  'q.json',
  '"q".json',
  'a/b/c',
  'logs-1',
  'x.json',
  'v$.json',
  '^a.json',
  'a.json/',
  // Segments that picomatch never matches, and names with characters of no meaning to it.
  './a.search.json',
  'x/./search-config.json',
  'x/../a.search.json',
  'x/..',
  '..',
  '.',
  'a//b.search.json',
  'x/',
  '',
  'a b.json',
  'a.j#s~o%n',
  'x/.j#s~o%n',
  '#.http',
  'y/.http',
  'a.rest',
  'a.search.jsonc.bak',
];

test("a path that ends in none of the globs' literal endings matches none of them", () => {
  for (const pattern of PATTERNS) {
    for (const glob of [pattern, `**/${pattern}`]) {
      const endings = literalEndings([glob]);
      if (!endings) continue;
      const isMatch = picomatch(glob, { dot: true });
      for (const p of PATHS)
        if (isMatch(p))
          assert.ok(
            endings.some((e) => p.endsWith(e)),
            `${glob} matches ${p}, which ends in none of ${endings.join(' ')}`,
          );
    }
  }
  // Endings are only given when every glob of the list has one.
  assert.deepEqual(literalEndings(['**/*.search.json', '**/search-config.json']), ['.search.json', 'search-config.json']);
  assert.equal(literalEndings(['**/*.search.json', '**/*.{json,jsonc}']), undefined);
  assert.equal(literalEndings(['!*.json']), undefined);
  assert.equal(literalEndings(['logs/**']), undefined);
});

test('configuration and request patterns answer as picomatch does, for every path', () => {
  const reference = (patterns: readonly string[], rel: string): boolean =>
    picomatch(
      patterns.map((p) => (p.includes('/') ? p : `**/${p}`)),
      { dot: true },
    )(rel);
  for (const p of PATHS) {
    assert.equal(isConfigurationFile(undefined, p), reference(DEFAULT_FILE_PATTERNS, p), `the default patterns on ${p}`);
    assert.equal(isRequestFile(undefined, p), reference(['*.http', '*.rest'], p), `the default request patterns on ${p}`);
  }
  for (const pattern of PATTERNS) {
    const config: LintConfig = { files: [pattern], requests: { files: [pattern] } } as LintConfig;
    for (const p of PATHS) {
      assert.equal(isConfigurationFile(config, p), reference([pattern], p), `files ${pattern} on ${p}`);
      const both = ['search-config.json', pattern];
      assert.equal(isConfigurationFile({ files: both }, p), reference(both, p), `files ${both.join(' ')} on ${p}`);
      assert.equal(isRequestFile(config, p), reference(['*.http', '*.rest', pattern], p), `requests ${pattern} on ${p}`);
    }
  }
});

test('the settings of a directory are asked once, not once for each of its files', () => {
  const files: Record<string, string> = {};
  for (let m = 0; m < 3; m++)
    for (let f = 0; f < 10; f++)
      files[`m${m}/f${f}.tf`] = f === 0 ? 'resource "vendor_search" "a" {\n  search_user_config {\n  }\n}\n' : 'locals {}\n';
  const dir = tempTree(files);
  try {
    const asked: string[] = [];
    const found = expandTargets(['.'], dir, (d) => {
      asked.push(d);
      return { config: undefined, baseDir: dir };
    });
    assert.deepEqual(
      found.files,
      [0, 1, 2].map((m) => path.join(dir, `m${m}`, 'f0.tf')),
    );
    assert.deepEqual([...new Set(asked)].length, asked.length, `asked twice: ${asked.join(', ')}`);
    assert.ok(asked.length <= 4, `asked ${asked.length} times`);
  } finally {
    removeTree(dir);
  }
});

test('a loop through a link and then a plain directory back to the searched one is reported', async () => {
  const dir = tempTree({ 'top/a.search.json': CLEAN });
  try {
    // top/up -> the directory above top, whose plain directory `top` is the one searched.
    fs.symlinkSync(dir, path.join(dir, 'top', 'up'));
    const r = await runCli(['lint', '--format', 'json', 'top'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.err, /top\/up\/top is a directory loop: it leads back to top\n/);
    assert.deepEqual(
      JSON.parse(r.out).map((f: { filePath: string }) => f.filePath),
      ['top/a.search.json'],
    );
  } finally {
    removeTree(dir);
  }
});

test("the lint help and the Action's paths input name everything a directory search finds", () => {
  const action = parseYaml(fs.readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as { inputs: { paths: { description: string } } };
  const texts = {
    'lint --help': LINT_USAGE.replace(/\s+/g, ' '),
    'action.yml paths': action.inputs.paths.description.replace(/\s+/g, ' '),
  };
  for (const [where, text] of Object.entries(texts)) {
    for (const found of [...DEFAULT_FILE_PATTERNS, ...DEFAULT_REQUEST_PATTERNS, ...SEARCHED_BY_CONTENT])
      assert.ok(text.includes(found), `${where} names ${found}`);
  }
});

test('what the help says a directory search finds is what it finds', async () => {
  const manifest = 'apiVersion: vendor.io/v1alpha1\nkind: Search\nmetadata:\n  name: logs\nspec:\n  userConfig:\n    service_log: true\n';
  const dir = tempTree({
    'a.search.json': '{}\n',
    'b.search.jsonc': '{}\n',
    'search-config.json': '{}\n',
    'n/search-config.jsonc': '{}\n',
    'r.http': 'GET https://x/_cat/indices\n',
    'r.rest': 'GET https://x/_cat/indices\n',
    'main.tf': 'resource "vendor_search" "a" {\n  search_user_config {\n    service_log = true\n  }\n}\n',
    'other.tf': 'resource "x" "y" {}\n',
    'c.search.yaml': 'service_log: true\n',
    'd.search.yml': 'service_log: true\n',
    'k/s.yaml': manifest,
    'k/t.yml': manifest,
    'k/deploy.yaml': 'kind: Deployment\n',
    'cdktf/main.tf.json': '{ "resource": { "vendor_search": { "a": { "search_user_config": { "service_log": true } } } } }\n',
    'cdktf/other.tf.json': '{ "resource": { "x": { "y": {} } } }\n',
  });
  try {
    const r = await runCli(['lint', '--format', 'json', '.'], { cwd: dir });
    assert.deepEqual(
      JSON.parse(r.out)
        .map((f: { filePath: string }) => f.filePath)
        .sort(),
      [
        'a.search.json',
        'b.search.jsonc',
        'c.search.yaml',
        'cdktf/main.tf.json',
        'd.search.yml',
        'k/s.yaml',
        'k/t.yml',
        'main.tf',
        'n/search-config.jsonc',
        'r.http',
        'r.rest',
        'search-config.json',
      ],
    );
  } finally {
    removeTree(dir);
  }
});
