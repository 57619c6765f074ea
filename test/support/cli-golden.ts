import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { CliIO } from '../../server/src/cli/io';
import { main } from '../../server/src/cli/main';

/** A CliIO that records what a command writes, for running `main` inside a test. */
export interface RecordingIO extends CliIO {
  stdout: string;
  stderr: string;
}

export function fakeIO(opts: { cwd?: string; stdin?: string; isTTY?: boolean } = {}): RecordingIO {
  const io: RecordingIO = {
    stdout: '',
    stderr: '',
    out(t) {
      io.stdout += t;
    },
    err(t) {
      io.stderr += t;
    },
    cwd: opts.cwd ?? process.cwd(),
    isTTY: opts.isTTY ?? false,
    env: {},
    readStdin: async () => opts.stdin ?? '',
  };
  return io;
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCli(argv: string[], opts: Parameters<typeof fakeIO>[0] = {}): Promise<CliRun> {
  const io = fakeIO(opts);
  const code = await main(argv, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

/** The transcript of one run as stored in a golden file. */
export function transcript(argv: string[], run: CliRun): string {
  return [
    `$ search-config ${argv.join(' ')}`,
    `exit ${run.code}`,
    '--- stdout',
    run.stdout.replace(/\n$/, ''),
    '--- stderr',
    run.stderr.replace(/\n$/, ''),
    '',
  ].join('\n');
}

/**
 * Compares a transcript with its golden file. With UPDATE_GOLDENS=1 the golden file is
 * (re)written instead, after which the change shows up in `git diff` for review.
 */
export function assertGolden(goldenFile: string, actual: string): void {
  if (process.env.UPDATE_GOLDENS === '1') {
    fs.mkdirSync(path.dirname(goldenFile), { recursive: true });
    fs.writeFileSync(goldenFile, actual);
    return;
  }
  assert.ok(fs.existsSync(goldenFile), `missing golden file ${goldenFile}: run the tests with UPDATE_GOLDENS=1 and review the new file`);
  const expected = fs.readFileSync(goldenFile, 'utf8');
  assert.equal(
    actual,
    expected,
    `output differs from ${path.relative(process.cwd(), goldenFile)}; if the change is intended, rerun with UPDATE_GOLDENS=1 and review git diff`,
  );
}
