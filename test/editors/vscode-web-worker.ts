/**
 * The packaged .vsix in VS Code's web worker extension host (code-server in Chromium), as in vscode.dev and
 * github.dev: a user setting makes VS Code run the extension from its `browser` entry, so that both the
 * extension and its language server run in the browser. The Problems panel must show the deprecated field
 * and the missing required OpenID field, completion must insert a documented default, hover must show the
 * unit and the converted value, the change impact view must list the field the completion added (against a
 * baseline file, read through the editor's file system, as in github.dev), Fix All must leave the text
 * `search-config lint --fix` writes, fix on save must fix a value broken again, and the status item must say that the server runs in a browser web worker.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expectationsFor } from './expectations';
import { checkFixOnSave, FIX_ON_SAVE_KEY, type Line, type Outcome } from './outcome';

const EXTENSION_ID = 'search-config.search-config';
const FILE = 'review.search.json';
/** The configuration as deployed: the file as it was opened, so that only the edits of the test are changes. */
const BASELINE = 'deployed/review.search.json';

export function vscodeWebWorker(root: string, vsix: string, fixture: string, outDir: string): Outcome {
  const o: Outcome = { editor: 'vscode web worker', failures: [], notes: [] };
  // The editors' fixture without the OpenID client secret: the block is enabled, so the secret is required.
  const text = fs.readFileSync(fixture, 'utf8').replace(/\n\s*"client_secret": "[^"]*",/, '');
  const e = expectationsFor(text, FILE);
  const missing = e.findings.find((f) => f.ruleId === 'missing-required');
  if (!missing) {
    o.failures.push('the web fixture has no missing-required finding');
    return o;
  }
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'search-config-web-'));
  const file = path.join(workspace, FILE);
  fs.writeFileSync(file, text);
  fs.mkdirSync(path.join(workspace, path.dirname(BASELINE)), { recursive: true });
  fs.writeFileSync(path.join(workspace, BASELINE), text);
  fs.mkdirSync(path.join(workspace, '.vscode'));
  fs.writeFileSync(path.join(workspace, '.vscode', 'settings.json'), JSON.stringify({ 'searchConfig.baseline': BASELINE }, null, 2));
  const oneBased = (p: { line: number; character: number }) => `${p.line + 1}:${p.character + 1}`;
  const out = path.join(outDir, 'vscode-web-worker.jsonl');
  const t0 = Date.now();
  const r = spawnSync(
    'bash',
    [
      path.join(root, 'test', 'editors', 'vscode-session.sh'),
      vsix,
      workspace,
      out,
      '--file',
      FILE,
      '--steps',
      'host,problems,hover,completion,changeImpact,fixAll,fixOnSave',
      '--complete',
      oneBased(e.completion.at),
      '--label',
      e.completion.label,
      '--hover',
      oneBased(e.hover.at),
      '--fix-on-save',
      FIX_ON_SAVE_KEY,
      '--screenshot',
      path.join(outDir, 'vscode-web-worker.png'),
    ],
    {
      encoding: 'utf8',
      timeout: 300_000,
      env: { ...process.env, EXTRA_SETTINGS: `"remote.extensionKind": { "${EXTENSION_ID}": ["web"] },` },
    },
  );
  fs.writeFileSync(path.join(outDir, 'vscode-web-worker.stderr.log'), r.stderr ?? '');
  o.notes.push(`exit ${r.status ?? r.signal} in ${Date.now() - t0} ms; output in ${out}`);
  if (r.status !== 0)
    o.failures.push(
      `vscode-session.sh exited ${r.status ?? r.signal}: ${String(r.stderr ?? '')
        .trim()
        .split('\n')
        .slice(-3)
        .join(' | ')}`,
    );
  const lines = fs.existsSync(out)
    ? fs
        .readFileSync(out, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Line)
    : [];
  const summary = lines.find((l) => l.type === 'summary');
  if (summary?.ok !== true) o.failures.push(`UI steps failed: ${JSON.stringify(summary?.failures ?? 'no summary')}`);

  const host = String(lines.find((l) => l.type === 'host')?.label ?? '');
  if (!host.includes('in a browser web worker'))
    o.failures.push(`the status item does not say the server runs in a browser web worker: ${JSON.stringify(host)}`);
  else o.notes.push(`status item: ${host}`);

  const rows = ((lines.find((l) => l.type === 'problems')?.rows ?? []) as string[]).map(String);
  for (const f of [e.deprecated, missing]) {
    if (!rows.some((row) => row.includes(f.message) && row.includes(`at line ${f.range.start.line + 1} `)))
      o.failures.push(`no Problems row for ${f.ruleId} "${f.message}" at line ${f.range.start.line + 1}: ${JSON.stringify(rows)}`);
  }

  const hover = String(lines.find((l) => l.type === 'hover')?.text ?? '');
  for (const s of e.hover.mustContain)
    if (!hover.includes(s))
      o.failures.push(`hover at ${oneBased(e.hover.at)} lacks ${JSON.stringify(s)}: ${JSON.stringify(hover.slice(0, 300))}`);

  const completed = lines.find((l) => l.type === 'saved' && l.after === 'completion')?.text as string | undefined;
  if (completed === undefined) o.failures.push('no text after completion');
  else if (!completed.includes(`"${e.completion.label}": ${e.completion.defaultJson}`))
    o.failures.push(`accepting ${e.completion.label} did not insert its default ${e.completion.defaultJson}:\n${completed}`);

  const impact = lines.find((l) => l.type === 'changeImpact');
  const changedField = [...e.completion.parentPath, e.completion.label].join('.');
  if (!impact?.view) o.failures.push(`Show Change Impact against ${BASELINE} showed no view: ${JSON.stringify(impact ?? null)}`);
  else if (!String(impact.view).replace(/\s+/g, '').includes(changedField))
    o.failures.push(`the change impact view does not list ${changedField}: ${String(impact.view).slice(0, 400)}`);
  else o.notes.push(`change impact view (baseline file ${BASELINE}) lists ${changedField}`);

  const fixed = lines.find((l) => l.type === 'saved' && l.after === 'fixAll')?.text as string | undefined;
  if (completed !== undefined && fixed !== undefined) {
    // What the command line writes for the same text.
    const copy = path.join(workspace, 'cli', FILE);
    fs.mkdirSync(path.dirname(copy), { recursive: true });
    fs.writeFileSync(copy, completed);
    spawnSync(
      process.execPath,
      [path.join(root, 'bin', 'search-config.js'), 'lint', '--fix', '--baseline', path.join(workspace, BASELINE), copy],
      { encoding: 'utf8' },
    );
    const want = fs.readFileSync(copy, 'utf8');
    if (want === completed) o.failures.push('search-config lint --fix changed nothing: the Fix All comparison proves nothing');
    if (fixed !== want)
      o.failures.push(`after Fix All the file differs from search-config lint --fix:\n--- got\n${fixed}\n--- want\n${want}`);
    else o.notes.push('Fix All in the web worker = search-config lint --fix');
  }
  checkFixOnSave(lines, fixed, o);
  fs.rmSync(workspace, { recursive: true, force: true });
  return o;
}
