import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_MAX_FILE_SIZE, RULES } from '../../server/src/core';
import { checkLintConfig, resolveLintOptions } from '../../server/src/core/lint-config';
import { CLEAN, ONE_ERROR_ONE_WARNING, ONE_WARNING, removeTree, ROOT, runCli, tempTree } from './support';

type JsonResult = Array<{ filePath: string; messages: Array<{ ruleId: string; severity: string }> }>;
const lintJson = async (cwd: string, ...argv: string[]): Promise<{ code: number; err: string; results: JsonResult }> => {
  const r = await runCli(['lint', '--format', 'json', ...argv], { cwd });
  return { code: r.code, err: r.err, results: r.out ? JSON.parse(r.out) : [] };
};
const files = (results: JsonResult): string[] => results.map((f) => f.filePath);

test('the published schema lists exactly the registered rule ids', () => {
  const schema = JSON.parse(fs.readFileSync(path.join(ROOT, 'schemas/search-lint.schema.json'), 'utf8'));
  assert.deepEqual(Object.keys(schema.definitions.rules.properties).sort(), RULES.map((r) => r.meta.id).sort());
  assert.ok(
    schema.properties.maxFileSize.description.includes(String(DEFAULT_MAX_FILE_SIZE)),
    'the documented default is the one the analyzer uses',
  );
});

test('checkLintConfig accepts a full configuration and rejects mistakes with sentences', () => {
  assert.deepEqual(
    checkLintConfig({
      rules: { 'unit-hint': 'off' },
      files: ['*.json'],
      ignores: ['vendor/'],
      cpus: 8,
      maxFileSize: 1000,
      overrides: [{ files: ['prod/**'], excludedFiles: ['prod/old/**'], rules: { 'secret-in-plain-text': 'error' }, cpus: 16 }],
    }).ok,
    true,
  );
  const bad = checkLintConfig({ rules: { 'unit-hnit': 'off', 'unit-mismatch': 'loud' }, cpu: 4, overrides: [{ rules: {} }] });
  assert.equal(bad.ok, false);
  const problems = bad.ok ? [] : bad.problems;
  assert.ok(
    problems.some((p) => /unknown rule "unit-hnit"; did you mean "unit-hint"\?/.test(p)),
    problems.join('\n'),
  );
  assert.ok(
    problems.some((p) => /rules\.unit-mismatch is the string "loud", but it must be "off", "hint", "info", "warning" or "error"\./.test(p)),
    problems.join('\n'),
  );
  assert.ok(
    problems.some((p) => /unknown setting "cpu"/.test(p)),
    problems.join('\n'),
  );
  assert.ok(
    problems.some((p) => /overrides\[0\] needs the setting "files"\./.test(p)),
    problems.join('\n'),
  );
});

test('resolveLintOptions applies overrides in order, honouring excludedFiles', () => {
  const config = {
    rules: { 'unit-hint': 'off' as const },
    cpus: 2,
    overrides: [
      { files: ['prod/**'], rules: { 'unit-hint': 'info' as const }, cpus: 8 },
      { files: ['*.jsonc'], excludedFiles: ['legacy.jsonc'], maxFileSize: 10 },
    ],
  };
  assert.deepEqual(resolveLintOptions(config, 'dev/a.search.json'), { rules: { 'unit-hint': 'off' }, cpus: 2 });
  assert.deepEqual(resolveLintOptions(config, 'prod/a.search.json'), { rules: { 'unit-hint': 'info' }, cpus: 8 });
  assert.deepEqual(resolveLintOptions(config, 'prod/x.jsonc'), { rules: { 'unit-hint': 'info' }, cpus: 8, maxFileSize: 10 });
  assert.deepEqual(resolveLintOptions(config, 'legacy.jsonc'), { rules: { 'unit-hint': 'off' }, cpus: 2 });
});

test('the nearest .search-lint.json applies, found upward from each file', async () => {
  const dir = tempTree({
    '.search-lint.json': JSON.stringify({ rules: { 'deprecated-field': 'error' } }),
    'a.search.json': ONE_WARNING,
    'team/.search-lint.json': JSON.stringify({ rules: { 'deprecated-field': 'off' } }),
    'team/deep/b.search.json': ONE_WARNING,
  });
  try {
    const { results } = await lintJson(path.join(dir, 'team'), '..');
    assert.deepEqual(
      results.map((f) => [f.filePath, f.messages.map((m) => m.severity)]),
      [
        ['../a.search.json', ['error']],
        ['deep/b.search.json', []],
      ],
    );
  } finally {
    removeTree(dir);
  }
});

test('--config replaces discovery; --rule wins over the settings file; --cpus over cpus', async () => {
  const dir = tempTree({
    'ci.json': JSON.stringify({ rules: { 'deprecated-field': 'info' } }),
    '.search-lint.json': JSON.stringify({ rules: { 'deprecated-field': 'off' } }),
    'a.search.json': ONE_WARNING,
  });
  try {
    assert.deepEqual((await lintJson(dir)).results[0].messages, []);
    assert.deepEqual(
      (await lintJson(dir, '--config', 'ci.json')).results[0].messages.map((m) => m.severity),
      ['info'],
    );
    assert.deepEqual(
      (await lintJson(dir, '--config', 'ci.json', '--rule', 'deprecated-field=error')).results[0].messages.map((m) => m.severity),
      ['error'],
    );
  } finally {
    removeTree(dir);
  }
});

test('overrides by glob change severities per file', async () => {
  const dir = tempTree({
    '.search-lint.json': JSON.stringify({ overrides: [{ files: ['legacy/**'], rules: { 'deprecated-field': 'off' } }] }),
    'legacy/a.search.json': ONE_WARNING,
    'new/a.search.json': ONE_WARNING,
  });
  try {
    const { results } = await lintJson(dir);
    assert.deepEqual(
      results.map((f) => [f.filePath, f.messages.length]),
      [
        ['legacy/a.search.json', 0],
        ['new/a.search.json', 1],
      ],
    );
  } finally {
    removeTree(dir);
  }
});

test('"files" and "ignores" decide what a directory search finds; explicit files are always linted', async () => {
  const dir = tempTree({
    '.search-lint.json': JSON.stringify({ files: ['services/*.json'], ignores: ['services/old.json'] }),
    'services/a.json': CLEAN,
    'services/old.json': CLEAN,
    'b.search.json': CLEAN,
    'notes.json': CLEAN,
  });
  try {
    assert.deepEqual(files((await lintJson(dir)).results), ['services/a.json']);
    assert.deepEqual(files((await lintJson(dir, 'notes.json')).results), ['notes.json']);
    fs.writeFileSync(path.join(dir, '.search-lint.json'), JSON.stringify({ files: ['*.json'] }));
    assert.ok(!files((await lintJson(dir)).results).includes('.search-lint.json'), 'the settings file is not a configuration');
  } finally {
    removeTree(dir);
  }
});

test('an ignore pattern without a slash skips that directory at any depth', async () => {
  const dir = tempTree({
    '.search-lint.json': JSON.stringify({ ignores: ['archive/'] }),
    'a/archive/x.search.json': CLEAN,
    'a/b.search.json': CLEAN,
    'archive.search.json': CLEAN,
  });
  try {
    assert.deepEqual(files((await lintJson(dir)).results), ['a/b.search.json', 'archive.search.json']);
  } finally {
    removeTree(dir);
  }
});

test('with --config in another directory, the default patterns still find the files', async () => {
  const dir = tempTree({ 'settings/ci.json': '{}', 'services/a.search.json': CLEAN, 'services/notes.json': CLEAN });
  try {
    assert.deepEqual(files((await lintJson(path.join(dir, 'services'), '--config', '../settings/ci.json')).results), ['a.search.json']);
  } finally {
    removeTree(dir);
  }
});

test('the default patterns, and node_modules and .git are skipped', async () => {
  const dir = tempTree({
    'a.search.json': CLEAN,
    'b.search.jsonc': CLEAN,
    'x/search-config.json': CLEAN,
    'x/search-config.jsonc': CLEAN,
    'package.json': '{}',
    'node_modules/m/c.search.json': ONE_ERROR_ONE_WARNING,
    '.git/d.search.json': ONE_ERROR_ONE_WARNING,
  });
  try {
    const r = await lintJson(dir);
    assert.equal(r.code, 0);
    assert.deepEqual(files(r.results), ['a.search.json', 'b.search.jsonc', 'x/search-config.json', 'x/search-config.jsonc']);
  } finally {
    removeTree(dir);
  }
});

test('glob patterns are expanded with picomatch', async () => {
  const dir = tempTree({
    'envs/prod/svc.json': CLEAN,
    'envs/dev/svc.json': CLEAN,
    'envs/dev/notes.txt': 'x',
    'envs/dev/node_modules/y.json': CLEAN,
  });
  try {
    assert.deepEqual(files((await lintJson(dir, 'envs/**/*.json')).results), ['envs/dev/svc.json', 'envs/prod/svc.json']);
    assert.deepEqual(files((await lintJson(dir, 'envs/{prod,none}/*.json')).results), ['envs/prod/svc.json']);
    assert.deepEqual(
      files((await lintJson(path.join(dir, 'envs/dev'), './../prod/*.json')).results),
      ['../prod/svc.json'],
      'relative patterns are normalised',
    );
    assert.deepEqual(
      files((await lintJson(dir, `${dir}/envs/dev/../prod/*.json`)).results),
      ['envs/prod/svc.json'],
      'absolute patterns too',
    );
  } finally {
    removeTree(dir);
  }
});

test('an invalid settings file exits 2 with its problems; files under other settings are still linted', async () => {
  const dir = tempTree({
    'bad/.search-lint.json': '{ "rules": { "no-such-rule": "error" } }',
    'bad/a.search.json': CLEAN,
    'good/a.search.json': ONE_ERROR_ONE_WARNING,
    'broken/.search-lint.json': '{ "rules": ',
    'broken/a.search.json': CLEAN,
  });
  try {
    const r = await lintJson(dir);
    assert.equal(r.code, 2);
    assert.match(r.err, /bad\/\.search-lint\.json: rules names the unknown rule "no-such-rule"/);
    assert.match(r.err, /broken\/\.search-lint\.json: is not valid JSON/);
    assert.deepEqual(files(r.results), ['good/a.search.json']);
  } finally {
    removeTree(dir);
  }
});

test('cpus and maxFileSize from the settings file reach the analyzer', async () => {
  const big = `{ "service_log": true, "custom_domain": "${'a'.repeat(50)}.example.com" }`;
  const dir = tempTree({ '.search-lint.json': JSON.stringify({ maxFileSize: 40 }), 'a.search.json': big });
  try {
    const r = await lintJson(dir);
    assert.deepEqual(
      r.results[0].messages.map((m) => m.ruleId),
      ['input-limit'],
    );
  } finally {
    removeTree(dir);
  }
});
