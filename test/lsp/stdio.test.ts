import assert from 'node:assert/strict';
import { fork, spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  createProtocolConnection,
  IPCMessageReader,
  IPCMessageWriter,
  StreamMessageReader,
  StreamMessageWriter,
  type PublishDiagnosticsParams,
  type Hover,
  type CompletionList,
} from 'vscode-languageserver/node';
import { tempDir, uriOf } from './harness';

const SERVER = path.resolve(__dirname, '../../server.js');
const BIN = path.resolve(__dirname, '../../../bin/search-config-language-server.js');

function exited(child: ChildProcess, timeoutMs: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    if (child.exitCode !== null) {
      resolve(child.exitCode);
      return;
    }
    const t = setTimeout(() => reject(new Error('the server did not exit')), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(t);
      resolve(code);
    });
  });
}

describe('bundled server over stdio', () => {
  it('holds a real conversation: initialize, diagnostics, completion, hover, shutdown, exit', async () => {
    assert.ok(fs.existsSync(SERVER), 'dist/server.js is built');
    const dir = tempDir('stdio');
    const child = spawn(process.execPath, [BIN, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const conn = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    const published: PublishDiagnosticsParams[] = [];
    const got = new Promise<void>((resolve) =>
      conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
        published.push(p);
        if (p.diagnostics.length) resolve();
      }),
    );
    conn.onRequest('workspace/configuration', () => [null]);
    conn.onRequest('client/registerCapability', () => null);
    conn.listen();
    const init = (await conn.sendRequest('initialize', {
      processId: process.pid,
      rootUri: uriOf(dir),
      capabilities: { workspace: { configuration: true } },
      workspaceFolders: [{ uri: uriOf(dir), name: 'w' }],
    })) as { capabilities: Record<string, unknown>; serverInfo?: { name: string } };
    assert.equal(init.serverInfo?.name, 'search-config-language-server');
    for (const cap of [
      'completionProvider',
      'hoverProvider',
      'inlayHintProvider',
      'codeActionProvider',
      'documentFormattingProvider',
      'documentSymbolProvider',
    ])
      assert.ok(init.capabilities[cap], cap);
    await conn.sendNotification('initialized', {});
    const uri = uriOf(path.join(dir, 'prod.search.json'));
    const text = '{\n  "max_index_count": 3,\n  "search": { "http_max_content_length": 104857600 }\n}\n';
    await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text } });
    await got;
    assert.ok(published.some((p) => p.diagnostics.some((d) => d.code === 'deprecated-field' && d.source === 'search-config')));
    const list = (await conn.sendRequest('textDocument/completion', {
      textDocument: { uri },
      position: { line: 2, character: 14 },
    })) as CompletionList;
    assert.ok(list.items.some((i) => i.label === 'http_max_header_size'));
    const hover = (await conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 2, character: 20 } })) as Hover;
    assert.match((hover.contents as { value: string }).value, /http_max_content_length/);
    await conn.sendRequest('shutdown');
    await conn.sendNotification('exit');
    assert.equal(await exited(child, 5000), 0);
    conn.dispose();
  });

  it('survives malformed JSON-RPC and keeps answering', async () => {
    const child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const frame = (body: string) => `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    child.stdin!.write(frame('{this is not json'));
    child.stdin!.write(frame('{"jsonrpc":"2.0","id":"x","method":42}'));
    child.stdin!.write(frame('[1,2,3]'));
    const conn = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    conn.listen();
    const init = (await conn.sendRequest('initialize', { processId: null, rootUri: null, capabilities: {} })) as { capabilities: object };
    assert.ok(init.capabilities);
    await assert.rejects(conn.sendRequest('no/such/method', {}), (e: { code?: number }) => e.code === -32601);
    await conn.sendRequest('shutdown');
    await conn.sendNotification('exit');
    assert.equal(await exited(child, 5000), 0);
    conn.dispose();
  });

  it('exits when its input closes (the client died)', async () => {
    const child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdin!.end();
    assert.notEqual(await exited(child, 5000), null);
  });

  it('exits when the process named by --clientProcessId dies', async () => {
    const parent = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    const child = spawn(process.execPath, [SERVER, '--stdio', `--clientProcessId=${parent.pid}`], { stdio: ['pipe', 'pipe', 'pipe'] });
    try {
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(child.exitCode, null, 'running while the client lives');
      parent.kill('SIGKILL');
      await exited(child, 10000);
    } finally {
      child.kill();
      parent.kill();
    }
  });

  it('speaks over --node-ipc', async () => {
    const child = fork(SERVER, ['--node-ipc'], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
    const conn = createProtocolConnection(new IPCMessageReader(child), new IPCMessageWriter(child));
    conn.listen();
    const init = (await conn.sendRequest('initialize', { processId: null, rootUri: null, capabilities: {} })) as {
      capabilities: { hoverProvider?: boolean };
    };
    assert.equal(init.capabilities.hoverProvider, true);
    await conn.sendRequest('shutdown');
    await conn.sendNotification('exit');
    assert.equal(await exited(child, 5000), 0);
    conn.dispose();
  });

  it('speaks over --socket=PORT', async () => {
    const server = net.createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as net.AddressInfo).port;
    const accepted = new Promise<net.Socket>((r) => server.once('connection', r));
    const child = spawn(process.execPath, [SERVER, `--socket=${port}`], { stdio: 'ignore' });
    try {
      const socket = await accepted;
      const conn = createProtocolConnection(new StreamMessageReader(socket), new StreamMessageWriter(socket));
      conn.listen();
      const init = (await conn.sendRequest('initialize', { processId: null, rootUri: null, capabilities: {} })) as {
        capabilities: { completionProvider?: object };
      };
      assert.ok(init.capabilities.completionProvider);
      await conn.sendRequest('shutdown');
      await conn.sendNotification('exit');
      assert.equal(await exited(child, 5000), 0);
      conn.dispose();
    } finally {
      child.kill();
      server.close();
    }
  });

  it('prints usage and exits 2 without a transport', async () => {
    const child = spawn(process.execPath, [SERVER], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr!.on('data', (d) => {
      err += String(d);
    });
    assert.equal(await exited(child, 5000), 2);
    assert.match(err, /--stdio/);
  });
});
