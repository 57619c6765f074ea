import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { CancellationTokenSource, type CompletionList, type Diagnostic, type Hover } from 'vscode-languageserver/node';
import { cursor, tempDir, TestClient, uriOf } from './harness';

const dir = tempDir('abuse');
const DEPRECATED = '{\n  "max_index_count": 3\n}\n';

describe('language server under abuse (in process)', () => {
  it('a failing handler answers that request with an error and the server keeps serving', async () => {
    const client = await TestClient.start({
      folders: [dir],
      settings: { baseline: 'none' },
      serverOptions: {
        beforeRequest: (m) => {
          if (m === 'textDocument/hover') throw new Error('injected failure near "hunter2-canary"');
        },
      },
    });
    try {
      const uri = uriOf(path.join(dir, 'g.search.json'));
      await client.open(uri, DEPRECATED);
      await assert.rejects(
        client.request('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 5 } }),
        (e: { code?: number }) => e.code === -32603,
      );
      assert.ok(
        client.logs.some((l) => l.includes('injected failure')),
        'the failure is logged',
      );
      assert.ok(!client.logs.some((l) => l.includes('hunter2')), 'quoted input never reaches the log');
      const items = await client.completion(uri, 2);
      assert.ok(items.length > 0, 'completion still works');
    } finally {
      await client.shutdown();
    }
  });

  it('requests for unopened documents and out-of-range positions answer with empty results', async () => {
    const client = await TestClient.start({ folders: [dir], settings: { baseline: 'none' } });
    try {
      const ghost = { uri: uriOf(path.join(dir, 'never-opened.search.json')) };
      const position = { line: 0, character: 0 };
      const range = { start: position, end: { line: 5, character: 0 } };
      for (const [method, params] of [
        ['textDocument/hover', { textDocument: ghost, position }],
        ['textDocument/completion', { textDocument: ghost, position }],
        ['textDocument/inlayHint', { textDocument: ghost, range }],
        ['textDocument/codeAction', { textDocument: ghost, range, context: { diagnostics: [] } }],
        ['textDocument/documentSymbol', { textDocument: ghost }],
        ['textDocument/formatting', { textDocument: ghost, options: { tabSize: 2, insertSpaces: true } }],
        ['textDocument/documentLink', { textDocument: ghost }],
        ['textDocument/foldingRange', { textDocument: ghost }],
        ['textDocument/selectionRange', { textDocument: ghost, positions: [position] }],
      ] as const) {
        assert.equal(await client.request(method, params), null, method);
      }
      const pulled = await client.request<{ items: Diagnostic[] }>('textDocument/diagnostic', { textDocument: ghost });
      assert.deepEqual(pulled.items, []);

      const uri = uriOf(path.join(dir, 'r.search.json'));
      await client.open(uri, DEPRECATED);
      const far = { line: 100000, character: 100000 };
      const farRange = { start: { line: 50000, character: 3 }, end: far };
      assert.equal(await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: far }), null);
      const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: far });
      assert.equal(list.items.length, 0, 'after the document there is nothing to complete');
      assert.deepEqual(await client.request('textDocument/inlayHint', { textDocument: { uri }, range: farRange }), []);
      assert.ok(
        Array.isArray(
          await client.request('textDocument/codeAction', { textDocument: { uri }, range: farRange, context: { diagnostics: [] } }),
        ),
      );
      assert.ok(
        Array.isArray(
          await client.request('textDocument/selectionRange', { textDocument: { uri }, positions: [far, { line: -1, character: -5 }] }),
        ),
      );
    } finally {
      await client.shutdown();
    }
  });

  it('unknown methods get MethodNotFound; unknown notifications are ignored', async () => {
    const client = await TestClient.start({ folders: [dir] });
    try {
      await assert.rejects(client.request('search-config/doesNotExist', {}), (e: { code?: number }) => e.code === -32601);
      await client.connection.sendNotification('search-config/nothing', { x: 1 });
      await client.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: 'file:///nowhere.search.json', version: 3 },
        contentChanges: [{ text: '{}' }],
      });
      assert.equal(
        await client.request('textDocument/hover', {
          textDocument: { uri: 'file:///nowhere.search.json' },
          position: { line: 0, character: 0 },
        }),
        null,
      );
    } finally {
      await client.shutdown();
    }
  });

  it('1,000 rapid edits with cancelled requests: the last version is analysed and nothing stale is published', async () => {
    const client = await TestClient.start({ folders: [dir], settings: { baseline: 'none' } });
    try {
      const uri = uriOf(path.join(dir, 'rapid.search.json'));
      const { text } = cursor('{\n  "search": {\n    "http_max_content_length": 1|\n  }\n}\n');
      await client.open(uri, text);
      const pending: Array<Promise<unknown>> = [];
      for (let v = 2; v <= 1001; v++) {
        const edited = text.replace('": 1', `": ${v}`) + (v === 1001 ? '' : ' ');
        await client.change(uri, v === 1001 ? DEPRECATED : edited, v);
        if (v % 10 === 0) {
          const source = new CancellationTokenSource();
          const method = v % 20 === 0 ? 'textDocument/completion' : 'textDocument/hover';
          pending.push(
            client.connection
              .sendRequest(method, { textDocument: { uri }, position: { line: 2, character: 30 } }, source.token)
              .catch((e: { code?: number }) => {
                assert.equal(e.code, -32800, 'only cancellation errors');
              }),
          );
          source.cancel();
        }
      }
      await Promise.all(pending);
      const ds = await client.diagnostics(uri, 1001);
      assert.ok(ds.some((d) => d.code === 'deprecated-field'));
      const all = client.published.get(uri)!;
      const versions = all.map((p) => p.version!);
      assert.deepEqual(
        [...versions].sort((a, b) => a - b),
        versions,
        'publishes never go back in version',
      );
      assert.ok(all.length < 50, `${all.length} publishes for 1,000 edits`);
      assert.ok((await client.completion(uri, 3)).length > 0, 'still responsive');
    } finally {
      await client.shutdown();
    }
  });

  it('memory stays bounded across 10,000 edits', async () => {
    const client = await TestClient.start({ folders: [dir], settings: { baseline: 'none' } });
    try {
      const uri = uriOf(path.join(dir, 'mem.search.json'));
      const base = '{\n  "search": { "http_max_content_length": 1 },\n  "max_index_count": 3\n}\n';
      await client.open(uri, base);
      await client.diagnostics(uri, 1);
      const before = process.memoryUsage().heapUsed;
      for (let v = 2; v <= 10001; v++) {
        await client.change(uri, base.replace('": 1', `": ${v}`), v);
        if (v % 500 === 0) await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 20 } });
      }
      await client.diagnostics(uri, 10001);
      const grown = process.memoryUsage().heapUsed - before;
      assert.ok(grown < 64 * 1024 * 1024, `heap grew by ${Math.round(grown / 1048576)} MiB`);
    } finally {
      await client.shutdown();
    }
  });
});
