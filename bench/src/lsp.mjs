// Drives the real language server (dist/server.js) over stdio as an editor would: time from an
// edit of a 1 MB document to fresh diagnostics, and the server's memory after opening the 10 MB
// file and after 10,000 edits; in a Terraform module of many files, opening a .tf file and a change
// to terraform.tfvars to fresh diagnostics (lsp-module.mjs).
//   node lsp.mjs CONFIG_JSON   (prints one JSON object)
// With "only": "edits" in the configuration, only the edits of the .tf file and the manifest, and
// the Terraform module, are measured (a quick check of a change to them, without the JSON documents' measurements).
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node.js';
import { stats } from './lib/measure.mjs';
import { terraformModule } from './lsp-module.mjs';

const now = () => Number(process.hrtime.bigint()) / 1e6;
const LANGUAGE_ID = 'search-config';

function rssKiB(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
  } catch {
    return undefined;
  }
}

/** Loading the server bundle in a fresh process: module evaluation only, not the connection. */
export function serverLoadMs(serverFile, runs) {
  const code = `const t=process.hrtime.bigint();require(${JSON.stringify(serverFile)});process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6));process.exit(0)`;
  const times = [];
  for (let i = 0; i < runs; i++) {
    // After -e, argv[1] is the first extra argument: a stand-in for the script path, so that the
    // server sees --stdio where it expects its options.
    const r = spawnSync(process.execPath, ['-e', code, '--', serverFile, '--stdio'], {
      encoding: 'utf8',
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: 20_000,
    });
    const ms = Number(r.stdout);
    if (r.status !== 0 || !Number.isFinite(ms)) return { error: (r.stderr || `exit ${r.status}`).slice(0, 300) };
    times.push(ms);
  }
  return stats(times);
}

async function session(cfg) {
  // cfg.nodeArgs: Node's options for the server, e.g. ["--cpu-prof", "--cpu-prof-dir=DIR"] to see where its time goes.
  const child = spawn(process.execPath, [...(cfg.nodeArgs ?? []), cfg.serverFile, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const conn = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const waiters = [];
  const published = new Map();
  conn.onNotification('textDocument/publishDiagnostics', (p) => {
    published.set(p.uri, p);
    for (const w of [...waiters])
      if (w.uri === p.uri && (w.accept ? w.accept(p) : p.version === undefined || w.version === undefined || p.version >= w.version)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(p);
      }
  });
  conn.onRequest('workspace/configuration', (p) => p.items.map(() => null));
  conn.onRequest(() => null);
  conn.onNotification(() => {});
  conn.listen();
  // A version to wait for, or a function that accepts the publish waited for.
  const diagnosticsFor = (uri, version, timeoutMs = 60_000) =>
    new Promise((resolve, reject) => {
      const w = {
        uri,
        version: typeof version === 'function' ? undefined : version,
        accept: typeof version === 'function' ? version : undefined,
        resolve,
      };
      waiters.push(w);
      setTimeout(() => {
        if (waiters.includes(w)) {
          waiters.splice(waiters.indexOf(w), 1);
          reject(
            new Error(
              `no diagnostics for ${path.basename(uri)} ${typeof version === 'function' ? 'as awaited' : `v${version}`} within ${timeoutMs} ms`,
            ),
          );
        }
      }, timeoutMs).unref();
    });
  const init = await conn.sendRequest('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(cfg.workDir).href,
    workspaceFolders: [{ uri: pathToFileURL(cfg.workDir).href, name: 'bench' }],
    // Watched files registered by the server, as an editor's client lets it: the Terraform module's files among them.
    capabilities: {
      textDocument: { publishDiagnostics: { versionSupport: true, relatedInformation: true }, synchronization: { didSave: true } },
      workspace: { configuration: true, didChangeWatchedFiles: { dynamicRegistration: true } },
    },
  });
  await conn.sendNotification('initialized', {});
  const sync = init.capabilities.textDocumentSync;
  const incremental = (typeof sync === 'object' ? sync.change : sync) === 2;
  return {
    child,
    conn,
    stderr: () => stderr,
    incremental,
    diagnosticsFor,
    open: (uri, text, languageId = LANGUAGE_ID) =>
      conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } }),
    close: (uri) => conn.sendNotification('textDocument/didClose', { textDocument: { uri } }),
    /** Replaces `length` characters at `offset` (the whole text is sent when the server wants full sync). */
    change: (uri, version, text, offset, length, newText) => {
      const after = text.slice(0, offset) + newText + text.slice(offset + length);
      const change = incremental ? { range: rangeOf(text, offset, length), text: newText } : { text: after };
      conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [change] });
      return after;
    },
  };
}

/** Isolated edits of a value near the end of a 5,000-line .tf file, each to its fresh diagnostics. */
const terraformEdits = (s, cfg) =>
  fileEdits(s, cfg, { file: cfg.files.tf5000, languageId: 'terraform', before: 'max_index_count = ', prefix: 'tf5000' });

/** The same in a 5,000-line Kubernetes manifest (several documents, two of kind Search). */
const manifestEdits = (s, cfg) =>
  fileEdits(s, cfg, { file: cfg.files.manifest5000, languageId: 'yaml', before: 'max_index_count: ', prefix: 'manifest5000' });

/** Isolated edits of the digit after the last `before` in the file, each to its fresh diagnostics. */
async function fileEdits(s, cfg, { file, languageId, before, prefix }) {
  const uri = pathToFileURL(file).href;
  let text = fs.readFileSync(file, 'utf8');
  let t0 = now();
  s.open(uri, text, languageId);
  // Until the server has loaded the HCL parser, the file is published without diagnostics; the file
  // has mistakes, so the first diagnostics that name them are those of its analysis.
  let d = await s.diagnosticsFor(uri, 1);
  while (!d.diagnostics.length) d = await s.diagnosticsFor(uri, 1);
  const out = {
    [`${prefix}OpenMs`]: now() - t0,
    [`${prefix}Diagnostics`]: d.diagnostics.length,
    [`${prefix}Lines`]: text.split('\n').length - 1,
  };
  const at = text.lastIndexOf(before) + before.length;
  const edits = [];
  for (let i = 0, version = 1; i < cfg.editRuns; i++) {
    await new Promise((r) => setTimeout(r, cfg.editPauseMs));
    version++;
    t0 = now();
    text = s.change(uri, version, text, at, 1, String((i % 9) + 1));
    d = await s.diagnosticsFor(uri, version);
    edits.push(now() - t0);
  }
  out[`${prefix}EditToDiagnosticsMs`] = stats(edits);
  out[`${prefix}EditDiagnostics`] = d.diagnostics.length;
  s.close(uri);
  return out;
}

/** The module's measurements; a failure there is its own, and the other figures stand. */
async function moduleOf(s, cfg) {
  try {
    return await terraformModule(s, cfg);
  } catch (err) {
    return { moduleError: `${err.message}${s.stderr() ? `; server stderr: ${s.stderr().slice(0, 300)}` : ''}` };
  }
}

function rangeOf(text, offset, length) {
  const pos = (o) => {
    const before = text.slice(0, o);
    const line = (before.match(/\n/g) ?? []).length;
    return { line, character: o - (before.lastIndexOf('\n') + 1) };
  };
  return { start: pos(offset), end: pos(offset + length) };
}

async function main(cfg) {
  const out = {};
  if (!fs.existsSync(cfg.serverFile))
    return { missing: `${path.relative(cfg.root, cfg.serverFile)} does not exist (the language server is not built)` };
  const editsOnly = cfg.only === 'edits';
  if (!editsOnly) out.loadMs = serverLoadMs(cfg.serverFile, cfg.loadRuns);
  const s = await session(cfg);
  try {
    if (editsOnly) {
      if (cfg.files.tf5000) Object.assign(out, await terraformEdits(s, cfg));
      if (cfg.files.manifest5000) Object.assign(out, await manifestEdits(s, cfg));
      if (cfg.module) Object.assign(out, await moduleOf(s, cfg));
      return out;
    }
    out.incrementalSync = s.incremental;
    out.rssAfterInitKiB = rssKiB(s.child.pid);

    // Edit -> fresh diagnostics on the 1 MB document.
    const bigUri = pathToFileURL(cfg.files.mb1).href;
    let text = fs.readFileSync(cfg.files.mb1, 'utf8');
    let t0 = now();
    s.open(bigUri, text);
    let d = await s.diagnosticsFor(bigUri, 1);
    out.mb1OpenMs = now() - t0;
    out.mb1Diagnostics = d.diagnostics.length;
    const at = text.indexOf('"max_index_count": ') + '"max_index_count": '.length;
    const edits = [];
    let version = 1;
    for (let i = 0; i < cfg.editRuns; i++) {
      // An isolated edit, after a pause longer than the server's debounce of bursts of typing.
      await new Promise((r) => setTimeout(r, cfg.editPauseMs));
      version++;
      t0 = now();
      text = s.change(bigUri, version, text, at, 1, String((i % 9) + 1));
      d = await s.diagnosticsFor(bigUri, version);
      edits.push(now() - t0);
    }
    out.mb1EditToDiagnosticsMs = stats(edits);
    s.close(bigUri);

    // Edit -> fresh diagnostics on a 5,000-line .tf file (the first open also loads the HCL parser).
    if (cfg.files.tf5000) Object.assign(out, await terraformEdits(s, cfg));
    // The same on a 5,000-line Kubernetes manifest.
    if (cfg.files.manifest5000) Object.assign(out, await manifestEdits(s, cfg));

    // Memory with the 10 MB file open.
    const hugeUri = pathToFileURL(cfg.files.mb10).href;
    t0 = now();
    s.open(hugeUri, fs.readFileSync(cfg.files.mb10, 'utf8'));
    d = await s.diagnosticsFor(hugeUri, 1, 120_000);
    out.mb10OpenMs = now() - t0;
    out.mb10Diagnostics = d.diagnostics.length;
    out.mb10Located = d.diagnostics.slice(0, 3).map((x) => `${x.range.start.line + 1}:${x.range.start.character + 1} ${x.code ?? ''}`);
    out.rssAfter10MbKiB = rssKiB(s.child.pid);
    s.close(hugeUri);

    // Many edits of a typical configuration, sent as fast as a fast typist's editor would.
    const smallUri = pathToFileURL(cfg.files.small[0]).href;
    let small = fs.readFileSync(cfg.files.small[0], 'utf8');
    s.open(smallUri, small);
    await s.diagnosticsFor(smallUri, 1);
    const spot = small.indexOf('"max_index_count": ') + '"max_index_count": '.length;
    t0 = now();
    let v = 1;
    for (let i = 0; i < cfg.manyEdits; i++) {
      v++;
      small = s.change(smallUri, v, small, spot, 1, String((i % 9) + 1));
      if (i % 500 === 499) await new Promise((r) => setImmediate(r));
    }
    await s.diagnosticsFor(smallUri, v, 120_000);
    out.manyEdits = cfg.manyEdits;
    out.manyEditsMs = now() - t0;
    out.rssAfterManyEditsKiB = rssKiB(s.child.pid);
    s.close(smallUri);

    // Opening a .tf file of a module of many files, and a change to its terraform.tfvars: last, so
    // that the module's files the server keeps are not in the memory figures above.
    if (cfg.module) Object.assign(out, await moduleOf(s, cfg));
  } catch (err) {
    out.error = `${err.message}${s.stderr() ? `; server stderr: ${s.stderr().slice(0, 300)}` : ''}`;
  } finally {
    try {
      await Promise.race([s.conn.sendRequest('shutdown'), new Promise((r) => setTimeout(r, 2000))]);
      s.conn.sendNotification('exit');
    } catch {
      /* already gone */
    }
    setTimeout(() => s.child.kill(), 1000).unref();
  }
  return out;
}

const result = await main(JSON.parse(process.argv[2])).catch((err) => ({ error: String(err?.stack ?? err).slice(0, 500) }));
process.stdout.write(JSON.stringify(result));
process.exit(0);
