/** The Action's job summary: within GitHub's 1 MiB limit, with the change impact of a pull request in every format. */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { changeReports } from '../../server/src/action/impact';
import { jobSummary, SUMMARY_LIMIT, type JsonReport } from '../../server/src/action/summary';
import { readInputs } from '../../server/src/action/inputs';
import { REPO } from '../support/repo';

const DIFF_FIXTURES = path.join(REPO, 'test/fixtures/cli/diff');

test('a summary of 30,000 findings is cut below the limit with a count of the rest', () => {
  const messages = Array.from({ length: 30_000 }, (_, i) => ({
    ruleId: 'unknown-field',
    severity: 'warning',
    message: `"field_${i}" is not a field of the configuration | with a pipe`.padEnd(120, '.'),
    line: i + 1,
    column: 3,
  }));
  const report: JsonReport = {
    filePath: 'envs/prod.search.json',
    messages,
    errorCount: 0,
    warningCount: messages.length,
    infoCount: 0,
    hintCount: 0,
  };
  const text = jobSummary([report], ['### Search configuration changes\n\nsome changes\n'], { sarifFile: 'results.sarif' });
  assert.ok(Buffer.byteLength(text) <= SUMMARY_LIMIT, `${Buffer.byteLength(text)} bytes`);
  const shown = text.split('\n').filter((l) => l.startsWith('| `envs/')).length;
  assert.ok(shown > 1000 && shown < messages.length, String(shown));
  assert.match(text, new RegExp(`…and ${messages.length - shown} more findings not shown here .*results\\.sarif`));
  assert.match(text, /with a pipe/);
  assert.match(text, /\\\| with a pipe/, 'pipes in messages are escaped so that the table holds');
  assert.match(text, /### Search configuration changes/, 'the change impact is kept');
});

test('inputs: the pull request base is the default baseline; none turns it off; a bad flag is refused', () => {
  const event = { pull_request: { base: { sha: 'a'.repeat(40) } } };
  assert.equal((readInputs({}, event) as { baseline?: string }).baseline, `git:${'a'.repeat(40)}`);
  assert.equal((readInputs({ INPUT_BASELINE: 'none' }, event) as { baseline?: string }).baseline, undefined);
  assert.equal((readInputs({ INPUT_BASELINE: 'git:origin/main' }, undefined) as { baseline?: string }).baseline, 'git:origin/main');
  assert.equal((readInputs({}, { pull_request: { base: { sha: '--upload-pack=x' } } }) as { baseline?: string }).baseline, undefined);
  assert.deepEqual((readInputs({ INPUT_PATHS: ' a.search.json\n envs/ ' }, undefined) as { paths: string[] }).paths, [
    'a.search.json',
    'envs/',
  ]);
  assert.match((readInputs({ 'INPUT_FAIL-ON-FINDINGS': 'maybe' }, undefined) as { error: string }).error, /fail-on-findings/);
});

test('the change impact of a pull request covers Terraform files and manifests: each configuration under its name, one only removed included', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-config-action-impact-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.email=test@example.com', '-c', 'user.name=test', '-c', 'commit.gpgsign=false', ...args], {
      cwd: dir,
      stdio: 'pipe',
      encoding: 'utf8',
    });
  try {
    git('init', '-q');
  } catch {
    t.skip('git is not available');
    return;
  }
  const fixture = (name: string): string => fs.readFileSync(path.join(DIFF_FIXTURES, name), 'utf8');
  const two = `${fixture('deployed.yaml')}---\napiVersion: vendor.io/v1alpha1\nkind: Search\nmetadata:\n  name: extra\nspec:\n  userConfig:\n    static_ips: true\n`;
  const write = (files: Record<string, string>): void => {
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
  };
  write({
    'infra/main.tf': fixture('deployed.tf'),
    'infra/same.tf': fixture('deployed.tf'),
    'k8s/search.yaml': fixture('deployed.yaml'),
    'k8s/two.yaml': two,
  });
  git('add', '.');
  git('commit', '-q', '-m', 'base');
  const base = git('rev-parse', 'HEAD').trim();
  // The head: main.tf and search.yaml changed, same.tf untouched, one manifest of two.yaml removed and nothing else.
  write({ 'infra/main.tf': fixture('proposed.tf'), 'k8s/search.yaml': fixture('proposed.yaml'), 'k8s/two.yaml': fixture('deployed.yaml') });
  const report = (filePath: string): JsonReport => ({ filePath, messages: [], errorCount: 0, warningCount: 0, infoCount: 0, hintCount: 0 });
  const reports = ['infra/main.tf', 'infra/same.tf', 'k8s/search.yaml', 'k8s/two.yaml'].map(report);
  const impact = await changeReports(reports, `git:${base}`, dir, {});
  const golden = (name: string, file: string): string => {
    const transcript = fs.readFileSync(path.join(DIFF_FIXTURES, name), 'utf8');
    const stdout = transcript.slice(transcript.indexOf('--- stdout\n') + '--- stdout\n'.length, transcript.indexOf('\n--- stderr'));
    return `${stdout.replace(/^### Search configuration changes: .*$/m, `### Search configuration changes: \`git:${base}\` → \`${file}\``)}\n`;
  };
  assert.equal(impact.length, 3, impact.join('\n----\n'));
  assert.equal(impact[0], golden('terraform-markdown.golden.txt', 'infra/main.tf'));
  assert.equal(impact[1], golden('manifest-markdown.golden.txt', 'k8s/search.yaml'));
  assert.match(impact[2], /^#### `Search\/extra`: removed configuration$/m);
  assert.match(impact[2], /\*\*0 changed fields in 3 configurations \(1 removed, 2 unchanged\)\.\*\*/);
  const summary = jobSummary(reports, impact, { baseline: `git:${base}` });
  for (const secret of ['plain-text-secret-one', 'plain-text-secret-two', 'tf-sensitive-default-secret', 'plain-text-in-template'])
    assert.ok(!summary.includes(secret), secret);
});

test('the change impact includes the .tf files and manifests a pull request deleted or emptied of configurations, within the paths given', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-config-action-gone-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.email=test@example.com', '-c', 'user.name=test', '-c', 'commit.gpgsign=false', ...args], {
      cwd: dir,
      stdio: 'pipe',
      encoding: 'utf8',
    });
  try {
    git('init', '-q');
  } catch {
    t.skip('git is not available');
    return;
  }
  const fixture = (name: string): string => fs.readFileSync(path.join(DIFF_FIXTURES, name), 'utf8');
  const write = (files: Record<string, string>): void => {
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
  };
  write({
    'infra/gone.tf': fixture('deployed.tf'),
    'infra/emptied.tf': fixture('deployed.tf'),
    'k8s/gone/search.yaml': fixture('deployed.yaml'),
    'k8s/configmap.yaml': fixture('no-search.yaml'),
    'other/gone.tf': fixture('migrated.tf'),
  });
  git('add', '.');
  git('commit', '-q', '-m', 'base');
  const base = git('rev-parse', 'HEAD').trim();
  // The head: two files deleted (one with its folder), one left without any search_user_config, a manifest-free YAML file deleted.
  for (const file of ['infra/gone.tf', 'k8s/gone/search.yaml', 'k8s/configmap.yaml', 'other/gone.tf']) fs.rmSync(path.join(dir, file));
  fs.rmdirSync(path.join(dir, 'k8s', 'gone'));
  write({ 'infra/emptied.tf': 'variable "smtp_password" {\n  type = string\n}\n' });
  // Lint lists none of them: each holds no configuration now.
  const impact = await changeReports([], `git:${base}`, dir, {}, ['infra/', 'k8s']);
  const removed = (md: string): string[] => [...md.matchAll(/^#### `([^`]+)`: removed configuration$/gm)].map((m) => m[1]);
  const byFile = new Map(impact.map((md) => [/→ `([^`]+)`/.exec(md)![1], removed(md)]));
  assert.deepEqual([...byFile.keys()].sort(), ['infra/emptied.tf', 'infra/gone.tf (deleted)', 'k8s/gone/search.yaml (deleted)']);
  assert.deepEqual(byFile.get('infra/gone.tf (deleted)'), ['vendor_search.logs', 'vendor_search.old_name', 'vendor_search.retired']);
  assert.deepEqual(byFile.get('infra/emptied.tf'), ['vendor_search.logs', 'vendor_search.old_name', 'vendor_search.retired']);
  assert.deepEqual(byFile.get('k8s/gone/search.yaml (deleted)'), ['Search/logs', 'Search/retired']);
  assert.match(impact.join('\n'), /Terraform plans to destroy this service/);
  // Without paths, every such file of the repository.
  const all = await changeReports([], `git:${base}`, dir, {});
  assert.equal(all.length, 4);
  assert.ok(all.some((md) => md.includes('`other/gone.tf (deleted)`')));
});
