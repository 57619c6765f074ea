import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fieldByName } from '../../server/src/core/schema';
import { requiredKeys } from '../../server/src/core/editor/templates';
import { acceptCompletion, cursor, editorCapabilities, tempDir, TestClient, uriOf } from './harness';

const dir = tempDir('completion');
const file = (name: string) => uriOf(path.join(dir, name));
let n = 0;

async function completeAt(client: TestClient, marked: string, name = `c${n++}.search.json`) {
  const { text, offset } = cursor(marked);
  const uri = file(name);
  await client.open(uri, text);
  return { items: await client.completion(uri, offset), text, uri };
}

const schemaDefault = (name: string): unknown => {
  const f = fieldByName(name);
  assert.ok(f, `schema field ${name}`);
  return f.schema.default;
};

describe('completion over LSP (snippets)', () => {
  let client: TestClient;
  before(async () => {
    client = await TestClient.start({ folders: [dir], settings: { baseline: 'none' } });
  });
  after(() => client.shutdown());

  it('offers keys not yet present, with docs, and inserts the documented default', async () => {
    const { items, text } = await completeAt(client, '{\n  "search": {\n    "indices_queries_cache_size": 10,\n    |\n  }\n}');
    const labels = items.map((i) => i.label);
    assert.ok(!labels.includes('indices_queries_cache_size'), 'an existing key is not offered again');
    const item = items.find((i) => i.label === 'indices_query_bool_max_clause_count');
    assert.ok(item, `key offered among ${labels.slice(0, 5).join(', ')}...`);
    assert.match(String((item.documentation as { value: string }).value), /Default/);
    assert.ok(item.detail);
    const result = acceptCompletion(text, item);
    const def = schemaDefault('search.indices_query_bool_max_clause_count');
    assert.equal(
      result,
      `{\n  "search": {\n    "indices_queries_cache_size": 10,\n    "indices_query_bool_max_clause_count": ${JSON.stringify(def)}\n  }\n}`,
    );
    assert.equal(item.insertTextFormat, 2);
    assert.match((item.textEdit as { newText: string }).newText, /\$\{1:/, 'the value is a placeholder');
  });

  it('replaces a partial quoted key, including its quotes, and keeps a following colon', async () => {
    const { items, text } = await completeAt(client, '{\n  "search": {\n    "indices_query_bool|": 5\n  }\n}');
    const item = items.find((i) => i.label === 'indices_query_bool_max_clause_count')!;
    assert.equal(acceptCompletion(text, item), '{\n  "search": {\n    "indices_query_bool_max_clause_count": 5\n  }\n}');
  });

  it('completes an unquoted word and an unterminated key in an incomplete document', async () => {
    const a = await completeAt(client, '{\n  "search": {\n    indices_query_b|');
    const itemA = a.items.find((i) => i.label === 'indices_query_bool_max_clause_count')!;
    const def = JSON.stringify(schemaDefault('search.indices_query_bool_max_clause_count'));
    assert.equal(acceptCompletion(a.text, itemA), `{\n  "search": {\n    "indices_query_bool_max_clause_count": ${def}`);
    const b = await completeAt(client, '{\n  "search": {\n    "indices_query_b|');
    const itemB = b.items.find((i) => i.label === 'indices_query_bool_max_clause_count')!;
    assert.equal(acceptCompletion(b.text, itemB), `{\n  "search": {\n    "indices_query_bool_max_clause_count": ${def}`);
  });

  it('adds the missing comma after the previous property', async () => {
    const { items, text } = await completeAt(
      client,
      '{\n  "search": {\n    "indices_queries_cache_size": 10\n    "indices_query_b|\n  }\n}',
    );
    const item = items.find((i) => i.label === 'indices_query_bool_max_clause_count')!;
    const result = acceptCompletion(text, item);
    const def = JSON.stringify(schemaDefault('search.indices_query_bool_max_clause_count'));
    assert.equal(
      result,
      `{\n  "search": {\n    "indices_queries_cache_size": 10,\n    "indices_query_bool_max_clause_count": ${def}\n  }\n}`,
    );
    assert.deepEqual(JSON.parse(result).search.indices_query_bool_max_clause_count, JSON.parse(def));
  });

  it('adds a trailing comma when another property follows', async () => {
    const { items, text } = await completeAt(client, '{\n  |\n  "service_log": true\n}');
    const item = items.find((i) => i.label === 'static_ips')!;
    const result = acceptCompletion(text, item);
    assert.doesNotThrow(() => JSON.parse(result), result);
    assert.equal(Object.keys(JSON.parse(result)).length, 2);
  });

  it('offers enum values with the documented default first and preselected', async () => {
    const { items, text } = await completeAt(client, '{\n  "index_patterns": [{ "pattern": "x", "sorting_algorithm": | }]\n}');
    const schema = fieldByName('index_patterns[].sorting_algorithm')!.schema;
    assert.equal(items[0].label, JSON.stringify(schema.default));
    assert.equal(items[0].preselect, true);
    for (const v of schema.enum!)
      assert.ok(
        items.some((i) => i.label === JSON.stringify(v)),
        `enum member ${String(v)}`,
      );
    const other = schema.enum!.find((v) => v !== schema.default)!;
    const result = acceptCompletion(
      text,
      items.find((i) => i.label === JSON.stringify(other))!,
    );
    assert.equal(JSON.parse(result).index_patterns[0].sorting_algorithm, other);
  });

  it('offers true/false for booleans and null where allowed', async () => {
    const { items } = await completeAt(client, '{ "service_log": | }');
    const labels = items.map((i) => i.label);
    for (const l of ['true', 'false', 'null']) assert.ok(labels.includes(l), l);
    const strict = await completeAt(client, '{ "static_ips": | }');
    assert.ok(!strict.items.some((i) => i.label === 'null'), 'static_ips does not allow null');
  });

  it('replaces a partially typed value', async () => {
    const { items, text } = await completeAt(client, '{ "service_log": tr| }');
    const item = items.find((i) => i.label === 'true')!;
    assert.equal(acceptCompletion(text, item), '{ "service_log": true }');
  });

  it('inserts an openid skeleton with every required field and a placeholder for the secret', async () => {
    const { items, text } = await completeAt(client, '{\n  |\n}');
    const item = items.find((i) => i.label === 'openid')!;
    const result = acceptCompletion(text, item);
    const value = JSON.parse(result).openid;
    for (const k of requiredKeys(fieldByName('openid')!.schema)) assert.ok(k in value, `required ${k} in ${result}`);
    assert.match(value.client_secret, /^<[A-Z_]+>$/);
    assert.match(result, /\n    "client_id"/, 'nested fields are indented one level deeper');
  });

  it('inserts a saml skeleton as a value', async () => {
    const { items, text } = await completeAt(client, '{ "saml": | }');
    const item = items.find((i) => i.kind === 15)!;
    const value = JSON.parse(acceptCompletion(text, item)).saml;
    for (const k of requiredKeys(fieldByName('saml')!.schema)) assert.ok(k in value, `required ${k}`);
  });

  it('tags deprecated keys and sorts them last', async () => {
    const { items } = await completeAt(client, '{ | }');
    const deprecated = items.filter((i) => i.tags?.includes(1));
    assert.ok(deprecated.length > 0);
    for (const d of deprecated) assert.ok(fieldByName(d.label)?.schema.deprecated, d.label);
    const sorted = [...items].sort((a, b) => a.sortText!.localeCompare(b.sortText!));
    assert.ok(sorted.slice(-deprecated.length).every((i) => i.tags?.includes(1)));
  });

  it('offers nothing inside comments and after the document', async () => {
    const a = await completeAt(client, '{ // sea|rch\n}', 'a.search.jsonc');
    assert.equal(a.items.length, 0);
    const b = await completeAt(client, '{}\n|');
    assert.equal(b.items.length, 0);
  });
});

describe('completion over LSP (plain text clients)', () => {
  it('inserts plain text without snippet syntax', async () => {
    const client = await TestClient.start({
      folders: [dir],
      capabilities: editorCapabilities({ snippets: false }),
      settings: { baseline: 'none' },
    });
    try {
      const { items, text } = await completeAt(client, '{ "search": { | } }');
      const item = items.find((i) => i.label === 'indices_memory_index_buffer_size')!;
      assert.equal(item.insertTextFormat, 1);
      assert.doesNotMatch((item.textEdit as { newText: string }).newText, /\$/);
      const def = schemaDefault('search.indices_memory_index_buffer_size');
      assert.equal(JSON.parse(acceptCompletion(text, item)).search.indices_memory_index_buffer_size, def);
    } finally {
      await client.shutdown();
    }
  });
});
