/**
 * The server's entry point (dist/server.js) runs dist/server-main.js from the code cache the build
 * writes. A copy of dist/ is used so that the cache can be removed, made stale or broken.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter, type Hover } from 'vscode-languageserver/node';

const root = path.resolve(__dirname, '../../..');
const HASH_LENGTH = 32;
/** The hash, then the parts of the program the run that wrote the cache used. */
const HEADER_LENGTH = HASH_LENGTH + 32;
const MARK = '//# search-config-build=';

function tree(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-config-server-cache-'));
  for (const d of ['bin', 'dist']) fs.mkdirSync(path.join(dir, d));
  fs.copyFileSync(path.join(root, 'bin/run-bundle.js'), path.join(dir, 'bin/run-bundle.js'));
  for (const f of ['server.js', 'server-main.js', 'server-core.js', 'server-extras.js']) fs.copyFileSync(path.join(root, 'dist', f), path.join(dir, 'dist', f));
  return dir;
}

/** Loads the server bundle the way dist/server.js does and says whether V8 took the cache. */
function load(dir: string, writeCache = false): { cacheUsed?: boolean; status: number | null } {
  const loader = JSON.stringify(path.join(dir, 'bin/run-bundle.js'));
  const script = writeCache
    ? `process.argv = [process.argv[0], 'server', '--help']; require(${loader}).runBundle('server-main', { writeCache: true });`
    : `process.argv = [process.argv[0], 'server', '--stdio']; const r = require(${loader}).runBundle('server-main'); require('fs').writeSync(2, JSON.stringify({ cacheUsed: r.cacheUsed })); process.exit(0);`;
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
  return writeCache ? { status: r.status } : { ...JSON.parse(r.stderr || '{}'), status: r.status };
}

/** A conversation with the copied dist/server.js over stdio: it must answer whatever the cache. */
async function converse(dir: string): Promise<void> {
  const child = spawn(process.execPath, [path.join(dir, 'dist/server.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  const conn = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  conn.onRequest('client/registerCapability', () => null);
  conn.listen();
  try {
    const init = await conn.sendRequest('initialize', { processId: null, rootUri: null, capabilities: {} }) as { serverInfo?: { name: string } };
    assert.equal(init.serverInfo?.name, 'search-config-language-server');
    await conn.sendNotification('initialized', {});
    const uri = 'untitled:prod.search.json';
    await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'search-config', version: 1, text: '{ "search": { "http_max_content_length": 104857600 } }' } });
    const hover = await conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 20 } }) as Hover;
    assert.match((hover.contents as { value: string }).value, /http_max_content_length/);
    await conn.sendRequest('shutdown');
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    await conn.sendNotification('exit');
    assert.equal(await exited, 0);
  } finally {
    conn.dispose();
    child.kill();
  }
}

describe('the server bundle and its code cache', () => {
  it('the build writes a cache that matches the built bundle', () => {
    const source = fs.readFileSync(path.join(root, 'dist/server-main.js'), 'utf8');
    const cache = fs.readFileSync(path.join(root, 'dist/server-main.js.cache'));
    const hash = source.slice(source.lastIndexOf(MARK) + MARK.length).trim();
    assert.equal(hash.length, HASH_LENGTH);
    assert.equal(cache.toString('latin1', 0, HASH_LENGTH), hash);
  });

  it('starts without a cache, from a fresh one, from a stale one and from a corrupt one', async () => {
    const dir = tree();
    const cacheFile = path.join(dir, 'dist/server-main.js.cache');
    const bundle = path.join(dir, 'dist/server-main.js');
    try {
      assert.deepEqual(load(dir), { cacheUsed: false, status: 0 }, 'no cache');
      await converse(dir);

      assert.equal(load(dir, true).status, 0, 'writing the cache');
      assert.ok(fs.statSync(cacheFile).size > HASH_LENGTH, 'the cache is written');
      assert.ok(fs.statSync(path.join(dir, 'dist/server-core.js.cache')).size > HASH_LENGTH, 'the shared analyzer bundle it loads gets its cache too');
      assert.deepEqual(load(dir), { cacheUsed: true, status: 0 }, 'with the cache');
      await converse(dir);

      // Another build of the same length: V8 alone would take the cache; the build hash refuses it.
      const source = fs.readFileSync(bundle, 'utf8');
      const at = source.lastIndexOf(MARK) + MARK.length;
      const other = source.slice(0, at) + source.slice(at, at + HASH_LENGTH).replace(/^./, (c) => (c === '0' ? '1' : '0')) + source.slice(at + HASH_LENGTH);
      assert.equal(other.length, source.length);
      fs.writeFileSync(bundle, other);
      assert.deepEqual(load(dir), { cacheUsed: false, status: 0 }, 'a cache written for another build is not used');
      await converse(dir);

      // The right hash in front of data V8 rejects.
      fs.writeFileSync(bundle, source);
      fs.writeFileSync(cacheFile, Buffer.concat([fs.readFileSync(cacheFile).subarray(0, HEADER_LENGTH), Buffer.from('not a code cache')]));
      assert.deepEqual(load(dir), { cacheUsed: false, status: 0 }, 'a corrupt cache is rejected by V8 and ignored');
      await converse(dir);

      fs.writeFileSync(bundle, source.slice(0, source.lastIndexOf(MARK)));
      assert.deepEqual(load(dir), { cacheUsed: false, status: 0 }, 'a bundle without a build hash never uses a cache');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('does not load the modules only some transports and features need', () => {
    const script = `process.argv = [process.argv[0], 'server', '--stdio'];
      const Module = require('module'); const load = Module._load; const seen = new Set();
      Module._load = function (id, ...rest) { seen.add(id.replace(/^node:/, '')); return load.call(this, id, ...rest); };
      require(${JSON.stringify(path.join(root, 'dist/server.js'))});
      require('fs').writeSync(2, JSON.stringify([...seen])); process.exit(0);`;
    const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    const loaded: string[] = JSON.parse(r.stderr);
    for (const m of ['child_process', 'crypto', 'v8']) assert.ok(!loaded.includes(m), `${m} is not loaded at start: ${loaded.join(' ')}`);
  });
});
