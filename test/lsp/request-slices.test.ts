/**
 * A large or hostile request file does not hold the language server up: its analysis is made in
 * slices, and the messages that arrive meanwhile (a hover on another document, an edit, shutdown) are
 * answered in between. The tests assert the order of what the server says and the amount of work
 * (slices), never times.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Hover } from 'vscode-languageserver/node';
import { DocumentCache } from '../../server/src/lsp/documents';
import { SLICE } from '../../server/src/core/request-files/steps';
import { tempDir, TestClient, uriOf } from './harness';

/** A request file of about `chars` characters of hostile lines, with a refused request at its end. */
const hostile = (chars: number): string =>
  `${`PUT /${'{{'.repeat(2000)}\n###\n`.repeat(Math.ceil(chars / 4010))}DELETE /_snapshot/nightly\n`;
const SMALL = '###\nGET https://search.example.com/_cluster/health\n';
const started = (client: TestClient, uri: string, version = 1): boolean =>
  client.logs.some((l) => l.startsWith(`Analysing ${uri} version ${version} in slices`));
const finished = (client: TestClient, uri: string, version = 1): boolean =>
  client.logs.some((l) => l.startsWith(`Analysed ${uri} version ${version} `));

describe('request files analysed in slices', () => {
  const dir = tempDir('slices');
  const big = uriOf(path.join(dir, 'big.http'));
  const other = uriOf(path.join(dir, 'other.http'));

  it('a hover on another document is answered while a large request file is being analysed', async () => {
    const client = await TestClient.start({ folders: [dir], settings: { baseline: 'none', trace: { server: 'verbose' } } });
    try {
      await client.open(other, SMALL, 'http');
      await client.diagnostics(other, 1);
      await client.open(big, hostile(6_000_000), 'http');
      await client.until('the analysis of the large file to start', () => started(client, big), 60_000);
      const hover = await client.request<Hover | null>('textDocument/hover', {
        textDocument: { uri: other },
        position: { line: 1, character: 40 },
      });
      assert.match((hover?.contents as { value: string }).value, /is \*\*allowed\*\*/);
      assert.ok(!finished(client, big), 'the hover was answered before the analysis of the large file ended');
      const ds = await client.until("the large file's diagnostics", () => client.published.get(big)?.at(-1), 120_000);
      assert.deepEqual(
        ds.diagnostics.map((d) => d.code),
        ['blocked-endpoint'],
      );
    } finally {
      await client.shutdown();
    }
  });

  it('an edit during the analysis stops it: only the newest version is analysed to the end', async () => {
    const client = await TestClient.start({ folders: [dir], settings: { baseline: 'none', trace: { server: 'verbose' } } });
    try {
      await client.open(big, hostile(6_000_000), 'http');
      await client.until('the analysis to start', () => started(client, big), 60_000);
      await client.change(big, 'DELETE /_snapshot/x\n', 2);
      const ds = await client.until('the diagnostics of version 2', () => client.published.get(big)?.find((p) => p.version === 2), 60_000);
      assert.equal(ds.diagnostics.length, 1);
      assert.ok(!finished(client, big, 1), 'version 1 was given up');
      assert.deepEqual(
        client.published.get(big)!.map((p) => p.version),
        [2],
        'nothing was published for version 1',
      );
    } finally {
      await client.shutdown();
    }
  });

  it('shutdown during the analysis is answered before the analysis would have ended, and stops it', async () => {
    const client = await TestClient.start({ folders: [dir], settings: { baseline: 'none', trace: { server: 'verbose' } } });
    await client.open(big, hostile(6_000_000), 'http');
    await client.until('the analysis to start', () => started(client, big), 60_000);
    await client.request('shutdown', null);
    assert.ok(!finished(client, big), 'shutdown was answered during the analysis');
    client.connection.dispose();
  });

  it('the work per slice is bounded: slices grow with the size of the file, one pause per slice', async () => {
    const slicesOf = async (text: string): Promise<number> => {
      const cache = new DocumentCache();
      const doc = TextDocument.create('file:///w/big.http', 'http', 1, text);
      let pauses = 0;
      const result = await cache.analysisInSlices(
        doc,
        { fileName: '/w/big.http' },
        '',
        async () => {
          pauses++;
        },
        () => true,
      );
      assert.ok(result);
      assert.equal(pauses, cache.slicesPaused);
      return pauses;
    };
    const [x1, x4, x16] = [await slicesOf(hostile(SLICE * 4)), await slicesOf(hostile(SLICE * 16)), await slicesOf(hostile(SLICE * 64))];
    assert.ok(x1 >= 3, `x1: ${x1} slices`);
    // One pause for every SLICE characters read (the text once, then the targets of its requests once more), whatever the text holds.
    for (const [n, size] of [
      [x1, 4],
      [x4, 16],
      [x16, 64],
    ])
      assert.ok(n >= size - 2 && n <= 2 * size + 2, `${n} slices for ${size} x SLICE characters`);
  });
});
