import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { tempDir, TestClient, uriOf } from './harness';

// This file's process has not loaded the HCL parser yet: the first Terraform file opened here is the one
// that loads it. (Each test file runs in a process of its own.)
const MAIN = [
  'resource "vendor_search" "x" {',
  '  search_user_config {',
  '    search {',
  '      http_max_content_length = "100mb"',
  '    }',
  '  }',
  '}',
  '',
].join('\n');

type Hover = { contents: { value: string } } | null;

describe('The first Terraform file opened, while the HCL parser loads', () => {
  const dir = tempDir('terraform-first-file');
  let client: TestClient;
  const uri = uriOf(path.join(dir, 'main.tf'));

  before(async () => {
    fs.writeFileSync(path.join(dir, 'main.tf'), MAIN);
    client = await TestClient.start({ folders: [dir], settings: { baseline: 'none' } });
  });
  after(() => client.shutdown());

  it('gets its hover, its completion and its diagnostics once the parser is there: never an empty answer in the meantime', async () => {
    // Asked right after opening, without waiting for anything.
    const opened = client.open(uri, MAIN, 'terraform');
    const hover = client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 3, character: 8 } });
    const completion = client.request<{ items: unknown[] } | unknown[] | null>('textDocument/completion', {
      textDocument: { uri },
      position: { line: 4, character: 4 },
    });
    await opened;
    const shown = await hover;
    assert.ok(shown, 'a hover');
    assert.match(shown.contents.value, /^\*\*search\.http_max_content_length\*\*/);
    const items = await completion;
    assert.ok(items && (Array.isArray(items) ? items : items.items).length > 0, 'completion items');
    const first = await client.until('the first diagnostics', () => client.published.get(uri)?.[0]);
    assert.deepEqual(
      first.diagnostics.map((d) => d.code),
      ['unit-mismatch'],
      'the first publication holds the findings (no empty one before them)',
    );
  });
});
