/**
 * The reading of a parsed `.tf` file (read.ts): which blocks are configurations, what the argument
 * form gives, where a list of blocks is located, and what a `dynamic` block stands for. The rules'
 * fixtures judge the findings; these cases judge the document the rules are given, on shapes the
 * fixtures do not hold.
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze } from '../../../../server/src/core';
import { parseTerraform, type TerraformDocument } from '../../../../server/src/core/formats/terraform/document';
import { loadTerraformFromDisk } from '../../../../server/src/node/terraform-wasm';

before(() => loadTerraformFromDisk());

const documents = (text: string): TerraformDocument[] => parseTerraform(text).configurations;
const addresses = (text: string): string[] => documents(text).map((d) => d.address);
const only = (text: string): TerraformDocument => {
  const docs = documents(text);
  assert.equal(docs.length, 1, `one configuration in:\n${text}`);
  return docs[0];
};
const config = (body: string): string => `resource "vendor_search" "a" {\n  search_user_config {\n${body}  }\n}\n`;
const textAt = (text: string, r: { offset: number; length: number } | undefined): string | undefined =>
  r && text.slice(r.offset, r.offset + r.length);

test('only a resource with a type and a name holds a configuration; its labels may be written unquoted', () => {
  const block = (head: string) => `${head} {\n  search_user_config {\n    static_ips = true\n  }\n}\n`;
  assert.deepEqual(addresses(block('data "vendor_search" "a"')), []);
  assert.deepEqual(addresses(block('module "a"')), []);
  assert.deepEqual(addresses(block('resource "vendor_search"')), []);
  assert.deepEqual(addresses(block('resource "vendor_search" "a" "b"')), []);
  assert.deepEqual(addresses(block('resource vendor_search logs')), ['vendor_search.logs']);
  assert.deepEqual(addresses(block('resource "vendor_search" logs')), ['vendor_search.logs']);
  assert.deepEqual(addresses(block('resource "vendor_search" "l\\u006fgs"')), ['vendor_search.logs']);
});

test('a resource that only names the configuration in a comment, or holds no block of it, has none', () => {
  assert.deepEqual(addresses('resource "vendor_search" "a" {\n  # search_user_config comes later\n}\n'), []);
  assert.deepEqual(addresses('resource "vendor_search" "a" {}\n# search_user_config\n'), []);
  const others =
    'resource "vendor_search" "a" {\n' +
    '  dynamic "tag" {\n    for_each = var.tags\n    content {\n      key   = tag.key\n      value = tag.value\n    }\n  }\n' +
    '  dynamic "search_user_config" {\n    for_each = var.enabled ? [1] : []\n  }\n' +
    '  provisioner "search_user_config" {\n    static_ips = true\n  }\n' +
    '}\n';
  assert.deepEqual(addresses(others), []);
});

test('a dynamic block of another type beside the configuration is not read into it', () => {
  const text =
    'resource "vendor_search" "a" {\n' +
    '  dynamic "tag" {\n    for_each = var.tags\n    content {\n      key = tag.key\n    }\n  }\n' +
    '  search_user_config {\n    static_ips = true\n  }\n}\n';
  const doc = only(text);
  assert.deepEqual(doc.value, { static_ips: true });
  assert.deepEqual(doc.unknownPaths ?? [], []);
});

test('the argument form: an object is read as the block would be, anything else is not judged', () => {
  const argument = (value: string) => `resource "vendor_search" "a" {\n  search_user_config = ${value}\n}\n`;
  const object = only(argument('{\n    static_ipz = true\n  }'));
  assert.deepEqual(object.value, { static_ipz: true });
  assert.deepEqual(object.unknownPaths ?? [], []);
  for (const value of ['[{ static_ips = true }]', '"text"', 'var.config']) {
    const doc = only(argument(value));
    assert.deepEqual(doc.value, {}, value);
    assert.deepEqual(doc.unknownPaths ?? [], [[]], value);
  }
});

test('a list written as blocks is located at its first block, each item at its own', () => {
  const text = config(
    '    index_patterns {\n      pattern = "a-*"\n      max_index_count = 1\n    }\n' +
      '    index_patterns {\n      pattern = "b-*"\n      max_index_count = 2\n    }\n',
  );
  const doc = only(text);
  assert.deepEqual(doc.value, {
    index_patterns: [
      { pattern: 'a-*', max_index_count: 1 },
      { pattern: 'b-*', max_index_count: 2 },
    ],
  });
  const first = text.indexOf('index_patterns {');
  const second = text.indexOf('index_patterns {', first + 1);
  assert.equal(doc.locate(['index_patterns'], 'key').offset, first);
  assert.equal(doc.locate(['index_patterns', 0], 'key').offset, first);
  assert.equal(doc.locate(['index_patterns', 1], 'key').offset, second);
  assert.deepEqual(doc.repeatedKeys(), []);
});

test('a dynamic block without content stands for a value known only at plan', () => {
  const text = config('    dynamic "search" {\n      for_each = var.search\n    }\n    static_ips = true\n');
  const doc = only(text);
  assert.deepEqual(doc.unknownPaths ?? [], [['search']]);
  assert.deepEqual(Object.keys(doc.value as object), ['search', 'static_ips']);
  assert.equal(textAt(text, doc.locate(['search'], 'key')), '"search"');
  // Nothing is said of what the block may hold, nor of the block itself.
  assert.deepEqual(
    analyze(text, { fileName: 'main.tf' }).findings.map((f) => f.ruleId),
    [],
  );
});

test('a dynamic list beside the blocks written out adds its item after them, and the list stays at the first block', () => {
  const dynamic =
    '    dynamic "index_patterns" {\n      for_each = var.p\n      content {\n        pattern = index_patterns.value\n        max_index_count = 2\n      }\n    }\n';
  const text = config(`    index_patterns {\n      pattern = "a-*"\n      max_index_count = 1\n    }\n${dynamic}`);
  const doc = only(text);
  const list = (doc.value as { index_patterns: unknown[] }).index_patterns;
  assert.equal(list.length, 2);
  assert.equal(doc.locate(['index_patterns'], 'key').offset, text.indexOf('index_patterns {'));
  assert.equal(textAt(text, doc.locate(['index_patterns', 1], 'key')), '"index_patterns"');
  const alone = config(dynamic);
  assert.equal(textAt(alone, only(alone).locate(['index_patterns'], 'key')), '"index_patterns"');
});

test('a comment among the members of a block is no member of it', () => {
  const text = config('    # a note\n    search {\n      # another\n      http_max_header_size = 8192\n    }\n');
  const doc = only(text);
  assert.deepEqual(doc.value, { search: { http_max_header_size: 8192 } });
  assert.deepEqual(
    doc.comments().map((c) => textAt(text, c)?.trimEnd()),
    ['# a note', '# another'],
  );
});
