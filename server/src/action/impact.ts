import { main as cli } from '../cli/main';
import type { CliIO } from '../cli/io';
import type { Env } from './inputs';
import type { JsonReport } from './summary';

/**
 * The CLI's commands run in-process for the Action, their output captured; and the change impact
 * of the pull request, from `search-config diff` against the base of each file linted.
 */

interface Captured { code: number; out: string; err: string }

export async function run(argv: string[], cwd: string, env: Env): Promise<Captured> {
  let out = '';
  let err = '';
  const io: CliIO = { out: (t) => { out += t; }, err: (t) => { err += t; }, cwd, isTTY: false, env: { ...env, TIMING: undefined }, readStdin: async () => '' };
  const code = await cli(argv, io);
  return { code, out, err };
}

/** The change impact of each linted file against the pull request's base, for the files that changed. */
export async function changeReports(reports: readonly JsonReport[], baseline: string, cwd: string, env: Env): Promise<string[]> {
  const out: string[] = [];
  for (const r of reports) {
    const json = await run(['diff', baseline, r.filePath, '--format', 'json'], cwd, env);
    if (json.code !== 0) continue;
    // A Terraform file or a manifest lists its configurations: one added or removed is a change without a changed field.
    const report = JSON.parse(json.out) as { changes: unknown[]; configurations?: Array<{ status: string }> };
    const changed = report.changes.length > 0 || !!report.configurations?.some((c) => c.status !== 'unchanged');
    if (!changed) continue;
    const md = await run(['diff', baseline, r.filePath, '--format', 'markdown'], cwd, env);
    if (md.code === 0) out.push(md.out);
  }
  return out;
}

