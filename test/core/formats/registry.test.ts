/**
 * The registry of formats: a file's name picks its handler, and every handler gives the same shape
 * of result (its format, the configurations it read, its syntax problems), which is all the fixer
 * and the hosts look at.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { analyze, fixAll, formatOf, FORMATS } from '../../../server/src/core';
import { loadTerraformFromDisk } from '../../../server/src/node/terraform-wasm';
import { fmtProblem } from '../../support/terraform-fmt';

before(() => loadTerraformFromDisk());

test('a file name picks one handler, JSON taking what no other format reads', () => {
  const picked: Record<string, string> = {};
  for (const name of [
    'a.search.json',
    'b.jsonc',
    'plan.json',
    'main.tf',
    'main.tf.json',
    'deploy.yaml',
    'c.search.yml',
    'x.http',
    'run.md',
    'go.sh',
  ])
    picked[name] = formatOf(name).id;
  assert.deepEqual(picked, {
    'a.search.json': 'json',
    'b.jsonc': 'json',
    'plan.json': 'json',
    'main.tf': 'terraform',
    'main.tf.json': 'terraform-json',
    'deploy.yaml': 'yaml',
    'c.search.yml': 'yaml',
    'x.http': 'requests',
    'run.md': 'requests',
    'go.sh': 'requests',
  });
  assert.equal(formatOf(undefined).id, 'json');
  assert.deepEqual(
    FORMATS.map((f) => f.id),
    ['requests', 'terraform', 'terraform-json', 'yaml', 'json'],
  );
});

const resource = (name: string) => `resource "vendor_search" "${name}" {\n  search_user_config {\n    static_ips = true\n  }\n}\n`;
const manifest = (name: string) =>
  `apiVersion: vendor.io/v1alpha1\nkind: Search\nmetadata:\n  name: ${name}\nspec:\n  userConfig:\n    static_ips: true\n`;
const planChange = (name: string) =>
  JSON.stringify({
    address: `vendor_search.${name}`,
    mode: 'managed',
    type: 'vendor_search',
    name,
    change: { actions: ['create'], before: null, after: { search_user_config: [{ static_ips: true }] }, after_unknown: {} },
  });

/** [file name, text, configurations it holds] */
const FILES: Array<[string, string, number]> = [
  ['a.search.json', '{ "static_ips": true }\n', 1],
  [
    'plan.json',
    `{"format_version": "1.2", "terraform_version": "1.9.5", "resource_changes": [${planChange('a')}, ${planChange('b')}]}\n`,
    2,
  ],
  // Neither a configuration nor a plan: said so, and nothing in it is read.
  ['package.json', '{ "name": "x", "dependencies": {} }\n', 0],
  ['main.tf', `${resource('a')}\n${resource('b')}`, 2],
  ['main.tf.json', JSON.stringify({ resource: { vendor_search: { a: { search_user_config: { static_ips: true } } } } }), 1],
  ['deploy.yaml', `${manifest('a')}---\n${manifest('b')}`, 2],
  ['x.http', 'GET /_cluster/health\n', 0],
];

test('every format gives the same shape of result: its format, the configurations read, its syntax problems', () => {
  for (const [fileName, text, count] of FILES) {
    const result = analyze(text, { fileName });
    assert.equal(result.format, formatOf(fileName).id, fileName);
    assert.equal(result.configurations.length, count, `${fileName}: configurations`);
    assert.equal(result.syntaxErrors, 0, `${fileName}: syntax errors`);
    for (const doc of result.configurations) assert.ok(doc.rangeAt([]), `${fileName}: each configuration knows where it is`);
  }
});

test('a broken file counts its syntax problems in each format', () => {
  const broken: Array<[string, string]> = [
    ['a.search.json', '{ "static_ips": true,, }\n'],
    ['main.tf', resource('a').slice(0, -3)],
    ['main.tf.json', '{"resource": {"vendor_search": {"a": {"search_user_config": {"static_ips": true'],
    ['deploy.yaml', manifest('a').replace('static_ips: true', 'static_ips: [true')],
  ];
  for (const [fileName, text] of broken) assert.ok(analyze(text, { fileName }).syntaxErrors > 0, fileName);
});

test("the fixer writes each format's edits with its handler: Terraform's aligned as terraform fmt aligns them", () => {
  const text = 'resource "vendor_search" "a" {\n  search_user_config {\n    max_index_count = 5\n    static_ips      = "yes"\n  }\n}\n';
  assert.equal(fmtProblem(text), undefined);
  const fixed = fixAll(text, { fileName: 'main.tf' });
  assert.equal(fixed.result.format, 'terraform');
  // The deprecated limit moves into a new block, and the attribute left behind loses the padding it had beside it.
  assert.equal(fmtProblem(fixed.text), undefined);
  assert.equal(
    fixed.text,
    'resource "vendor_search" "a" {\n  search_user_config {\n    index_patterns {\n      pattern         = "*"\n      max_index_count = 5\n    }\n    static_ips = "yes"\n  }\n}\n',
  );
});
