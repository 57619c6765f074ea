import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { FIXTURES, ONE_ERROR_ONE_WARNING, ONE_WARNING, removeTree, ROOT, runCli, tempTree } from './support';

/** The habits ESLint, tflint and git users bring to the command line, with the exact conversation. */

test('--quiet reports errors only, as ESLint: warnings, info and hints are neither shown nor counted', async () => {
  const dir = tempTree({ 'a.search.json': ONE_ERROR_ONE_WARNING, 'w.search.json': ONE_WARNING });
  try {
    const r = await runCli(['lint', '--quiet'], { cwd: dir });
    assert.equal(
      r.out,
      [
        'a.search.json',
        '  a.search.json:2:17  error  static_ips is a string ("true"), but it takes a boolean. Replace "true" with true.  type-mismatch',
        '',
        '\u2716 1 problem (1 error, 0 warnings)',
        '  1 error and 0 warnings potentially fixable with the `--fix` option.',
        '',
      ].join('\n'),
    );
    assert.equal(r.err, '');
    assert.equal(r.code, 1);
    const warningsOnly = await runCli(['lint', '--quiet', 'w.search.json', '--max-warnings', '5'], { cwd: dir });
    assert.deepEqual(warningsOnly, { code: 0, out: '', err: '' });
  } finally {
    removeTree(dir);
  }
});

test('--quiet with --max-warnings: the warnings are found and counted toward the limit, not reported (ESLint 9)', async () => {
  const dir = tempTree({ 'w.search.json': ONE_WARNING });
  try {
    const r = await runCli(['lint', '--quiet', '--max-warnings', '0'], { cwd: dir });
    assert.deepEqual(r, {
      code: 1,
      out: '',
      err: 'search-config lint: 1 warning (not reported with --quiet), more than the --max-warnings limit of 0\n',
    });
    const within = await runCli(['lint', '--quiet', '--max-warnings', '1'], { cwd: dir });
    assert.deepEqual(within, { code: 0, out: '', err: '' });
  } finally {
    removeTree(dir);
  }
});

test('counts are singular for one: one warning over the limit, one problem, one error', async () => {
  const dir = tempTree({ 'w.search.json': ONE_WARNING });
  try {
    const r = await runCli(['lint', '--max-warnings', '0'], { cwd: dir });
    assert.equal(r.err, 'search-config lint: 1 warning, more than the --max-warnings limit of 0\n');
    assert.match(r.out, /^\u2716 1 problem \(0 errors, 1 warning\)$/m);
    assert.equal(r.code, 1);
  } finally {
    removeTree(dir);
  }
});

test("stylish with --rule-links ends each finding with its rule's documentation address", async () => {
  const dir = tempTree({ 'a.search.json': ONE_ERROR_ONE_WARNING });
  try {
    const r = await runCli(['lint', '--rule-links'], { cwd: dir });
    assert.equal(
      r.out.split('\n').slice(0, 3).join('\n'),
      [
        'a.search.json',
        '  a.search.json:2:17  error    static_ips is a string ("true"), but it takes a boolean. Replace "true" with true.                                             type-mismatch     https://github.com/search-config/search-config/blob/main/docs/rules.md#type-mismatch',
        '  a.search.json:3:3   warning  max_index_count is deprecated: express the limit as an index_patterns entry such as { "pattern": "*", "max_index_count": N }.  deprecated-field  https://github.com/search-config/search-config/blob/main/docs/rules.md#deprecated-field',
      ].join('\n'),
    );
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    const matcher = manifest.contributes.problemMatchers.find((m: { name: string }) => m.name === 'search-config');
    const m = new RegExp(matcher.pattern.regexp).exec(r.out.split('\n')[1]);
    assert.equal(m?.[matcher.pattern.code], 'type-mismatch', 'the problem matcher reads a line with its link');
    assert.equal(m?.[matcher.pattern.message], 'static_ips is a string ("true"), but it takes a boolean. Replace "true" with true.');
  } finally {
    removeTree(dir);
  }
});

test('diff --exit-code exits with 1 when there are changes, 0 when there are none, as git diff --exit-code', async () => {
  const dir = tempTree({
    'old.search.json': '{\n  "service_log": true\n}\n',
    'same.search.json': '{\n  "service_log": true\n}\n',
    'new.search.json': '{\n  "service_log": false\n}\n',
  });
  try {
    const changed = await runCli(['diff', 'old.search.json', 'new.search.json', '--exit-code'], { cwd: dir });
    assert.equal(changed.code, 1);
    assert.match(changed.out, /service_log/);
    const same = await runCli(['diff', 'old.search.json', 'same.search.json', '--exit-code'], { cwd: dir });
    assert.equal(same.code, 0);
    const plain = await runCli(['diff', 'old.search.json', 'new.search.json'], { cwd: dir });
    assert.equal(plain.code, 0, 'without --exit-code a comparison exits with 0 as before');
  } finally {
    removeTree(dir);
  }
});

test('a .tfvars file on the command line lints the .tf files of its directory that use variables', async () => {
  const dir = tempTree({
    'mod/main.tf':
      'resource "vendor_search" "logs" {\n  search_user_config {\n    search { http_max_content_length = var.max_body }\n  }\n}\n',
    'mod/fixed.tf': 'resource "vendor_search" "fixed" {\n  search_user_config {\n    service_log = true\n  }\n}\n',
    'mod/variables.tf': 'variable "max_body" {\n  default = 1024\n}\n',
    'mod/terraform.tfvars': 'max_body = "100mb"\n',
    'other/terraform.tfvars': 'x = 1\n',
  });
  try {
    const r = await runCli(['lint', '--format', 'json', 'mod/terraform.tfvars'], { cwd: dir });
    const results = JSON.parse(r.out);
    assert.deepEqual(
      results.map((f: { filePath: string }) => f.filePath),
      ['mod/main.tf'],
      'only the file whose configuration uses a variable',
    );
    assert.match(results[0].messages[0].message, /the value of var\.max_body, from mod\/terraform\.tfvars:1/);
    const none = await runCli(['lint', 'other/terraform.tfvars'], { cwd: dir });
    assert.deepEqual(none, { code: 0, out: '', err: '' }, 'a module without search configurations gives nothing, as for any .tf file');
  } finally {
    removeTree(dir);
  }
});

test('the pre-commit hooks run on .tfvars changes and on every file lint . reads, and say what they do with them', () => {
  const hooks = parseYaml(fs.readFileSync(path.join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as Array<{
    id: string;
    files: string;
    description: string;
  }>;
  assert.ok(hooks.length >= 2);
  for (const hook of hooks) {
    const files = new RegExp(hook.files);
    for (const name of [
      'infra/terraform.tfvars',
      'prod.auto.tfvars',
      'terraform.tfvars.json',
      'main.tf',
      'k8s/search.yaml',
      'svc.search.json',
      'search-config.jsonc',
      'infra/main.tf.json',
      'ops/runbook.http',
      'ops/runbook.rest',
    ])
      assert.ok(files.test(name), `${hook.id} runs on ${name}`);
    for (const name of ['README.md', 'package.json', 'main.tf.json.bak', 'notes.http.txt', 'tsconfig.json'])
      assert.ok(!files.test(name), `${hook.id} leaves ${name} alone`);
    assert.match(hook.description, /\*\.tfvars file lints .*\.tf files of its module directory/);
  }
});

test('the golden set through --quiet keeps only its errors', async () => {
  const r = await runCli(['lint', '--quiet', 'golden'], { cwd: FIXTURES });
  assert.ok(!/\b(warning|info|hint)  /.test(r.out), r.out);
  assert.match(r.out, /\u2716 6 problems \(6 errors, 0 warnings\)/);
});

test('--quiet with --fix and --fix-dry-run: only the errors are fixed and reported, as ESLint 9 runs no warn rule under --quiet', async () => {
  const dir = tempTree({ 'a.search.json': ONE_ERROR_ONE_WARNING });
  try {
    const dry = await runCli(['lint', '--quiet', '--fix-dry-run', 'a.search.json'], { cwd: dir });
    assert.equal(
      dry.out,
      [
        '--- a/a.search.json',
        '+++ b/a.search.json',
        '@@ -1,4 +1,4 @@',
        ' {',
        '-  "static_ips": "true",',
        '+  "static_ips": true,',
        '   "max_index_count": 5',
        ' }',
        '',
      ].join('\n'),
    );
    assert.deepEqual([dry.err, dry.code], ['', 0]);
    const fixed = await runCli(['lint', '--quiet', '--fix', 'a.search.json'], { cwd: dir });
    assert.deepEqual(fixed, { code: 0, out: '', err: '' });
    assert.equal(
      fs.readFileSync(path.join(dir, 'a.search.json'), 'utf8'),
      '{\n  "static_ips": true,\n  "max_index_count": 5\n}\n',
      "the warning's fix (a migration of max_index_count) is not applied",
    );
    // Without --quiet the warning is fixed too.
    const all = await runCli(['lint', '--fix', 'a.search.json'], { cwd: dir });
    assert.equal(all.code, 0);
    assert.doesNotMatch(fs.readFileSync(path.join(dir, 'a.search.json'), 'utf8'), /"max_index_count": 5\n\}/);
  } finally {
    removeTree(dir);
  }
});
