/**
 * Request files over LSP: the server checks `.http` and `.rest` files whatever their language id, and
 * runbooks and scripts that `requests.files` names; hover says how the service answers a request, and
 * completion after a method offers the allowed endpoints. Configuration features stay out of them.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CodeAction, Hover, TextEdit } from 'vscode-languageserver/node';
import { ENDPOINT_POLICY } from '../../server/src/core';
import { acceptCompletion, applyLspEdits, cursor, tempDir, TestClient, uriOf } from './harness';

const dir = tempDir('requests');
const CONFIG =
  '{\n  // production\n  "search_version": "2.19",\n  "search": {\n    "http_max_content_length": 1048576 // for now\n  }\n}\n';
const HTTP = '@host = https://search.example.com\n\n### Health\nGET {{host}}/_cluster/health\n\n###\nDELETE {{host}}/_snapshot/nightly\n';

describe('request files over LSP', () => {
  let client: TestClient;
  before(async () => {
    fs.mkdirSync(path.join(dir, 'runbooks'));
    fs.writeFileSync(path.join(dir, '.search-lint.json'), '{ "requests": { "files": ["runbooks/*.md"] } }\n');
    fs.mkdirSync(path.join(dir, 'envs'));
    fs.writeFileSync(path.join(dir, 'envs', 'prod.search.jsonc'), CONFIG);
    client = await TestClient.start({ folders: [dir], settings: { baseline: 'none' } });
  });
  after(() => client.shutdown());

  it('publishes blocked-endpoint with a rule link for a .http file, whatever its language id', async () => {
    const uri = uriOf(path.join(dir, 'ops.http'));
    await client.open(uri, HTTP, 'http');
    const diags = await client.diagnostics(uri);
    assert.deepEqual(
      diags.map((d) => [d.code, d.range.start.line]),
      [['blocked-endpoint', 6]],
    );
    assert.match(diags[0].message, /^DELETE \/_snapshot\/nightly is refused by the service/);
    assert.match(String(diags[0].codeDescription?.href), /rules\.md#blocked-endpoint$/);
  });

  it('checks a runbook that requests.files names, and leaves other Markdown alone', async () => {
    const runbook = uriOf(path.join(dir, 'runbooks', 'full-disk.md'));
    await client.open(
      runbook,
      '# Full disk\n\n```console\nPUT _cluster/settings\n{ "persistent": { "search.max_buckets": 20000 } }\n```\n',
      'markdown',
    );
    const diags = await client.diagnostics(runbook);
    assert.equal(diags.length, 1);
    assert.match(diags[0].message, /search\.search_max_buckets: 20000/);
    const readme = uriOf(path.join(dir, 'README.md'));
    await client.open(readme, '```console\nPUT _cluster/settings\n```\n', 'markdown');
    assert.deepEqual(await client.diagnostics(readme), []);
  });

  it('hover on a request line says whether the service allows it', async () => {
    const uri = uriOf(path.join(dir, 'hover.http'));
    await client.open(uri, HTTP, 'http');
    const at = async (line: number, character: number) =>
      (
        (await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line, character } }))?.contents as
          { value: string } | undefined
      )?.value;
    assert.match((await at(3, 10))!, /`GET \/_cluster\/health` is \*\*allowed\*\* by the service/);
    assert.match((await at(6, 12))!, /`DELETE \/_snapshot\/nightly` is \*\*refused\*\*.*`\/_snapshot` is a blocked endpoint hierarchy/);
    assert.equal(await at(0, 3), undefined);
  });

  it('completion after GET offers the allowed endpoints, keeping the host', async () => {
    const uri = uriOf(path.join(dir, 'complete.http'));
    const { text, offset } = cursor('###\nGET {{host}}/_cl|\n');
    await client.open(uri, text, 'http');
    const items = await client.completion(uri, offset);
    assert.deepEqual(
      items.map((i) => i.label),
      ENDPOINT_POLICY.allowed.filter((e) => e.method === 'GET').map((e) => e.path),
    );
    assert.equal(
      acceptCompletion(
        text,
        items.find((i) => i.label === '/_cluster/health')!,
      ),
      '###\nGET {{host}}/_cluster/health\n',
    );
    const consoleDoc = uriOf(path.join(dir, 'runbooks', 'console.md'));
    const c = cursor('```console\nGET _cluster/st|\n```\n');
    await client.open(consoleDoc, c.text, 'markdown');
    const consoleItems = await client.completion(consoleDoc, c.offset);
    assert.equal(
      acceptCompletion(
        c.text,
        consoleItems.find((i) => i.label === '_cluster/stats')!,
      ),
      '```console\nGET _cluster/stats\n```\n',
    );
  });

  it("a refused settings update offers to set the same settings in the workspace's configuration, one action per configuration", async () => {
    const uri = uriOf(path.join(dir, 'settings.http'));
    const text =
      '###\nPUT {{host}}/_cluster/settings\nContent-Type: application/json\n\n{ "persistent": { "http.max_content_length": "200mb", "search.max_buckets": 20000 } }\n';
    await client.open(uri, text, 'http');
    const diagnostics = await client.diagnostics(uri);
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: diagnostics[0].range,
      context: { diagnostics },
    });
    assert.deepEqual(
      actions.map((a) => a.title),
      [
        'Set search.http_max_content_length, search.search_max_buckets in envs/prod.search.jsonc instead',
        'Disable blocked-endpoint for this line',
      ],
    );
    assert.equal(actions[0].isPreferred, true);
    const configUri = uriOf(path.join(dir, 'envs', 'prod.search.jsonc'));
    const edits = actions[0].edit!.changes![configUri];
    assert.equal(
      applyLspEdits(CONFIG, edits),
      '{\n  // production\n  "search_version": "2.19",\n  "search": {\n    "http_max_content_length": 209715200, // for now\n    "search_max_buckets": 20000\n  }\n}\n',
    );

    fs.writeFileSync(path.join(dir, 'envs', 'staging.search.json'), '{ "search_version": "2.19" }\n');
    const two = (
      await client.request<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri },
        range: diagnostics[0].range,
        context: { diagnostics },
      })
    ).filter((a) => a.title.startsWith('Set '));
    assert.deepEqual(
      two.map((a) => a.title.replace(/.* in /, '')),
      ['envs/prod.search.jsonc instead', 'envs/staging.search.json instead'],
    );
    assert.ok(
      two.every((a) => !a.isPreferred),
      'the user picks one',
    );
    fs.rmSync(path.join(dir, 'envs', 'staging.search.json'));

    const snapshot = uriOf(path.join(dir, 'snapshot.http'));
    const snapshotText = '###\n  DELETE {{host}}/_snapshot/x\n';
    await client.open(snapshot, snapshotText, 'http');
    const d = await client.diagnostics(snapshot);
    const only = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri: snapshot },
      range: d[0].range,
      context: { diagnostics: d },
    });
    assert.deepEqual(
      only.map((a) => a.title),
      ['Disable blocked-endpoint for this line'],
      'no configuration can replace a snapshot request',
    );
    const silenced = applyLspEdits(snapshotText, only[0].edit!.changes![snapshot]);
    assert.equal(silenced, '###\n  # search-config-disable-next-line blocked-endpoint\n  DELETE {{host}}/_snapshot/x\n');
    await client.change(snapshot, silenced, 2);
    assert.deepEqual(await client.diagnostics(snapshot, 2), [], 'the comment silences the request');
  });

  it('no comment is offered inside a curl command continued with a backslash', async () => {
    const uri = uriOf(path.join(dir, 'runbooks', 'continued.md'));
    await client.open(uri, '```sh\ncurl -X DELETE \\\n  "$ES/_snapshot/x"\n```\n', 'markdown');
    const d = await client.diagnostics(uri);
    assert.deepEqual(
      d.map((x) => x.range.start.line),
      [2],
    );
    assert.deepEqual(
      await client.request<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri },
        range: d[0].range,
        context: { diagnostics: d },
      }),
      [],
    );
  });

  it('an unused suppression comment is reported, with a quick fix and fix all that remove it', async () => {
    const uri = uriOf(path.join(dir, 'unused.http'));
    const text =
      '###\n# search-config-disable-next-line blocked-endpoint\nGET {{host}}/_cluster/health\n\n###\n# search-config-disable-next-line blocked-endpoint -- shown on purpose\nDELETE {{host}}/_snapshot/x\n';
    const want =
      '###\nGET {{host}}/_cluster/health\n\n###\n# search-config-disable-next-line blocked-endpoint -- shown on purpose\nDELETE {{host}}/_snapshot/x\n';
    await client.open(uri, text, 'http');
    const diagnostics = await client.diagnostics(uri);
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.range.start.line]),
      [['unused-suppression', 1]],
    );
    const quickFixes = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: diagnostics[0].range,
      context: { diagnostics, only: ['quickfix'] },
    });
    const remove = quickFixes.find((a) => a.title === 'Remove the unused suppression comment');
    assert.ok(remove, `quick fixes: ${JSON.stringify(quickFixes.map((a) => a.title))}`);
    assert.equal(applyLspEdits(text, remove.edit!.changes![uri]), want);
    const whole = { start: { line: 0, character: 0 }, end: { line: 7, character: 0 } };
    const fixAll = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: whole,
      context: { diagnostics: [], only: ['source.fixAll'] },
    });
    assert.equal(fixAll.length, 1);
    assert.equal(applyLspEdits(text, fixAll[0].edit!.changes![uri]), want);
  });

  it('configuration features stay out of request files: no formatting of a .http file as JSON', async () => {
    const uri = uriOf(path.join(dir, 'format.http'));
    await client.open(uri, HTTP, 'http');
    const edits = await client.request<TextEdit[] | null>('textDocument/formatting', {
      textDocument: { uri },
      options: { tabSize: 2, insertSpaces: true },
    });
    assert.ok(!edits || edits.length === 0);
  });
});
