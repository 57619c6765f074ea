import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { tempDir, TestClient, uriOf } from './harness';
import { fieldByName } from '../../server/src/core';
import { describeWithUnit } from '../../server/src/core/units';

const TF = [
  'variable "project" {}',
  '',
  'resource "vendor_search" "logs" {',
  '  project = var.project',
  '  search_user_config {',
  '    search {',
  '      http_max_content_length = "100mb"',
  '    }',
  '  }',
  '}',
  '',
].join('\n');

describe('Terraform files in the language server', () => {
  const dir = tempDir('terraform');
  let client: TestClient;
  before(async () => {
    client = await TestClient.start({ folders: [dir], settings: { baseline: 'none' } });
  });
  after(() => client.shutdown());

  for (const languageId of ['terraform', 'plaintext']) {
    it(`gives diagnostics inside search_user_config of a .tf file opened as ${languageId}, and nothing else`, async () => {
      const uri = uriOf(path.join(dir, `${languageId}.tf`));
      await client.open(uri, TF, languageId);
      const ds = await client.until(`diagnostics of ${uri}`, () => {
        const last = client.published.get(uri)?.at(-1);
        return last && last.diagnostics.length ? last.diagnostics : undefined;
      });
      assert.deepEqual([...new Set(ds.map((d) => d.code))].sort(), ['unit-mismatch'], 'one mistake, one finding');
      for (const d of ds) assert.equal(d.range.start.line, 6, 'inside the block');
      assert.match(ds[0].message, /^vendor_search\.logs: search\.http_max_content_length/);
      // No completion outside the block, nor in a value.
      assert.deepEqual(await client.completion(uri, TF.indexOf('project =')), []);
      assert.deepEqual(await client.completion(uri, TF.indexOf('"100mb"')), []);
      // Hover on a field inside the block documents it; outside the block there is none.
      const hover = (offset: number) =>
        client.request<{ contents: { value: string }; range: { start: { line: number; character: number } } } | null>(
          'textDocument/hover',
          {
            textDocument: { uri },
            position: { line: TF.slice(0, offset).split('\n').length - 1, character: offset - TF.lastIndexOf('\n', offset - 1) - 1 },
          },
        );
      const inside = await hover(TF.indexOf('http_max_content_length') + 3);
      assert.ok(inside, 'hover on the key');
      assert.match(inside.contents.value, /http_max_content_length/);
      assert.deepEqual(inside.range.start, { line: 6, character: 6 });
      assert.equal(await hover(TF.indexOf('project =') + 2), null, 'no hover outside the block');
      assert.equal(await hover(TF.indexOf('resource') + 2), null, 'no hover on the resource');
      // Quick fixes and fix all write HCL.
      const unit = ds.find((d) => d.code === 'unit-mismatch')!;
      type Action = { title: string; kind: string; edit: { changes: Record<string, Array<{ newText: string }>> } };
      const actions = await client.request<Action[]>('textDocument/codeAction', {
        textDocument: { uri },
        range: unit.range,
        context: { diagnostics: [unit] },
      });
      assert.ok(
        actions.some((a) => a.kind === 'quickfix' && a.edit.changes[uri].some((e) => e.newText === '104857600')),
        JSON.stringify(actions),
      );
      // Suppression comments are written as HCL comments.
      const disable = actions.find((a) => a.title === 'Disable unit-mismatch for this line');
      assert.match(
        disable?.edit.changes[uri][0].newText ?? '',
        /^[ ]+# search-config-disable-next-line unit-mismatch\n$/,
        JSON.stringify(actions.map((a) => a.title)),
      );
      assert.equal(
        actions.find((a) => a.title === 'Disable unit-mismatch for this file')?.edit.changes[uri][0].newText,
        '# search-config-disable unit-mismatch\n',
      );
      const fixAll = await client.request<Action[]>('textDocument/codeAction', {
        textDocument: { uri },
        range: unit.range,
        context: { diagnostics: [], only: ['source.fixAll.search-config'] },
      });
      assert.equal(fixAll.length, 1);
      assert.match(fixAll[0].edit.changes[uri][0].newText, /104857600/);
    });
  }

  it('completes the members not set yet of the block at the cursor, while a word is typed', async () => {
    const uri = uriOf(path.join(dir, 'complete.tf'));
    const typing = TF.replace('      http_max_content_length = "100mb"\n', '      http_max_content_length = "100mb"\n      http_max_h\n');
    await client.open(uri, typing, 'terraform');
    // A file is published empty until the HCL parser has loaded: wait for its findings.
    await client.until('the parser', () => client.published.get(uri)?.some((p) => p.diagnostics.length));
    const offset = typing.indexOf('http_max_h') + 'http_max_h'.length;
    const found = await client.completion(uri, offset);
    const labels = found.map((i) => i.label);
    assert.ok(labels.includes('http_max_header_size'), labels.join(', '));
    assert.ok(!labels.includes('http_max_content_length'), 'a member already set is not offered');
    const header = found.find((i) => i.label === 'http_max_header_size')!;
    assert.match(
      (header.textEdit as { newText: string }).newText,
      /^http_max_header_size = (\d+|\$\{1:\d+\})$/,
      'the default, or an example to type over (never `key =` alone, a syntax error)',
    );
    const whole = uriOf(path.join(dir, 'complete-root.tf'));
    await client.open(whole, TF, 'terraform');
    await client.until('diagnostics', () => client.published.get(whole)?.at(-1)?.diagnostics.length);
    const root = await client.completion(whole, TF.indexOf('    search {'));
    const openid = root.find((i) => i.label === 'openid');
    assert.ok(openid, root.map((i) => i.label).join(', '));
    assert.match((openid.textEdit as { newText: string }).newText, /^openid \{\n/);
  });

  it('gives unit inlay hints after the literal numbers of search_user_config only, and none when they are turned off', async () => {
    const uri = uriOf(path.join(dir, 'inlay.tf'));
    const text = [
      'locals {',
      '  http_max_content_length = 104857600',
      '}',
      'resource "vendor_search" "logs" {',
      '  search_user_config {',
      '    search {',
      '      http_max_content_length             = 104857600',
      '      indices_query_bool_max_clause_count = 2048',
      '      indices_recovery_max_bytes_per_sec  = "40"',
      '    }',
      '    search_dashboards {',
      '      search_request_timeout = var.timeout',
      '    }',
      '  }',
      '}',
      '',
    ].join('\n');
    await client.open(uri, text, 'terraform');
    type InlayHint = { position: { line: number; character: number }; label: string };
    const range = { start: { line: 0, character: 0 }, end: { line: 16, character: 0 } };
    const hints = await client.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri }, range });
    const expected = describeWithUnit(104857600, fieldByName('search.http_max_content_length')!.schema.unit!).human!;
    const line = text.split('\n')[6];
    assert.deepEqual(
      hints.map((h) => [h.position, h.label]),
      [[{ line: 6, character: line.indexOf('104857600') + 9 }, `= ${expected}`]],
      'not in locals, not for a count, a string or a variable',
    );
    // Only the range asked about.
    assert.deepEqual(
      await client.request<InlayHint[]>('textDocument/inlayHint', {
        textDocument: { uri },
        range: { start: { line: 7, character: 0 }, end: { line: 16, character: 0 } },
      }),
      [],
    );
    client.settings = { baseline: 'none', inlayHints: { units: false } };
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    assert.deepEqual(await client.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri }, range }), []);
    client.settings = { baseline: 'none' };
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
  });

  it('gives nothing for a .tf file without the block', async () => {
    const uri = uriOf(path.join(dir, 'other.tf'));
    await client.open(uri, 'resource "aws_instance" "web" {\n  ami = "x"\n}\n', 'terraform');
    assert.deepEqual(await client.diagnostics(uri, 1), []);
  });
});
