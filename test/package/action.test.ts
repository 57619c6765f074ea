/**
 * The GitHub Action as the runner runs it: its committed entry (action.yml `runs.main`), copied with its
 * manifest outside the repository, started with `node` and the environment the runner sets (INPUT_*,
 * GITHUB_WORKSPACE, GITHUB_STEP_SUMMARY, GITHUB_OUTPUT, GITHUB_EVENT_PATH with a pull_request event,
 * GITHUB_BASE_REF), on a temporary repository with a base and a head commit.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ALL_FIELDS } from '../../server/src/core';
import { planOf } from '../support/terraform-plans';
import { must, ROOT, run, tempDir, TERRAFORM } from './support';

const CANARY = 'canary-client-secret-5d1e';
const restartField = ALL_FIELDS.find((f) => f.schema.restartsEngine && f.path.length === 2 && f.schema.type !== undefined)!;

/** The Action as a workflow gets it: action.yml, the file it names and the Terraform parser beside it, nothing else. */
function actionCheckout(): string {
  const dir = tempDir('action');
  const manifest = fs.readFileSync(path.join(ROOT, 'action.yml'), 'utf8');
  const main = /^\s+main:\s*(\S+)\s*$/m.exec(manifest)![1];
  assert.match(manifest, /^\s+using:\s*node24\s*$/m);
  fs.mkdirSync(path.join(dir, path.dirname(main)), { recursive: true });
  fs.copyFileSync(path.join(ROOT, main), path.join(dir, main));
  fs.copyFileSync(path.join(ROOT, 'action.yml'), path.join(dir, 'action.yml'));
  // The Terraform parser, committed beside the entry: the Action reads it only for a .tf file.
  for (const file of ['tree-sitter.js', 'tree-sitter.wasm', 'tree-sitter-terraform.wasm']) {
    fs.copyFileSync(path.join(ROOT, path.dirname(main), file), path.join(dir, path.dirname(main), file));
  }
  return path.join(dir, main);
}

function configWith(value: unknown, extra: Record<string, unknown> = {}): string {
  const [top, key] = restartField.path;
  return `${JSON.stringify({ search_version: '2.19', [top]: { [key]: value }, ...extra }, null, 2)}\n`;
}
const valueFor = (n: number): unknown => (String(restartField.schema.type).includes('array') ? [`host-${n}.example.com:9200`] : n);

function workspace(headExtra: Record<string, unknown>): { dir: string; base: string } {
  const dir = tempDir('workspace');
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 'T',
    GIT_AUTHOR_EMAIL: 't@example.com',
    GIT_COMMITTER_NAME: 'T',
    GIT_COMMITTER_EMAIL: 't@example.com',
  };
  const git = (...args: string[]) => must(run('git', args, { cwd: dir, env }), `git ${args[0]}`);
  git('init', '-q', '-b', 'main');
  fs.writeFileSync(path.join(dir, 'prod.search.json'), configWith(valueFor(1)));
  git('add', '.');
  git('commit', '-q', '-m', 'base');
  const base = git('rev-parse', 'HEAD').stdout.trim();
  fs.writeFileSync(path.join(dir, 'prod.search.json'), configWith(valueFor(2), headExtra));
  git('commit', '-q', '-am', 'head');
  return { dir, base };
}

function runAction(main: string, ws: string, env: Record<string, string>) {
  const state = tempDir('runner');
  const summary = path.join(state, 'step-summary.md');
  const output = path.join(state, 'output.txt');
  fs.writeFileSync(summary, '');
  fs.writeFileSync(output, '');
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('INPUT_') && !k.startsWith('GITHUB_')));
  const r = run(process.execPath, [main], {
    cwd: ws,
    env: { ...clean, GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: ws, GITHUB_STEP_SUMMARY: summary, GITHUB_OUTPUT: output, ...env },
  });
  const outputs = Object.fromEntries(
    fs
      .readFileSync(output, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split(/=(.*)/s).slice(0, 2)),
  );
  return { ...r, summary: fs.readFileSync(summary, 'utf8'), outputs, state };
}

describe('the GitHub Action', () => {
  const main = actionCheckout();

  it('on a pull request: annotations, a summary with every finding and the restart from the base, outputs, SARIF, exit 1', () => {
    const { dir, base } = workspace({
      max_index_count: 5,
      openid: { enabled: true, connect_url: 'https://idp.example.com/.well-known/openid-configuration', client_secret: CANARY },
    });
    const event = path.join(tempDir('event'), 'event.json');
    fs.writeFileSync(
      event,
      JSON.stringify({
        action: 'synchronize',
        pull_request: { number: 7, base: { ref: 'main', sha: base }, head: { ref: 'feature', sha: 'f'.repeat(40) } },
      }),
    );
    const r = runAction(main, dir, {
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: event,
      GITHUB_BASE_REF: 'main',
      GITHUB_HEAD_REF: 'feature',
      'INPUT_SARIF-FILE': 'results.sarif',
      INPUT_PATHS: '',
      'INPUT_MIN-SEVERITY': 'info',
      'INPUT_FAIL-ON-FINDINGS': 'true',
    });
    assert.equal(r.status, 1, r.stdout + r.stderr);
    assert.match(
      r.stdout,
      /^::error file=prod\.search\.json,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=missing-required::openid is missing "client_id"/m,
    );
    assert.match(r.stdout, /^::warning file=prod\.search\.json,.*title=deprecated-field::/m);
    assert.match(
      r.stdout,
      new RegExp(`^::warning file=prod\\.search\\.json,.*title=restart-required::.*${restartField.dotted.replace(/\./g, '\\.')}`, 'm'),
    );

    assert.match(r.summary, /^## search-config$/m);
    assert.match(r.summary, /\*\*1 error\*\*/);
    assert.match(r.summary, /\| \[missing-required\]\(https:\/\/[^)]+#missing-required\) \|/);
    assert.match(r.summary, /\| \[restart-required\]\(https:\/\/[^)]+#restart-required\) \|/);
    assert.match(r.summary, new RegExp(`compared each file with \`git:${base}\``));
    assert.match(r.summary, /^### Search configuration changes/m, 'the change impact of the pull request');
    assert.match(r.summary, new RegExp(`\`${restartField.dotted.replace(/\./g, '\\.')}(\\[\\d+\\])?\`.*restart`, 'i'));

    assert.equal(r.outputs['error-count'], '1');
    assert.ok(Number(r.outputs['warning-count']) >= 3, r.outputs['warning-count']);
    assert.equal(r.outputs['sarif-file'], 'results.sarif');
    assert.equal(r.outputs['exit-code'], '1');
    const sarif = JSON.parse(fs.readFileSync(path.join(dir, 'results.sarif'), 'utf8'));
    assert.equal(sarif.version, '2.1.0');
    const count = Number(r.outputs['error-count']) + Number(r.outputs['warning-count']) + Number(r.outputs['info-count']);
    assert.equal(sarif.runs[0].results.length, count);

    for (const [what, text] of [
      ['the log', r.stdout + r.stderr],
      ['the summary', r.summary],
      ['the outputs', JSON.stringify(r.outputs)],
      ['the SARIF file', JSON.stringify(sarif)],
    ]) {
      assert.ok(!text.includes(CANARY), `the secret appears in ${what}`);
    }
  });

  it('with no inputs at all lints the default files of the workspace and fails exactly as the CLI would', () => {
    const { dir } = workspace({ max_index_count: 5, static_ips: 'yes' });
    const r = runAction(main, dir, {});
    const cli = run(process.execPath, [path.join(ROOT, 'bin', 'search-config.js'), 'lint'], { cwd: dir });
    assert.equal(cli.status, 1);
    assert.equal(r.status, cli.status, r.stdout + r.stderr);
    assert.match(r.stdout, /^::error file=prod\.search\.json,.*title=type-mismatch::/m);
    assert.match(r.summary, /\*\*1 error\*\*/);
    assert.doesNotMatch(r.summary, /Search configuration changes/, 'no baseline outside a pull request');
    assert.equal(r.outputs['sarif-file'], '');
  });

  it('reports a Terraform file with a finding, by default and when named in paths', () => {
    const { dir } = workspace({});
    fs.mkdirSync(path.join(dir, 'infra'));
    fs.writeFileSync(path.join(dir, 'infra', 'main.tf'), TERRAFORM);
    for (const env of [{}, { INPUT_PATHS: 'infra/main.tf' }] as Record<string, string>[]) {
      const r = runAction(main, dir, env);
      assert.equal(r.status, 1, r.stdout + r.stderr);
      assert.match(
        r.stdout,
        /^::error file=infra\/main\.tf,line=4,col=\d+,.*title=unit-mismatch::vendor_search\.logs: search\.http_max_content_length/m,
      );
      // One mistake, one finding: the unit slip stands for the type error on the same value.
      assert.doesNotMatch(r.stdout, /title=type-mismatch::/);
      assert.equal(r.outputs['error-count'], '1');
    }
  });

  it('lints a Terraform plan named in paths, whatever its name, as a plan: on a pull request its changes come from the plan, not from the base', () => {
    const { dir, base } = workspace({});
    const [top, key] = restartField.path;
    // As a job writes it (terraform show -json), not committed: a size below its minimum, and a restart.
    const after: Record<string, Record<string, unknown>> = { search: { http_max_content_length: 1024 } };
    after[top] = { ...after[top], [key]: valueFor(2) };
    const plan = planOf(after, { [top]: { [key]: valueFor(1) } });
    fs.mkdirSync(path.join(dir, 'infra'));
    for (const name of ['tf.plan.json', 'plan']) fs.writeFileSync(path.join(dir, 'infra', name), plan);
    const event = path.join(tempDir('event'), 'event.json');
    fs.writeFileSync(
      event,
      JSON.stringify({
        action: 'synchronize',
        pull_request: { number: 8, base: { ref: 'main', sha: base }, head: { ref: 'feature', sha: 'f'.repeat(40) } },
      }),
    );
    const r = runAction(main, dir, {
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: event,
      GITHUB_BASE_REF: 'main',
      INPUT_PATHS: 'infra/tf.plan.json\ninfra/plan',
    });
    assert.equal(r.status, 1, r.stdout + r.stderr);
    for (const file of ['infra/tf.plan.json', 'infra/plan']) {
      const at = `^::error file=${file.replace(/\./g, '\\.')},line=\\d+,col=\\d+,`;
      assert.match(
        r.stdout,
        new RegExp(`${at}.*title=unit-mismatch::module\\.eu\\.vendor_search\\.logs: search\\.http_max_content_length`, 'm'),
        file,
      );
      assert.match(
        r.stdout,
        new RegExp(
          `^::warning file=${file.replace(/\./g, '\\.')},.*title=restart-required::module\\.eu\\.vendor_search\\.logs: .*${restartField.dotted.replace(/\./g, '\\.')}`,
          'm',
        ),
        file,
      );
    }
    assert.equal(r.outputs['error-count'], '2');
    assert.match(r.summary, /`infra\/plan:\d+:\d+`/);
    // The plan is not diffed with the base as if it were a configuration (its top-level keys as fields).
    assert.doesNotMatch(r.summary, /format_version|resource_changes/);
    assert.doesNotMatch(r.summary, /Search configuration changes/);
  });

  it('passes on a clean workspace, reports only with fail-on-findings false, and fails on a bad input', () => {
    const clean = workspace({});
    const ok = runAction(main, clean.dir, {});
    assert.equal(ok.status, 0, ok.stdout);
    assert.equal(ok.outputs['error-count'], '0');

    const bad = workspace({ static_ips: 'yes' });
    const report = runAction(main, bad.dir, { 'INPUT_FAIL-ON-FINDINGS': 'false' });
    assert.equal(report.status, 0);
    assert.equal(report.outputs['error-count'], '1');
    assert.equal(report.outputs['exit-code'], '1');

    const wrong = runAction(main, bad.dir, { 'INPUT_MIN-SEVERITY': 'severe' });
    assert.equal(wrong.status, 2);
    assert.match(wrong.stdout, /^::error title=search-config::.*--min-severity/m);

    const warnings = workspace({ max_index_count: 5 });
    const limited = runAction(main, warnings.dir, { 'INPUT_MAX-WARNINGS': '0' });
    assert.equal(limited.status, 1, 'more warnings than max-warnings fail the step');
  });
});
