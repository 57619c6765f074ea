import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { removeTree, runCli, tempTree } from './support';

const MANIFEST = [
  'apiVersion: vendor.io/v1alpha1',
  'kind: Search',
  'metadata:',
  '  name: logs',
  'spec:',
  '  cloudName: google-europe-west1',
  '  userConfig:',
  '    # the service was created with the old limits',
  '    search:',
  '      http_max_content_length: 100mb # unit-mismatch with a fix',
  '    openid:',
  '      client_secret: plain-secret-value',
  '      client_id: app',
  '      connect_url: https://idp.example.com/.well-known/openid-configuration',
  '---',
  'apiVersion: v1',
  'kind: ConfigMap',
  'metadata:',
  '  name: unrelated',
  'data:',
  '  search_version: 2',
  '',
].join('\n');
const DEPLOYMENT = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 2\n';

type JsonResult = { filePath: string; messages: Array<{ ruleId: string; line: number; column: number; message: string; path: string }> };

test('lint of a directory reads *.search.yaml and the manifests naming kind: Search, not the other YAML files', async () => {
  const dir = tempTree({
    'k8s/search.yaml': MANIFEST,
    'k8s/deployment.yaml': DEPLOYMENT,
    'conf/prod.search.yml': 'static_ips: "true"\n',
    'k8s/values.yml': 'kind: Search\n',
  });
  try {
    for (const argv of [
      ['lint', '--format', 'json', '.'],
      ['lint', '--format', 'json'],
    ]) {
      const r = await runCli(argv, { cwd: dir });
      const results = JSON.parse(r.out) as JsonResult[];
      assert.deepEqual(results.map((f) => f.filePath).sort(), ['conf/prod.search.yml', 'k8s/search.yaml'], r.err);
      const manifest = results.find((f) => f.filePath === 'k8s/search.yaml')!;
      const unit = manifest.messages.find((m) => m.ruleId === 'unit-mismatch')!;
      assert.deepEqual([unit.line, unit.column, unit.path], [10, 32, 'search.http_max_content_length']);
      assert.match(unit.message, /^Search\/logs: search\.http_max_content_length/);
      assert.ok(
        manifest.messages.every((m) => m.line < 15),
        'the ConfigMap document is not a configuration',
      );
      assert.ok(manifest.messages.some((m) => m.ruleId === 'secret-in-plain-text'));
      assert.ok(!r.out.includes('plain-secret-value'), 'the secret is never printed');
      const plain = results.find((f) => f.filePath === 'conf/prod.search.yml')!;
      assert.deepEqual(
        plain.messages.map((m) => `${m.ruleId} ${m.path} ${m.line}:${m.column}`),
        ['type-mismatch static_ips 1:13'],
      );
    }
  } finally {
    removeTree(dir);
  }
});

test("an explicit manifest is linted in every output format, at the YAML file's own line and column", async () => {
  const dir = tempTree({ 'search.yaml': MANIFEST });
  try {
    const expectLine: Record<string, RegExp> = {
      stylish: /search\.yaml:10:32\s+error\s+Search\/logs: search\.http_max_content_length/,
      github: /::error file=search\.yaml,line=10,(end)?[a-zA-Z]*=?[^:]*col(umn)?=32/,
      sarif: /"uri": ?"search\.yaml"[\s\S]*"startLine": ?10/,
      junit: /search\.yaml[\s\S]*Search\/logs: search\.http_max_content_length/,
      json: /"line": ?10/,
    };
    for (const [format, pattern] of Object.entries(expectLine)) {
      const r = await runCli(['lint', '--format', format, 'search.yaml'], { cwd: dir });
      assert.equal(r.code, 1, `${format}: ${r.err}`);
      assert.match(r.out, pattern, `${format} output:\n${r.out}`);
      assert.ok(!r.out.includes('plain-secret-value'), `${format}: the secret is never printed`);
    }
  } finally {
    removeTree(dir);
  }
});

test('--fix writes YAML in place, keeps the comments, is idempotent and atomic; --fix-dry-run masks the secret', async () => {
  const dir = tempTree({ 'search.yaml': MANIFEST });
  const file = path.join(dir, 'search.yaml');
  try {
    const dry = await runCli(['lint', '--fix-dry-run', 'search.yaml'], { cwd: dir });
    assert.match(
      dry.out,
      /-      http_max_content_length: 100mb # unit-mismatch with a fix\n\+      http_max_content_length: 104857600 # unit-mismatch with a fix/,
    );
    assert.match(dry.out, /client_secret: "\*\*\*"/, "the secret's line is in the diff, masked");
    assert.ok(!dry.out.includes('plain-secret-value'), dry.out);
    assert.equal(fs.readFileSync(file, 'utf8'), MANIFEST, 'a dry run writes nothing');
    await runCli(['lint', '--fix', 'search.yaml'], { cwd: dir });
    const fixed = fs.readFileSync(file, 'utf8');
    assert.equal(fixed, MANIFEST.replace('100mb #', '104857600 #'));
    await runCli(['lint', '--fix', 'search.yaml'], { cwd: dir });
    assert.equal(fs.readFileSync(file, 'utf8'), fixed, 'fixing again changes nothing');
    assert.deepEqual(fs.readdirSync(dir), ['search.yaml'], 'no temporary file is left');
  } finally {
    removeTree(dir);
  }
});

test('--fix leaves a YAML file with syntax errors as it is', async () => {
  const broken = `${MANIFEST}---\nkind: Search\nspec:\n  userConfig:\n    static_ips: "true"\n   bad: [\n`;
  const dir = tempTree({ 'search.yaml': broken });
  try {
    const r = await runCli(['lint', '--fix', 'search.yaml'], { cwd: dir });
    assert.equal(fs.readFileSync(path.join(dir, 'search.yaml'), 'utf8'), broken);
    assert.match(r.out, /invalid-syntax/);
  } finally {
    removeTree(dir);
  }
});

test('a Helm template is skipped with one info finding, never reported as broken YAML', async () => {
  const chart =
    'kind: Search\nmetadata:\n  name: {{ .Release.Name }}\nspec:\n  userConfig:\n    search_version: {{ .Values.version | quote }}\n';
  const dir = tempTree({ 'templates/search.yaml': chart });
  try {
    const r = await runCli(['lint', '--format', 'json', '.'], { cwd: dir });
    const [file] = JSON.parse(r.out) as JsonResult[];
    assert.deepEqual(
      file.messages.map((m) => [m.ruleId, m.line]),
      [['input-limit', 3]],
    );
    assert.match(file.messages[0].message, /template .*helm template/);
    assert.equal(r.code, 0, 'an info finding does not fail the run');
  } finally {
    removeTree(dir);
  }
});

test('--fix-dry-run masks a secret given by an alias, at its anchor too', async () => {
  const text =
    'kind: Search\nmetadata:\n  name: logs\n  annotations:\n    pw: &pw anchored-secret-value\nspec:\n  userConfig:\n    search_version: 2\n    openid:\n      client_secret: *pw\n';
  const dir = tempTree({ 'search.yaml': text });
  try {
    const dry = await runCli(['lint', '--fix-dry-run', 'search.yaml'], { cwd: dir });
    assert.match(dry.out, /\+    search_version: "2"/);
    assert.match(dry.out, /pw: &pw \*\*\*/, "the anchor's line is in the diff, masked");
    assert.ok(!dry.out.includes('anchored-secret-value'), dry.out);
    const json = await runCli(['lint', '--format', 'json', 'search.yaml'], { cwd: dir });
    assert.ok(!json.out.includes('anchored-secret-value'), json.out);
  } finally {
    removeTree(dir);
  }
});

test("--fix-dry-run and the JSON output mask a Secret's data and values named as credentials in the file's other documents", async () => {
  const text = [
    '# Source: search/templates/secret.yaml',
    'apiVersion: v1',
    'kind: Secret',
    'metadata:',
    '  name: search-oidc',
    'stringData:',
    '  client_secret: "oidc-client-secret-9f8e7d"',
    '  note: |',
    '    block-secret-line',
    '---',
    'apiVersion: v1',
    'kind: ConfigMap',
    'data:',
    '  smtp_password: smtp-password-value',
    '  plain: shown-as-written',
    '---',
    'apiVersion: vendor.io/v1alpha1',
    'kind: Search',
    'metadata:',
    '  name: logs',
    'spec:',
    '  userConfig:',
    '    search_version: 2.19',
    '',
  ].join('\n');
  const dir = tempTree({ 'rendered.yaml': text });
  try {
    for (const argv of [
      ['lint', '--fix-dry-run', 'rendered.yaml'],
      ['lint', '--fix-dry-run', '-f', 'json', 'rendered.yaml'],
    ]) {
      const dry = await runCli(argv, { cwd: dir });
      for (const secret of ['oidc-client-secret', 'block-secret-line', 'smtp-password-value'])
        assert.ok(!dry.out.includes(secret), `${argv.join(' ')}: ${dry.out}`);
      if (argv.includes('json'))
        assert.ok(dry.out.includes('plain: shown-as-written'), `a value that is no credential is shown: ${dry.out}`);
    }
  } finally {
    removeTree(dir);
  }
});

test('manifests of one name in two namespaces are two services: matched by namespace and name in a baseline and a diff', async () => {
  const manifest = (namespace: string): string =>
    `apiVersion: vendor.io/v1alpha1\nkind: Search\nmetadata:\n  name: logs\n  namespace: ${namespace}\nspec:\n  userConfig:\n    search:\n      reindex_remote_whitelist: ["${namespace}-src.example.com:9200"]\n`;
  const dir = tempTree({
    'old.yaml': `${manifest('staging')}---\n${manifest('prod')}`,
    'new.yaml': `${manifest('prod')}---\n${manifest('staging')}`,
  });
  try {
    const lint = await runCli(['lint', '--baseline', 'old.yaml', 'new.yaml'], { cwd: dir });
    assert.equal(lint.code, 0, lint.out);
    assert.ok(!lint.out.includes('restart'), lint.out);
    const diff = await runCli(['diff', 'old.yaml', 'new.yaml'], { cwd: dir });
    assert.ok(!/removed|changed field/.test(diff.out), diff.out);
    assert.match(diff.out, /Search\/prod\/logs: no changes/, diff.out);
  } finally {
    removeTree(dir);
  }
});

const messagesOf = (out: string): Array<[string, string, number]> =>
  (JSON.parse(out) as JsonResult[]).flatMap((f) => f.messages.map((m): [string, string, number] => [f.filePath, m.ruleId, m.line]));

test('a directory search finds manifests in every spelling the YAML reader accepts, and leaves other API groups out in silence', async () => {
  const jsonStyle =
    '{"apiVersion": "vendor.io/v1alpha1", "kind": "Search", "metadata": {"name": "a"},\n "spec": {"userConfig": {"max_index_cont": 5}}}\n';
  const flow = '{kind: Search, apiVersion: vendor.io/v1alpha1, metadata: {name: b},\n spec: {userConfig: {max_index_cont: 5}}}\n';
  const list =
    'apiVersion: v1\nkind: List\nitems:\n- apiVersion: vendor.io/v1alpha1\n  kind: Search\n  metadata: {name: c}\n  spec:\n    userConfig:\n      max_index_cont: 5\n';
  const escaped =
    'apiVersion: vendor.io/v1alpha1\nkind: "\\x53earch"\nmetadata: {name: d}\nspec:\n  "user\\x43onfig":\n    max_index_cont: 5\n';
  const other = 'apiVersion: platform.example.com/v1\nkind: Search\nmetadata: {name: e}\nspec:\n  userConfig:\n    version: 2\n';
  const dir = tempTree({
    'json-style.yaml': jsonStyle,
    'flow.yaml': flow,
    'list.yaml': list,
    'escaped.yaml': escaped,
    'other.yaml': other,
  });
  try {
    const r = await runCli(['lint', '--format', 'json', '.'], { cwd: dir });
    assert.deepEqual(
      messagesOf(r.out).sort(),
      [
        ['escaped.yaml', 'unknown-field', 6],
        ['flow.yaml', 'unknown-field', 2],
        ['json-style.yaml', 'unknown-field', 2],
        ['list.yaml', 'unknown-field', 9],
      ],
      r.err,
    );
    assert.equal(r.code, 1);
  } finally {
    removeTree(dir);
  }
});

test('a YAML file named on the command line is always read, and says why when nothing of it was', async () => {
  const other = 'apiVersion: platform.example.com/v1\nkind: Search\nmetadata:\n  name: wrapper\nspec:\n  userConfig:\n    version: 2\n';
  const dir = tempTree({
    'other.yaml': other,
    'deploy.yaml': DEPLOYMENT,
    'quoted.yaml': '"kind": "Search"\n"apiVersion": "vendor.io/v1alpha1"\n"spec":\n  "userConfig":\n    "max_index_cont": 5\n',
  });
  try {
    const r = await runCli(['lint', '--format', 'json', 'other.yaml', 'deploy.yaml', 'quoted.yaml'], { cwd: dir });
    const results = JSON.parse(r.out) as JsonResult[];
    const byFile = Object.fromEntries(results.map((f) => [f.filePath, f.messages]));
    assert.deepEqual(
      byFile['other.yaml'].map((m) => [m.ruleId, m.line]),
      [['input-limit', 1]],
    );
    assert.match(byFile['other.yaml'][0].message, /apiVersion is "platform\.example\.com\/v1".*another API group.*vendor\.io/);
    assert.deepEqual(
      byFile['deploy.yaml'].map((m) => m.ruleId),
      ['input-limit'],
    );
    assert.match(byFile['deploy.yaml'][0].message, /nothing in it was checked/);
    assert.deepEqual(
      byFile['quoted.yaml'].map((m) => [m.ruleId, m.line]),
      [['unknown-field', 5]],
    );
    assert.equal(r.code, 1);
  } finally {
    removeTree(dir);
  }
});

test('--no-warn-ignored (as the pre-commit hooks pass it): a named file without a configuration says nothing, a manifest in any spelling is still read', async () => {
  const dir = tempTree({
    'deploy.yaml': DEPLOYMENT,
    'quoted.yaml': '"kind": "Search"\n"apiVersion": "vendor.io/v1alpha1"\n"spec":\n  "userConfig":\n    "max_index_cont": 5\n',
  });
  try {
    const r = await runCli(['lint', '--no-warn-ignored', '--format', 'json', 'deploy.yaml', 'quoted.yaml'], { cwd: dir });
    const byFile = Object.fromEntries((JSON.parse(r.out) as JsonResult[]).map((f) => [f.filePath, f.messages]));
    assert.deepEqual(byFile['deploy.yaml'] ?? [], []);
    assert.deepEqual(
      byFile['quoted.yaml'].map((m) => [m.ruleId, m.line]),
      [['unknown-field', 5]],
    );
    assert.equal(r.code, 1);
  } finally {
    removeTree(dir);
  }
});

test('a name without an extension the tool knows (rendered.txt, manifests), given with --stdin-filename or named on the command line, is read by content and reported under that name', async () => {
  const rendered = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  a: b\n---\n' + MANIFEST;
  const hcl = 'resource "vendor_search" "logs" {\n  search_user_config {\n    max_index_cont = 5\n  }\n}\n';
  const dir = tempTree({ 'rendered.txt': rendered, 'main.txt': hcl });
  try {
    for (const [text, names] of [
      [rendered, ['rendered.txt', 'manifests']],
      [hcl, ['main.txt', 'infra']],
    ] as const) {
      const unnamed = messagesOf((await runCli(['lint', '--format', 'json', '-'], { cwd: dir, stdin: text })).out);
      assert.ok(unnamed.length > 0 && !unnamed.some(([, id]) => id === 'invalid-json'), JSON.stringify(unnamed));
      for (const name of names) {
        const named = await runCli(['lint', '--format', 'json', '--stdin-filename', name, '-'], { cwd: dir, stdin: text });
        assert.deepEqual(
          messagesOf(named.out),
          unnamed.map(([, id, line]) => [name, id, line]),
          `--stdin-filename ${name}: ${named.out}${named.err}`,
        );
      }
      const onDisk = await runCli(['lint', '--format', 'json', names[0]], { cwd: dir });
      assert.deepEqual(
        messagesOf(onDisk.out),
        unnamed.map(([, id, line]) => [names[0], id, line]),
        `lint ${names[0]}: ${onDisk.out}${onDisk.err}`,
      );
    }
  } finally {
    removeTree(dir);
  }
});

test('standard input without --stdin-filename is read as what it holds: a manifest, HCL, Terraform JSON, a plan, a configuration or requests', async () => {
  const rendered =
    'apiVersion: monitoring.coreos.com/v1\nkind: PrometheusRule\nmetadata:\n  name: alerts\nspec:\n  groups:\n    - name: x\n      rules:\n        - alert: Down\n          annotations:\n            summary: "{{ $labels.instance }} is down"\n---\n' +
    MANIFEST;
  const hcl = 'resource "vendor_search" "logs" {\n  search_user_config {\n    max_index_cont = 5\n  }\n}\n';
  const plan = fs.readFileSync(path.resolve(__dirname, '../../../test/fixtures/terraform/plans/removed-field.plan.json'), 'utf8');
  const dir = tempTree({});
  try {
    const manifest = await runCli(['lint', '--format', 'json', '-'], { cwd: dir, stdin: rendered });
    const found = messagesOf(manifest.out);
    assert.ok(
      found.some(([, id, line]) => id === 'unit-mismatch' && line === 22),
      manifest.out + manifest.err,
    );
    assert.ok(!found.some(([, id]) => id === 'invalid-json'), 'not read as JSON');
    assert.ok(!manifest.out.includes('plain-secret-value'), 'the secret is never printed');
    const tf = await runCli(['lint', '--format', 'json', '-'], { cwd: dir, stdin: hcl });
    assert.deepEqual(
      messagesOf(tf.out).map(([, id, line]) => [id, line]),
      [['unknown-field', 3]],
      tf.out + tf.err,
    );
    const fromPlan = await runCli(['lint', '--format', 'json', '-'], { cwd: dir, stdin: plan });
    const named = await runCli(['lint', '--format', 'json', '--stdin-filename', 'plan.json', '-'], { cwd: dir, stdin: plan });
    assert.deepEqual(
      messagesOf(fromPlan.out).map(([, id, line]) => [id, line]),
      messagesOf(named.out).map(([, id, line]) => [id, line]),
    );
    assert.ok(messagesOf(fromPlan.out).length > 0);
    // Terraform's JSON syntax, as `cdktf synth` writes it: read by resource, values converted as Terraform does.
    const tfJson =
      '{\n  "resource": {\n    "vendor_search": {\n      "logs": {\n        "search_user_config": {\n          "max_index_cont": 5,\n          "static_ips": "true"\n        }\n      }\n    }\n  }\n}\n';
    const fromTfJson = await runCli(['lint', '--format', 'json', '-'], { cwd: dir, stdin: tfJson });
    assert.deepEqual(
      messagesOf(fromTfJson.out).map(([, id, line]) => [id, line]),
      [
        ['unknown-field', 6],
        ['type-mismatch', 7],
      ],
      fromTfJson.out + fromTfJson.err,
    );
    assert.match(fromTfJson.out, /vendor_search\.logs: static_ips is a string \(\\"true\\"\); Terraform converts it/);
    // A variable's value set in standard input itself is said to come from it, not from the name its content was given.
    for (const [withVariable, line] of [
      ['variable "v" {\n  default = "9"\n}\n' + hcl.replace('max_index_cont = 5', 'search_version = var.v'), 2],
      [
        tfJson
          .replace('"max_index_cont": 5', '"search_version": "${var.v}"')
          .replace('{\n  "resource"', '{\n  "variable": { "v": { "default": "9" } },\n  "resource"'),
        2,
      ],
    ] as const) {
      const fromVariable = await runCli(['lint', '--format', 'json', '-'], { cwd: dir, stdin: withVariable });
      const [only] = (JSON.parse(fromVariable.out) as Array<{ messages: Array<{ ruleId: string; message: string }> }>)[0].messages.filter(
        (m) => m.ruleId === 'invalid-value',
      );
      assert.ok(only?.message.endsWith(`(the value of var.v, from <stdin>:${line})`), fromVariable.out);
      assert.ok(!fromVariable.out.includes('stdin.tf'), fromVariable.out);
    }
    const config = await runCli(['lint', '--format', 'json', '-'], { cwd: dir, stdin: '{\n  "static_ips": "true"\n}\n' });
    assert.deepEqual(
      messagesOf(config.out).map(([, id, line]) => [id, line]),
      [['type-mismatch', 2]],
    );
    // Requests (a request line first, after separators and comments), a script holding curl, and a
    // configuration written in YAML: each read as it is when named so.
    const unnamedAndNamed: Array<[string, string]> = [
      ['PUT https://search.example.com/_snapshot/nightly HTTP/1.1\nContent-Type: application/json\n\n{"type": "fs"}\n', 'ops.http'],
      ['### Register a repository\n# nightly\nPUT https://search.example.com/_snapshot/nightly\n\n{"type": "fs"}\n', 'ops.http'],
      [
        '#!/bin/sh\nset -e\ncurl -X PUT https://search.example.com/_cluster/settings -H \'Content-Type: application/json\' -d \'{"persistent": {"cluster.max_shards_per_node": 500}}\'\n',
        'ops.sh',
      ],
      ['search_version: "2.19"\nstatic_ips: true\nsearch:\n  thread_pool_search_size: 500\n', 'svc.search.yaml'],
    ];
    for (const [text, name] of unnamedAndNamed) {
      const unnamed = await runCli(['lint', '--format', 'json', '-'], { cwd: dir, stdin: text });
      const named = await runCli(['lint', '--format', 'json', '--stdin-filename', name, '-'], { cwd: dir, stdin: text });
      const found = messagesOf(unnamed.out).map(([, id, line]) => [id, line]);
      assert.ok(found.length > 0 && !found.some(([id]) => id === 'input-limit'), `${name}: ${unnamed.out}`);
      assert.deepEqual(
        found,
        messagesOf(named.out).map(([, id, line]) => [id, line]),
        name,
      );
    }
  } finally {
    removeTree(dir);
  }
});
