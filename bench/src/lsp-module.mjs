// The editor in a Terraform module of many files, over the language server's stdio (see lsp.mjs):
// opening a .tf file once the module has been read, to its first diagnostics; and a change to
// terraform.tfvars, on disk (watched files) and in an open buffer, to the fresh diagnostics of
// every open .tf file of the module.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { stats } from './lib/measure.mjs';
import { MODULE_CLAUSES, tfvarsText } from './generate-terraform.mjs';

const now = () => Number(process.hrtime.bigint()) / 1e6;

/**
 * The server's main thread: time on a core and time waiting for one, in ms (Linux's schedstat;
 * undefined elsewhere). On a busy machine the wait says how much of a latency is the machine's.
 */
function schedOf(pid) {
  try {
    const [run, wait] = fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').trim().split(/\s+/).map(Number);
    return { run: run / 1e6, wait: wait / 1e6 };
  } catch {
    return undefined;
  }
}

/** Times `fn` (wall) and the server's scheduling meanwhile, into `into`. */
async function timed(pid, into, fn) {
  const s0 = schedOf(pid),
    t0 = now();
  await fn();
  const ms = now() - t0,
    s1 = schedOf(pid);
  into.ms.push(ms);
  if (s0 && s1) {
    into.run.push(s1.run - s0.run);
    into.wait.push(s1.wait - s0.wait);
  }
  return ms;
}
const series = () => ({ ms: [], run: [], wait: [] });
const summary = (x) => ({
  ...stats(x.ms),
  serverCpuMs: x.run.length ? stats(x.run).median : undefined,
  serverWaitMs: x.wait.length ? stats(x.wait).median : undefined,
});
const pause = (ms) => new Promise((r) => setTimeout(r, ms));
/** FileChangeType.Changed of the LSP. */
const CHANGED = 2;

/**
 * Whether a publish shows the clause count that terraform.tfvars gives: each block file's
 * diagnostics name the value and where it comes from, so a publish made before the change was
 * read cannot pass for the one after it.
 */
const reads = (clauses) => (p) =>
  p.diagnostics.some((d) => d.message.includes(` is ${clauses},`) && d.message.includes('terraform.tfvars'));

/**
 * `cfg.module`: { dir, blockFiles, tfvars, files } from generateTerraformModule. The first block
 * file opened reads the module; each other one is then opened in turn (and stays open, as in an
 * editor), each after the server has also re-linted the files already open (an open buffer of a
 * module file counts for its neighbours' variables). Then terraform.tfvars is rewritten `runs`
 * times, alternating a valid and an invalid value, and announced as a watched file's change; then
 * the same through an open buffer of it.
 */
export async function terraformModule(s, cfg) {
  const m = cfg.module;
  const uris = m.blockFiles.map((f) => pathToFileURL(f).href);
  const textOf = (f) => fs.readFileSync(f, 'utf8');
  const out = { moduleFiles: m.files, moduleOpenFiles: uris.length };
  const pid = s.child.pid;
  const open = async (i, into) => {
    // The neighbours already open are linted again once the debounce has passed: waited for too,
    // so that their work does not fall into the next measurement.
    const relinted = uris.slice(0, i).map((u) => s.diagnosticsFor(u, () => true, 30_000));
    let d;
    const ms = await timed(pid, into, async () => {
      s.open(uris[i], textOf(m.blockFiles[i]), 'terraform');
      d = await s.diagnosticsFor(uris[i], 1);
      // Until the server has loaded the HCL parser, a .tf file is published without diagnostics.
      while (!d.diagnostics.length) d = await s.diagnosticsFor(uris[i], 1);
    });
    await Promise.all(relinted);
    return { ms, diagnostics: d.diagnostics.length };
  };
  const first = await open(0, series());
  out.moduleFirstOpenMs = first.ms;
  const opens = series();
  for (let i = 1; i < uris.length; i++) {
    await pause(cfg.editPauseMs);
    await open(i, opens);
  }
  out.moduleOpenMs = summary(opens);
  out.moduleOpenDiagnostics = first.diagnostics;

  // terraform.tfvars changed on disk: every open block file must publish the new value.
  const tfvarsUri = pathToFileURL(m.tfvars).href;
  const allRead = (clauses) => Promise.all(uris.map((u) => s.diagnosticsFor(u, reads(clauses), 30_000)));
  const values = (i) => (i % 2 === 0 ? MODULE_CLAUSES.invalid : MODULE_CLAUSES.valid);
  const onDisk = series();
  for (let i = 0; i < cfg.tfvarsRuns; i++) {
    await pause(cfg.editPauseMs);
    fs.writeFileSync(m.tfvars, tfvarsText({ clauses: values(i) }));
    await timed(pid, onDisk, async () => {
      const done = allRead(values(i));
      s.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: tfvarsUri, type: CHANGED }] });
      await done;
    });
  }
  out.tfvarsOnDiskMs = summary(onDisk);

  // The same change typed into an open buffer of terraform.tfvars (unsaved).
  await pause(cfg.editPauseMs);
  let text = tfvarsText({ clauses: values(cfg.tfvarsRuns - 1) });
  fs.writeFileSync(m.tfvars, text);
  {
    const relinted = uris.map((u) => s.diagnosticsFor(u, () => true, 30_000));
    s.open(tfvarsUri, text, 'terraform-vars');
    await Promise.all(relinted);
  }
  const inBuffer = series();
  for (let i = 0, version = 1; i < cfg.tfvarsRuns; i++) {
    await pause(cfg.editPauseMs);
    const at = text.indexOf('max_clause_count = ') + 'max_clause_count = '.length;
    const old = /^\d+/.exec(text.slice(at))[0];
    version++;
    await timed(pid, inBuffer, async () => {
      const done = allRead(values(i));
      text = s.change(tfvarsUri, version, text, at, old.length, String(values(i)));
      await done;
    });
  }
  out.tfvarsBufferMs = summary(inBuffer);
  s.close(tfvarsUri);
  for (const u of uris) s.close(u);
  fs.writeFileSync(m.tfvars, tfvarsText({ clauses: MODULE_CLAUSES.valid }));
  out.moduleDir = path.basename(m.dir);
  return out;
}
