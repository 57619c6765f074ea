import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { removeTree, runCli, tempTree } from './support';

const MAIN_TF = [
  'resource "vendor_search" "logs" {',
  '  project = var.project',
  '  search_user_config {',
  '    # the service was created with the old limits',
  '    search {',
  '      http_max_content_length = "100mb" // unit-mismatch with a fix',
  '    }',
  '    openid {',
  '      client_secret = "plain-secret-value"',
  '      client_id     = "app"',
  '      connect_url   = "https://idp.example.com/.well-known/openid-configuration"',
  '    }',
  '  }',
  '}',
  '',
].join('\n');
const OTHER_TF = 'resource "aws_instance" "web" {\n  ami = "ami-123"\n}\n';

type JsonResult = { filePath: string; messages: Array<{ ruleId: string; line: number; column: number; message: string }> };

test('lint of a directory reads the .tf files that hold the block, skipping .terraform/ and the others', async () => {
  const dir = tempTree({
    'infra/main.tf': MAIN_TF,
    'infra/other.tf': OTHER_TF,
    'infra/.terraform/modules/x/main.tf': MAIN_TF,
    'infra/prod.search.json': '{ "static_ips": true }\n',
  });
  try {
    for (const argv of [
      ['lint', '--format', 'json', 'infra'],
      ['lint', '--format', 'json'],
    ]) {
      const r = await runCli(argv, { cwd: dir });
      const results = JSON.parse(r.out) as JsonResult[];
      assert.deepEqual(results.map((f) => f.filePath).sort(), ['infra/main.tf', 'infra/prod.search.json'], r.err);
      const tf = results.find((f) => f.filePath.endsWith('main.tf'))!;
      const unit = tf.messages.find((m) => m.ruleId === 'unit-mismatch')!;
      assert.deepEqual([unit.line, unit.column], [6, 33]);
      assert.match(unit.message, /^vendor_search\.logs: search\.http_max_content_length/);
      assert.ok(tf.messages.some((m) => m.ruleId === 'secret-in-plain-text'));
      assert.ok(!r.out.includes('plain-secret-value'), 'the secret is never printed');
    }
  } finally {
    removeTree(dir);
  }
});

test("an explicit .tf path is linted in every output format, at the file's own line", async () => {
  const dir = tempTree({ 'main.tf': MAIN_TF });
  try {
    const expectLine: Record<string, RegExp> = {
      stylish: /main\.tf:6:33\s+error\s+vendor_search\.logs: search\.http_max_content_length/,
      github: /::error file=main\.tf,line=6,(end)?[a-zA-Z]*=?[^:]*col(umn)?=33/,
      sarif: /"uri": ?"main\.tf"[\s\S]*"startLine": ?6/,
      junit: /main\.tf[\s\S]*vendor_search\.logs: search\.http_max_content_length/,
      json: /"line": ?6/,
    };
    for (const [format, pattern] of Object.entries(expectLine)) {
      const r = await runCli(['lint', '--format', format, 'main.tf'], { cwd: dir });
      assert.equal(r.code, 1, `${format}: ${r.err}`);
      assert.match(r.out, pattern, `${format} output:\n${r.out}`);
      assert.ok(!r.out.includes('plain-secret-value'), `${format}: the secret is never printed`);
    }
  } finally {
    removeTree(dir);
  }
});

test("--fix writes HCL in the file's layout, keeps the comments, is idempotent; --fix-dry-run masks the secret", async () => {
  const dir = tempTree({ 'main.tf': MAIN_TF });
  const file = path.join(dir, 'main.tf');
  try {
    const dry = await runCli(['lint', '--fix-dry-run', 'main.tf'], { cwd: dir });
    assert.match(
      dry.out,
      /-      http_max_content_length = "100mb" \/\/ unit-mismatch with a fix\n\+      http_max_content_length = 104857600 \/\/ unit-mismatch with a fix/,
    );
    assert.match(dry.out, /client_secret = "\*\*\*"/, "the secret's line is in the diff, masked");
    assert.ok(!dry.out.includes('plain-secret-value'), dry.out);
    assert.equal(fs.readFileSync(file, 'utf8'), MAIN_TF, 'a dry run writes nothing');
    await runCli(['lint', '--fix', 'main.tf'], { cwd: dir });
    const fixed = fs.readFileSync(file, 'utf8');
    assert.equal(fixed, MAIN_TF.replace('"100mb"', '104857600'));
    await runCli(['lint', '--fix', 'main.tf'], { cwd: dir });
    assert.equal(fs.readFileSync(file, 'utf8'), fixed, 'fixing again changes nothing');
    assert.deepEqual(fs.readdirSync(dir), ['main.tf'], 'no temporary file is left');
  } finally {
    removeTree(dir);
  }
});

test('--fix-dry-run shows a secret field given by a variable as written: the reference is no secret', async () => {
  const tf =
    'variable "oidc_secret" {\n  type      = string\n  sensitive = true\n}\n\nresource "vendor_search" "x" {\n  search_user_config {\n    static_ips = "true"\n    openid {\n      client_id     = "search"\n      client_secret = var.oidc_secret\n      connect_url   = "https://idp.example.com/.well-known/openid-configuration"\n    }\n  }\n}\n';
  const dir = tempTree({ 'main.tf': tf });
  try {
    const dry = await runCli(['lint', '--fix-dry-run', 'main.tf'], { cwd: dir });
    assert.match(dry.out, /^-    static_ips = "true"\n\+    static_ips = true$/m, dry.out);
    assert.match(dry.out, /^ {7}client_secret = var\.oidc_secret$/m, dry.out);
  } finally {
    removeTree(dir);
  }
});

test('--fix-dry-run and the JSON output mask credentials outside the configuration: a provider token, a local password', async () => {
  const tf =
    'locals {\n  smtp_password = "LOCAL-SMTP-PW"\n  token_ref     = var.token\n}\nresource "vendor_search" "x" { search_user_config { static_ips = "true" } }\nprovider "vendor" {\n  api_token = "PROVIDER-TOKEN-near"\n}\n';
  const dir = tempTree({ 'main.tf': tf });
  try {
    for (const argv of [
      ['lint', '--fix-dry-run', 'main.tf'],
      ['lint', '--fix-dry-run', '-f', 'json', 'main.tf'],
    ]) {
      const dry = await runCli(argv, { cwd: dir });
      assert.ok(!dry.out.includes('PROVIDER-TOKEN') && !dry.out.includes('LOCAL-SMTP-PW'), `${argv.join(' ')}: ${dry.out}`);
      assert.ok(dry.out.includes('token_ref     = var.token'), `a reference is shown as written: ${dry.out}`);
      assert.ok(
        dry.out.includes('api_token = \\"***\\"') || dry.out.includes('api_token = "***"'),
        `the token's line is shown, masked: ${dry.out}`,
      );
    }
  } finally {
    removeTree(dir);
  }
});

test('--fix leaves a Terraform file with syntax errors as it is', async () => {
  const broken = `${MAIN_TF}resource "vendor_search" "half" {\n  search_user_config {\n    static_ips = "true"\n`;
  const dir = tempTree({ 'main.tf': broken });
  try {
    const r = await runCli(['lint', '--fix', 'main.tf'], { cwd: dir });
    assert.equal(fs.readFileSync(path.join(dir, 'main.tf'), 'utf8'), broken);
    assert.match(r.out, /invalid-syntax/);
  } finally {
    removeTree(dir);
  }
});

test('a directory search reports a broken .tf link, as it does a broken .search.json', async () => {
  const dir = tempTree({ 'infra/main.tf': MAIN_TF });
  try {
    fs.symlinkSync('gone.tf', path.join(dir, 'infra/network.tf'));
    const r = await runCli(['lint', 'infra'], { cwd: dir });
    assert.equal(r.code, 2, r.out + r.err);
    assert.match(r.err, /infra\/network\.tf is a broken symbolic link/);
  } finally {
    removeTree(dir);
  }
});

test('lint takes variable values as Terraform does: override files and terraform.tfvars.json over defaults, no false finding', async () => {
  const dir = tempTree({
    'mod/main.tf':
      'resource "vendor_search" "logs" {\n  search_user_config {\n    search {\n      http_max_content_length = var.max_body\n      http_max_header_size    = var.header\n    }\n  }\n}\n',
    'mod/variables.tf': 'variable "max_body" {\n  default = "100mb"\n}\nvariable "header" {\n  default = "8kb"\n}\n',
    'mod/terraform.tfvars': 'max_body = "200mb"\n',
    'mod/terraform.tfvars.json': '{ "max_body": 10485760 }\n',
    'mod/variables_override.tf': 'variable "header" {\n  default = 8192\n}\n',
  });
  try {
    const r = await runCli(['lint', 'mod/main.tf'], { cwd: dir });
    assert.equal(r.code, 0, r.out + r.err);
    assert.doesNotMatch(r.out, /var\./, r.out);
  } finally {
    removeTree(dir);
  }
});

test("a search_user_config block replaced by an override file's is not judged nor fixed, with or without variables in the file", async () => {
  const replaced =
    '  search_user_config {\n    search_version = "1"\n    static_ipz     = true\n    search {\n      thread_pool_search_size = 500\n    }\n  }\n';
  for (const project of ['"p"', 'var.project']) {
    const main = `resource "vendor_search" "a" {\n  project = ${project}\n${replaced}}\n`;
    const dir = tempTree({
      'mod/main.tf': main,
      'mod/variables.tf': 'variable "project" {\n  default = "p"\n}\n',
      'mod/main_override.tf':
        'resource "vendor_search" "a" {\n  search_user_config {\n    search_version = "2.19"\n    search { thread_pool_search_size = 8 }\n  }\n}\n',
    });
    try {
      for (const target of ['mod', 'mod/main.tf']) {
        const r = await runCli(['lint', '--format', 'json', target], { cwd: dir });
        assert.equal(r.code, 0, r.out + r.err);
        const results = JSON.parse(r.out) as JsonResult[];
        const messages = results.flatMap((f) => f.messages.map((m) => `${f.filePath}:${m.line}:${m.column} ${m.ruleId} ${m.message}`));
        assert.deepEqual(messages, [
          'mod/main.tf:3:3 no-effect vendor_search.a: this search_user_config block is replaced by the one in mod/main_override.tf:2 (a Terraform override file) and is never sent; its values are judged there.',
        ]);
      }
      await runCli(['lint', '--fix', 'mod'], { cwd: dir });
      assert.equal(fs.readFileSync(path.join(dir, 'mod/main.tf'), 'utf8'), main, 'the replaced block is never edited');
    } finally {
      removeTree(dir);
    }
  }
});

test('standard input named with --stdin-filename is that file of its module: its variables and override files count, its text on the disk does not', async () => {
  const main =
    'resource "vendor_search" "a" {\n  search_user_config {\n    search {\n      http_max_header_size = var.header\n    }\n  }\n}\n';
  const dir = tempTree({
    'mod/main.tf': 'resource "vendor_search" "a" {\n  search_user_config {\n    static_ipz = true\n  }\n}\n',
    'mod/variables.tf': 'variable "header" {\n  default = 100\n}\n',
    'other/main.tf': main,
    'other/main_override.tf': 'resource "vendor_search" "a" {\n  search_user_config {\n    search_version = "2.19"\n  }\n}\n',
  });
  try {
    const lint = async (name: string): Promise<string[]> => {
      const r = await runCli(['lint', '--format', 'json', '--stdin-filename', name, '-'], { cwd: dir, stdin: main });
      return (JSON.parse(r.out) as JsonResult[]).flatMap((f) => f.messages.map((m) => `${m.line} ${m.ruleId}`));
    };
    // The variable's default (100 bytes) is read from the module; the file's own text on the disk is not linted.
    assert.deepEqual(await lint('mod/main.tf'), ['4 unit-mismatch']);
    assert.deepEqual(await lint('other/main.tf'), ['2 no-effect']);
  } finally {
    removeTree(dir);
  }
});

test('a module of one file: the defaults of its own variables are checked', async () => {
  const dir = tempTree({
    'main.tf':
      'variable "n" {\n  default = 10000\n}\nresource "vendor_search" "logs" {\n  search_user_config {\n    search {\n      indices_query_bool_max_clause_count = var.n\n    }\n  }\n}\n',
  });
  try {
    const r = await runCli(['lint', 'main.tf'], { cwd: dir });
    assert.equal(r.code, 1, r.out + r.err);
    assert.match(
      r.out,
      /main\.tf:7:45 +error +vendor_search\.logs: search\.indices_query_bool_max_clause_count is 10000, above the maximum.*\(the value of var\.n, from main\.tf:2\)  +invalid-value/,
    );
  } finally {
    removeTree(dir);
  }
});

test("lint reads the variables of a .tf file's module directory (defaults and terraform.tfvars)", async () => {
  const dir = tempTree({
    'mod/main.tf':
      'resource "vendor_search" "logs" {\n  search_user_config {\n    search { http_max_content_length = var.max_body }\n  }\n}\n',
    'mod/variables.tf': 'variable "max_body" {\n  default = 1024\n}\n',
    'mod/terraform.tfvars': 'max_body = "100mb"\n',
  });
  try {
    const r = await runCli(['lint', 'mod/main.tf'], { cwd: dir });
    assert.match(
      r.out,
      /mod\/main\.tf:3:40 +error +vendor_search\.logs: search\.http_max_content_length is the string "100mb".*\(the value of var\.max_body, from mod\/terraform\.tfvars:1\)/,
    );
    // Where the value is set is named as the report names files: relative to where lint runs.
    assert.match(
      (await runCli(['lint', 'main.tf'], { cwd: path.join(dir, 'mod') })).out,
      /\(the value of var\.max_body, from terraform\.tfvars:1\)/,
    );
    await runCli(['lint', '--fix', 'mod/main.tf'], { cwd: dir });
    assert.match(fs.readFileSync(path.join(dir, 'mod/main.tf'), 'utf8'), /= var\.max_body/, 'the reference is never rewritten');
  } finally {
    removeTree(dir);
  }
});

test('lint --baseline: a moved block in another file of the module gives a resource its former address', async () => {
  const dir = tempTree({
    'deployed/main.tf':
      'resource "vendor_search" "a" {\n  search_user_config {\n    search {\n      reindex_remote_whitelist = ["a.example.com:9200"]\n    }\n  }\n}\n',
    'infra/main.tf':
      'resource "vendor_search" "b" {\n  search_user_config {\n    search {\n      reindex_remote_whitelist = ["b.example.com:9200"]\n    }\n  }\n}\n',
    'infra/moves.tf': 'moved {\n  from = vendor_search.a\n  to   = vendor_search.b\n}\n',
  });
  try {
    const r = await runCli(['lint', '--format', 'json', '--baseline', 'deployed/main.tf', 'infra/main.tf'], { cwd: dir });
    assert.equal(r.code, 0, r.err);
    const [result] = JSON.parse(r.out) as Array<{ messages: Array<{ ruleId: string; message: string }> }>;
    assert.deepEqual(
      result.messages.map((m) => `${m.ruleId}: ${m.message}`),
      [
        'restart-required: vendor_search.b: Changing search.reindex_remote_whitelist restarts all engine instances (["a.example.com:9200"] -> ["b.example.com:9200"], compared with vendor_search.a in main.tf). Apply it in a maintenance window, or revert the change if it is not needed now.',
      ],
    );
  } finally {
    removeTree(dir);
  }
});

test('diff: a resource moved to another file of its module is the same service, compared there, in both directions', async () => {
  const resource = (name: string, hosts: string): string =>
    `resource "vendor_search" "${name}" {\n  search_user_config {\n    search {\n      reindex_remote_whitelist = ["${hosts}"]\n    }\n  }\n}\n`;
  const dir = tempTree({
    'infra/search.tf': resource('a', 'a.example.com:9200') + resource('b', 'b.example.com:9200'),
    'infra/vars.tf': '',
  });
  const git = (...args: string[]): void => {
    execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], { cwd: dir, stdio: 'ignore' });
  };
  try {
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'one');
    git('mv', 'infra/search.tf', 'infra/services.tf');
    // One resource changed on the way; the other goes to a file of another module.
    fs.writeFileSync(path.join(dir, 'infra/services.tf'), resource('a', 'c.example.com:9200'));
    fs.mkdirSync(path.join(dir, 'other'));
    fs.writeFileSync(path.join(dir, 'other/main.tf'), resource('b', 'b.example.com:9200'));
    type Report = {
      configurations: Array<{ name: string; status: string; note?: string; changes: Array<{ path: string; classes: string[] }> }>;
    };
    const diff = async (...argv: string[]): Promise<Report> => {
      const r = await runCli(['diff', ...argv, '--format', 'json'], { cwd: dir });
      assert.equal(r.code, 0, r.err);
      return JSON.parse(r.out) as Report;
    };
    const summary = (report: Report) =>
      report.configurations.map((c) => [c.name, c.status, c.changes.map((x) => `${x.path} ${x.classes.join()}`)]);
    const from = await diff('git:HEAD', 'infra/search.tf');
    assert.deepEqual(summary(from), [
      [
        'vendor_search.a',
        'changed',
        ['search.reindex_remote_whitelist[0] restartsEngine', 'search.reindex_remote_whitelist[0] restartsEngine'],
      ],
      ['vendor_search.b', 'removed', []],
    ]);
    assert.match(
      from.configurations[0].note ?? '',
      /^Now in services\.tf, another file of the module: Terraform addresses a resource by its module, not by its file/,
    );
    assert.match(from.configurations[1].note ?? '', /Terraform plans to destroy this service/);
    const into = await diff('git:HEAD', 'infra/services.tf');
    assert.deepEqual(summary(into), [
      [
        'vendor_search.a',
        'changed',
        ['search.reindex_remote_whitelist[0] restartsEngine', 'search.reindex_remote_whitelist[0] restartsEngine'],
      ],
    ]);
    assert.match(into.configurations[0].note ?? '', /^Before in search\.tf, another file of the module/);
    // Two directories: each side's module is its own.
    fs.mkdirSync(path.join(dir, 'deployed'));
    fs.writeFileSync(path.join(dir, 'deployed/search.tf'), resource('a', 'a.example.com:9200'));
    fs.writeFileSync(path.join(dir, 'infra/empty.tf'), '# nothing here\n');
    assert.deepEqual(summary(await diff('deployed/search.tf', 'infra/empty.tf')), [
      [
        'vendor_search.a',
        'changed',
        ['search.reindex_remote_whitelist[0] restartsEngine', 'search.reindex_remote_whitelist[0] restartsEngine'],
      ],
    ]);
    // Two files of one directory are two versions of one file, not files of a module.
    fs.copyFileSync(path.join(dir, 'deployed/search.tf'), path.join(dir, 'infra/deployed.tf'));
    assert.deepEqual(summary(await diff('infra/deployed.tf', 'infra/empty.tf')), [['vendor_search.a', 'removed', []]]);
  } finally {
    removeTree(dir);
  }
});

test('standard input without a name: HCL after a byte order mark, or with its first block indented, is read as HCL', async () => {
  const hcl = 'resource "vendor_search" "a" {\n  search_user_config {\n    search_version = "1"\n  }\n}\n';
  for (const stdin of [`\uFEFF${hcl}`, `  ${hcl}`]) {
    const r = await runCli(['lint', '--format', 'json', '-'], { cwd: process.cwd(), stdin });
    const [result] = JSON.parse(r.out) as Array<{ messages: Array<{ ruleId: string; line: number }> }>;
    assert.deepEqual(
      result.messages.map((m) => `${m.line} ${m.ruleId}`),
      ['3 deprecated-field'],
      JSON.stringify(stdin.slice(0, 3)),
    );
  }
});

test("a variable's value set in the linted file itself is named by the file's path as the report gives it", async () => {
  const dir = tempTree({
    'infra/search/main.tf':
      'variable "max_body" {\n  default = 5\n}\n\nresource "vendor_search" "logs" {\n  search_user_config {\n    search { http_max_content_length = var.max_body }\n  }\n}\n',
  });
  try {
    const from = async (cwd: string, file: string): Promise<string | undefined> =>
      /\(the value of var\.max_body, from ([^)]*)\)/.exec((await runCli(['lint', file], { cwd: path.join(dir, cwd) })).out)?.[1];
    assert.equal(await from('.', 'infra/search/main.tf'), 'infra/search/main.tf:2');
    assert.equal(await from('infra', 'search'), 'search/main.tf:2');
    assert.equal(await from('infra/search', 'main.tf'), 'main.tf:2');
  } finally {
    removeTree(dir);
  }
});
