import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { main } from '../../server/src/cli/main';
import type { CliIO } from '../../server/src/cli/io';

/** The repository root: tests run from dist/test/cli/. */
export const ROOT = path.resolve(__dirname, '../../..');
export const FIXTURES = path.join(ROOT, 'test/cli/fixtures');
export const GOLDEN = path.join(ROOT, 'test/cli/golden');
export const BIN = path.join(ROOT, 'bin/search-config.js');

export interface RunResult {
  code: number;
  out: string;
  err: string;
}

/** Runs the CLI in-process with captured streams. */
export async function runCli(
  argv: string[],
  opts: { cwd: string; stdin?: string; isTTY?: boolean; env?: Record<string, string> },
): Promise<RunResult> {
  let out = '';
  let err = '';
  const io: CliIO = {
    out: (t) => {
      out += t;
    },
    err: (t) => {
      err += t;
    },
    cwd: opts.cwd,
    isTTY: opts.isTTY ?? false,
    env: opts.env ?? {},
    readStdin: async () => opts.stdin ?? '',
  };
  const code = await main(argv, io);
  return { code, out, err };
}

/** A fresh temporary directory holding `files` (path -> text). */
export function tempTree(files: Record<string, string>): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'search-config-cli-')));
  for (const [name, text] of Object.entries(files)) {
    const p = path.join(dir, name);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, text);
  }
  return dir;
}

export const removeTree = (dir: string): void => fs.rmSync(dir, { recursive: true, force: true });

export const CLEAN = '{\n  "search_version": "2.19",\n  "service_log": true\n}\n';
/** One error (type-mismatch, fixable) and one warning (deprecated-field). */
export const ONE_ERROR_ONE_WARNING = '{\n  "static_ips": "true",\n  "max_index_count": 5\n}\n';
/** Only a warning. */
export const ONE_WARNING = '{\n  "max_index_count": 5\n}\n';
