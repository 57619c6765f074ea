import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { tempDir, TestClient, uriOf } from './harness';

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
  before(async () => { client = await TestClient.start({ folders: [dir], settings: { baseline: 'none' } }); });
  after(() => client.shutdown());

  it('gives diagnostics inside spec.userConfig of a manifest opened as yaml, a quick fix, and no completion or formatting', async () => {
    const uri = uriOf(path.join(dir, 'search.yaml'));
    await client.open(uri, MANIFEST, 'yaml');
    const ds = await client.until(`diagnostics of ${uri}`, () => {
      const last = client.published.get(uri)?.at(-1);
      return last && last.diagnostics.length ? last.diagnostics : undefined;
    });
    assert.deepEqual([...new Set(ds.map((d) => d.code))].sort(), ['type-mismatch', 'unit-mismatch']);
    for (const d of ds) assert.deepEqual(d.range.start, { line: 8, character: 31 }, 'at the value, inside spec.userConfig');
    assert.match(ds[0].message, /^Search\/logs: search\.http_max_content_length/);
    const actions = await client.request<Array<{ title: string; edit?: { changes: Record<string, Array<{ newText: string }>> } }>>('textDocument/codeAction', {
      textDocument: { uri }, range: ds[0].range, context: { diagnostics: ds },
    });
    const unit = actions.find((a) => a.edit?.changes[uri]?.[0]?.newText === '104857600');
    assert.ok(unit, `a quick fix writes the value in bytes: ${JSON.stringify(actions.map((a) => a.title))}`);
    assert.ok(!actions.some((a) => /Disable/.test(a.title)), 'no JSON comment is offered in YAML');
    const fixAll = await client.request<Array<{ kind: string; edit?: { changes: Record<string, Array<{ newText: string }>> } }>>('textDocument/codeAction', {
      textDocument: { uri }, range: ds[0].range, context: { diagnostics: [], only: ['source.fixAll'] },
    });
    assert.ok(fixAll.some((a) => a.kind === 'source.fixAll.search-config' && a.edit?.changes[uri]?.length), `fix all on save: ${JSON.stringify(fixAll)}`);
    assert.deepEqual(await client.completion(uri, MANIFEST.indexOf('100mb')), []);
    assert.equal(await client.request('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } }), null);
  });

  it('gives nothing for a YAML file that is not a configuration', async () => {
    const uri = uriOf(path.join(dir, 'deploy.yaml'));
    await client.open(uri, 'kind: Deployment\nspec:\n  replicas: two\n', 'yaml');
    assert.deepEqual(await client.diagnostics(uri, 1), []);
  });
});
