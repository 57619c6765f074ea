/**
 * The shared server on a platform without a disk or git, as in a browser worker: files come only from
 * the runtime (here a map of URIs, as the editor's file system of github.dev would give them), and the
 * workspace is a `vscode-vfs:` folder. `.search-lint.json`, a file baseline and the configurations a
 * quick fix edits are all read through it; the git baseline is said to be unavailable, once.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CodeAction } from 'vscode-languageserver/node';
import type { DirectoryEntry, ServerRuntime } from '../../server/src/lsp/runtime';
import { applyLspEdits, TestClient } from './harness';

const ROOT = 'vscode-vfs://github/acme/search-configs';

function memoryRuntime(files: Map<string, string>, reads: string[]): ServerRuntime {
  return {
    host: 'browser-worker',
    readFile: async (uri) => {
      reads.push(uri);
      const text = files.get(uri);
      return text === undefined ? { ok: false, missing: true, message: 'FileNotFound' } : { ok: true, text };
    },
    readDirectory: async (uri) => {
      const prefix = `${uri.replace(/\/$/, '')}/`;
      const names = new Map<string, DirectoryEntry['type']>();
      for (const f of files.keys()) {
        if (!f.startsWith(prefix)) continue;
        const [first, ...rest] = f.slice(prefix.length).split('/');
        names.set(first, rest.length ? 'directory' : 'file');
      }
      return [...names].map(([name, type]) => ({ name, type }));
    },
    nextTurn: (callback) => {
      setTimeout(callback, 0);
    },
    setBackgroundTimeout: (callback, ms) => {
      const t = setTimeout(callback, ms);
      return { cancel: () => clearTimeout(t) };
    },
  };
}

describe('a virtual workspace on a runtime without disk or git', () => {
  const files = new Map<string, string>([
    [`${ROOT}/.search-lint.json`, '{ "files": ["deploy/*.json"], "rules": { "unit-hint": "off" } }'],
    [`${ROOT}/deploy/prod.json`, '{ "search": { "reindex_remote_whitelist": ["a.example.com:9200", "b.example.com:9200"] } }\n'],
    [`${ROOT}/deployed.json`, '{ "search": { "reindex_remote_whitelist": ["a.example.com:9200"] } }\n'],
  ]);
  const reads: string[] = [];
  let client: TestClient;
  let settings: Record<string, unknown> = { baseline: 'deployed.json' };
  before(async () => {
    client = await TestClient.start({ runtime: memoryRuntime(files, reads), folderUris: [ROOT], settings: () => settings });
  });
  after(() => client.shutdown());

  it("a JSON file named by the workspace's .search-lint.json is a configuration, with its rules and a file baseline read through the runtime", async () => {
    const uri = `${ROOT}/deploy/prod.json`;
    await client.open(uri, files.get(uri)!, 'json');
    const diagnostics = await client.diagnostics(uri);
    assert.deepEqual(
      diagnostics.map((d) => d.code),
      ['restart-required'],
    );
    assert.match(diagnostics[0].message, /compared with deployed\.json/);
    assert.ok(reads.includes(`${ROOT}/.search-lint.json`) && reads.includes(`${ROOT}/deployed.json`), `read: ${reads.join(', ')}`);
  });

  it('a git baseline is not available: said once for all documents, and the rules that need it stay quiet', async () => {
    settings = { baseline: 'git:HEAD' };
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    const a = `${ROOT}/deploy/a.json`,
      b = `${ROOT}/deploy/b.json`;
    await client.open(a, files.get(`${ROOT}/deploy/prod.json`)!, 'json');
    await client.open(b, files.get(`${ROOT}/deploy/prod.json`)!, 'json');
    assert.deepEqual(
      (await client.diagnostics(a)).map((d) => d.code),
      [],
    );
    assert.deepEqual(
      (await client.diagnostics(b)).map((d) => d.code),
      [],
    );
    const told = client.logs.filter((l) => /git baseline is not available/.test(l));
    assert.equal(told.length, 1, client.logs.join('\n'));
    assert.match(told[0], /searchConfig\.baseline to the path of a file/);
  });

  it('a refused settings update in a request file edits the configuration found through the runtime', async () => {
    const uri = `${ROOT}/ops/settings.http`;
    await client.open(
      uri,
      '###\nPUT https://search.example.com/_cluster/settings\n\n{ "persistent": { "http.max_content_length": "200mb" } }\n',
      'http',
    );
    const diagnostics = await client.diagnostics(uri);
    assert.deepEqual(
      diagnostics.map((d) => d.code),
      ['blocked-endpoint'],
    );
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: diagnostics[0].range,
      context: { diagnostics },
    });
    assert.deepEqual(
      actions.map((a) => a.title),
      ['Set search.http_max_content_length in deploy/prod.json instead', 'Disable blocked-endpoint for this line'],
    );
    const target = `${ROOT}/deploy/prod.json`;
    const edited = applyLspEdits(files.get(target)!, actions[0].edit!.changes![target]);
    assert.match(edited, /"http_max_content_length": 209715200/);
  });
});
