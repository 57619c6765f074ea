/**
 * What the server does between an edit and its diagnostics: versions that newer changes have
 * already superseded are never analysed, the previous version's results are let go, a stale
 * baseline is read again without holding up the diagnostics, and closing a large document
 * gives its memory back.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver/node';
import { Baselines, type Baseline } from '../../server/src/lsp/baselines';
import { DocumentCache } from '../../server/src/lsp/documents';
import { LARGE_DOCUMENT_CHARS, MemoryReleaser } from '../../server/src/lsp/memory';
import { Workspace } from '../../server/src/lsp/workspace';
import { nodeRuntime } from '../../server/src/node/runtime';
import { editorCapabilities, tempDir, TestClient, uriOf } from './harness';

const DEPRECATED = '{\n  "max_index_count": 3\n}\n';
const CLEAN = '{}\n';
const analysedVersions = (client: TestClient, uri: string): number[] =>
  client.logs
    .map((l) => new RegExp(`^Analysed ${uri.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} version (\\d+) `).exec(l))
    .filter((m) => m !== null)
    .map((m) => Number(m[1]));
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('edits that arrive together', () => {
  const dir = tempDir('superseded');
  let client: TestClient;
  before(async () => {
    client = await TestClient.start({ folders: [dir], settings: { baseline: 'none', trace: { server: 'verbose' } } });
  });
  after(() => client.shutdown());

  it('push: only the newest of the changes already received is analysed and published', async () => {
    const uri = uriOf(path.join(dir, 'push.search.json'));
    await client.open(uri, CLEAN);
    await client.diagnostics(uri, 1);
    // Longer than the debounce: the next change is analysed at once, as after a pause in typing.
    await settle(100);
    const sent: Promise<void>[] = [];
    for (let v = 2; v <= 6; v++) sent.push(client.change(uri, v === 6 ? DEPRECATED : CLEAN, v));
    await Promise.all(sent);
    const ds = await client.diagnostics(uri, 6);
    assert.ok(ds.some((d) => d.code === 'deprecated-field'));
    await settle(100);
    assert.deepEqual(analysedVersions(client, uri), [1, 6]);
    assert.deepEqual(
      client.published.get(uri)!.map((p) => p.version),
      [1, 6],
    );
  });
});

describe('saving', () => {
  it('a save re-reads the baseline but analyses again only when the baseline changed', async () => {
    const ws = tempDir('save');
    const deployed = path.join(ws, 'deployed.json');
    fs.writeFileSync(deployed, '{ "max_index_count": 3 }');
    const client = await TestClient.start({ folders: [ws], settings: { baseline: 'deployed.json', trace: { server: 'verbose' } } });
    try {
      const uri = uriOf(path.join(ws, 'prod.search.json'));
      await client.open(uri, DEPRECATED);
      await client.diagnostics(uri, 1);
      const saved = async (): Promise<void> => {
        const before = client.published.get(uri)!.length;
        await client.connection.sendNotification('textDocument/didSave', { textDocument: { uri } });
        await client.until('a publish after the save', () => client.published.get(uri)!.length > before);
      };
      await saved();
      assert.deepEqual(analysedVersions(client, uri), [1], 'same baseline: the analysis of version 1 still holds');
      fs.writeFileSync(deployed, '{ "max_index_count": 4 }');
      await saved();
      assert.deepEqual(analysedVersions(client, uri), [1, 1], 'a changed baseline is analysed against');
    } finally {
      await client.shutdown();
    }
  });
});

describe('pull diagnostics and changes that follow the request', () => {
  const dir = tempDir('superseded-pull');
  let client: TestClient;
  before(async () => {
    client = await TestClient.start({
      folders: [dir],
      capabilities: editorCapabilities({ pull: true }),
      settings: { baseline: 'none', trace: { server: 'verbose' } },
    });
  });
  after(() => client.shutdown());

  it('a version changed before its analysis started is not analysed; the answer is for the new text', async () => {
    const uri = uriOf(path.join(dir, 'pull.search.json'));
    await client.open(uri, CLEAN);
    const first = await client.request<{ items: Diagnostic[] }>('textDocument/diagnostic', { textDocument: { uri } });
    assert.deepEqual(first.items, []);
    const pending = client.request<{ kind: string; items: Diagnostic[] }>('textDocument/diagnostic', { textDocument: { uri } });
    await client.change(uri, DEPRECATED, 2);
    const r = await pending;
    assert.ok(
      r.items.some((d) => d.code === 'deprecated-field'),
      'the diagnostics are those of version 2',
    );
    assert.deepEqual(analysedVersions(client, uri), [1, 2]);
  });
});

describe('what is kept per document', () => {
  it('one parse and one analysis per document, let go when it changes', () => {
    const cache = new DocumentCache();
    let doc = TextDocument.create('file:///w/a.search.json', 'json', 1, DEPRECATED);
    const first = cache.analysis(doc, { fileName: '/w/a.search.json' }, '');
    assert.equal(cache.parsed(doc), first.doc, 'the features read the parse the analysis made');
    assert.deepEqual(cache.held, { parses: 1, analyses: 1 });
    cache.analysis(doc, { fileName: '/w/a.search.json', rules: { 'deprecated-field': 'off' } }, '');
    assert.deepEqual(cache.held, { parses: 1, analyses: 1 }, 'other options replace the analysis');
    doc = TextDocument.update(doc, [{ text: CLEAN }], 2);
    cache.releaseOlder(doc);
    assert.deepEqual(cache.held, { parses: 0, analyses: 0 });
    cache.analysis(doc, { fileName: '/w/a.search.json' }, '');
    cache.forget(doc.uri);
    assert.deepEqual(cache.held, { parses: 0, analyses: 0 });
  });

  it('closing a large document collects garbage once; small ones do not', async () => {
    const runtime = nodeRuntime();
    const releaser = new MemoryReleaser(runtime.collectGarbage, runtime.setBackgroundTimeout, 0);
    releaser.documentClosed(1000);
    await settle(20);
    assert.equal(releaser.collections, 0);
    releaser.documentClosed(LARGE_DOCUMENT_CHARS);
    releaser.documentClosed(LARGE_DOCUMENT_CHARS * 2);
    await settle(20);
    assert.equal(releaser.collections, 1, 'closes close together are collected once');
    releaser.dispose();
  });
});

describe('baselines read again in the background', () => {
  it('an old baseline keeps serving while it is read again; a change is reported, an unchanged one keeps its identity', async () => {
    const ws = tempDir('rebase');
    const deployed = path.join(ws, 'deployed.json');
    fs.writeFileSync(deployed, '{ "a": 1 }');
    const workspace = new Workspace(nodeRuntime());
    workspace.setFolders([uriOf(ws)]);
    const refreshed: string[] = [];
    const baselines = new Baselines(
      workspace,
      () => undefined,
      (u) => refreshed.push(u),
      0,
    );
    const uri = uriOf(path.join(ws, 'prod.search.json'));
    const first = (await baselines.get(uri, 'deployed.json')) as Baseline;
    assert.equal(first.text, '{ "a": 1 }');

    fs.writeFileSync(deployed, '{ "a": 2 }');
    assert.equal(await baselines.get(uri, 'deployed.json'), first, 'served at once, before the new read');
    const deadline = Date.now() + 5000;
    while (!refreshed.length && Date.now() < deadline) await settle(10);
    assert.deepEqual(refreshed, [uri]);
    const second = (await baselines.get(uri, 'deployed.json')) as Baseline;
    assert.equal(second.text, '{ "a": 2 }');

    await settle(50);
    assert.equal(await baselines.get(uri, 'deployed.json'), second, 'unchanged: the same baseline');
    assert.deepEqual(refreshed, [uri], 'no report when nothing changed');
  });
});
