import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ALL_FIELDS, typesOf, type FieldInfo } from '../../../server/src/core/schema';
import { diffConfigs, type ChangeClass } from '../../../server/src/core/changes/diff';
import { formatChangesMarkdown } from '../../../server/src/core/changes/report';
import { changeImpact } from '../../../server/src/core/changes/comparison';
import { assertGolden, runCli, transcript } from '../../support/cli-golden';
import { planOf } from '../../support/terraform-plans';
import { REPO } from '../../support/repo';
import { loadTerraformFromDisk } from '../../../server/src/node/terraform-wasm';

const DIR = path.join(REPO, 'test/fixtures/cli/diff');
const GOLDEN = DIR;
const SECRETS_IN_FIXTURES = [
  'plain-text-secret-one',
  'plain-text-secret-two',
  'plain-text-secret-three',
  'value-of-unknown-key-one',
  'value-of-unknown-key-two',
  // Terraform: a sensitive variable's default, a template in a secret field; YAML: a secret shared through an anchor.
  'tf-sensitive-default-secret',
  'plain-text-in-template',
  'client-id-in-sensitive-call',
  // A plan: values marked sensitive, one changed and one not.
  'plan-sensitive-secret-one',
  'plan-sensitive-secret-two',
  'plan-sensitive-secret-three',
];

const GOLDEN_CASES: Array<[string, string[]]> = [
  ['text', ['diff', 'deployed.json', 'proposed.jsonc']],
  ['markdown', ['diff', 'deployed.json', 'proposed.jsonc', '--format', 'markdown']],
  ['json', ['diff', 'deployed.json', 'proposed.jsonc', '--format', 'json']],
  ['no-changes', ['diff', 'deployed.json', 'deployed.json', '--format', 'markdown']],
  ['unparseable', ['diff', 'deployed.json', 'broken.json']],
  ['missing-file', ['diff', 'deployed.json', 'missing.json']],
  ['usage', ['diff', 'deployed.json', 'proposed.jsonc', 'broken.json']],
  // Terraform: resources matched by address (one changed, one renamed, one removed, one added), expressions not known until plan.
  ['terraform-text', ['diff', 'deployed.tf', 'proposed.tf']],
  ['terraform-markdown', ['diff', 'deployed.tf', 'proposed.tf', '--format', 'markdown']],
  ['terraform-json', ['diff', 'deployed.tf', 'proposed.tf', '--format', 'json']],
  ['terraform-no-changes', ['diff', 'deployed.tf', 'deployed.tf']],
  ['terraform-unparseable', ['diff', 'deployed.tf', 'broken.tf']],
  // Kubernetes: multi-document manifests matched by kind/metadata.name, other kinds left out, anchors shared with secrets hidden.
  ['manifest-text', ['diff', 'deployed.yaml', 'proposed.yaml']],
  ['manifest-markdown', ['diff', 'deployed.yaml', 'proposed.yaml', '--format', 'markdown']],
  ['manifest-json', ['diff', 'deployed.yaml', 'proposed.yaml', '--format', 'json']],
  ['manifest-template', ['diff', 'deployed.yaml', 'template.yaml']],
  ['manifest-none', ['diff', 'no-search.yaml', 'no-search.yaml']],
  // A lone configuration compares with a lone one in another format: the JSON file written as *.search.yaml.
  ['search-yaml', ['diff', 'deployed.json', 'proposed.search.yaml']],
  ['json-to-terraform', ['diff', 'deployed.json', 'migrated.tf']],
  // A lone configuration and several named ones: which is which cannot be told.
  ['json-to-many', ['diff', 'deployed.json', 'proposed.tf']],
  // A plan alone: each resource's change.before against its change.after (updated, replaced, destroyed, created, no-op).
  ['plan-text', ['diff', 'plan.json']],
  ['plan-markdown', ['diff', 'plan.json', '--format', 'markdown']],
  ['plan-json', ['diff', 'plan.json', '--format', 'json']],
  ['not-a-plan', ['diff', 'deployed.json']],
  // --exit-code, as git diff's: 1 when anything differs, 0 when nothing does.
  ['exit-code-changes', ['diff', 'deployed.json', 'proposed.jsonc', '--exit-code']],
  ['exit-code-no-changes', ['diff', 'deployed.tf', 'deployed.tf', '--exit-code']],
  ['exit-code-plan', ['diff', 'plan.json', '--exit-code', '--format', 'markdown']],
];

for (const [name, argv] of GOLDEN_CASES) {
  test(`diff golden: ${name}`, async () => {
    const run = await runCli(argv, { cwd: DIR });
    assertGolden(path.join(GOLDEN, `${name}.golden.txt`), transcript(argv, run));
  });
}

test('exit codes: 0 when compared, 2 for unreadable or unparseable input and usage errors', async () => {
  assert.equal((await runCli(['diff', 'deployed.json', 'proposed.jsonc'], { cwd: DIR })).code, 0);
  assert.equal((await runCli(['diff', 'deployed.json', 'broken.json'], { cwd: DIR })).code, 2);
  assert.equal((await runCli(['diff', 'deployed.json', 'missing.json'], { cwd: DIR })).code, 2);
  assert.equal((await runCli(['diff', 'deployed.json', 'proposed.jsonc', '--format', 'yaml'], { cwd: DIR })).code, 2);
  assert.equal((await runCli(['diff', '-', '-'], { cwd: DIR })).code, 2);
  const stdin = await runCli(['diff', 'deployed.json', '-', '--format', 'json'], { cwd: DIR, stdin: '{ "search_version": "3.6" }' });
  assert.equal(stdin.code, 0, stdin.stderr);
  assert.equal(JSON.parse(stdin.stdout).new, '<stdin>');
  // Standard input takes the format of the other side's name.
  const tfStdin = await runCli(['diff', 'deployed.tf', '-', '--format', 'json'], {
    cwd: DIR,
    stdin: fs.readFileSync(path.join(DIR, 'proposed.tf'), 'utf8'),
  });
  const tfFiles = await runCli(['diff', 'deployed.tf', 'proposed.tf', '--format', 'json'], { cwd: DIR });
  assert.equal(tfStdin.code, 0, tfStdin.stderr);
  assert.deepEqual(JSON.parse(tfStdin.stdout).configurations, JSON.parse(tfFiles.stdout).configurations);
});

test('secret values and values of unknown keys never appear in any format, from JSON, Terraform or YAML', async () => {
  const pairs = [
    ['deployed.json', 'proposed.jsonc'],
    ['deployed.tf', 'proposed.tf'],
    ['proposed.tf', 'deployed.tf'],
    ['deployed.yaml', 'proposed.yaml'],
    ['proposed.yaml', 'deployed.yaml'],
    ['deployed.json', 'proposed.search.yaml'],
    ['deployed.json', 'migrated.tf'],
    ['plan.json'],
  ];
  for (const files of pairs) {
    for (const format of ['text', 'json', 'markdown']) {
      const run = await runCli(['diff', ...files, '--format', format], { cwd: DIR });
      assert.equal(run.code, 0, run.stderr);
      for (const secret of SECRETS_IN_FIXTURES)
        assert.ok(!run.stdout.includes(secret), `${format} output of ${files.join(' -> ')} shows ${secret}`);
    }
  }
});

/** A configuration holding `value` at the field's path; array items become one-element arrays. */
function configWith(f: FieldInfo, value: unknown): unknown {
  let v = value;
  for (let i = f.path.length - 1; i >= 0; i--) v = f.path[i] === '[]' ? [v] : { [f.path[i]]: v };
  return v;
}
const sampleOf = (f: FieldInfo): unknown => f.schema.examples?.[0] ?? f.schema.default ?? (f.schema.enum ? f.schema.enum[0] : 'x');

test('changes are classified from the schema markers of the field or its ancestors', () => {
  const expectations: Array<[keyof FieldInfo['schema'], ChangeClass]> = [
    ['restartsEngine', 'restartsEngine'],
    ['createOnly', 'createOnly'],
    ['secret', 'secret'],
    ['deprecated', 'deprecated'],
  ];
  for (const [marker, cls] of expectations) {
    const marked = ALL_FIELDS.filter((f) => f.schema[marker]);
    assert.ok(marked.length > 0, `the schema has fields marked ${marker}`);
    for (const f of marked) {
      const changes = diffConfigs({}, configWith(f, sampleOf(f)));
      assert.ok(changes.length > 0, `adding ${f.dotted} is a change`);
      for (const c of changes) assert.ok(c.classes.includes(cls), `${c.path} (under ${f.dotted}) is classified ${cls}: ${c.classes}`);
    }
  }
});

test('a deprecated enum value is classified as deprecated; removing a deprecated field is not', () => {
  for (const f of ALL_FIELDS.filter((x) => x.schema.deprecatedValues?.length)) {
    const current = f.schema.enum?.find((v) => v !== null && !f.schema.deprecatedValues!.includes(v));
    const [change] = diffConfigs(configWith(f, current), configWith(f, f.schema.deprecatedValues![0]));
    assert.deepEqual(change.classes, ['deprecated'], f.dotted);
  }
  for (const f of ALL_FIELDS.filter((x) => x.schema.deprecated && x.parent === undefined)) {
    const [change] = diffConfigs(configWith(f, sampleOf(f)), {});
    assert.equal(change.kind, 'removed');
    assert.ok(!change.classes.includes('deprecated'), f.dotted);
  }
});

test('arrays are compared by item, not by index', () => {
  const before = { ip_filter: ['10.0.0.0/8', '192.168.0.0/16'], index_patterns: [{ pattern: 'a-*', max_index_count: 1 }] };
  const after = {
    ip_filter: ['172.16.0.0/12', '10.0.0.0/8', '192.168.0.0/16'],
    index_patterns: [
      { pattern: 'b-*', max_index_count: 1 },
      { pattern: 'a-*', max_index_count: 2 },
    ],
  };
  const changes = diffConfigs(before, after).map((c) => `${c.kind} ${c.path}`);
  assert.deepEqual(changes.sort(), ['added index_patterns[0]', 'added ip_filter[0]', 'changed index_patterns[1].max_index_count'].sort());
  const reordered = diffConfigs({ ip_filter: ['10.0.0.0/8', '192.168.0.0/16'] }, { ip_filter: ['192.168.0.0/16', '10.0.0.0/8'] });
  assert.deepEqual(
    reordered.map((c) => [c.kind, c.path]),
    [['changed', 'ip_filter']],
  );
  assert.match(reordered[0].notes.join(' '), /order/);
});

test('an added object is listed field by field, each with its own classification', () => {
  const changes = diffConfigs({}, { search: { reindex_remote_whitelist: ['a.example.com:9200'], http_max_header_size: 8192 } });
  assert.deepEqual(
    changes.map((c) => [c.path, c.classes[0]]),
    [
      ['search.reindex_remote_whitelist', 'restartsEngine'],
      ['search.http_max_header_size', 'plain'],
    ],
  );
});

test('changeImpact gives the editor the same markdown and changes as the CLI', () => {
  const oldText = fs.readFileSync(path.join(DIR, 'deployed.json'), 'utf8');
  const newText = fs.readFileSync(path.join(DIR, 'proposed.jsonc'), 'utf8');
  const impact = changeImpact(oldText, newText);
  assert.equal(impact.error, undefined);
  assert.equal(impact.markdown, formatChangesMarkdown(impact.changes));
  assert.match(impact.markdown, /⚠ 1 change restarts all engine instances/);
  for (const secret of SECRETS_IN_FIXTURES) assert.ok(!impact.markdown.includes(secret));
  const broken = changeImpact(oldText, '{ "search": ');
  assert.ok(broken.error);
  assert.deepEqual(broken.changes, []);
});

test('OLD as git:REF reads the NEW file at that revision; a file the revision lacks counts as empty', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-config-diff-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.email=test@example.com', '-c', 'user.name=test', ...args], { cwd: dir, stdio: 'pipe' });
  try {
    git('init', '-q');
  } catch {
    t.skip('git is not available');
    return;
  }
  fs.copyFileSync(path.join(DIR, 'deployed.json'), path.join(dir, 'svc.search.json'));
  git('add', 'svc.search.json');
  git('commit', '-q', '-m', 'deployed');
  fs.copyFileSync(path.join(DIR, 'proposed.jsonc'), path.join(dir, 'svc.search.json'));
  const fromGit = await runCli(['diff', 'git:HEAD', 'svc.search.json', '--format', 'json'], { cwd: dir });
  const fromFiles = await runCli(['diff', 'deployed.json', 'proposed.jsonc', '--format', 'json'], { cwd: DIR });
  assert.equal(fromGit.code, 0, fromGit.stderr);
  assert.deepEqual(JSON.parse(fromGit.stdout).changes, JSON.parse(fromFiles.stdout).changes);
  fs.writeFileSync(path.join(dir, 'new.search.json'), '{ "static_ips": true }');
  const added = await runCli(['diff', 'git:HEAD', 'new.search.json', '--format', 'json'], { cwd: dir });
  assert.deepEqual(
    JSON.parse(added.stdout).changes.map((c: { kind: string; path: string }) => `${c.kind} ${c.path}`),
    ['added static_ips'],
  );
  // A *.search.yaml file the revision lacks is an empty configuration too, compared field by field.
  fs.writeFileSync(path.join(dir, 'new.search.yaml'), 'service_to_fork_from: src\nsearch:\n  reindex_remote_whitelist: ["a:1"]\n');
  const addedYaml = await runCli(['diff', 'git:HEAD', 'new.search.yaml', '--format', 'json'], { cwd: dir });
  assert.deepEqual(
    JSON.parse(addedYaml.stdout).changes.map((c: { kind: string; path: string; classes: string[] }) => [c.kind, c.path, c.classes]),
    [
      ['added', 'search.reindex_remote_whitelist', ['restartsEngine']],
      ['added', 'service_to_fork_from', ['createOnly']],
    ],
  );
  assert.equal((await runCli(['diff', 'git:no-such-ref', 'svc.search.json'], { cwd: dir })).code, 2);
  // A .tf file or manifest the revision does not have holds no configuration: each of the new file's is added.
  for (const [file, names] of [
    ['main.tf', ['vendor_search.logs', 'vendor_search.new_name', 'vendor_search.metrics']],
    ['search.yaml', ['Search/logs', 'Search/metrics']],
  ] as const) {
    fs.copyFileSync(path.join(DIR, file.endsWith('.tf') ? 'proposed.tf' : 'proposed.yaml'), path.join(dir, file));
    const run = await runCli(['diff', 'git:HEAD', file, '--format', 'json'], { cwd: dir });
    assert.equal(run.code, 0, run.stderr);
    const report = JSON.parse(run.stdout) as {
      configurations: Array<{ name: string; status: string; changes: Array<{ classes: string[] }> }>;
    };
    assert.deepEqual(
      report.configurations.map((c) => [c.name, c.status]),
      names.map((n) => [n, 'added']),
    );
    // A new service: nothing restarts, and its create-only fields are what it is created with.
    assert.ok(
      report.configurations.every((c) =>
        c.changes.every((ch) => !ch.classes.includes('restartsEngine') && !ch.classes.includes('createOnly')),
      ),
    );
  }
});

test('an empty *.search.yaml document (no text, or only comments) is an empty configuration, compared field by field', async () => {
  const { compareTexts } = await import('../../../server/src/core/changes/comparison');
  const full = 'service_to_fork_from: src\nsearch:\n  reindex_remote_whitelist: ["a:1"]\n';
  const json = compareTexts('{}', JSON.stringify({ service_to_fork_from: 'src', search: { reindex_remote_whitelist: ['a:1'] } }), {
    old: 'a.json',
    new: 'b.json',
  });
  assert.ok('result' in json, JSON.stringify(json));
  const fields = (c: ReturnType<typeof compareTexts>) =>
    'result' in c ? c.result.flatMap((r) => r.changes.map((ch) => [ch.kind, ch.path, ch.classes, ch.notes])) : c;
  for (const name of ['svc.search.yaml', 'svc.search.yml']) {
    for (const empty of ['', '# only a comment\n', '\n']) {
      const added = compareTexts(empty, full, { old: name, new: name });
      assert.deepEqual(fields(added), fields(json), `${name}, ${JSON.stringify(empty)}`);
      const removed = compareTexts(full, empty, { old: name, new: name });
      const removals = fields(removed) as unknown[][];
      assert.deepEqual(
        removals.map((r) => [r[0], r[1]]),
        [
          ['removed', 'service_to_fork_from'],
          ['removed', 'search.reindex_remote_whitelist'],
        ],
      );
      assert.match((removals[1][3] as string[]).join(' '), /Not reset on the service/);
    }
    const none = compareTexts('', '# nothing yet\n', { old: name, new: name });
    assert.ok('result' in none && none.result.every((r) => r.status === 'unchanged' && !r.changes.length), JSON.stringify(none));
  }
});

test('a Terraform plan is not compared with a configuration: diff exits 2 pointing at diff with the plan alone, also against git:REF, and the editor gets no changes', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-config-diff-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  // Its top-level keys (format_version, resource_changes) would otherwise be listed as fields added.
  const plan = planOf({ search: { http_max_content_length: 2048 } }, { search: { http_max_content_length: 1024 } });
  fs.writeFileSync(path.join(dir, 'plan.json'), plan);
  fs.copyFileSync(path.join(DIR, 'deployed.json'), path.join(dir, 'deployed.json'));
  for (const argv of [
    ['diff', 'deployed.json', 'plan.json'],
    ['diff', 'plan.json', 'deployed.json', '--format', 'markdown'],
  ]) {
    const run = await runCli(argv, { cwd: dir });
    assert.equal(run.code, 2, argv.join(' '));
    assert.equal(run.stdout, '');
    assert.match(
      run.stderr,
      /^search-config diff: cannot compare plan\.json: it is a Terraform plan, not a configuration: .*`search-config diff PLAN` with the plan alone .*search-config lint/,
    );
  }
  const alone = await runCli(['diff', 'plan.json', '--format', 'json'], { cwd: dir });
  assert.equal(alone.code, 0, alone.stderr);
  assert.deepEqual(
    JSON.parse(alone.stdout).changes.map((c: { configuration: string; path: string; before: string; after: string }) => [
      c.configuration,
      c.path,
      c.before,
      c.after,
    ]),
    [['module.eu.vendor_search.logs', 'search.http_max_content_length', '1024 bytes (1 KiB)', '2048 bytes (2 KiB)']],
  );
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.email=test@example.com', '-c', 'user.name=test', ...args], { cwd: dir, stdio: 'pipe' });
  try {
    git('init', '-q');
  } catch {
    t.skip('git is not available');
    return;
  }
  git('add', 'deployed.json');
  git('commit', '-q', '-m', 'deployed');
  // As in a CI job: the plan is written by the job, never committed, so the revision lacks it.
  const fromGit = await runCli(['diff', 'git:HEAD', 'plan.json', '--format', 'json'], { cwd: dir });
  assert.equal(fromGit.code, 2, fromGit.stdout);
  assert.match(fromGit.stderr, /it is a Terraform plan/);
  const impact = changeImpact('{}', plan);
  assert.deepEqual(impact.changes, []);
  assert.match(impact.error ?? '', /Terraform plan/);
});

test('members of vendor-only values the schema does not describe are masked but not called unknown', () => {
  const open = ALL_FIELDS.find((f) => f.schema.vendorOnly && typesOf(f.schema).includes('array') && !f.schema.items);
  assert.ok(open, 'the schema has a vendor-only array without an item shape');
  const changes = diffConfigs(configWith(open, []), configWith(open, [{ name: 'x', password: 'value-inside-undescribed-item' }]));
  assert.equal(changes.length, 1);
  assert.ok(!changes[0].classes.includes('unknown'), changes[0].classes.join());
  assert.ok(!JSON.stringify(changes).includes('value-inside-undescribed-item'));
  const [unknown] = diffConfigs({}, { no_such_field: 1 });
  assert.deepEqual(unknown.classes, ['unknown']);
});

test('a removed field is said not to be reset, with the default from the schema to write; not for an array item, a deprecated or create-only field', () => {
  const [clauses] = diffConfigs({ search: { indices_query_bool_max_clause_count: 4096 } }, { search: {} });
  assert.equal(clauses.kind, 'removed');
  assert.match(clauses.notes.join(' '), /Not reset on the service: .* write its default: 1024\./);
  const [size] = diffConfigs({ search: { http_max_content_length: 209715200 } }, {});
  assert.match(size.notes.join(' '), /Not reset on the service: .* the schema gives no default/);
  const others = [
    ...diffConfigs({ ip_filter: ['10.0.0.0/8', '192.168.0.0/16'] }, { ip_filter: ['10.0.0.0/8'] }),
    ...diffConfigs({ service_to_fork_from: 'prod' }, {}),
    ...diffConfigs({ max_index_count: 4 }, {}),
  ];
  assert.equal(others.length, 3);
  for (const c of others) assert.ok(!c.notes.join(' ').includes('Not reset'), `${c.path}: ${c.notes.join(' ')}`);
});

test('a removed field is not said to keep a value where removed-field says nothing: it was null or its default, or an expression gave it', async () => {
  const { compareTexts, comparePlan } = await import('../../../server/src/core/changes/comparison');
  const notes = (changes: ReturnType<typeof diffConfigs>): string[] => changes.map((c) => `${c.path}: ${c.notes.join(' ')}`);
  const plain = diffConfigs(
    { openid: { enabled: true }, search: { indices_query_bool_max_clause_count: 1024, thread_pool_write_size: null } },
    { search: {} },
  );
  assert.equal(plain.length, 3);
  for (const c of plain) assert.ok(!c.notes.join(' ').includes('Not reset'), notes(plain).join('\n'));
  const tf = (body: string): string =>
    `resource "vendor_search" "logs" {\n  search_user_config {\n    search {\n      email_sender_name = "alerts"\n${body}    }\n  }\n}\n`;
  const compared = compareTexts(tf('      thread_pool_write_size = var.pool\n      indices_query_bool_max_clause_count = 4096\n'), tf(''), {
    old: 'main.tf',
    new: 'main.tf',
  });
  assert.ok('result' in compared, JSON.stringify(compared));
  assert.deepEqual(
    compared.result[0].changes.map((c) => [c.path, /Not reset/.test(c.notes.join(' '))]),
    [
      ['search.thread_pool_write_size', false],
      ['search.indices_query_bool_max_clause_count', true],
    ],
  );
  // A plan's state holds every value: a sensitive one removed is set, only not shown.
  const plan = comparePlan(
    planOf(
      { openid: { client_id: 'app' } },
      { openid: { client_id: 'app', client_secret: 'plan-sensitive-secret-one' } },
      { before_sensitive: { search_user_config: [{ openid: [{ client_secret: true }] }] } },
    ),
  );
  assert.ok('result' in plan, JSON.stringify(plan));
  assert.deepEqual(
    plan.result[0].changes.map((c) => [c.path, c.before, /Not reset/.test(c.notes.join(' '))]),
    [['openid.client_secret', '(sensitive value)', true]],
  );
});

test('removing a field that restarts the engine when changed restarts nothing: the service keeps the value', () => {
  const [removed] = diffConfigs({ search: { reindex_remote_whitelist: ['a.example.com:9200'] } }, { search: {} });
  assert.deepEqual([removed.kind, removed.classes], ['removed', ['plain']]);
  assert.match(removed.notes.join(' '), /Not reset on the service/);
  const [changed] = diffConfigs(
    { search: { reindex_remote_whitelist: ['a.example.com:9200'] } },
    { search: { reindex_remote_whitelist: [] } },
  );
  assert.ok(changed.classes.includes('restartsEngine'));
});

test('a .tf.json file is compared as Terraform: configurations by resource address, values as Terraform sends them', async () => {
  const { readConfigurations, diffConfigurationSets } = await import('../../../server/src/core/changes/configurations');
  const tfJson = (config: unknown): string =>
    JSON.stringify({ resource: { vendor_search: { logs: { search_user_config: config } } } }, null, 2);
  const before = readConfigurations(tfJson({ search_version: 2.19, static_ips: false, '//': 'a comment' }), 'main.tf.json');
  const after = readConfigurations(tfJson({ search_version: '2.19', static_ips: true }), 'main.tf.json');
  assert.ok('configurations' in before && 'configurations' in after, 'both sides read');
  assert.equal(before.format, 'terraform');
  assert.deepEqual(
    before.configurations.map((c) => [c.name, c.value]),
    [['vendor_search.logs', { search_version: '2.19', static_ips: false }]],
  );
  const [logs] = diffConfigurationSets(before, after);
  assert.equal(logs.name, 'vendor_search.logs');
  assert.deepEqual(
    logs.changes.map((c) => c.path),
    ['static_ips'],
  );
  const broken = readConfigurations('{ "resource": ', 'main.tf.json');
  assert.ok('error' in broken && /syntax error at line 1/.test(broken.error), JSON.stringify(broken));
});

test('in Terraform a fork field changed replaces the service; through the API it has no effect; a plan that replaces is a new service', async () => {
  const { readConfigurations, diffConfigurationSets } = await import('../../../server/src/core/changes/configurations');
  const tf = (config: string): string => `resource "vendor_search" "logs" {\n  search_user_config {\n${config}\n  }\n}\n`;
  const before = readConfigurations(tf('    recovery_basebackup_name = "b1"'), 'main.tf');
  const after = readConfigurations(tf('    recovery_basebackup_name = "b2"\n    service_to_fork_from = "prod"'), 'main.tf');
  assert.ok('configurations' in before && 'configurations' in after, 'both sides read');
  const [logs] = diffConfigurationSets(before, after);
  // The new service is created with the base backup: it takes effect, as create-only-field says nothing of it.
  assert.deepEqual(
    logs.changes.map((c) => [c.path, c.classes]),
    [
      ['service_to_fork_from', ['replacesService']],
      ['recovery_basebackup_name', ['plain']],
    ],
  );
  assert.match(formatChangesMarkdown(logs.changes), /replaces the service/);
  // The same change through the API is ignored by the service.
  assert.deepEqual(
    diffConfigs({}, { service_to_fork_from: 'prod' }).map((c) => c.classes),
    [['createOnly']],
  );
});

test('a fork field changed in Terraform makes a new service, as a plan that replaces does: nothing restarts and nothing removed is kept', async () => {
  const { compareTexts, comparePlan, formatComparison } = await import('../../../server/src/core/changes/comparison');
  const search = { reindex_remote_whitelist: ['old.example.com:9200'], indices_query_bool_max_clause_count: 2048 };
  const changed = { reindex_remote_whitelist: ['new.example.com:9200'] };
  const tf = (fork: string, hosts: string, clauses: string): string =>
    `resource "vendor_search" "logs" {\n  search_user_config {\n${fork}    search {\n      reindex_remote_whitelist = ["${hosts}"]\n${clauses}    }\n  }\n}\n`;
  const tfJson = (config: unknown): string => JSON.stringify({ resource: { vendor_search: { logs: { search_user_config: config } } } });
  const labels = { old: 'git:HEAD', new: 'main.tf' };
  const sides: Array<[string, string | undefined, string, string]> = [
    [
      '.tf',
      tf('', 'old.example.com:9200', '      indices_query_bool_max_clause_count = 2048\n'),
      tf('    service_to_fork_from = "other-svc"\n', 'new.example.com:9200', ''),
      'main.tf',
    ],
    ['.tf.json', tfJson({ search }), tfJson({ service_to_fork_from: 'other-svc', search: changed }), 'main.tf.json'],
  ];
  for (const [format, before, after, name] of sides) {
    const compared = compareTexts(before, after, { old: name, new: name });
    assert.ok('result' in compared, `${format}: ${JSON.stringify(compared)}`);
    const [logs] = compared.result;
    assert.deepEqual(
      logs.changes.map((c) => [c.path, c.classes, /Not reset/.test(c.notes.join(' '))]),
      [
        ['service_to_fork_from', ['replacesService'], false],
        ['search.indices_query_bool_max_clause_count', ['plain'], false],
        ['search.reindex_remote_whitelist[0]', ['plain'], false],
        ['search.reindex_remote_whitelist[0]', ['plain'], false],
      ],
      format,
    );
    assert.match(
      logs.note ?? '',
      /^Terraform replaces this service \(service_to_fork_from changed\).*nothing restarts and nothing removed is kept\.$/,
    );
    const text = formatComparison(compared.result, labels, 'text');
    assert.match(text, /1 change replaces the service/, text);
    assert.doesNotMatch(text, /restarts? all engine instances/, text);
  }
  // Without the fork field, the same changes are made to the service in place.
  const inPlace = compareTexts(
    tf('', 'old.example.com:9200', '      indices_query_bool_max_clause_count = 2048\n'),
    tf('', 'new.example.com:9200', ''),
    { old: 'main.tf', new: 'main.tf' },
  );
  assert.ok('result' in inPlace);
  assert.deepEqual(
    inPlace.result[0].changes.map((c) => [c.path, c.classes, /Not reset/.test(c.notes.join(' '))]),
    [
      ['search.reindex_remote_whitelist[0]', ['restartsEngine'], false],
      ['search.reindex_remote_whitelist[0]', ['restartsEngine'], false],
      ['search.indices_query_bool_max_clause_count', ['plain'], true],
    ],
  );
  // A plan's replace: the same.
  const replace = planOf({ service_to_fork_from: 'other-svc', search: changed }, { search }, { actions: ['delete', 'create'] });
  const planned = comparePlan(replace);
  assert.ok('result' in planned, JSON.stringify(planned));
  for (const c of planned.result[0].changes) {
    assert.ok(!c.classes.includes('restartsEngine'), `${c.path}: ${c.classes.join()}`);
    assert.ok(!/Not reset/.test(c.notes.join(' ')), `${c.path}: ${c.notes.join(' ')}`);
  }
});

test('the items of one list are one changed field: a whitelist whose one entry was replaced is one field and one restart', async () => {
  const { countChanges } = await import('../../../server/src/core/changes/diff');
  const changes = diffConfigs(
    { search: { reindex_remote_whitelist: ['a.example.com:9200'] } },
    { search: { reindex_remote_whitelist: ['b.example.com:9200'] } },
  );
  assert.equal(changes.length, 2, 'the item removed and the item added are both listed');
  const counts = countChanges(changes);
  assert.equal(counts.total, 1);
  assert.equal(counts.restartsEngine, 1);
  assert.match(formatChangesMarkdown(changes), /1 changed field/);
});

test('a configuration of a Terraform file counts its changed fields as the summary does: a list whose item was replaced is one', async () => {
  const { compareTexts, formatComparison } = await import('../../../server/src/core/changes/comparison');
  const tf = (hosts: string): string =>
    `resource "vendor_search" "logs" {\n  search_user_config {\n    search {\n      reindex_remote_whitelist = [${hosts}]\n    }\n  }\n}\n`;
  const compared = compareTexts(tf('"a.example.com:9200", "b.example.com:9200"'), tf('"a.example.com:9200", "c.example.com:9200"'), {
    old: 'main.tf',
    new: 'main.tf',
  });
  assert.ok('result' in compared, JSON.stringify(compared));
  assert.equal(compared.result[0].changes.length, 2, 'the item removed and the item added are both listed');
  const labels = { old: 'git:HEAD', new: 'main.tf' };
  const text = formatComparison(compared.result, labels, 'text');
  assert.match(text, /^Changes from git:HEAD to main\.tf: 1 changed field in 1 configuration \(1 changed\)\.$/m);
  assert.match(text, /^vendor_search\.logs: 1 changed field$/m);
  assert.match(formatComparison(compared.result, labels, 'markdown'), /^#### `vendor_search\.logs`: 1 changed field$/m);
  const json = JSON.parse(formatComparison(compared.result, labels, 'json')) as {
    summary: { total: number };
    configurations: Array<{ summary: { total: number } }>;
  };
  assert.deepEqual([json.summary.total, json.configurations[0].summary.total], [1, 1]);
});

test('the filter written under another of the provider names is a change to note, though its value is the same', async () => {
  const { readConfigurations, diffConfigurationSets } = await import('../../../server/src/core/changes/configurations');
  const tf = (line: string): string => `resource "vendor_search" "logs" {\n  search_user_config {\n    ${line}\n  }\n}\n`;
  const before = readConfigurations(tf('ip_filter = ["10.0.0.0/8"]'), 'main.tf');
  const after = readConfigurations(tf('ip_filter_string = ["10.0.0.0/8"]'), 'main.tf');
  const same = readConfigurations(tf('ip_filter_string = ["10.0.0.0/8"]'), 'main.tf');
  assert.ok('configurations' in before && 'configurations' in after && 'configurations' in same, 'all read');
  const [logs] = diffConfigurationSets(before, after);
  assert.equal(logs.changes.length, 0);
  assert.equal(logs.status, 'changed');
  assert.match(logs.note ?? '', /written ip_filter_string here and ip_filter before/);
  assert.equal(diffConfigurationSets(after, same)[0].status, 'unchanged');
});

test('a search_user_config block removed from a resource that stays is no destroy: the service is updated and keeps every value', async () => {
  const { compareTexts, comparePlan, formatComparison } = await import('../../../server/src/core/changes/comparison');
  const { analyze } = await import('../../../server/src/core');
  await loadTerraformFromDisk();
  const before = { search_dashboards: { max_old_space_size: 1024 }, search: { indices_query_bool_max_clause_count: 1024 } };
  const tf = (block: string): string => `resource "vendor_search" "a" {\n  project = "p"\n${block}}\n`;
  const tfJson = (config?: unknown): string =>
    JSON.stringify({ resource: { vendor_search: { a: { project: 'p', ...(config ? { search_user_config: config } : {}) } } } });
  const sides: Array<[string, string, string, string]> = [
    [
      '.tf',
      tf(
        '  search_user_config {\n    search_dashboards {\n      max_old_space_size = 1024\n    }\n    search {\n      indices_query_bool_max_clause_count = 1024\n    }\n  }\n',
      ),
      tf(''),
      'main.tf',
    ],
    ['.tf.json', tfJson(before), tfJson(), 'main.tf.json'],
  ];
  for (const [format, old, now, name] of sides) {
    const compared = compareTexts(old, now, { old: name, new: name });
    assert.ok('result' in compared, `${format}: ${JSON.stringify(compared)}`);
    const [a] = compared.result;
    assert.equal(a.status, 'changed', format);
    assert.match(
      a.note ?? '',
      /^The search_user_config block was removed, but the resource stays: Terraform updates the service without destroying it/,
    );
    // The default kept is no value worth saying; the other stays on the service.
    assert.deepEqual(
      a.changes.map((c) => [c.path, c.kind, /^Not reset on the service/.test(c.notes.join(' '))]),
      [
        ['search_dashboards.max_old_space_size', 'removed', true],
        ['search.indices_query_bool_max_clause_count', 'removed', false],
      ],
      format,
    );
    const text = formatComparison(compared.result, { old: 'git:HEAD', new: name }, 'text');
    assert.doesNotMatch(text, /to destroy|destroys this|configurations? removed/, text);
  }
  // The resource itself removed is still destroyed.
  const gone = compareTexts(sides[0][1], 'resource "vendor_search" "b" {\n}\n', { old: 'main.tf', new: 'main.tf' });
  assert.ok('result' in gone);
  assert.deepEqual(
    gone.result.map((c) => [c.name, c.status]),
    [['vendor_search.a', 'removed']],
  );
  // A plan that updates the resource with the block gone (an empty list): the same, and lint says what is kept.
  for (const unset of [[], null]) {
    const plan = JSON.parse(planOf({}, before)) as { resource_changes: Array<{ change: { after: Record<string, unknown> } }> };
    plan.resource_changes[0].change.after.search_user_config = unset;
    const text = JSON.stringify(plan, null, 2);
    const planned = comparePlan(text);
    assert.ok('result' in planned, JSON.stringify(planned));
    assert.equal(planned.result[0].status, 'changed');
    assert.match(planned.result[0].note ?? '', /^The plan removes the search_user_config block, but not the resource/);
    assert.deepEqual(
      planned.result[0].changes.map((c) => [c.path, /^Not reset on the service/.test(c.notes.join(' '))]),
      [
        ['search_dashboards.max_old_space_size', true],
        ['search.indices_query_bool_max_clause_count', false],
      ],
    );
    const lint = analyze(text, { fileName: 'plan.json' }).findings;
    assert.deepEqual(
      lint.map((f) => [f.ruleId, f.path, text.slice(f.offset, f.offset + f.length)]),
      [['removed-field', 'search_dashboards.max_old_space_size', '"search_user_config"']],
    );
    assert.match(
      lint[0].message,
      /keeps its old value\. To reset it, write its default: 128\. The plan removes the search_user_config block, but not the resource/,
    );
  }
});

test('a resource renamed by a moved block is the same service: compared with its former address, never destroyed', async () => {
  const { compareTexts, formatComparison } = await import('../../../server/src/core/changes/comparison');
  await loadTerraformFromDisk();
  const resource = (name: string, hosts?: string): string =>
    `resource "vendor_search" "${name}" {\n${hosts ? `  search_user_config {\n    search {\n      reindex_remote_whitelist = ["${hosts}"]\n    }\n  }\n` : ''}}\n`;
  const moved = (from: string, to: string): string => `moved {\n  from = vendor_search.${from}\n  to   = vendor_search.${to}\n}\n`;
  const old = resource('a', 'a.example.com:9200') + resource('keep', 'k.example.com:9200') + resource('x', 'x.example.com:9200');
  const now = [
    // Renamed twice: a, then b, now c.
    moved('a', 'b'),
    moved('b', 'c'),
    resource('c', 'c.example.com:9200'),
    // Still declared, keep is not moved: other is a new service.
    moved('keep', 'other'),
    resource('keep', 'k.example.com:9200'),
    resource('other', 'o.example.com:9200'),
    // Renamed without its block: the service keeps every value.
    moved('x', 'y'),
    resource('y'),
  ].join('\n');
  const compared = compareTexts(old, now, { old: 'main.tf', new: 'main.tf' });
  assert.ok('result' in compared, JSON.stringify(compared));
  assert.deepEqual(
    compared.result.map((c) => [c.name, c.status, c.changes.map((x) => `${x.kind} ${x.path} ${x.classes.join()}`)]),
    [
      ['vendor_search.y', 'changed', ['removed search.reindex_remote_whitelist plain']],
      [
        'vendor_search.c',
        'changed',
        ['removed search.reindex_remote_whitelist[0] restartsEngine', 'added search.reindex_remote_whitelist[0] restartsEngine'],
      ],
      ['vendor_search.keep', 'unchanged', []],
      ['vendor_search.other', 'added', ['added search.reindex_remote_whitelist plain']],
    ],
  );
  const rename =
    /^Renamed from vendor_search\.(\w+) by a moved block: Terraform updates the service at its new address, without destroying it\./;
  assert.equal(rename.exec(compared.result[1].note ?? '')?.[1], 'a');
  assert.equal(rename.exec(compared.result[0].note ?? '')?.[1], 'x');
  assert.match(compared.result[0].note ?? '', /The search_user_config block was removed, but the resource stays/);
  const text = formatComparison(compared.result, { old: 'git:HEAD', new: 'main.tf' }, 'text');
  assert.doesNotMatch(text, /to destroy|destroys this|configurations? removed/, text);
  // Terraform's JSON syntax: the same.
  const json = (name: string, hosts: string, moves?: unknown): string =>
    JSON.stringify({
      ...(moves ? { moved: moves } : {}),
      resource: { vendor_search: { [name]: { search_user_config: { search: { reindex_remote_whitelist: [hosts] } } } } },
    });
  const fromJson = compareTexts(
    json('a', 'a.example.com:9200'),
    json('b', 'b.example.com:9200', [{ from: 'vendor_search.a', to: 'vendor_search.b' }]),
    {
      old: 'main.tf.json',
      new: 'main.tf.json',
    },
  );
  assert.ok('result' in fromJson, JSON.stringify(fromJson));
  assert.deepEqual(
    fromJson.result.map((c) => [c.name, c.status, c.changes.length]),
    [['vendor_search.b', 'changed', 2]],
  );
});

test('a plan that forgets a resource, knows its block only after apply, destroys a deposed object or reads a data source is said so', async () => {
  const { comparePlan } = await import('../../../server/src/core/changes/comparison');
  const { analyze } = await import('../../../server/src/core');
  const block = (size: number | string) => [{ search_dashboards: [{ max_old_space_size: size }] }];
  const entry = (address: string, actions: string[], change: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    address,
    mode: 'managed',
    type: 'vendor_search',
    name: address.split('.').pop(),
    ...extra,
    change: { actions, after_unknown: {}, before_sensitive: {}, after_sensitive: {}, ...change },
  });
  const plan = JSON.stringify({
    format_version: '1.2',
    terraform_version: '1.9.5',
    resource_changes: [
      entry('vendor_search.forgotten', ['forget'], { before: { search_user_config: block(1024) }, after: null }),
      entry('vendor_search.computed', ['update'], {
        before: { search_user_config: block(1024) },
        after: { project: 'p' },
        after_unknown: { search_user_config: true },
      }),
      entry('vendor_search.computed_new', ['create'], {
        before: null,
        after: { project: 'p' },
        after_unknown: { search_user_config: true },
      }),
      // The deposed object comes first: it must not stand for the current object in the comparison.
      entry('vendor_search.current', ['delete'], { before: { search_user_config: block(512) }, after: null }, { deposed: '00000001' }),
      entry('vendor_search.current', ['update'], {
        before: { search_user_config: block(1024) },
        after: { search_user_config: block(2048) },
      }),
      entry('data.vendor_search.read', ['read'], { before: null, after: { search_user_config: block('lots') } }, { mode: 'data' }),
    ],
  });
  const compared = comparePlan(plan);
  assert.ok('result' in compared, JSON.stringify(compared));
  assert.deepEqual(
    compared.result.map((c) => [c.name, c.status, c.changes.map((x) => `${x.kind} ${x.path} ${x.before ?? ''} -> ${x.after ?? ''}`)]),
    [
      ['vendor_search.forgotten', 'removed', []],
      ['vendor_search.current (deposed object 00000001)', 'removed', []],
      ['vendor_search.current', 'changed', ['changed search_dashboards.max_old_space_size 1024 MiB (1 GiB) -> 2048 MiB (2 GiB)']],
      ['vendor_search.computed', 'changed', []],
      ['vendor_search.computed_new', 'added', []],
    ],
  );
  const notes = new Map(compared.result.map((c) => [c.name, c.note ?? '']));
  assert.match(
    notes.get('vendor_search.forgotten')!,
    /^The plan removes this resource from the Terraform state .* without destroying the service/,
  );
  assert.match(notes.get('vendor_search.current (deposed object 00000001)')!, /^A deposed object, left by an earlier replacement/);
  assert.match(notes.get('vendor_search.computed')!, /^The plan knows this search_user_config only after apply/);
  assert.match(notes.get('vendor_search.computed_new')!, /creates this service.* only after apply/);
  for (const [name, note] of notes)
    if (name !== 'vendor_search.current (deposed object 00000001)' && name !== 'vendor_search.computed_new')
      assert.doesNotMatch(note, /destroys this service|creates this service/, name);
  // lint judges what the plan sends: nothing of a data source, which only reads.
  assert.deepEqual(
    analyze(plan, { fileName: 'plan.json' })
      .findings.filter((f) => f.severity !== 'hint')
      .map((f) => `${f.ruleId} ${f.message}`),
    [],
  );
});
