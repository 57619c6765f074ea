import { execFile } from 'node:child_process';
import path from 'node:path';
import { main as cli } from '../cli/main';
import { isSafeGitRef } from '../node/baseline-files';
import type { CliIO } from '../cli/io';
import type { Env } from './inputs';
import type { JsonReport } from './summary';

/**
 * The CLI's commands run in-process for the Action, their output captured; and the change impact
 * of the pull request, from `search-config diff` against the base of each file linted.
 */

interface Captured {
  code: number;
  out: string;
  err: string;
}

export async function run(argv: string[], cwd: string, env: Env): Promise<Captured> {
  let out = '';
  let err = '';
  const io: CliIO = {
    out: (t) => {
      out += t;
    },
    err: (t) => {
      err += t;
    },
    cwd,
    isTTY: false,
    env: { ...env, TIMING: undefined },
    readStdin: async () => '',
  };
  const code = await cli(argv, io);
  return { code, out, err };
}

/** The markdown report of one file against the base, when anything changed; `onlyRemoved`: when every configuration was removed. */
async function reportOf(file: string, baseline: string, cwd: string, env: Env, onlyRemoved = false): Promise<string | undefined> {
  const json = await run(['diff', baseline, file, '--format', 'json'], cwd, env);
  if (json.code !== 0) return undefined;
  // A Terraform file or a manifest lists its configurations: one added or removed is a change without a changed field.
  const report = JSON.parse(json.out) as { changes: unknown[]; configurations?: Array<{ status: string }> };
  const changed = report.changes.length > 0 || !!report.configurations?.some((c) => c.status !== 'unchanged');
  if (!changed || (onlyRemoved && !report.configurations?.every((c) => c.status === 'removed'))) return undefined;
  const md = await run(['diff', baseline, file, '--format', 'markdown'], cwd, env);
  return md.code === 0 ? md.out : undefined;
}

/**
 * The change impact of each linted file against the pull request's base, for the files that changed;
 * then of the .tf and YAML files lint no longer lists because the pull request deleted them or removed
 * their last configuration (their services are removed: the most consequential change).
 */
export async function changeReports(
  reports: readonly JsonReport[],
  baseline: string,
  cwd: string,
  env: Env,
  paths: readonly string[] = [],
): Promise<string[]> {
  const out: string[] = [];
  for (const r of reports) {
    const md = await reportOf(r.filePath, baseline, cwd, env);
    if (md) out.push(md);
  }
  const listed = new Set(reports.map((r) => path.resolve(cwd, r.filePath)));
  for (const file of await filesChangedSince(baseline.slice(4), cwd)) {
    if (listed.has(path.resolve(cwd, file)) || !withinPaths(file, paths)) continue;
    const md = await reportOf(file, baseline, cwd, env, true);
    if (md) out.push(md);
  }
  return out;
}

/** The .tf and YAML files deleted or changed since `ref`, relative to `cwd`; none when git cannot tell. */
function filesChangedSince(ref: string, cwd: string): Promise<string[]> {
  if (!isSafeGitRef(ref)) return Promise.resolve([]);
  return new Promise((resolve) => {
    execFile(
      'git',
      ['diff', '--name-only', '--relative', '--no-renames', '--diff-filter=DM', '-z', ref, '--', '*.tf', '*.yaml', '*.yml'],
      { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, windowsHide: true },
      (err, stdout) => {
        resolve(err ? [] : String(stdout).split('\0').filter(Boolean));
      },
    );
  });
}

/** Whether a file is among the Action's `paths` (files and folders; every file when none is given). */
function withinPaths(file: string, paths: readonly string[]): boolean {
  if (!paths.length) return true;
  const f = path.posix.normalize(file.split(path.sep).join('/'));
  return paths.some((p) => {
    const q = path.posix.normalize(p.split(path.sep).join('/')).replace(/\/$/, '');
    return q === '.' || f === q || f.startsWith(`${q}/`);
  });
}
