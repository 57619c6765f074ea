import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { acceptCompletion, tempDir, TestClient, uriOf } from './harness';
import { fieldByName } from '../../server/src/core';
import { describeWithUnit } from '../../server/src/core/units';

const MANIFEST = [
  'apiVersion: vendor.io/v1alpha1',
  'kind: Search',
  'metadata:',
  '  name: logs',
  'spec:',
  '  cloudName: google-europe-west1',
  '  userConfig:',
  '    search:',
  '      http_max_content_length: 100mb',
  '',
].join('\n');

describe('YAML files in the language server', () => {
  const dir = tempDir('yaml');
  let client: TestClient;
  before(async () => {
    client = await TestClient.start({ folders: [dir], settings: { baseline: 'none' } });
  });
  after(() => client.shutdown());

  it('gives diagnostics inside spec.userConfig of a manifest opened as yaml, a quick fix, no completion in a value and no formatting', async () => {
    const uri = uriOf(path.join(dir, 'search.yaml'));
    await client.open(uri, MANIFEST, 'yaml');
    const ds = await client.until(`diagnostics of ${uri}`, () => {
      const last = client.published.get(uri)?.at(-1);
      return last && last.diagnostics.length ? last.diagnostics : undefined;
    });
    assert.deepEqual([...new Set(ds.map((d) => d.code))].sort(), ['unit-mismatch'], 'one mistake, one finding');
    for (const d of ds) assert.deepEqual(d.range.start, { line: 8, character: 31 }, 'at the value, inside spec.userConfig');
    assert.match(ds[0].message, /^Search\/logs: search\.http_max_content_length/);
    const actions = await client.request<Array<{ title: string; edit?: { changes: Record<string, Array<{ newText: string }>> } }>>(
      'textDocument/codeAction',
      {
        textDocument: { uri },
        range: ds[0].range,
        context: { diagnostics: ds },
      },
    );
    const unit = actions.find((a) => a.edit?.changes[uri]?.[0]?.newText === '104857600');
    assert.ok(unit, `a quick fix writes the value in bytes: ${JSON.stringify(actions.map((a) => a.title))}`);
    // Suppression comments are written as YAML comments, above the line and at the file's top.
    const line = actions.find((a) => a.title === 'Disable unit-mismatch for this line');
    assert.equal(
      line?.edit?.changes[uri]?.[0]?.newText,
      '      # search-config-disable-next-line unit-mismatch\n',
      JSON.stringify(actions.map((a) => a.title)),
    );
    const file = actions.find((a) => a.title === 'Disable unit-mismatch for this file');
    assert.equal(file?.edit?.changes[uri]?.[0]?.newText, '# search-config-disable unit-mismatch\n');
    const fixAll = await client.request<Array<{ kind: string; edit?: { changes: Record<string, Array<{ newText: string }>> } }>>(
      'textDocument/codeAction',
      {
        textDocument: { uri },
        range: ds[0].range,
        context: { diagnostics: [], only: ['source.fixAll'] },
      },
    );
    assert.ok(
      fixAll.some((a) => a.kind === 'source.fixAll.search-config' && a.edit?.changes[uri]?.length),
      `fix all on save: ${JSON.stringify(fixAll)}`,
    );
    assert.deepEqual(await client.completion(uri, MANIFEST.indexOf('100mb')), [], 'no completion in a value');
    assert.equal(
      await client.request('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } }),
      null,
    );
  });

  type Hover = { contents: { kind: string; value: string }; range: { start: { line: number; character: number } } } | null;
  const hoverAt = (uri: string, text: string, offset: number) =>
    client.request<Hover>('textDocument/hover', {
      textDocument: { uri },
      position: { line: text.slice(0, offset).split('\n').length - 1, character: offset - text.lastIndexOf('\n', offset - 1) - 1 },
    });
  type InlayHint = { position: { line: number; character: number }; label: string };
  const inlayHints = (uri: string, lines: number, from = 0) =>
    client.request<InlayHint[]>('textDocument/inlayHint', {
      textDocument: { uri },
      range: { start: { line: from, character: 0 }, end: { line: lines, character: 0 } },
    });

  it('documents the fields of spec.userConfig on hover, with the value converted, and nothing else of the manifest', async () => {
    const uri = uriOf(path.join(dir, 'hover.yaml'));
    const text = MANIFEST.replace('100mb', '104857600');
    await client.open(uri, text, 'yaml');
    const onKey = await hoverAt(uri, text, text.indexOf('http_max_content_length') + 4);
    assert.ok(onKey, 'hover on the key');
    assert.equal(onKey.contents.kind, 'markdown');
    assert.match(onKey.contents.value, /search\.http_max_content_length/);
    assert.match(onKey.contents.value, /Unit: bytes/, 'the unit');
    assert.match(onKey.contents.value, new RegExp(describeWithUnit(104857600, 'bytes').human!), 'the value converted');
    assert.match(onKey.contents.value, /Engine setting: `http\.max_content_length`/);
    assert.deepEqual(onKey.range.start, { line: 8, character: 6 });
    const onValue = await hoverAt(uri, text, text.indexOf('104857600') + 1);
    assert.ok(onValue, 'hover on the value');
    assert.deepEqual(onValue.range.start, { line: 8, character: 31 });
    for (const outside of ['cloudName', 'kind', 'name: logs', 'userConfig', 'spec:']) {
      assert.equal(await hoverAt(uri, text, text.indexOf(outside) + 1), null, `no hover on ${outside}`);
    }
    // The same content as in a JSON configuration.
    const json = uriOf(path.join(dir, 'hover.search.json'));
    const jsonText = '{\n  "search": {\n    "http_max_content_length": 104857600\n  }\n}\n';
    await client.open(json, jsonText, 'json');
    const inJson = await hoverAt(json, jsonText, jsonText.indexOf('http_max_content_length') + 4);
    assert.equal(onKey.contents.value, inJson?.contents.value);
  });

  it('completes the members not set yet of the map at the cursor inside spec.userConfig, written as YAML', async () => {
    const uri = uriOf(path.join(dir, 'complete.yaml'));
    const typing = MANIFEST.replace(
      '      http_max_content_length: 100mb\n',
      '      http_max_content_length: 100mb\n      indices_query_b\n',
    );
    await client.open(uri, typing, 'yaml');
    const offset = typing.indexOf('indices_query_b') + 'indices_query_b'.length;
    const found = await client.completion(uri, offset);
    const labels = found.map((i) => i.label);
    assert.ok(labels.includes('indices_query_bool_max_clause_count'), labels.join(', '));
    assert.ok(!labels.includes('http_max_content_length'), 'a member already set is not offered');
    assert.ok(!labels.includes('openid'), 'only the members of the map at the cursor');
    const clauses = found.find((i) => i.label === 'indices_query_bool_max_clause_count')!;
    assert.match(JSON.stringify(clauses.documentation), /indices_query_bool_max_clause_count/, 'with its documentation');
    assert.equal(
      acceptCompletion(typing, clauses),
      MANIFEST.replace(
        '      http_max_content_length: 100mb\n',
        '      http_max_content_length: 100mb\n      indices_query_bool_max_clause_count: 1024\n',
      ),
    );
    const version = found.find((i) => i.label === 'script_max_compilations_rate')!;
    assert.equal(
      acceptCompletion(typing, version),
      typing.replace('indices_query_b\n', 'script_max_compilations_rate: use-context\n'),
      'a string default as a plain scalar',
    );

    // At the level of spec.userConfig's own members, on an empty line: an object as `key:` and its required members.
    const atRoot = `${MANIFEST}    \n`;
    const root = uriOf(path.join(dir, 'complete-root.yaml'));
    await client.open(root, atRoot, 'yaml');
    const members = await client.completion(root, atRoot.length - 1);
    assert.ok(!members.some((i) => i.label === 'search'), 'search is set');
    const openid = members.find((i) => i.label === 'openid');
    assert.ok(openid, members.map((i) => i.label).join(', '));
    assert.equal(
      acceptCompletion(atRoot, openid),
      `${MANIFEST}    openid:\n      client_id: "<CLIENT_ID>"\n      client_secret: "<CLIENT_SECRET>"\n      connect_url: "https://idp.example.com/.well-known/openid-configuration"\n`,
      'the required members with the values a JSON skeleton gets: a placeholder for the secret, the documented example',
    );
    const ipFilter = members.find((i) => i.label === 'ip_filter')!;
    assert.match(acceptCompletion(atRoot, ipFilter), /\n    ip_filter: \[.*\]\n$/, 'a list default in flow style');
  });

  it('completes the members of a list item after its dash', async () => {
    const uri = uriOf(path.join(dir, 'list-item.yaml'));
    const text = `${MANIFEST}    index_patterns:\n      - pattern: "logs-*"\n        max\n`;
    await client.open(uri, text, 'yaml');
    const found = await client.completion(uri, text.length - 1);
    assert.deepEqual(found.map((i) => i.label).sort(), ['max_index_count', 'sorting_algorithm']);
    const count = found.find((i) => i.label === 'max_index_count')!;
    assert.equal(acceptCompletion(text, count), `${MANIFEST}    index_patterns:\n      - pattern: "logs-*"\n        max_index_count: 3\n`);
  });

  it('completes a whole *.search.yaml document', async () => {
    const uri = uriOf(path.join(dir, 'logs.search.yaml'));
    const text = 'search_version: "2"\nsea\n';
    await client.open(uri, text, 'yaml');
    const found = await client.completion(uri, text.indexOf('sea\n') + 3);
    const search = found.find((i) => i.label === 'search');
    assert.ok(search, found.map((i) => i.label).join(', '));
    assert.ok(!found.some((i) => i.label === 'search_version'));
    assert.equal(acceptCompletion(text, search), 'search_version: "2"\nsearch:\n  \n');
  });

  it('completes nothing outside spec.userConfig, in a value, or in YAML files that are not configurations', async () => {
    const uri = uriOf(path.join(dir, 'outside.yaml'));
    const typing = MANIFEST.replace('  cloudName: google-europe-west1\n', '  cloudName: google-europe-west1\n  sea\n');
    await client.open(uri, typing, 'yaml');
    assert.deepEqual(await client.completion(uri, typing.indexOf('  sea\n') + 5), [], 'a member of spec');
    assert.deepEqual(await client.completion(uri, typing.indexOf('cloudName') + 3), [], 'in a key already written');
    assert.deepEqual(await client.completion(uri, typing.indexOf('metadata:') + 9), []);
    // Deeper than the members of userConfig, under a scalar: no map has its members in that column.
    const underScalar = uriOf(path.join(dir, 'under-scalar.yaml'));
    const scalarText = MANIFEST.replace('  userConfig:\n', '  userConfig:\n    search_version: "2.19"\n      sea\n');
    await client.open(underScalar, scalarText, 'yaml');
    assert.deepEqual(await client.completion(underScalar, scalarText.indexOf('      sea\n') + 9), [], 'under a scalar');
    const others: Array<[string, string]> = [
      ['deploy.yaml', 'apiVersion: apps/v1\nkind: Deployment\nspec:\n  sea\n'],
      ['compose.yml', 'services:\n  search:\n    sea\n'],
      ['templates/search.yaml', 'kind: Search\nspec:\n  userConfig:\n    search_version: {{ .Values.version }}\n    sea\n'],
    ];
    for (const [name, text] of others) {
      const other = uriOf(path.join(dir, name));
      await client.open(other, text, 'yaml');
      assert.deepEqual(await client.completion(other, text.lastIndexOf('sea') + 3), [], name);
      assert.equal(await hoverAt(other, text, text.lastIndexOf('sea') + 1), null, name);
    }
  });

  it('gives unit inlay hints after the numbers of spec.userConfig only', async () => {
    const uri = uriOf(path.join(dir, 'inlay.yaml'));
    const text = [
      'kind: Search',
      'metadata:',
      '  name: logs',
      'spec:',
      '  http_max_content_length: 104857600',
      '  userConfig:',
      '    search:',
      '      http_max_content_length: 104857600',
      '      indices_query_bool_max_clause_count: 2048',
      '      indices_recovery_max_bytes_per_sec: "40"',
      '',
    ].join('\n');
    await client.open(uri, text, 'yaml');
    const expected = describeWithUnit(104857600, fieldByName('search.http_max_content_length')!.schema.unit!).human!;
    assert.deepEqual(
      (await inlayHints(uri, 11)).map((h) => [h.position, h.label]),
      [[{ line: 7, character: 6 + 'http_max_content_length: 104857600'.length }, `= ${expected}`]],
      'not outside spec.userConfig, not for a count nor a string',
    );
    assert.deepEqual(await inlayHints(uri, 11, 8), [], 'only the range asked about');
    const deploy = uriOf(path.join(dir, 'inlay-deploy.yaml'));
    await client.open(deploy, 'kind: Deployment\nspec:\n  search:\n    http_max_content_length: 104857600\n', 'yaml');
    assert.deepEqual(await inlayHints(deploy, 4), []);
  });

  it('reads a buffer in YAML without a YAML name as YAML: an untitled manifest is checked, another YAML buffer gets nothing', async () => {
    const untitled = 'untitled:Untitled-1';
    await client.open(untitled, MANIFEST, 'yaml');
    const ds = await client.until(`diagnostics of ${untitled}`, () => client.published.get(untitled)?.at(-1)?.diagnostics);
    assert.deepEqual([...new Set(ds.map((d) => d.code))].sort(), ['unit-mismatch'], 'one mistake, one finding');
    assert.ok(await hoverAt(untitled, MANIFEST, MANIFEST.indexOf('http_max_content_length') + 1));
    const other = 'untitled:Untitled-2';
    await client.open(other, 'kind: Deployment\nspec:\n  replicas: two\n', 'yaml');
    assert.deepEqual(await client.diagnostics(other, 1), [], 'not read as a JSON configuration');
  });

  it('gives nothing for a YAML file that is not a configuration', async () => {
    const uri = uriOf(path.join(dir, 'deploy.yaml'));
    await client.open(uri, 'kind: Deployment\nspec:\n  replicas: two\n', 'yaml');
    assert.deepEqual(await client.diagnostics(uri, 1), []);
  });
});

describe('YAML manifests outside a workspace folder and in a virtual workspace', () => {
  let client: TestClient;
  before(async () => {
    client = await TestClient.start({ settings: { baseline: 'none' } });
  });
  after(() => client.shutdown());

  for (const uri of [uriOf(path.join(tempDir('yaml-lone'), 'search.yaml')), 'vscode-vfs://github/acme/infra/k8s/search.yaml']) {
    it(`checks, hovers and completes a manifest at ${uri.split(':')[0]}: with no workspace folder`, async () => {
      const typing = MANIFEST.replace(
        '      http_max_content_length: 100mb\n',
        '      http_max_content_length: 100mb\n      indices_query_b\n',
      );
      await client.open(uri, typing, 'yaml');
      const ds = await client.until(`diagnostics of ${uri}`, () => {
        const last = client.published.get(uri)?.at(-1);
        return last && last.diagnostics.some((d) => d.code === 'unit-mismatch') ? last.diagnostics : undefined;
      });
      assert.ok(
        ds.every((d) => d.range.start.line >= 7),
        'inside spec.userConfig',
      );
      const found = await client.completion(uri, typing.indexOf('indices_query_b') + 'indices_query_b'.length);
      assert.ok(
        found.some((i) => i.label === 'indices_query_bool_max_clause_count'),
        found.map((i) => i.label).join(', '),
      );
      const hover = await client.request<{ contents: { value: string } } | null>('textDocument/hover', {
        textDocument: { uri },
        position: { line: 8, character: 8 },
      });
      assert.match(hover?.contents.value ?? '', /search\.http_max_content_length/);
    });
  }
});
