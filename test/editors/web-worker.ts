/**
 * The language server's web worker bundle in Chromium against the Node server: every rule fixture is
 * opened in both, with the same settings and workspace, and the diagnostics must be the same, item for
 * item (the Terraform fixtures too, parsed by the worker's own HCL parser, and the YAML fixtures). The worker reads `.search-lint.json` and baseline files through the page (as the extension does
 * through VS Code's file system). Then a document past the size limit and malformed messages, after
 * which the worker must still answer.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver/node';
import { listFixtures, loadFixture } from '../support/fixtures';
import { launchChromium, serveWorkerPage, WorkerSession } from '../web/worker-session';
import type { Outcome } from './outcome';

interface Opened {
  uri: string;
  languageId: string;
  text: string;
}
type Settings = Record<string, unknown>;

const LANGUAGE_IDS: Record<string, string> = {
  '.json': 'search-config',
  '.jsonc': 'search-config-jsonc',
  '.http': 'http',
  '.md': 'markdown',
  '.sh': 'shellscript',
};

/** The rule fixtures as a workspace: annotations stripped, baselines beside them, request files with a `.search-lint.json`. */
function fixtureWorkspace(root: string): { dir: string; docs: Opened[]; settings: Map<string, Settings> } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-config-worker-'));
  const docs: Opened[] = [];
  const settings = new Map<string, Settings>();
  const fixturesRoot = path.join(root, 'test', 'fixtures', 'rules');
  for (const file of listFixtures(fixturesRoot)) {
    const fx = loadFixture(file);
    const rel = path.relative(fixturesRoot, file);
    const ext = path.extname(file);
    const isRequests = ext === '.md' || ext === '.sh';
    // Runbooks and scripts are checked where `.search-lint.json` names them; each gets its own, with its hosts.
    const target = isRequests ? path.join(dir, rel.slice(0, -ext.length), path.basename(file)) : path.join(dir, rel);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, fx.text);
    if (isRequests) {
      fs.writeFileSync(
        path.join(path.dirname(target), '.search-lint.json'),
        JSON.stringify({ requests: { files: ['*.md', '*.sh'], ...(fx.options.requestHosts ? { hosts: fx.options.requestHosts } : {}) } }),
      );
    }
    const s: Settings = { baseline: 'none' };
    if (fx.options.baselineLabel) {
      const base = path.join(path.dirname(target), fx.options.baselineLabel);
      fs.writeFileSync(base, fx.options.baselineText ?? '');
      s.baseline = base;
    }
    if (fx.options.cpus !== undefined) s.cpus = fx.options.cpus;
    if (fx.options.rules) s.rules = fx.options.rules;
    const uri = pathToFileURL(target).href;
    settings.set(uri, s);
    docs.push({ uri, languageId: LANGUAGE_IDS[ext] ?? 'plaintext', text: fx.text });
  }
  // The Terraform fixtures, with the variable files beside them: the worker loads the HCL parser from the
  // URLs the page gives it, as the web extension does.
  const terraformRoot = path.join(root, 'test', 'fixtures', 'terraform');
  const terraformDir = path.join(dir, 'terraform');
  fs.mkdirSync(terraformDir);
  for (const name of fs.readdirSync(terraformRoot).sort()) {
    const file = path.join(terraformRoot, name);
    if (!fs.statSync(file).isFile()) continue;
    if (!name.endsWith('.tf') || name.endsWith('.fixed.tf')) {
      fs.copyFileSync(file, path.join(terraformDir, name));
      continue;
    }
    const fx = loadFixture(file);
    const target = path.join(terraformDir, name);
    fs.writeFileSync(target, fx.text);
    const uri = pathToFileURL(target).href;
    settings.set(uri, { baseline: 'none' });
    docs.push({ uri, languageId: 'terraform', text: fx.text });
  }
  // The YAML fixtures (manifests and *.search.yaml), with the yaml language id the YAML extension gives them.
  const yamlRoot = path.join(root, 'test', 'fixtures', 'yaml');
  const yamlDir = path.join(dir, 'yaml');
  fs.mkdirSync(yamlDir);
  for (const name of fs.readdirSync(yamlRoot).sort()) {
    if (!/\.ya?ml$/.test(name) || /\.fixed\.ya?ml$/.test(name)) continue;
    const fx = loadFixture(path.join(yamlRoot, name));
    const target = path.join(yamlDir, name);
    fs.writeFileSync(target, fx.text);
    const uri = pathToFileURL(target).href;
    settings.set(uri, { baseline: 'none' });
    docs.push({ uri, languageId: 'yaml', text: fx.text });
  }
  return { dir, docs, settings };
}

/** What both servers ask of the editor, answered from the disk. */
function editorAnswers(settings: Map<string, Settings>) {
  return (method: string, params: any): unknown => {
    switch (method) {
      case 'workspace/configuration':
        return (params.items as Array<{ scopeUri?: string }>).map((i) => (i.scopeUri && settings.get(i.scopeUri)) ?? { baseline: 'none' });
      case 'searchConfig/readFile': {
        try {
          return { ok: true, text: fs.readFileSync(fileURLToPath(params.uri), 'utf8') };
        } catch (err) {
          const code = (err as NodeJS.ErrnoException).code ?? 'error';
          return { ok: false, missing: code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR', message: code };
        }
      }
      case 'searchConfig/readDirectory': {
        try {
          return fs
            .readdirSync(fileURLToPath(params.uri), { withFileTypes: true })
            .map((e) => ({ name: e.name, type: e.isDirectory() ? 'directory' : 'file' }));
        } catch {
          return null;
        }
      }
      default:
        return null;
    }
  };
}

const initializeParams = (dir: string) => ({
  processId: null,
  rootUri: pathToFileURL(dir).href,
  workspaceFolders: [{ uri: pathToFileURL(dir).href, name: 'fixtures' }],
  capabilities: {
    workspace: { configuration: true, workspaceFolders: true },
    textDocument: { publishDiagnostics: { relatedInformation: true, versionSupport: true, tagSupport: { valueSet: [1, 2] } } },
  },
});

async function nodeServer(root: string, dir: string, answer: (m: string, p: unknown) => unknown) {
  const child = spawn(process.execPath, [path.join(root, 'bin', 'search-config-language-server.js'), '--stdio'], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const conn: ProtocolConnection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const published = new Map<string, PublishDiagnosticsParams>();
  const waiters: Array<() => void> = [];
  conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    published.set(p.uri, p);
    waiters.splice(0).forEach((w) => w());
  });
  for (const method of ['workspace/configuration', 'client/registerCapability', 'window/workDoneProgress/create'])
    conn.onRequest(method, (params: unknown) => answer(method, params) as null);
  conn.listen();
  const init = (await conn.sendRequest('initialize', initializeParams(dir))) as {
    capabilities: { experimental?: { searchConfig?: { host?: string } } };
  };
  await conn.sendNotification('initialized', {});
  return {
    host: init.capabilities.experimental?.searchConfig?.host,
    open: (d: Opened) => conn.sendNotification('textDocument/didOpen', { textDocument: { ...d, version: 1 } }),
    async diagnostics(uri: string): Promise<unknown[]> {
      const deadline = Date.now() + 30_000;
      while (!published.has(uri)) {
        if (Date.now() > deadline) throw new Error(`the Node server published nothing for ${uri}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 200);
        });
      }
      return published.get(uri)!.diagnostics;
    },
    // A server that died already has a closed connection, on which sendRequest throws at once.
    async stop() {
      try {
        await conn.sendRequest('shutdown');
      } catch {
        /* gone already */
      }
      conn.dispose();
      child.kill();
    },
    stderr: () => stderr,
  };
}

export async function webWorkerOutcome(root: string, outDir: string): Promise<Outcome> {
  const o: Outcome = { editor: 'web worker (Chromium)', failures: [], notes: [] };
  const { dir, docs, settings } = fixtureWorkspace(root);
  const answer = editorAnswers(settings);
  const page = await serveWorkerPage(root);
  const browser = await launchChromium();
  const node = await nodeServer(root, dir, answer);
  try {
    const worker = await WorkerSession.open(browser, page.url, answer);
    const init = await worker.request<{ capabilities: { experimental?: { searchConfig?: { host?: string } } } }>(
      'initialize',
      initializeParams(dir),
    );
    await worker.notify('initialized', {});
    const host = init.result?.capabilities.experimental?.searchConfig?.host;
    if (host !== 'browser-worker') o.failures.push(`the worker says it runs in ${JSON.stringify(host)}, not in a browser worker`);
    if (node.host !== 'node') o.failures.push(`the Node server says it runs in ${JSON.stringify(node.host)}`);

    // Both servers load the HCL parser when the first .tf file opens and publish its findings once it is
    // there: a file opened first, and waited for until both have published them, so that the comparison
    // below sees each server's findings rather than the moment its parser was loading.
    const warmUp = docs.find((d) => d.uri.endsWith('/issue-example.tf'));
    if (warmUp) {
      const first = { ...warmUp, uri: warmUp.uri.replace(/issue-example\.tf$/, 'warm-up.tf') };
      await Promise.all([node.open(first), worker.notify('textDocument/didOpen', { textDocument: { ...first, version: 1 } })]);
      const deadline = Date.now() + 60_000;
      const both = async () =>
        (await node.diagnostics(first.uri)).length > 0 && (await worker.diagnostics(first.uri, 1)).diagnostics.length > 0;
      while (!(await both())) {
        if (Date.now() > deadline)
          throw new Error('no findings for a Terraform file after 60 s: the HCL parser did not load in one of the servers');
        await new Promise((r) => setTimeout(r, 200));
      }
    }

    let total = 0;
    const differing: string[] = [];
    for (const d of docs) {
      await Promise.all([node.open(d), worker.notify('textDocument/didOpen', { textDocument: { ...d, version: 1 } })]);
      const [fromNode, fromWorker] = await Promise.all([node.diagnostics(d.uri), worker.diagnostics(d.uri, 1).then((p) => p.diagnostics)]);
      total += fromNode.length;
      if (JSON.stringify(fromNode) !== JSON.stringify(fromWorker)) {
        differing.push(
          `${path.relative(dir, fileURLToPath(d.uri))}: Node ${JSON.stringify(fromNode).slice(0, 300)} / worker ${JSON.stringify(fromWorker).slice(0, 300)}`,
        );
      }
    }
    if (differing.length)
      o.failures.push(
        `the worker's diagnostics differ from the Node server's on ${differing.length} fixtures:\n    ${differing.join('\n    ')}`,
      );
    if (total === 0) o.failures.push('no fixture had any diagnostics: the comparison proves nothing');
    o.notes.push(`${docs.length} rule fixtures: ${total} diagnostics, the same from the worker as from the Node server`);
    const terraformDocs = docs.filter((d) => d.languageId === 'terraform');
    let terraformTotal = 0;
    for (const d of terraformDocs) terraformTotal += (await node.diagnostics(d.uri)).length;
    if (terraformDocs.length === 0 || terraformTotal === 0)
      o.failures.push(`the Terraform fixtures (${terraformDocs.length}) gave no diagnostics: the worker's HCL parser is not proved`);
    else
      o.notes.push(
        `of which ${terraformDocs.length} Terraform files: ${terraformTotal} diagnostics, the same from the worker's HCL parser`,
      );
    const yamlDocs = docs.filter((d) => d.languageId === 'yaml');
    let yamlTotal = 0;
    for (const d of yamlDocs) yamlTotal += (await node.diagnostics(d.uri)).length;
    if (yamlDocs.length === 0 || yamlTotal === 0)
      o.failures.push(`the YAML fixtures (${yamlDocs.length}) gave no diagnostics: the worker's YAML reader is not proved`);
    else o.notes.push(`of which ${yamlDocs.length} YAML files: ${yamlTotal} diagnostics, the same from the worker's YAML reader`);

    // Past the size limit: one finding saying so, and the worker lives on.
    const big = {
      uri: pathToFileURL(path.join(dir, 'huge.search.json')).href,
      languageId: 'search-config',
      text: `{"search": {"a": "${'x'.repeat(21 * 1024 * 1024)}"}}`,
    };
    await worker.notify('textDocument/didOpen', { textDocument: { ...big, version: 1 } });
    const bigDiagnostics = (await worker.diagnostics(big.uri, 1, 60_000)).diagnostics;
    if (!bigDiagnostics.some((x: { message: string }) => /larger|size|too large/i.test(x.message)))
      o.failures.push(`a 21 MB document gives ${JSON.stringify(bigDiagnostics).slice(0, 300)}, not a size finding`);
    // Malformed messages: not JSON-RPC at all, a request with broken params, a notification for no document.
    await worker.postRaw('not a message');
    await worker.postRaw({ jsonrpc: '2.0', id: 'broken', method: 'textDocument/hover', params: { textDocument: null, position: 'x' } });
    await worker.postRaw({ jsonrpc: '2.0', method: 'textDocument/didChange', params: {} });
    const after = {
      uri: pathToFileURL(path.join(dir, 'after.search.json')).href,
      languageId: 'search-config',
      text: '{ "search": { "indices_fielddata_cache_size": "40%" } }',
    };
    await worker.notify('textDocument/didOpen', { textDocument: { ...after, version: 1 } });
    await worker.diagnostics(after.uri, 1);
    const hover = await worker.request('textDocument/hover', { textDocument: { uri: after.uri }, position: { line: 0, character: 18 } });
    if (hover.error) o.failures.push(`after malformed messages the worker answers hover with an error: ${hover.error.message}`);
    const errors = await worker.errors();
    if (errors.length) o.failures.push(`the worker reported errors: ${errors.join('; ')}`);
    o.notes.push('a 21 MB document and malformed messages: the worker kept answering');
    fs.writeFileSync(path.join(outDir, 'web-worker-logs.txt'), (await worker.logs()).join('\n'));
  } catch (err) {
    o.failures.push(
      `the worker session failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}${node.stderr() ? `\n  Node server stderr: ${node.stderr().slice(-2000)}` : ''}`,
    );
  } finally {
    await node.stop();
    await browser.close();
    await page.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return o;
}
