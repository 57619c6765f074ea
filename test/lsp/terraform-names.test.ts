import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { acceptCompletion, applyLspEdits, cursor, tempDir, TestClient, uriOf } from './harness';

/**
 * In a .tf file the API's dotted keys are written as the provider names them (an HCL name cannot
 * hold a dot): completion, hover and quick fixes offer and write only those names.
 */

const tf = (searchBody: string): string =>
  `resource "vendor_search" "logs" {\n  search_user_config {\n    search {\n${searchBody}    }\n  }\n}\n`;

describe("the provider's names of dotted keys in the language server", () => {
  const dir = tempDir('terraform-names');
  let client: TestClient;
  before(async () => {
    client = await TestClient.start({ folders: [dir], settings: { baseline: 'none' } });
  });
  after(() => client.shutdown());

  it('completion in search { } offers cluster_filecache_remote_data_ratio and writes it, never a dotted name', async () => {
    const uri = uriOf(path.join(dir, 'complete.tf'));
    const { text, offset } = cursor(tf('      http_max_content_length = 104857600\n      cluster_file|\n'));
    await client.open(uri, text, 'terraform');
    // A file is published empty until the HCL parser has loaded: wait for its findings.
    await client.until('the parser', () => client.published.get(uri)?.some((p) => p.diagnostics.length));
    const items = await client.completion(uri, offset);
    const labels = items.map((i) => i.label);
    assert.ok(labels.length > 1, labels.join(', '));
    assert.deepEqual(
      labels.filter((l) => l.includes('.')),
      [],
      `no dotted name is offered: ${labels.join(', ')}`,
    );
    const ratio = items.find((i) => i.label === 'cluster_filecache_remote_data_ratio');
    assert.ok(ratio, labels.join(', '));
    assert.equal(
      acceptCompletion(text, ratio),
      tf('      http_max_content_length = 104857600\n      cluster_filecache_remote_data_ratio = 0\n'),
    );
    const slowlog = items.find((i) => i.label === 'cluster_search_request_slowlog')!;
    assert.ok(slowlog, labels.join(', '));
    assert.equal(
      acceptCompletion(text, slowlog),
      tf('      http_max_content_length = 104857600\n      cluster_search_request_slowlog {\n        \n      }\n'),
    );
  });

  it("a dotted key already written in the provider's name is not offered again; hover documents it under that name", async () => {
    const uri = uriOf(path.join(dir, 'set.tf'));
    const { text, offset } = cursor(tf('      cluster_search_request_slowlog {\n        level = "warn"\n      }\n      |\n'));
    await client.open(uri, text, 'terraform');
    await client.until('diagnostics', () => client.published.get(uri)?.at(-1)?.diagnostics.length);
    const ds = client.published.get(uri)!.at(-1)!.diagnostics;
    assert.deepEqual(
      ds.map((d) => d.code),
      ['undocumented-field'],
      JSON.stringify(ds),
    );
    assert.match(ds[0].message, /is written cluster_search_request_slowlog in Terraform/);
    const labels = (await client.completion(uri, offset)).map((i) => i.label);
    assert.ok(
      labels.includes('cluster_filecache_remote_data_ratio') && !labels.includes('cluster_search_request_slowlog'),
      labels.join(', '),
    );
    const at = text.indexOf('cluster_search_request_slowlog') + 5;
    const position = { line: text.slice(0, at).split('\n').length - 1, character: at - text.lastIndexOf('\n', at - 1) - 1 };
    const hover = await client.request<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri }, position });
    assert.ok(hover, "hover on the provider's name");
    assert.match(hover.contents.value, /`cluster_search_request_slowlog`/);
  });

  it("the quick fix of a misspelt provider name writes the provider's name", async () => {
    const uri = uriOf(path.join(dir, 'typo.tf'));
    const text = tf('      cluster_filecache_remote_data_ratoi = 5\n');
    await client.open(uri, text, 'terraform');
    const ds = await client.until('diagnostics', () =>
      client.published
        .get(uri)
        ?.at(-1)
        ?.diagnostics.filter((d) => d.code === 'unknown-field')
        .at(0),
    );
    assert.match(ds.message, /did you mean "cluster_filecache_remote_data_ratio"\?/);
    type Action = {
      title: string;
      kind: string;
      edit: {
        changes: Record<
          string,
          Array<{ range: { start: { line: number; character: number }; end: { line: number; character: number } }; newText: string }>
        >;
      };
    };
    const actions = await client.request<Action[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: ds.range,
      context: { diagnostics: [ds] },
    });
    const rename = actions.find((a) => a.kind === 'quickfix' && a.title.startsWith('Rename'));
    assert.ok(rename, JSON.stringify(actions));
    assert.equal(rename.title, 'Rename "cluster_filecache_remote_data_ratoi" to "cluster_filecache_remote_data_ratio"');
    assert.equal(applyLspEdits(text, rename.edit.changes[uri]), tf('      cluster_filecache_remote_data_ratio = 5\n'));
  });
});
