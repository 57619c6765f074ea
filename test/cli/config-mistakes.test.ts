import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkLintConfig } from '../../server/src/core/lint-config';
import { removeTree, runCli, tempTree } from './support';

/**
 * Every kind of mistake in a .search-lint.json, with the exact sentence the user reads: the setting, what
 * was found, what is expected, and a did-you-mean when a known name or value is close.
 */
const CASES: Array<[string, unknown, string[]]> = [
  ['a misspelt top-level setting', { fils: ['*.json'] }, ['the top level has the unknown setting "fils"; did you mean "files"?']],
  [
    'a setting nothing is close to',
    { colour: true },
    [
      'the top level has the unknown setting "colour"; the settings there are "$schema", "files", "ignores", "requests", "rules", "cpus", "maxFileSize" or "overrides".',
    ],
  ],
  [
    'a setting in the wrong case',
    { MaxFileSize: 10 },
    ['the top level has the unknown setting "MaxFileSize"; did you mean "maxFileSize"?'],
  ],
  [
    'a misspelt setting of an override',
    { overrides: [{ files: ['a'], excludeFiles: ['b'] }] },
    ['overrides[0] has the unknown setting "excludeFiles"; did you mean "excludedFiles"?'],
  ],
  ['a misspelt setting of requests', { requests: { host: ['x'] } }, ['requests has the unknown setting "host"; did you mean "hosts"?']],
  ['a misspelt rule id', { rules: { 'unit-hnit': 'off' } }, ['rules names the unknown rule "unit-hnit"; did you mean "unit-hint"?']],
  [
    'ESLint\'s "warn"',
    { rules: { 'unit-hint': 'warn' } },
    ['rules.unit-hint is the string "warn", but it must be "off", "hint", "info", "warning" or "error"; did you mean "warning"?'],
  ],
  [
    'a misspelt severity',
    { rules: { 'unit-hint': 'eror' } },
    ['rules.unit-hint is the string "eror", but it must be "off", "hint", "info", "warning" or "error"; did you mean "error"?'],
  ],
  [
    "ESLint's numeric severity",
    { rules: { 'unit-hint': 2 } },
    ['rules.unit-hint is the number 2, but it must be "off", "hint", "info", "warning" or "error"; did you mean "error"?'],
  ],
  [
    "ESLint's severity with options",
    { rules: { 'unit-hint': ['error', {}] } },
    [
      'rules.unit-hint is a list (rules take no options here, only a severity), but it must be "off", "hint", "info", "warning" or "error".',
    ],
  ],
  [
    'a severity nothing is close to',
    { rules: { 'unit-hint': 'loud' } },
    ['rules.unit-hint is the string "loud", but it must be "off", "hint", "info", "warning" or "error".'],
  ],
  ['a number written as a string', { cpus: '8' }, ['cpus is the string "8", but it takes a whole number from 1 to 1024.']],
  ['a number out of bounds', { cpus: 0 }, ['cpus is 0, but it takes a whole number from 1 to 1024.']],
  ['a size below its minimum', { maxFileSize: 0 }, ['maxFileSize is 0, but it takes a whole number of at least 1.']],
  [
    'a pattern written as a string',
    { files: '*.tf' },
    ['files is the string "*.tf", but it takes a list of glob patterns, such as ["**/*.search.json"].'],
  ],
  [
    'an empty list of patterns',
    { files: [] },
    ['files is an empty list, but it needs at least 1 pattern; remove the setting to use the default.'],
  ],
  ['an empty pattern', { ignores: [''] }, ['ignores[0] is an empty string, but a pattern must not be empty.']],
  ['a pattern twice', { ignores: ['a/', 'a/'] }, ['ignores lists "a/" more than once; keep one.']],
  [
    'rules written as a list',
    { rules: ['unit-hint'] },
    ['rules is a list, but it takes an object of rule ids and severities, such as { "unit-hint": "off" }.'],
  ],
  [
    'an override without files, with a near name',
    { overrides: [{ file: ['a'] }] },
    [
      'overrides[0] needs the setting "files"; did you mean "files" instead of "file"?',
      'overrides[0] has the unknown setting "file"; did you mean "files"?',
    ],
  ],
  ['an override without files', { overrides: [{ cpus: 2 }] }, ['overrides[0] needs the setting "files".']],
];

for (const [name, value, expected] of CASES) {
  test(`.search-lint.json mistake: ${name}`, () => {
    const r = checkLintConfig(value);
    assert.deepEqual(r.ok ? [] : [...r.problems].sort(), [...expected].sort());
  });
}

test('the CLI names the settings file before each sentence and exits with 2', async () => {
  const dir = tempTree({ '.search-lint.json': '{ "rules": { "unit-hint": "warn" }, "fils": [] }\n', 'a.search.json': '{}\n' });
  try {
    const r = await runCli(['lint', 'a.search.json'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.equal(r.out, '');
    assert.equal(
      r.err,
      [
        'search-config lint: .search-lint.json: the top level has the unknown setting "fils"; did you mean "files"?',
        'search-config lint: .search-lint.json: rules.unit-hint is the string "warn", but it must be "off", "hint", "info", "warning" or "error"; did you mean "warning"?',
        '',
      ].join('\n'),
    );
  } finally {
    removeTree(dir);
  }
});
