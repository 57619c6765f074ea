import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { analyze, applyEdits, fixAll, type TerraformDocument } from '../../../../server/src/core';
import { parseTerraform } from '../../../../server/src/core/formats/terraform/document';
import { loadTerraformFromDisk } from '../../../../server/src/node/terraform-wasm';
import { compare, loadFixture } from '../../../support/fixtures';
import { fmtProblem, terraformFmt } from '../../../support/terraform-fmt';
import { REPO } from '../../../support/repo';

const FIXTURES = path.join(REPO, 'test/fixtures/terraform');

before(() => loadTerraformFromDisk());

const fixtures = fs
  .readdirSync(FIXTURES)
  .filter((n) => n.endsWith('.tf') && !n.includes('.fixed.') && !n.includes('.base.'))
  .sort();

for (const name of fixtures) {
  test(`terraform fixture ${name}`, () => {
    const fx = loadFixture(path.join(FIXTURES, name));
    const { findings, internalErrors } = analyze(fx.text, fx.options);
    assert.deepEqual(internalErrors, []);
    const problems = compare(fx, findings);
    assert.deepEqual(problems, [], `${name}:\n  ${problems.join('\n  ')}`);
    if (fx.fixed !== undefined) {
      const result = fixAll(fx.text, fx.options);
      assert.equal(result.text, fx.fixed, `${name}: text after fixing`);
      // terraform fmt judges what the fixes wrote: text it reads stays readable, and a file it
      // would not change stays so (the expectation comments taken out can leave spaces behind).
      const before = terraformFmt(fx.text);
      if (before.kind !== 'invalid') assert.notEqual(terraformFmt(result.text).kind, 'invalid', `${name}: ${fmtProblem(result.text)}`);
      if (before.kind === 'clean' || terraformFmt(fx.text.replace(/[ \t]+(?=\r?\n)/g, '')).kind === 'clean')
        assert.equal(fmtProblem(result.text.replace(/[ \t]+(?=\r?\n)/g, '')), undefined, `${name}: after fixing`);
      assert.equal(fixAll(result.text, fx.options).text, result.text, `${name}: fixing again changes nothing`);
    }
  });
}

test('a Terraform file without the block is not parsed, and gives nothing', () => {
  const result = analyze('resource "aws_instance" "web" {\n  ami = "x"\n', { fileName: 'main.tf' });
  assert.deepEqual(result.findings, []);
  assert.deepEqual(result.configurations, []);
});

test("findings point at the .tf file's own lines and columns, and name the resource address", () => {
  const text =
    'resource "vendor_search" "logs" {\n  search_user_config {\n    search {\n      http_max_content_length = "100mb"\n    }\n  }\n}\n';
  const f = analyze(text, { fileName: 'main.tf' }).findings.find((x) => x.ruleId === 'unit-mismatch')!;
  assert.equal(f.path, 'search.http_max_content_length');
  assert.deepEqual(f.range.start, { line: 3, character: 32 });
  assert.equal(text.slice(f.offset, f.offset + f.length), '"100mb"');
  assert.match(f.message, /^vendor_search\.logs: search\.http_max_content_length is the string "100mb"/);
});

test('a secret written as a literal never appears in a message or a fix title', () => {
  const text =
    'resource "vendor_search" "a" {\n  search_user_config {\n    openid {\n      client_id = "app"\n      client_secret = "hunter2-secret"\n      connect_url = "https://idp.example.com/.well-known/openid-configuration"\n    }\n  }\n}\n';
  const { findings } = analyze(text, { fileName: 'main.tf' });
  const secret = findings.find((f) => f.ruleId === 'secret-in-plain-text');
  assert.ok(secret);
  assert.match(secret.message, /sensitive = true/);
  const shown = findings.flatMap((f) => [f.message, f.fix?.title, ...(f.suggestions ?? []).map((s) => s.title)]).join('\n');
  assert.ok(!shown.includes('hunter2'), shown);
});

test('bad input: heredocs, the three kinds of comments, CRLF, a byte order mark and deep nesting give no crash', () => {
  const body = [
    'resource "vendor_search" "x" {',
    '  # hash comment',
    '  // slash comment',
    '  /* block comment */',
    '  search_user_config {',
    '    custom_domain = <<EOT',
    '    search.example.com',
    'EOT',
    '    search { email_sender_name = "a \\"quoted\\" ${"$"}{not} name" }',
    `    x = ${'['.repeat(5000)}${']'.repeat(5000)}`,
    '  }',
    '}',
  ].join('\r\n');
  for (const text of [body, `\uFEFF${body}`, body.slice(0, body.length / 2), 'search_user_config {{{{ "']) {
    const result = analyze(text, { fileName: 'main.tf' });
    assert.deepEqual(result.internalErrors, []);
    for (const f of result.findings) assert.ok(f.offset >= 0 && f.offset + f.length <= text.length, `${f.ruleId} inside the text`);
  }
});

test('against a baseline, resources are matched by address: restarts and create-only fields of each, nothing for a new resource or an unknown value', () => {
  const block = (name: string, body: string): string => `resource "vendor_search" "${name}" {\n  search_user_config {\n${body}\n  }\n}\n`;
  const baselineText =
    block('metrics', '    search { reindex_remote_whitelist = ["old.example.com:9200"] }') +
    block('logs', '    search { reindex_remote_whitelist = ["old.example.com:9200"] }');
  const text =
    block('logs', '    search { reindex_remote_whitelist = ["new.example.com:9200"] }') +
    block('metrics', '    search { reindex_remote_whitelist = var.hosts }') +
    block('fresh', '    service_to_fork_from = "prod"');
  const found = analyze(text, { fileName: 'main.tf', baselineText, baselineLabel: 'git:HEAD' }).findings.filter(
    (f) => f.ruleId === 'restart-required' || f.ruleId === 'create-only-field',
  );
  assert.deepEqual(
    found.map((f) => f.message.replace(/ restarts all.*/, '')),
    ['vendor_search.logs: Changing search.reindex_remote_whitelist'],
  );
  assert.match(found[0].message, /compared with git:HEAD/);
  const forked = analyze(block('fresh', '    service_to_fork_from = "other"'), {
    fileName: 'main.tf',
    baselineText: block('fresh', '    service_to_fork_from = "prod"'),
  }).findings;
  assert.deepEqual(
    forked.map((f) => `${f.ruleId} ${f.path}`),
    ['create-only-field service_to_fork_from'],
  );
});

test("limits as for JSON: 5,000 nested blocks and a file past the parser's size limit are reported, not parsed", () => {
  const head = 'resource "vendor_search" "x" {\n  search_user_config {\n';
  const deep = `${head}${'a {\n'.repeat(5000)}${'}\n'.repeat(5000)}  }\n}\n`;
  const deepResult = analyze(deep, { fileName: 'main.tf' });
  assert.deepEqual(deepResult.internalErrors, []);
  assert.deepEqual(
    deepResult.findings.map((f) => f.ruleId),
    ['input-limit'],
  );
  assert.match(deepResult.findings[0].message, /nested 257 levels deep/);
  const entry = '      "host-00000.example.com:9200",\n';
  const large = `${head}    search {\n      reindex_remote_whitelist = [\n${entry.repeat(Math.ceil((2 * 1024 * 1024) / entry.length) + 1)}      ]\n    }\n  }\n}\n`;
  const largeResult = analyze(large, { fileName: 'main.tf' });
  assert.deepEqual(
    largeResult.findings.map((f) => f.ruleId),
    ['input-limit'],
  );
  assert.match(largeResult.findings[0].message, /more than the 2097152 the HCL parser reads/);
});

test('var.NAME is checked as the literal its module gives it (default, terraform.tfvars, then *.auto.tfvars), never rewritten', () => {
  const text =
    'resource "vendor_search" "logs" {\n  search_user_config {\n    search {\n      http_max_content_length = var.max_body\n      http_max_header_size    = var.header_size\n      email_sender_name       = var.sender\n    }\n  }\n}\n';
  const terraformVariables = [
    {
      fileName: '/m/variables.tf',
      text: 'variable "max_body" {\n  default = "100mb"\n}\nvariable "header_size" {\n  default = 8192\n}\nvariable "sender" {\n  default = local.name\n}\n',
    },
    { fileName: '/m/terraform.tfvars', text: 'header_size = 2048\n' },
    { fileName: '/m/z.auto.tfvars', text: 'header_size = 100\n' },
  ];
  const result = analyze(text, { fileName: '/m/main.tf', terraformVariables });
  const ids = result.findings.map((f) => `${f.ruleId} ${f.path}`);
  assert.ok(ids.includes('unit-mismatch search.http_max_content_length'), ids.join(', '));
  assert.ok(
    ids.some((i) => /^(invalid-value|unit-mismatch) search\.http_max_header_size$/.test(i)),
    'the *.auto.tfvars value wins',
  );
  assert.ok(!ids.some((id) => id.endsWith('email_sender_name')), 'a default that is no literal stays unknown');
  const unit = result.findings.find((f) => f.ruleId === 'unit-mismatch' && f.path === 'search.http_max_content_length')!;
  assert.match(unit.message, /\(the value of var\.max_body, from variables\.tf:2\)$/);
  assert.equal(text.slice(unit.offset, unit.offset + unit.length), 'var.max_body', 'the finding points at the reference');
  assert.equal(unit.fix, undefined, 'the value is written in another file: no fix rewrites the reference');
  assert.deepEqual(analyze(text, { fileName: '/m/main.tf' }).findings, [], 'without the module files the values are unknown');
});

test("variable values in Terraform's order: defaults < override files < terraform.tfvars < terraform.tfvars.json < *.auto.tfvars(.json) by name", () => {
  const text =
    'resource "vendor_search" "logs" {\n  search_user_config {\n    search {\n      http_max_content_length = var.a\n      http_max_header_size    = var.b\n      http_max_initial_line_length = var.c\n      indices_query_bool_max_clause_count = var.d\n    }\n  }\n}\n';
  const declared =
    'variable "a" {\n  default = "100mb"\n}\nvariable "b" {\n  default = "1kb"\n}\nvariable "c" {\n  default = "x"\n}\nvariable "d" {\n  default = "many"\n}\n';
  const sources = (files: Record<string, string>) =>
    Object.entries(files).map(([fileName, t]) => ({ fileName: `/m/${fileName}`, text: t }));
  const from = (files: Record<string, string>): Record<string, string> => {
    const found = analyze(text, { fileName: '/m/main.tf', terraformVariables: sources(files) }).findings;
    return Object.fromEntries(
      found.flatMap((f) => {
        const m = /the value of var\.(\w), from ([^)]+)\)$/.exec(f.message);
        return m ? [[m[1], m[2]]] : [];
      }),
    );
  };
  const seen = from({
    'variables.tf': declared,
    'z_override.tf': 'variable "a" {\n  default = "200mb"\n}\n',
    'override.tf': 'variable "a" {\n  default = "300mb"\n}\nvariable "b" {\n  default = "2kb"\n}\n',
    'terraform.tfvars': 'b = "3kb"\nc = "yy"\n',
    'terraform.tfvars.json': '{\n  "c": "zz",\n  "d": "lots"\n}\n',
    'b.auto.tfvars.json': '{ "d": "plenty" }\n',
    'a.auto.tfvars': 'd = "oodles"\n',
  });
  assert.deepEqual(seen, { a: 'z_override.tf:2', b: 'terraform.tfvars:1', c: 'terraform.tfvars.json:2', d: 'b.auto.tfvars.json:1' });
  // A declaration in Terraform's JSON syntax gives a default too.
  assert.deepEqual(from({ 'variables.tf.json': '{\n  "variable": {\n    "a": {\n      "default": "100mb"\n    }\n  }\n}\n' }), {
    a: 'variables.tf.json:4',
  });
});

test("a value from a variable declared sensitive (in any of the module's files) keeps the sensitive mark", () => {
  const text = 'resource "vendor_search" "logs" {\n  search_user_config {\n    custom_domain = var.domain\n  }\n}\n';
  for (const declaration of ['variable "domain" {\n  sensitive = true\n}\n', '{ "variable": { "domain": { "sensitive": true } } }\n']) {
    const result = analyze(text, {
      fileName: '/m/main.tf',
      terraformVariables: [
        { fileName: declaration.startsWith('{') ? '/m/variables.tf.json' : '/m/variables.tf', text: declaration },
        { fileName: '/m/terraform.tfvars', text: 'domain = "secret domain"\n' },
      ],
    });
    assert.deepEqual(
      (result.configurations[0] as TerraformDocument).variablesUsed.map((v) => [v.variable, v.from, v.sensitive]),
      [['var.domain', 'terraform.tfvars:1', true]],
    );
  }
});

test("a NUL byte is one syntax error, where it is (the parser's error around the whole file is not another)", () => {
  const text = 'resource "vendor_search" "logs" {\n  search_user_config {\n    static_ips = true\0\n  }\n}\n';
  const errors = analyze(text, { fileName: 'main.tf' }).findings.filter((f) => f.ruleId === 'invalid-syntax');
  assert.deepEqual(
    errors.map((f) => [f.range.start.line, f.range.start.character]),
    [[2, 21]],
  );
});

test('a suppression comment inside a multi-line list counts, as in JSON', () => {
  const text =
    'resource "vendor_search" "logs" {\n  search_user_config {\n    ip_filter_string = [\n      # search-config-disable-next-line invalid-cidr\n      "10.0.0.1/8",\n      "10.0.0.2/8",\n    ]\n  }\n}\n';
  const lines = analyze(text, { fileName: 'main.tf' })
    .findings.filter((f) => f.ruleId === 'invalid-cidr')
    .map((f) => f.range.start.line);
  assert.deepEqual(lines, [5]);
});

test('only a top-level resource block holds a configuration', () => {
  const nested =
    'module "m" {\n  source = "./m"\n  resource "vendor_search" "inner" {\n    search_user_config {\n      static_ipz = true\n    }\n  }\n}\n';
  assert.deepEqual(analyze(nested, { fileName: 'main.tf' }).configurations, []);
});

test('variables: the file is parsed once, and of its module only the files that mention a variable it uses', () => {
  // The parser web-tree-sitter's bundle gives: every parse of a Terraform text goes through it.
  const { Parser } = require(path.join(REPO, 'dist/tree-sitter.js')) as typeof import('web-tree-sitter');
  const parsed: string[] = [];
  const parse = Parser.prototype.parse;
  Parser.prototype.parse = function (this: InstanceType<typeof Parser>, input, ...rest) {
    if (typeof input === 'string') parsed.push(input.slice(0, 30));
    return parse.call(this, input, ...rest);
  };
  try {
    const text =
      'variable "size" {\n  default = "100mb"\n}\nresource "vendor_search" "logs" {\n  search_user_config {\n    search {\n      http_max_content_length = var.size\n    }\n  }\n}\n';
    const terraformVariables = [
      { fileName: '/m/buckets.tf', text: 'variable "bucket" {\n  default = "b"\n}\n' },
      { fileName: '/m/sizes.tf', text: '# the size lives in main.tf\nvariable "size_of_disk" {\n  default = 1\n}\n' },
    ];
    const ids = analyze(text, { fileName: '/m/main.tf', terraformVariables }).findings.map((f) => `${f.ruleId} ${f.path}`);
    assert.ok(ids.includes('unit-mismatch search.http_max_content_length'), `the default in the file itself is used: ${ids.join(', ')}`);
    assert.deepEqual(
      parsed,
      [text.slice(0, 30), terraformVariables[1].text.slice(0, 30)],
      'main.tf once, sizes.tf (it mentions "size"), never buckets.tf',
    );
  } finally {
    Parser.prototype.parse = parse;
  }
});

test('a dynamic block: fixes may add to its content or change a value there, never remove, rename or repeat it', () => {
  const text =
    'resource "vendor_search" "logs" {\n  search_user_config {\n    dynamic "index_patterns" {\n      for_each = var.patterns\n      content {\n        pattern = index_patterns.value\n        max_index_count = 5\n      }\n    }\n  }\n}\n';
  const doc = parseTerraform(text).configurations[0];
  assert.deepEqual(doc.value, { index_patterns: [{ pattern: {}, max_index_count: 5 }] });
  for (const intent of [
    { kind: 'remove', path: ['index_patterns', 0] },
    { kind: 'remove', path: ['index_patterns'] },
    { kind: 'rename', path: ['index_patterns'], to: 'index_template' },
    { kind: 'append', path: ['index_patterns'], item: { pattern: 'x', max_index_count: 1 } },
  ] as const)
    assert.equal(doc.editsFor([intent]), undefined, intent.kind);
  const add = doc.editsFor([{ kind: 'add', path: ['index_patterns', 0], key: 'sorting_algorithm', value: 'alphabetical' }]);
  assert.equal(
    applyEdits(text, add!),
    text.replace('max_index_count = 5\n', 'max_index_count = 5\n        sorting_algorithm = "alphabetical"\n'),
  );
  const set = doc.editsFor([{ kind: 'set', path: ['index_patterns', 0, 'max_index_count'], value: 6 }]);
  assert.equal(applyEdits(text, set!), text.replace('max_index_count = 5', 'max_index_count = 6'));
});

test('the move suggestion writes HCL: into the block where the field lives, or a new block; never a value that holds text', () => {
  const block = (body: string): string => `resource "vendor_search" "logs" {\n  search_user_config {\n${body}  }\n}\n`;
  const moveOf = (text: string) =>
    analyze(text, { fileName: 'main.tf' }).findings.find((f) => f.ruleId === 'unknown-field' && f.suggestions?.length)?.suggestions?.[0];
  const into = block('    http_max_content_length = 104857600\n    search {\n      indices_query_bool_max_clause_count = 2048\n    }\n');
  const intoMove = moveOf(into);
  assert.ok(intoMove);
  assert.match(intoMove.title, /^Move "http_max_content_length" into search/);
  assert.equal(
    applyEdits(into, intoMove.edits),
    block('    search {\n      indices_query_bool_max_clause_count = 2048\n      http_max_content_length = 104857600\n    }\n'),
  );
  const oneLine = block('    http_max_content_length = 104857600\n    search { indices_query_bool_max_clause_count = 2048 }\n');
  assert.equal(
    applyEdits(oneLine, moveOf(oneLine)!.edits),
    block('    search {\n      indices_query_bool_max_clause_count = 2048\n      http_max_content_length = 104857600\n    }\n'),
  );
  const fresh = block('    static_ips = true\n    http_max_content_length = 104857600\n');
  const freshMove = moveOf(fresh);
  assert.ok(freshMove);
  assert.match(freshMove.title, /into a new search object/);
  assert.equal(
    applyEdits(fresh, freshMove.edits),
    block('    static_ips = true\n    search {\n      http_max_content_length = 104857600\n    }\n'),
  );
  // A string may be a secret: edits are printed by some outputs, so it is not carried.
  assert.equal(
    moveOf(block('    email_sender_name = "alerts"\n    search {\n      indices_query_bool_max_clause_count = 2048\n    }\n')),
    undefined,
  );
});

test('an empty filter list is refused by the Terraform provider only: the API takes one from JSON, YAML and a manifest', () => {
  const terraform = analyze('resource "vendor_search" "a" {\n  search_user_config {\n    ip_filter_string = []\n  }\n}\n', {
    fileName: 'main.tf',
  });
  assert.deepEqual(
    terraform.findings.map((f) => `${f.ruleId} ${f.path}`),
    ['invalid-value ip_filter'],
  );
  for (const [fileName, text] of [
    ['a.search.json', '{ "ip_filter": [] }'],
    ['a.search.yaml', 'ip_filter: []\n'],
    ['search.yaml', 'apiVersion: vendor.io/v1alpha1\nkind: Search\nmetadata:\n  name: a\nspec:\n  userConfig:\n    ip_filter: []\n'],
  ]) {
    assert.deepEqual(analyze(text, { fileName }).findings, [], fileName);
  }
});
