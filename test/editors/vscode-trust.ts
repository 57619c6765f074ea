/**
 * Restricted Mode: the extension runs, but tells the server not to run git for a baseline, because git obeys
 * repository configuration that can start programs. A committed file with a change that restarts the engine
 * must show the findings of the text alone (no restart-required), and the change impact must say there is no
 * baseline.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyze } from '../../server/src/core';
import type { Line, Outcome } from './outcome';

const FILE = 'trust.search.json';
// The field and values are from the restart-required fixtures; which rules fire is asked of the analyzer.
const COMMITTED = '{\n  "max_index_count": 100,\n  "search": { "reindex_remote_whitelist": ["old.example.com:9200"] }\n}\n';
const EDITED =
  '{\n  "max_index_count": 100,\n  "search": { "reindex_remote_whitelist": ["old.example.com:9200", "new.example.com:9200"] }\n}\n';

export function vscodeRestricted(root: string, vsix: string, outDir: string): Outcome {
  const o: Outcome = { editor: 'vscode restricted mode', failures: [], notes: [] };
  const withBaseline = analyze(EDITED, { fileName: FILE, baselineText: COMMITTED, baselineLabel: 'git:HEAD' }).findings;
  const alone = analyze(EDITED, { fileName: FILE }).findings;
  const changeAware = withBaseline.filter((f) => !alone.some((a) => a.ruleId === f.ruleId && a.message === f.message));
  if (changeAware.length === 0) o.failures.push('the fixture change triggers no change-aware finding: the test would prove nothing');

  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'search-config-vscode-restricted-'));
  fs.writeFileSync(path.join(workspace, FILE), COMMITTED);
  const git = (...argv: string[]) =>
    spawnSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.com', ...argv], { cwd: workspace, encoding: 'utf8' });
  for (const step of [
    ['init', '-q'],
    ['add', FILE],
    ['commit', '-q', '-m', 'baseline'],
  ])
    if (git(...step).status !== 0) o.failures.push(`git ${step.join(' ')} failed`);
  fs.writeFileSync(path.join(workspace, FILE), EDITED);

  const out = path.join(outDir, 'vscode-restricted.jsonl');
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
      'problems,changeImpact',
      '--screenshot',
      path.join(outDir, 'vscode-restricted.png'),
    ],
    { encoding: 'utf8', timeout: 300_000, env: { ...process.env, TRUST: 'restricted' } },
  );
  fs.rmSync(workspace, { recursive: true, force: true });
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

  const problems = lines.find((l) => l.type === 'problems');
  if (!problems) {
    o.failures.push('no Problems rows read');
    return o;
  }
  if (!problems.restricted) o.failures.push('the workspace did not open in Restricted Mode');
  const markers = (problems.rows as string[]).filter((row) => / at line \d+/.test(row));
  const visible = alone.filter((f) => f.severity !== 'hint');
  for (const f of changeAware)
    if (markers.some((m) => m.includes(f.message))) o.failures.push(`Restricted Mode still compares with git: ${f.ruleId} "${f.message}"`);
  if (markers.length !== visible.length)
    o.failures.push(`${markers.length} Problems rows, the analyzer without a baseline has ${visible.length}: ${JSON.stringify(markers)}`);
  const impact = lines.find((l) => l.type === 'changeImpact');
  if (!/No baseline/.test(String(impact?.view ?? ''))) o.failures.push(`the change impact in Restricted Mode: ${JSON.stringify(impact)}`);
  return o;
}
