import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver/node';
import { tempTree, removeTree } from '../cli/support';
import { repoRoot } from '../fuzz/corpus';

// Neither the CLI nor the language server may open a connection or resolve a name, even for
// configurations full of URLs: a preload refuses every network API and records each attempt.

const ROOT = repoRoot();
const PRELOAD = path.join(ROOT, 'test/support/no-network.js');
const BIN = path.join(ROOT, 'bin/search-config.js');
const SERVER = path.join(ROOT, 'bin/search-config-language-server.js');

const URL_CONFIG = `${JSON.stringify(
  {
    search_version: '2.19',
    custom_domain: 'search.example.com',
    saml: {
      enabled: true,
      idp_metadata_url: 'http://idp.example.com/metadata',
      idp_entity_id: 'https://idp.example.com/entity',
      sp_entity_id: 'https://sp.example.com',
      idp_pemtrustedcas_content: 'https://example.com/ca.pem',
    },
    openid: {
      enabled: true,
      connect_url: 'http://login.example.com/.well-known/openid-configuration',
      client_id: 'https://client.example.com',
      client_secret: '<CLIENT_SECRET>',
    },
    search: { reindex_remote_whitelist: ['remote.example.com:9200', 'localhost:9200', '127.0.0.1:9200'], email_sender_name: 'alerts' },
    ip_filter: ['0.0.0.0/0', { network: '10.0.0.0/8', description: 'see https://wiki.example.com/network' }],
    homepage: 'https://example.org/unknown-key',
  },
  null,
  2,
)}\n`;

const attemptsIn = (log: string): string[] => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').filter(Boolean) : []);
const freshLog = (): string => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'no-network-')), 'attempts.jsonl');

test('no network: the preload itself catches and records an attempt', () => {
  const log = freshLog();
  const r = spawnSync(
    process.execPath,
    [
      '--require',
      PRELOAD,
      '-e',
      "try { require('node:http').get('http://example.com/') } catch {} ; fetch('https://example.com/').catch(() => {}); try { require('node:dns').lookup('example.com', () => {}) } catch {}",
    ],
    { env: { ...process.env, NO_NETWORK_LOG: log }, encoding: 'utf8' },
  );
  assert.equal(r.status, 0, r.stderr);
  const apis = attemptsIn(log).map((l) => JSON.parse(l).api);
  assert.deepEqual(apis.sort(), ['fetch', 'node:dns.lookup', 'node:http.get'].sort());
});

test('no network: the CLI lints, fixes, explains and diffs URL-filled configurations without any attempt', () => {
  const log = freshLog();
  const dir = tempTree({
    'urls.search.json': URL_CONFIG,
    'urls.search.jsonc': URL_CONFIG.replace('{', '{\n  // docs: https://docs.example.com/search\n'),
    'old.search.json': URL_CONFIG.replace('2.19', '3.3'),
  });
  try {
    const runs = [
      ['lint', '--format', 'sarif', '.'],
      ['lint', '--format', 'json', '--baseline', 'old.search.json', 'urls.search.json'],
      ['lint', '--fix-dry-run', '.'],
      ['lint', '--fix', 'urls.search.jsonc'],
      ['explain', 'saml.idp_metadata_url'],
      ['explain', 'insecure-url'],
      ['diff', 'old.search.json', 'urls.search.json', '--format', 'markdown'],
    ];
    for (const args of runs) {
      const r = spawnSync(process.execPath, ['--require', PRELOAD, BIN, ...args], {
        cwd: dir,
        env: { ...process.env, NO_NETWORK_LOG: log },
        encoding: 'utf8',
      });
      assert.notEqual(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.ok(r.stdout.length > 0, args.join(' '));
    }
    assert.deepEqual(attemptsIn(log), []);
  } finally {
    removeTree(dir);
  }
});

test('no network: the language server answers every request on URL-filled configurations without any attempt', async () => {
  const log = freshLog();
  const dir = tempTree({ 'urls.search.json': URL_CONFIG, '.search-lint.json': '{}\n' });
  const child = spawn(process.execPath, ['--require', PRELOAD, SERVER, '--stdio'], {
    cwd: dir,
    env: { ...process.env, NO_NETWORK_LOG: log },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const diagnostics = new Promise<unknown[]>((resolve) =>
    connection.onNotification('textDocument/publishDiagnostics', (p: { diagnostics: unknown[] }) => resolve(p.diagnostics)),
  );
  connection.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => null));
  connection.onRequest('client/registerCapability', () => null);
  connection.listen();
  try {
    const uri = pathToFileURL(path.join(dir, 'urls.search.json')).href;
    await connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: pathToFileURL(dir).href,
      workspaceFolders: [{ uri: pathToFileURL(dir).href, name: 'w' }],
      capabilities: {},
    });
    await connection.sendNotification('initialized', {});
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text: URL_CONFIG } });
    assert.ok((await diagnostics).length > 0, 'diagnostics arrive');
    const lines = URL_CONFIG.split('\n');
    const whole = { start: { line: 0, character: 0 }, end: { line: lines.length, character: 0 } };
    const doc = { textDocument: { uri } };
    await connection.sendRequest('textDocument/documentLink', doc);
    await connection.sendRequest('textDocument/inlayHint', { ...doc, range: whole });
    await connection.sendRequest('textDocument/codeAction', { ...doc, range: whole, context: { diagnostics: [] } });
    await connection.sendRequest('textDocument/documentSymbol', doc);
    for (let line = 0; line < lines.length; line++) {
      for (const character of [3, Math.floor(lines[line].length / 2), lines[line].length]) {
        await connection.sendRequest('textDocument/hover', { ...doc, position: { line, character } });
        await connection.sendRequest('textDocument/completion', { ...doc, position: { line, character } });
      }
    }
    await connection.sendRequest('shutdown');
    await connection.sendNotification('exit');
    await new Promise((resolve) => {
      if (child.exitCode !== null) resolve(null);
      else child.on('exit', resolve);
    });
    assert.deepEqual(attemptsIn(log), [], stderr);
  } finally {
    connection.dispose();
    if (child.exitCode === null) child.kill();
    removeTree(dir);
  }
});
