// The language server in a browser web worker (VS Code for the Web) against the Node process an editor
// starts: time from opening a typical configuration to its diagnostics, cold (from starting the server)
// and warm (another document opened in a running server), both driven the same way.
//   node worker.mjs CONFIG_JSON   (prints one JSON object)
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node.js';
import { stats } from './lib/measure.mjs';

const now = () => Number(process.hrtime.bigint()) / 1e6;
const initialize = (workDir) => ({
  processId: null,
  rootUri: pathToFileURL(workDir).href,
  workspaceFolders: [{ uri: pathToFileURL(workDir).href, name: 'bench' }],
  capabilities: { textDocument: { publishDiagnostics: { versionSupport: true } }, workspace: { configuration: true } },
});
const answer = (method, params) => (method === 'workspace/configuration' ? params.items.map(() => ({ baseline: 'none' })) : null);

async function nodeServer(cfg, text) {
  const t0 = now();
  const child = spawn(process.execPath, [cfg.serverFile, '--stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
  const conn = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const waiters = new Map();
  conn.onNotification('textDocument/publishDiagnostics', (p) => {
    waiters.get(p.uri)?.(now());
    waiters.delete(p.uri);
  });
  conn.onRequest((method, params) => answer(method, params));
  conn.listen();
  await conn.sendRequest('initialize', initialize(cfg.workDir));
  await conn.sendNotification('initialized', {});
  const open = async (uri) => {
    const published = new Promise((resolve) => waiters.set(uri, resolve));
    const at = now();
    await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'search-config', version: 1, text } });
    return (await published) - at;
  };
  await open(uri(cfg, 'cold-node'));
  return {
    open,
    coldMs: now() - t0,
    stop: () => {
      conn.dispose();
      child.kill();
    },
  };
}

async function workerServer(cfg, text, session) {
  // The page posts initialize as soon as it has started the worker, and initialized and the first didOpen
  // once it is answered, as the extension's client does; it answers the settings pull itself. So the cold
  // start has no round trip to this process in it, as the Node server's has none either.
  const w = await session.WorkerSession.open(cfg.browser, `${cfg.pageUrl}cold`, answer);
  const first = uri(cfg, 'cold-worker');
  // From the page starting the worker (the extension starting its server) to the first diagnostics.
  const coldMs = (await w.diagnostics(first, 1)).at - (await w.startedAt());
  const open = async (u) => {
    // Timed in the page, on the clock the publish is stamped with: no Node-to-browser round trip in it.
    const at = await w.openTimed({ uri: u, languageId: 'search-config', version: 1, text });
    return (await w.diagnostics(u, 1)).at - at;
  };
  return { open, coldMs };
}

/** What the page sends first in a cold start: the same conversation the Node server gets. */
const coldStart = (cfg, text) => ({
  messages: [
    { jsonrpc: '2.0', id: 'cold-initialize', method: 'initialize', params: initialize(cfg.workDir) },
    { jsonrpc: '2.0', method: 'initialized', params: {} },
    {
      jsonrpc: '2.0',
      method: 'textDocument/didOpen',
      params: { textDocument: { uri: uri(cfg, 'cold-worker'), languageId: 'search-config', version: 1, text } },
    },
  ],
  settings: { baseline: 'none' },
});

const uri = (cfg, name) => pathToFileURL(path.join(cfg.workDir, `${name}.search.json`)).href;

async function main(cfg) {
  const home = process.env.PLAYWRIGHT_HOME ?? path.join(process.env.RC_HOME ?? '/tmp/realclients', 'pw');
  if (!fs.existsSync(path.join(home, 'node_modules/playwright-core')) || !fs.existsSync(process.env.CHROMIUM || '/usr/bin/chromium')) {
    return { missing: `Chromium or playwright-core not installed (${home}); .ci/run installs them for the real-editor tests` };
  }
  // The worker page and client of the real-browser tests, bundled for this script.
  const sessionFile = path.join(cfg.workDir, 'worker-session.cjs');
  await esbuild.build({
    entryPoints: [path.join(cfg.root, 'test/web/worker-session.ts')],
    outfile: sessionFile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    logLevel: 'error',
  });
  const session = (await import(pathToFileURL(sessionFile).href)).default;
  const text = fs.readFileSync(cfg.file, 'utf8');
  const page = await session.serveWorkerPage(cfg.root, coldStart(cfg, text));
  const browser = await session.launchChromium();
  try {
    const c = { ...cfg, browser, pageUrl: page.url };
    const result = { file: path.basename(cfg.file), bytes: text.length, node: { cold: [], warm: [] }, worker: { cold: [], warm: [] } };
    for (let run = 0; run < cfg.runs; run++) {
      // Alternating, so that a noisy moment of the machine hits both.
      const n = await nodeServer(c, text);
      const wk = await workerServer(c, text, session);
      result.node.cold.push(n.coldMs);
      result.worker.cold.push(wk.coldMs);
      for (let i = 0; i < cfg.warmOpens; i++) {
        result.node.warm.push(await n.open(uri(c, `node-${run}-${i}`)));
        result.worker.warm.push(await wk.open(uri(c, `worker-${run}-${i}`)));
      }
      n.stop();
    }
    for (const side of ['node', 'worker']) for (const k of ['cold', 'warm']) result[side][k] = stats(result[side][k]);
    return result;
  } finally {
    await browser.close();
    await page.close();
  }
}

main(JSON.parse(process.argv[2]))
  .then((r) => {
    process.stdout.write(JSON.stringify(r));
    process.exit(0);
  })
  .catch((err) => {
    process.stdout.write(JSON.stringify({ error: String(err?.stack ?? err).slice(0, 500) }));
    process.exit(0);
  });
