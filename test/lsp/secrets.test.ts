import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ALL_FIELDS } from '../../server/src/core/schema';
import { tempDir, TestClient, uriOf } from './harness';

/** Code actions without their edits: an edit may move the document's own text, secret or not, within the document. */
const withoutEdits = (actions: unknown): string => JSON.stringify(actions, (key, value) => (key === 'edit' ? undefined : value));

/** Whether a field takes strings and nothing that holds other fields. */
const takesStrings = (t: unknown): boolean =>
  t === 'string' || (Array.isArray(t) && t.includes('string') && !t.includes('object') && !t.includes('array'));

/**
 * A configuration with a distinct canary in every secret field, and in every other string field a
 * URL whose user info and credential parameters are canaries; arrays given one item.
 */
function documentWithCanaries(): { text: string; canaries: string[] } {
  const root: Record<string, unknown> = {};
  const canaries: string[] = [];
  const next = (): string => {
    const c = `Canary${canaries.length}Xq7z`;
    canaries.push(c);
    return c;
  };
  const url = (n: number): string =>
    [
      `https://${next()}:${next()}@idp.example.com/x?token=${next()}&X-Amz-Signature=${next()}`,
      `${next()}:${next()}@search.example.com:9200/x?sig=${next()}`,
      `http://${next()}@h.example.com/a?access_token=${next()}`,
    ][n % 3];
  for (const f of ALL_FIELDS.filter((x) => x.schema.secret || takesStrings(x.schema.type))) {
    let cur: Record<string, unknown> = root;
    const value = f.schema.secret ? next() : url(canaries.length);
    for (let i = 0; i < f.path.length; i++) {
      const seg = f.path[i];
      if (seg === '[]') continue;
      if (i === f.path.length - 1) {
        cur[seg] = value;
        break;
      }
      if (i === f.path.length - 2 && f.path[i + 1] === '[]') {
        cur[seg] = [value];
        break;
      }
      if (f.path[i + 1] === '[]') {
        const arr = (cur[seg] ??= [{}]) as Array<Record<string, unknown>>;
        cur = arr[0];
      } else cur = (cur[seg] ??= {}) as Record<string, unknown>;
    }
  }
  root.mystery_key = 'CanaryUnknownXq7z';
  canaries.push('CanaryUnknownXq7z');
  return { text: JSON.stringify(root, null, 2) + '\n', canaries };
}

describe('secrets never leave the server', () => {
  it('no response, notification or log of any request contains a secret value', async () => {
    const { text, canaries } = documentWithCanaries();
    assert.ok(canaries.length > 2, 'the schema has secret fields');
    const repo = tempDir('secrets');
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.org', '-c', 'commit.gpgsign=false', ...args], {
        cwd: repo,
        stdio: 'pipe',
      });
    git('init', '-q');
    const file = path.join(repo, 'prod.search.jsonc');
    fs.writeFileSync(file, text.replace(/Xq7z/g, 'Old9'));
    git('add', '.');
    git('commit', '-q', '-m', 'x');
    const seen: string[] = [];
    const client = await TestClient.start({ folders: [repo], settings: { trace: { server: 'verbose' } } });
    client.connection.onUnhandledNotification((n) => seen.push(JSON.stringify(n)));
    try {
      const uri = uriOf(file);
      await client.open(uri, text, 'jsonc');
      seen.push(JSON.stringify(await client.diagnostics(uri, 1)));
      const lines = text.split('\n');
      const whole = { start: { line: 0, character: 0 }, end: { line: lines.length, character: 0 } };
      for (let line = 0; line < lines.length; line++) {
        for (let character = 0; character <= lines[line].length; character += 3) {
          const position = { line, character };
          seen.push(JSON.stringify(await client.request('textDocument/hover', { textDocument: { uri }, position })));
          seen.push(JSON.stringify(await client.request('textDocument/completion', { textDocument: { uri }, position })));
        }
        const range = { start: { line, character: 0 }, end: { line, character: lines[line].length } };
        seen.push(
          withoutEdits(await client.request('textDocument/codeAction', { textDocument: { uri }, range, context: { diagnostics: [] } })),
        );
      }
      for (const [method, params] of [
        ['textDocument/documentSymbol', { textDocument: { uri } }],
        ['textDocument/inlayHint', { textDocument: { uri }, range: whole }],
        ['textDocument/documentLink', { textDocument: { uri } }],
      ] as const)
        seen.push(JSON.stringify(await client.request(method, params)));
      const impact = await client.request<{ markdown: string } | null>('workspace/executeCommand', {
        command: 'search-config.changeImpact',
        arguments: [uri],
      });
      assert.ok(impact?.markdown, 'the change impact against the committed version was computed');
      seen.push(JSON.stringify(impact));
      seen.push(...client.logs, ...client.shownMessages);
      // Lower-cased: a message may quote part of a value lower-cased (a URL's scheme, a host).
      const all = seen.join('\n').toLowerCase();
      assert.ok(all.includes('hidden secret value'), 'hovers over secret values were exercised');
      assert.ok(all.includes('secret-in-plain-text'), 'the secrets were reported');
      assert.ok(all.includes('***@'), 'URLs with user info were quoted, masked');
      for (const c of canaries.map((x) => x.toLowerCase())) {
        assert.ok(!all.includes(c), `${c} appeared in: ${all.slice(Math.max(0, all.indexOf(c) - 200), all.indexOf(c) + 50)}`);
        assert.ok(!all.includes(c.replace('xq7z', 'old9')), `the committed value of ${c} appeared`);
      }
    } finally {
      await client.shutdown();
    }
  });
});

describe('credentials in request files never leave the server', () => {
  it('no diagnostic, hover, code action, completion or log of a request file contains a credential', async () => {
    const C = 'cAnArYrq';
    const files: Record<string, [string, string]> = {
      'ops.http': [
        'http',
        [
          `@password = ${C}1`,
          `@bearer = ${C}2`,
          '###',
          `DELETE https://admin:${C}3@search.example.com/_snapshot/nightly?token=${C}4&X-Amz-Signature=${C}5`,
          `Authorization: Basic ${C}6`,
          `Cookie: sid=${C}7`,
          '',
          '###',
          `PUT https://${C}8@search.example.com/_cluster/settings?sig=${C}9`,
          'Content-Type: application/json',
          '',
          `{ "persistent": { "search.max_buckets": 20000, "plugins.alerting.destination.password": "${C}10", "reindex.remote.allowlist": "admin:${C}11@h:9200" } }`,
          '# search-config-disable-next-line',
          `GET https://ops:${C}12@search.example.com/_cat/indices?access_token=${C}13`,
        ].join('\n') + '\n',
      ],
      'restore.sh': [
        'shellscript',
        [
          `ES_CREDS=admin:${C}14`,
          `curl -su admin:${C}15 -XDELETE "https://search.example.com/_snapshot/x?sig=${C}16"`,
          `curl -sSu "admin:${C}17" -X PUT admin:${C}18@search.example.com:9200/_snapshot/y -d "{\\"password\\":\\"${C}19\\"}"`,
          `curl -X DELETE -H 'X-Api-Key: ${C}20' -b 'session=${C}21' "https://search.example.com/_snapshot/z#access_token=${C}22"`,
        ].join('\n') + '\n',
      ],
    };
    const dir = tempDir('request-secrets');
    fs.writeFileSync(path.join(dir, '.search-lint.json'), '{ "requests": { "files": ["*.sh"] } }\n');
    const seen: string[] = [];
    const client = await TestClient.start({ folders: [dir], settings: { baseline: 'none', trace: { server: 'verbose' } } });
    client.connection.onUnhandledNotification((n) => seen.push(JSON.stringify(n)));
    try {
      for (const [name, [languageId, text]] of Object.entries(files)) {
        const uri = uriOf(path.join(dir, name));
        await client.open(uri, text, languageId);
        const diagnostics = await client.diagnostics(uri);
        assert.ok(
          diagnostics.some((d) => d.code === 'blocked-endpoint'),
          `${name}: the refused requests are reported`,
        );
        seen.push(JSON.stringify(diagnostics));
        const lines = text.split('\n');
        for (let line = 0; line < lines.length; line++) {
          for (let character = 0; character <= lines[line].length; character += 4) {
            const position = { line, character };
            seen.push(JSON.stringify(await client.request('textDocument/hover', { textDocument: { uri }, position })));
            seen.push(JSON.stringify(await client.request('textDocument/completion', { textDocument: { uri }, position })));
          }
          const range = { start: { line, character: 0 }, end: { line, character: lines[line].length } };
          seen.push(
            withoutEdits(await client.request('textDocument/codeAction', { textDocument: { uri }, range, context: { diagnostics } })),
          );
        }
        seen.push(JSON.stringify(await client.request('textDocument/documentSymbol', { textDocument: { uri } })));
      }
      seen.push(...client.logs, ...client.shownMessages);
      const all = seen.join('\n').toLowerCase();
      assert.ok(all.includes('refused'), 'hovers and messages about the requests were exercised');
      const at = all.indexOf(C.toLowerCase());
      assert.equal(at, -1, `a credential appeared in: ${all.slice(Math.max(0, at - 200), at + 40)}`);
    } finally {
      await client.shutdown();
    }
  });
});
