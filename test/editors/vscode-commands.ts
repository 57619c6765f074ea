/**
 * The extension's own features in VS Code, checked against the analyzer: accepting a completion inserts the
 * documented default, "Fix All" leaves exactly the text the core's fixAll produces, saving with fix on save
 * (`editor.codeActionsOnSave`) fixes a value broken again, "Open Rule Documentation" opens the rule's link,
 * "Restart" brings the server and its problems back. Drives vscode-commands.mjs
 * through vscode-session.sh.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyze, fixAll } from '../../server/src/core';
import { ruleDocUrl } from '../../server/src/core/editor';
import type { EditorExpectations } from './expectations';
import { checkFixOnSave, FIX_ON_SAVE_KEY, type Line, type Outcome } from './outcome';

const CUSTOM_FILE = 'deploy/prod.json';
const CUSTOM_GLOB = 'deploy/*.json';
// A trailing comma: both search-config and VS Code's JSON support would report it.
const CUSTOM_TEXT = '{\n  "max_index_count": 5,\n}\n';

interface CommandsContext {
  root: string;
  vsix: string;
  fixture: string;
  outDir: string;
  expected: EditorExpectations;
}

export function vscodeCommands(ctx: CommandsContext): Outcome {
  const o: Outcome = { editor: 'vscode commands', failures: [], notes: [] };
  // A git repository of its own with the fixture committed: the steps edit and save the file, and the
  // committed version is the baseline the change impact and the change-aware rules compare with.
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'search-config-vscode-commands-'));
  const name = path.basename(ctx.fixture);
  fs.copyFileSync(ctx.fixture, path.join(workspace, name));
  const git = (...argv: string[]) =>
    spawnSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.com', ...argv], { cwd: workspace, encoding: 'utf8' });
  for (const step of [
    ['init', '-q'],
    ['add', name],
    ['commit', '-q', '-m', 'baseline'],
  ]) {
    const g = git(...step);
    if (g.status !== 0) o.failures.push(`git ${step.join(' ')}: ${g.stderr}`);
  }
  // Not committed, so without a baseline: a plain JSON name, claimed through the workspace's searchConfig.files.
  const customPath = path.join(workspace, CUSTOM_FILE);
  fs.mkdirSync(path.dirname(customPath), { recursive: true });
  fs.writeFileSync(customPath, CUSTOM_TEXT);
  fs.mkdirSync(path.join(workspace, '.vscode'));
  const manifest = JSON.parse(fs.readFileSync(path.join(ctx.root, 'package.json'), 'utf8'));
  const defaultFiles = manifest.contributes.configuration.properties['searchConfig.files'].default as string[];
  fs.writeFileSync(
    path.join(workspace, '.vscode', 'settings.json'),
    JSON.stringify({ 'searchConfig.files': [...defaultFiles, CUSTOM_GLOB] }, null, 2),
  );
  const baseline = { baselineText: fs.readFileSync(ctx.fixture, 'utf8'), baselineLabel: 'git:HEAD' };
  const original = fs.readFileSync(ctx.fixture, 'utf8');
  const e = ctx.expected;
  const oneBased = (p: { line: number; character: number }) => `${p.line + 1}:${p.character + 1}`;
  const out = path.join(ctx.outDir, 'vscode-commands.jsonl');
  const t0 = Date.now();
  const r = spawnSync(
    'bash',
    [
      path.join(ctx.root, 'test', 'editors', 'vscode-session.sh'),
      ctx.vsix,
      workspace,
      out,
      '--file',
      name,
      '--complete',
      oneBased(e.completion.at),
      '--label',
      e.completion.label,
      '--rule-at',
      oneBased(e.deprecated.range.start),
      '--custom',
      CUSTOM_FILE,
      '--fix-on-save',
      FIX_ON_SAVE_KEY,
      '--screenshot',
      path.join(ctx.outDir, 'vscode-commands.png'),
    ],
    { encoding: 'utf8', timeout: 300_000 },
  );
  fs.rmSync(workspace, { recursive: true, force: true });
  fs.writeFileSync(path.join(ctx.outDir, 'vscode-commands.stderr.log'), r.stderr ?? '');
  o.notes.push(`exit ${r.status ?? r.signal} in ${Date.now() - t0} ms; output in ${out}`);
  if (r.status !== 0)
    o.failures.push(
      `vscode-session.sh exited ${r.status ?? r.signal}: ${String(r.stderr ?? '')
        .trim()
        .split('\n')
        .slice(-3)
        .join(' | ')}`,
    );
  if (!fs.existsSync(out)) return o;
  const lines = fs
    .readFileSync(out, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);
  const summary = lines.find((l) => l.type === 'summary');
  if (summary?.ok !== true) o.failures.push(`UI steps failed: ${JSON.stringify(summary?.failures ?? 'no summary')}`);

  const completed = lines.find((l) => l.type === 'saved' && l.after === 'completion')?.text as string | undefined;
  if (completed !== undefined) {
    const want = JSON.parse(original) as Record<string, unknown>;
    const parent = e.completion.parentPath.reduce<Record<string, unknown>>((v, k) => v[k] as Record<string, unknown>, want);
    parent[e.completion.label] = JSON.parse(e.completion.defaultJson);
    if (!sameJson(JSON.parse(completed), want))
      o.failures.push(
        `after accepting ${e.completion.label} the file is not the original plus its default ${e.completion.defaultJson}:\n${completed}`,
      );
  }

  const docs = lines.find((l) => l.type === 'ruleDocumentation')?.url;
  if (docs !== ruleDocUrl(e.deprecated.ruleId))
    o.failures.push(
      `Open Rule Documentation on the deprecated field opened ${JSON.stringify(docs)}, not ${ruleDocUrl(e.deprecated.ruleId)}`,
    );

  // The server may not offer the change impact; then the command must say so rather than fail silently.
  const impact = lines.find((l) => l.type === 'changeImpact');
  const changedField = [...e.completion.parentPath, e.completion.label].join('.');
  if (!impact) o.failures.push('Show Change Impact showed nothing');
  else if (impact.view) {
    if (!String(impact.view).replace(/\s+/g, '').includes(changedField))
      o.failures.push(`the change impact view does not list ${changedField}: ${String(impact.view).slice(0, 400)}`);
    else o.notes.push(`change impact view lists ${changedField}`);
  } else if (!String(impact.notification).includes('search-config diff'))
    o.failures.push(`Show Change Impact: ${String(impact.notification)}`);
  else o.notes.push(`change impact not offered by the server: ${String(impact.notification)}`);

  const fixed = lines.find((l) => l.type === 'saved' && l.after === 'fixAll')?.text as string | undefined;
  if (completed !== undefined && fixed !== undefined) {
    const want = fixAll(completed, { fileName: name, ...baseline }).text;
    if (fixed !== want) o.failures.push(`after Fix All the file differs from the analyzer's fixAll:\n--- got\n${fixed}\n--- want\n${want}`);
  }
  checkFixOnSave(lines, fixed, o);

  const restarted = lines.find((l) => l.type === 'restarted');
  if (restarted && fixed !== undefined) {
    const visible = analyze(fixed, { fileName: name, ...baseline }).findings.filter((f) => f.severity !== 'hint').length;
    if (restarted.problemRows !== visible)
      o.failures.push(`after the restart ${String(restarted.problemRows)} Problems rows, want ${visible}`);
    if (!restarted.cleared) o.notes.push('the problems did not disappear while the server restarted');
  }
  checkCustomGlob(
    lines.find((l) => l.type === 'customGlob'),
    o,
  );
  return o;
}

/**
 * The claimed file shows exactly the analyzer's problems, all from search-config: the built-in JSON server,
 * which would report the trailing comma too, must not check it.
 */
function checkCustomGlob(seen: Line | undefined, o: Outcome): void {
  if (!seen) {
    o.failures.push(`${CUSTOM_FILE} was not opened`);
    return;
  }
  const rows = (seen.rows as string[]).map(String);
  if (!String(seen.statusbar).includes('Search Service Configuration'))
    o.failures.push(`${CUSTOM_FILE} is not in the search-config language: ${String(seen.statusbar)}`);
  const isResource = (r: string) => / in file /.test(r) && !/ at line \d+/.test(r);
  const start = rows.findIndex((r) => isResource(r) && r.includes(path.basename(CUSTOM_FILE)));
  const end = rows.findIndex((r, i) => i > start && isResource(r));
  const markers = start < 0 ? [] : rows.slice(start + 1, end < 0 ? undefined : end);
  const visible = analyze(CUSTOM_TEXT, { fileName: path.basename(CUSTOM_FILE) }).findings.filter((f) => f.severity !== 'hint');
  if (markers.length !== visible.length)
    o.failures.push(
      `${CUSTOM_FILE}: ${markers.length} Problems rows, the analyzer has ${visible.length} findings: ${JSON.stringify(markers)}`,
    );
  const foreign = rows.filter((r) => / at line \d+/.test(r) && !r.includes('generated by search-config'));
  if (foreign.length) o.failures.push(`Problems rows from another checker: ${JSON.stringify(foreign)}`);
  for (const f of visible)
    if (!markers.some((m) => m.includes(f.message))) o.failures.push(`${CUSTOM_FILE}: no Problems row "${f.message}"`);
}

function sameJson(a: unknown, b: unknown): boolean {
  const sorted = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v)
            .sort(([x], [y]) => x.localeCompare(y))
            .map(([k, x]) => [k, sorted(x)]),
        )
      : v;
  return JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
}
