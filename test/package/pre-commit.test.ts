/**
 * The pre-commit hooks as pre-commit installs them: Debian's real `pre-commit` on a temporary repository
 * whose .pre-commit-config.yaml points at a commit of this repository by its local path; and the way
 * pre-commit 4.6 and later install a node hook repository (`npm install -g git+file://…#commit`).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { planOf } from '../support/terraform-plans';
import { findingsOf, must, NPM_ENV, ROOT, run, tempDir, TERRAFORM } from './support';

const hasPreCommit = spawnSync('pre-commit', ['--version']).status === 0;
// CI installs pre-commit (.ci/run); elsewhere a missing one skips these tests instead of failing them.
const skip = !hasPreCommit && !process.env.CI && 'pre-commit is not installed (apt-get install pre-commit)';
const head = must(run('git', ['rev-parse', 'HEAD'], { cwd: ROOT }), 'git rev-parse').stdout.trim();
const BAD = fs.readFileSync(path.join(ROOT, 'examples', 'mistakes.search.json'), 'utf8');
const CLEAN = fs.readFileSync(path.join(ROOT, 'examples', 'clean.search.json'), 'utf8');
/** A Kubernetes manifest whose spec.userConfig writes a version as a number: YAML has no coercion at the API server. */
const MANIFEST = (version: string) =>
  `apiVersion: vendor.io/v1alpha1\nkind: Search\nmetadata:\n  name: logs\nspec:\n  userConfig:\n    search_version: ${version}\n`;

/**
 * One pre-commit cache for the repositories below, as a user's machine has one: pre-commit installs the
 * hook's environment for this repository and commit once, and every later repository reuses it.
 */
const PRE_COMMIT_HOME = path.join(tempDir('pre-commit-home'), 'cache');

function gitRepo(): { dir: string; git: (...args: string[]) => ReturnType<typeof run>; env: NodeJS.ProcessEnv } {
  const dir = tempDir('hook-user');
  const env = {
    ...NPM_ENV,
    PRE_COMMIT_HOME,
    GIT_AUTHOR_NAME: 'Test',
    GIT_AUTHOR_EMAIL: 't@example.com',
    GIT_COMMITTER_NAME: 'Test',
    GIT_COMMITTER_EMAIL: 't@example.com',
  };
  const git = (...args: string[]) => run('git', args, { cwd: dir, env });
  must(git('init', '-q', '-b', 'main'), 'git init');
  return { dir, git, env };
}

describe('pre-commit hooks', { skip }, () => {
  it('block a commit with an error finding and let a clean one through', () => {
    const { dir, git, env } = gitRepo();
    fs.writeFileSync(
      path.join(dir, '.pre-commit-config.yaml'),
      `repos:\n  - repo: ${ROOT}\n    rev: ${head}\n    hooks:\n      - id: search-config\n`,
    );
    must(git('add', '.'), 'git add');
    must(git('commit', '-q', '-m', 'hooks'), 'first commit');
    must(run('pre-commit', ['install'], { cwd: dir, env }), 'pre-commit install');

    fs.writeFileSync(path.join(dir, 'prod.search.json'), BAD);
    fs.writeFileSync(path.join(dir, 'notes.json'), '{ "not": "a service configuration" }');
    fs.mkdirSync(path.join(dir, 'infra'));
    fs.writeFileSync(path.join(dir, 'infra', 'main.tf'), TERRAFORM);
    fs.mkdirSync(path.join(dir, 'k8s'));
    fs.writeFileSync(path.join(dir, 'k8s', 'search.yaml'), MANIFEST('3'));
    // YAML files that hold no configuration are passed too, and say nothing.
    fs.writeFileSync(path.join(dir, 'k8s', 'deployment.yml'), 'apiVersion: apps/v1\nkind: Deployment\nspec:\n  replicas: two\n');
    must(git('add', '.'), 'git add');
    const blocked = git('commit', '-m', 'a configuration with mistakes');
    const said = blocked.stdout + blocked.stderr;
    assert.notEqual(blocked.status, 0, `the commit went through:\n${said}`);
    assert.match(said, /search-config lint\.+Failed/);
    assert.match(said, /prod\.search\.json:\d+:\d+\s+error\s+.*\s{2}missing-required$/m);
    assert.match(said, /infra\/main\.tf:4:\d+\s+error\s+.*\s{2}unit-mismatch$/m, 'Terraform files are passed to the hook');
    assert.match(
      said,
      /k8s\/search\.yaml:7:21\s+error\s+Search\/logs: search_version is 3, .*write one of the allowed values, quoted\.\s{2}invalid-value$/m,
      'Kubernetes manifests are passed to the hook',
    );
    assert.doesNotMatch(said, /deployment\.yml/, 'a YAML file without a configuration says nothing');
    assert.doesNotMatch(said, /notes\.json/, 'files of other names are not passed to the hook');
    assert.equal(git('rev-list', '--count', 'HEAD').stdout.trim(), '1');

    fs.writeFileSync(path.join(dir, 'prod.search.json'), CLEAN);
    fs.rmSync(path.join(dir, 'infra'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'k8s', 'search.yaml'), MANIFEST('"3.6"'));
    must(git('add', '-A'), 'git add');
    const passed = git('commit', '-m', 'a clean configuration');
    assert.equal(passed.status, 0, passed.stdout + passed.stderr);
    assert.doesNotMatch(
      passed.stdout + passed.stderr,
      /(deployment\.yml|search\.yaml):\d+/,
      'a clean manifest and other YAML pass silently',
    );
    assert.match(passed.stdout + passed.stderr, /search-config lint\.+Passed/);
  });

  // A plan is linted as a plan whatever its name, once it reaches the hook: `files:` for a plan that is
  // committed, `args:` (with pass_filenames false and always_run) for one a CI job writes before the run.
  it('lint a Terraform plan named in files: or in args:', () => {
    const { dir, git, env } = gitRepo();
    fs.writeFileSync(path.join(dir, '.gitignore'), 'build/\n');
    fs.writeFileSync(
      path.join(dir, '.pre-commit-config.yaml'),
      [
        'repos:',
        `  - repo: ${ROOT}`,
        `    rev: ${head}`,
        '    hooks:',
        '      - id: search-config',
        "        files: '(^|/)(search-config|[^/]+\\.search)\\.jsonc?$|\\.tf$|(^|/)[^/]*plan\\.json$'",
        '      - id: search-config',
        '        name: search-config lint (Terraform plan)',
        '        args: [build/plan]',
        '        pass_filenames: false',
        '        always_run: true',
        '',
      ].join('\n'),
    );
    const plan = planOf({ search: { http_max_content_length: 1024 } });
    fs.mkdirSync(path.join(dir, 'infra'));
    fs.writeFileSync(path.join(dir, 'infra', 'tf.plan.json'), plan);
    fs.writeFileSync(path.join(dir, 'infra', 'settings.json'), plan);
    fs.mkdirSync(path.join(dir, 'build'));
    fs.writeFileSync(path.join(dir, 'build', 'plan'), plan);
    must(git('add', '.'), 'git add');
    const r = run('pre-commit', ['run', '--all-files'], { cwd: dir, env });
    const said = r.stdout + r.stderr;
    assert.notEqual(r.status, 0, said);
    assert.match(said, /search-config lint\.+Failed/);
    assert.match(said, /search-config lint \(Terraform plan\)\.+Failed/);
    for (const file of ['infra/tf.plan.json', 'build/plan']) {
      assert.match(
        said,
        new RegExp(
          `^\\s*${file.replace(/\./g, '\\.')}:\\d+:\\d+\\s+error\\s+module\\.eu\\.vendor_search\\.logs: search\\.http_max_content_length .*\\s{2}unit-mismatch$`,
          'm',
        ),
        file,
      );
    }
    assert.doesNotMatch(said, /settings\.json/, 'a file the files: pattern does not match is not passed');
  });

  it('the fix hook applies the safe fixes and fails the commit so that they can be reviewed', () => {
    const { dir, git, env } = gitRepo();
    fs.writeFileSync(
      path.join(dir, '.pre-commit-config.yaml'),
      `repos:\n  - repo: ${ROOT}\n    rev: ${head}\n    hooks:\n      - id: search-config-fix\n`,
    );
    const fixable = '{\n  "search_version": "2.19",\n  "static_ips": "true"\n}\n';
    fs.writeFileSync(path.join(dir, 'prod.search.json'), fixable);
    must(git('add', '.'), 'git add');
    const r = run('pre-commit', ['run', '--all-files'], { cwd: dir, env });
    assert.notEqual(r.status, 0, 'pre-commit fails a run that modified files');
    assert.match(r.stdout, /files were modified by this hook/);
    assert.equal(fs.readFileSync(path.join(dir, 'prod.search.json'), 'utf8'), fixable.replace('"true"', 'true'));
  });

  // npm prepares a git dependency that has a `build`, `prepare` or install script in a temporary clone and
  // links the global install to it, a clone it then removes: the manifest has none of those scripts.
  it('installs as pre-commit 4.6 and later install node hooks: npm install -g git+file://…#commit, nothing built', () => {
    const prefix = tempDir('hook-global');
    must(
      run('npm', ['install', '--global', '--prefix', prefix, `git+file://${ROOT}#${head}`], { cwd: prefix }),
      'npm install -g git+file://',
    );
    const work = tempDir('hook-work');
    fs.writeFileSync(path.join(work, 'prod.search.json'), BAD);
    const installed = path.join(prefix, 'lib', 'node_modules', 'search-config');
    assert.ok(!fs.lstatSync(installed).isSymbolicLink(), `${installed} is a real directory, not a link to a clone npm removes`);
    const r = run(path.join(prefix, 'bin', 'search-config'), ['lint', '--format', 'json', 'prod.search.json'], { cwd: work });
    assert.equal(r.status, 1, r.stderr);
    assert.ok(findingsOf(r.stdout).some((f) => f.includes(' missing-required ')));
  });
});
