import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver/node';
import { ALL_FIELDS } from '../../server/src/core/schema';
import { ruleDocUrl } from '../../server/src/core/editor';
import { editorCapabilities, tempDir, TestClient, uriOf } from './harness';

const DEPRECATED = '{\n  "max_index_count": 3\n}\n';
const deprecatedField = ALL_FIELDS.find((f) => f.dotted === 'max_index_count')!;
const codes = (ds: Diagnostic[]) => ds.map((d) => d.code);

describe('diagnostics, push mode', () => {
  const dir = tempDir('push');
  let client: TestClient;
  before(async () => {
    client = await TestClient.start({ folders: [dir], settings: { baseline: 'none' } });
  });
  after(() => client.shutdown());

  it('publishes findings with rule id, documentation link, source and tags', async () => {
    assert.ok(deprecatedField.schema.deprecated, 'fixture field is deprecated in the schema');
    const uri = uriOf(path.join(dir, 'a.search.json'));
    await client.open(uri, DEPRECATED);
    const ds = await client.diagnostics(uri, 1);
    const d = ds.find((x) => x.code === 'deprecated-field');
    assert.ok(d, `deprecated-field among ${codes(ds).join(', ')}`);
    assert.equal(d.source, 'search-config');
    assert.equal(d.codeDescription?.href, ruleDocUrl('deprecated-field'));
    assert.ok(d.tags?.includes(2), 'Deprecated tag');
    assert.equal(d.range.start.line, 1);
  });

  it('debounces edits and publishes only the newest version', async () => {
    const slow = await TestClient.start({ folders: [dir], settings: { baseline: 'none' }, serverOptions: { debounceMs: 400 } });
    try {
      const uri = uriOf(path.join(dir, 'b.search.json'));
      await slow.open(uri, '{}');
      await slow.diagnostics(uri, 1);
      const before = slow.published.get(uri)!.length;
      for (let v = 2; v <= 20; v++) await slow.change(uri, v % 2 ? DEPRECATED : '{}', v);
      await slow.change(uri, DEPRECATED, 21);
      const ds = await slow.diagnostics(uri, 21);
      assert.ok(codes(ds).includes('deprecated-field'));
      const versions = slow.published
        .get(uri)!
        .slice(before)
        .map((p) => p.version!);
      assert.ok(versions.length < 5, `${versions.length} publishes for 20 quick edits`);
      assert.deepEqual(
        [...versions].sort((a, b) => a - b),
        versions,
        'versions only go up',
      );
    } finally {
      await slow.shutdown();
    }
  });

  it('ignores files that are not service configurations', async () => {
    const uri = uriOf(path.join(dir, 'package.json'));
    await client.open(uri, DEPRECATED);
    const ds = await client.diagnostics(uri, 1);
    assert.deepEqual(ds, []);
    assert.equal((await client.completion(uri, 3)).length, 0);
  });

  it('handles a document the client marks as a service configuration, whatever its name', async () => {
    const uri = 'untitled:Untitled-1';
    await client.open(uri, DEPRECATED, 'search-config');
    assert.ok(codes(await client.diagnostics(uri, 1)).includes('deprecated-field'));
  });

  it('clears diagnostics when a document closes', async () => {
    const uri = uriOf(path.join(dir, 'c.search.json'));
    await client.open(uri, DEPRECATED);
    await client.diagnostics(uri, 1);
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    await client.until('empty publish', () => {
      const l = client.published.get(uri)!;
      return l[l.length - 1].diagnostics.length === 0;
    });
  });
});

describe('diagnostics, pull mode', () => {
  const dir = tempDir('pull');
  let client: TestClient;
  before(async () => {
    client = await TestClient.start({ folders: [dir], capabilities: editorCapabilities({ pull: true }), settings: { baseline: 'none' } });
  });
  after(() => client.shutdown());

  it('answers textDocument/diagnostic and does not push', async () => {
    const uri = uriOf(path.join(dir, 'a.search.json'));
    await client.open(uri, DEPRECATED);
    const r = await client.request<{ kind: string; items: Diagnostic[]; resultId?: string }>('textDocument/diagnostic', {
      textDocument: { uri },
    });
    assert.equal(r.kind, 'full');
    assert.ok(codes(r.items).includes('deprecated-field'));
    const again = await client.request<{ kind: string }>('textDocument/diagnostic', {
      textDocument: { uri },
      previousResultId: r.resultId,
    });
    assert.equal(again.kind, 'unchanged', 'nothing changed since the last pull');
    await new Promise((res) => setTimeout(res, 100));
    assert.equal(client.published.get(uri), undefined);
  });

  it('asks the client to pull again when the settings change', async () => {
    const before = client.refreshes;
    client.settings = { baseline: 'none', rules: { 'deprecated-field': 'off' } };
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    await client.until('refresh', () => client.refreshes > before);
    const uri = uriOf(path.join(dir, 'a.search.json'));
    const r = await client.request<{ items: Diagnostic[] }>('textDocument/diagnostic', { textDocument: { uri } });
    assert.ok(!codes(r.items).includes('deprecated-field'));
  });
});

describe('settings', () => {
  const dir = tempDir('settings');

  for (const [name, settings] of [
    ['nothing', undefined],
    ['null', null],
    ['{}', {}],
    ['ill-typed values', { enable: 'yes', files: 3, rules: 'all', inlayHints: null }],
  ] as const) {
    it(`a client sending ${name} gets the defaults`, async () => {
      const client = await TestClient.start({ folders: [dir], settings });
      try {
        const uri = uriOf(path.join(dir, 'x.search.json'));
        await client.open(uri, DEPRECATED);
        assert.ok(codes(await client.diagnostics(uri, 1)).includes('deprecated-field'));
      } finally {
        await client.shutdown();
      }
    });
  }

  it('settings given as initializationOptions apply when the client answers the pull with null', async () => {
    const client = await TestClient.start({
      folders: [dir],
      settings: null,
      initializationOptions: { searchConfig: { rules: { 'deprecated-field': 'off' }, baseline: 'none' } },
    });
    try {
      const uri = uriOf(path.join(dir, 'init.search.json'));
      await client.open(uri, DEPRECATED);
      const ds = await client.diagnostics(uri, 1);
      assert.ok(!codes(ds).includes('deprecated-field'));
      assert.ok(ds.length === 0 || ds.every((d) => d.code !== 'deprecated-field'));
    } finally {
      await client.shutdown();
    }
  });

  it('a client without workspace/configuration uses didChangeConfiguration settings', async () => {
    const client = await TestClient.start({ folders: [dir], capabilities: editorCapabilities({ configuration: false }) });
    try {
      const uri = uriOf(path.join(dir, 'y.search.json'));
      await client.open(uri, DEPRECATED);
      assert.ok(codes(await client.diagnostics(uri, 1)).includes('deprecated-field'));
      const n = client.published.get(uri)!.length;
      await client.connection.sendNotification('workspace/didChangeConfiguration', {
        settings: { searchConfig: { rules: { 'deprecated-field': 'off' } } },
      });
      await client.until('republish', () => client.published.get(uri)!.length > n);
      assert.ok(!codes(await client.diagnostics(uri, 1)).includes('deprecated-field'));
      assert.equal(client.configurationRequests, 0);
    } finally {
      await client.shutdown();
    }
  });

  it('enable: false switches the linter off; custom files globs add files', async () => {
    const client = await TestClient.start({ folders: [dir], settings: { enable: false } });
    try {
      const uri = uriOf(path.join(dir, 'z.search.json'));
      await client.open(uri, DEPRECATED);
      assert.deepEqual(await client.diagnostics(uri, 1), []);
      client.settings = { files: ['deploy/*.json'], baseline: 'none' };
      await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
      const other = uriOf(path.join(dir, 'deploy', 'prod.json'));
      await client.open(other, DEPRECATED);
      assert.ok(codes(await client.diagnostics(other, 1)).includes('deprecated-field'));
    } finally {
      await client.shutdown();
    }
  });

  it('applies the workspace .search-lint.json and reloads it when it changes', async () => {
    const ws = tempDir('lintconfig');
    fs.writeFileSync(path.join(ws, '.search-lint.json'), JSON.stringify({ rules: { 'deprecated-field': 'off' } }));
    const client = await TestClient.start({ folders: [ws], settings: { baseline: 'none' } });
    try {
      await client.until('watcher registration', () => client.registrations.includes('workspace/didChangeWatchedFiles'));
      const uri = uriOf(path.join(ws, 'a.search.json'));
      await client.open(uri, DEPRECATED);
      assert.ok(!codes(await client.diagnostics(uri, 1)).includes('deprecated-field'));
      const n = client.published.get(uri)!.length;
      fs.writeFileSync(path.join(ws, '.search-lint.json'), JSON.stringify({ rules: { 'deprecated-field': 'error' } }));
      await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
        changes: [{ uri: uriOf(path.join(ws, '.search-lint.json')), type: 2 }],
      });
      await client.until('republish', () => client.published.get(uri)!.length > n);
      const d = (await client.diagnostics(uri, 1)).find((x) => x.code === 'deprecated-field');
      assert.equal(d?.severity, 1);
    } finally {
      await client.shutdown();
    }
  });

  it('.search-lint.json files and ignores decide which files are configurations; a broken one is reported once', async () => {
    const ws = tempDir('lintfiles');
    fs.writeFileSync(path.join(ws, '.search-lint.json'), JSON.stringify({ files: ['services/*.json'], ignores: ['legacy.search.json'] }));
    const client = await TestClient.start({ folders: [ws], settings: { baseline: 'none' } });
    try {
      const listed = uriOf(path.join(ws, 'services', 'prod.json'));
      await client.open(listed, DEPRECATED);
      assert.ok(codes(await client.diagnostics(listed, 1)).includes('deprecated-field'));
      const ignored = uriOf(path.join(ws, 'legacy.search.json'));
      await client.open(ignored, DEPRECATED);
      assert.deepEqual(await client.diagnostics(ignored, 1), []);
      fs.writeFileSync(path.join(ws, '.search-lint.json'), '{ "rules": { "no-such-rule": "error" } }');
      await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
        changes: [{ uri: uriOf(path.join(ws, '.search-lint.json')), type: 2 }],
      });
      await client.until('a warning about the settings file', () => client.shownMessages.some((m) => m.includes('no-such-rule')));
      const normal = uriOf(path.join(ws, 'other.search.json'));
      await client.open(normal, DEPRECATED);
      assert.ok(codes(await client.diagnostics(normal, 1)).includes('deprecated-field'), 'still lints with the defaults');
      assert.equal(client.shownMessages.filter((m) => m.includes('no-such-rule')).length, 1);
    } finally {
      await client.shutdown();
    }
  });

  it('multi-root: each folder gets its own settings', async () => {
    const a = tempDir('rootA'),
      b = tempDir('rootB');
    const client = await TestClient.start({
      folders: [a, b],
      settings: (scope?: string) =>
        scope?.startsWith(uriOf(b)) ? { rules: { 'deprecated-field': 'off' }, baseline: 'none' } : { baseline: 'none' },
    });
    try {
      const ua = uriOf(path.join(a, 'x.search.json')),
        ub = uriOf(path.join(b, 'x.search.json'));
      await client.open(ua, DEPRECATED);
      await client.open(ub, DEPRECATED);
      assert.ok(codes(await client.diagnostics(ua, 1)).includes('deprecated-field'));
      assert.ok(!codes(await client.diagnostics(ub, 1)).includes('deprecated-field'));
    } finally {
      await client.shutdown();
    }
  });
});

describe('baseline from git', () => {
  const restartField = ALL_FIELDS.find((f) => f.schema.restartsEngine && f.path.length === 2 && f.path[0] === 'search')!;
  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.org', '-c', 'commit.gpgsign=false', ...args], {
      cwd,
      stdio: 'pipe',
    });

  it('warns when a field that restarts the engine changes against HEAD, with related information at the committed version', async () => {
    assert.ok(restartField, 'the schema has a field that restarts the engine');
    const repo = tempDir('git');
    git(repo, 'init', '-q');
    const file = path.join(repo, 'prod.search.json');
    fs.writeFileSync(file, JSON.stringify({ search: { [restartField.key]: null } }, null, 2) + '\n');
    git(repo, 'add', '.');
    git(repo, 'commit', '-q', '-m', 'x');
    const client = await TestClient.start({ folders: [repo], settings: {} });
    try {
      const uri = uriOf(file);
      const changedValue = restartField.schema.examples?.[0] ?? ['example.org:9200'];
      await client.open(uri, JSON.stringify({ search: { [restartField.key]: changedValue } }, null, 2) + '\n');
      const ds = await client.diagnostics(uri, 1);
      const d = ds.find((x) => x.code === 'restart-required');
      assert.ok(d, `restart-required among ${codes(ds).join(', ')}`);
      assert.match(d.message, /git:HEAD|HEAD/);
      assert.ok(
        d.relatedInformation?.some((r) => r.location.uri.startsWith('git:')),
        JSON.stringify(d.relatedInformation),
      );
      const impact = await client.request<{ markdown: string } | null>('workspace/executeCommand', {
        command: 'search-config.changeImpact',
        arguments: [uri],
      });
      assert.ok(impact?.markdown.includes(restartField.key), impact?.markdown);
    } finally {
      await client.shutdown();
    }
  });

  it('a baseline file from the settings, relative to the workspace folder, is compared with and linked', async () => {
    const ws = tempDir('filebase');
    fs.mkdirSync(path.join(ws, 'deployed'));
    fs.writeFileSync(path.join(ws, 'deployed', 'prod.json'), JSON.stringify({ search: { [restartField.key]: null } }, null, 2));
    const client = await TestClient.start({ folders: [ws], settings: { baseline: 'deployed/prod.json' } });
    try {
      const uri = uriOf(path.join(ws, 'prod.search.json'));
      await client.open(
        uri,
        JSON.stringify({ search: { [restartField.key]: restartField.schema.examples?.[0] ?? ['example.org:9200'] } }, null, 2),
      );
      const d = (await client.diagnostics(uri, 1)).find((x) => x.code === 'restart-required');
      assert.ok(d, 'restart-required against the baseline file');
      assert.ok(
        d.relatedInformation?.some((r) => r.location.uri === uriOf(path.join(ws, 'deployed', 'prod.json'))),
        JSON.stringify(d.relatedInformation),
      );
    } finally {
      await client.shutdown();
    }
  });

  it('a field removed since HEAD is reported where it was removed, with a quick fix that writes its default, in JSON and in .tf files', async () => {
    const repo = tempDir('git-removed');
    git(repo, 'init', '-q');
    const json = path.join(repo, 'prod.search.json');
    const tf = path.join(repo, 'main.tf');
    const block = (body: string): string =>
      `resource "vendor_search" "logs" {\n  search_user_config {\n    search {\n${body}      http_max_content_length = 104857600\n    }\n  }\n}\n`;
    fs.writeFileSync(
      json,
      '{\n  "search": {\n    "indices_query_bool_max_clause_count": 4096,\n    "http_max_content_length": 104857600\n  }\n}\n',
    );
    fs.writeFileSync(tf, block('      indices_query_bool_max_clause_count = 4096\n'));
    git(repo, 'add', '.');
    git(repo, 'commit', '-q', '-m', 'x');
    const client = await TestClient.start({ folders: [repo], settings: {} });
    try {
      type Action = { title: string; edit: { changes: Record<string, Array<{ newText: string }>> } };
      const cases = [
        {
          uri: uriOf(json),
          text: '{\n  "search": {\n    "http_max_content_length": 104857600\n  }\n}\n',
          languageId: 'json',
          written: '"indices_query_bool_max_clause_count": 1024',
        },
        { uri: uriOf(tf), text: block(''), languageId: 'terraform', written: 'indices_query_bool_max_clause_count = 1024' },
      ];
      for (const c of cases) {
        await client.open(c.uri, c.text, c.languageId);
        const d = await client.until(`removed-field in ${c.uri}`, () =>
          client.published
            .get(c.uri)
            ?.at(-1)
            ?.diagnostics.find((x) => x.code === 'removed-field'),
        );
        assert.match(
          d.message,
          /search\.indices_query_bool_max_clause_count was removed \(it is 4096 in git:HEAD\).*write its default: 1024/,
        );
        assert.equal(d.range.start.line, c.languageId === 'json' ? 1 : 2, 'on the block it was removed from');
        const actions = await client.request<Action[]>('textDocument/codeAction', {
          textDocument: { uri: c.uri },
          range: d.range,
          context: { diagnostics: [d] },
        });
        assert.ok(
          actions.some((a) => a.edit.changes[c.uri].some((e) => e.newText.includes(c.written))),
          JSON.stringify(actions),
        );
      }
    } finally {
      await client.shutdown();
    }
  });

  it('outside a git repository there is no baseline and no error', async () => {
    const plain = tempDir('nogit');
    const client = await TestClient.start({ folders: [plain], settings: {} });
    try {
      const uri = uriOf(path.join(plain, 'x.search.json'));
      await client.open(uri, JSON.stringify({ search: { [restartField.key]: null } }));
      const ds = await client.diagnostics(uri, 1);
      assert.ok(!codes(ds).includes('restart-required'));
      assert.equal(client.shownMessages.length, 0);
      assert.equal(await client.request('workspace/executeCommand', { command: 'search-config.changeImpact', arguments: [uri] }), null);
      await assert.rejects(
        client.request('workspace/executeCommand', { command: 'nope', arguments: [] }),
        (e: { code?: number }) => e.code === -32602,
      );
    } finally {
      await client.shutdown();
    }
  });
});
