import fs from 'node:fs';
import path from 'node:path';
import { readThroughBatch } from './git-batch';

/** A baseline: the same configuration as deployed now, from a file or from a git revision. */
export type BaselineSpec = { kind: 'file'; file: string } | { kind: 'git'; ref: string };

export type BaselineResult = { ok: true; text: string | undefined; label: string } | { ok: false; message: string };

/** `git:REF`, or a file path resolved against `cwd`. */
export function parseBaselineSpec(raw: string, cwd: string): BaselineSpec {
  return raw.startsWith('git:') ? { kind: 'git', ref: raw.slice(4) } : { kind: 'file', file: path.resolve(cwd, raw) };
}

/** A ref must not look like an option, so that it can never be read by git as one. */
export const isSafeGitRef = (ref: string): boolean => ref.length > 0 && !ref.startsWith('-') && !/[\s\0:]/.test(ref);

const stripBom = (t: string): string => (t.charCodeAt(0) === 0xfeff ? t.slice(1) : t);

function gitShow(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // Loaded here, not at the top: most runs never read a git baseline, and the module takes
    // milliseconds to load. execFile runs git directly, without a shell, so nothing in a path or
    // ref is interpreted.
    const { execFile } = require('node:child_process') as typeof import('node:child_process');
    execFile('git', args, { cwd, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8', windowsHide: true }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : -1) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr) || (err && code === -1 ? err.message : '') });
    });
  });
}

/** Whether the revision names a commit (or a tag of one), asked through the folder's batch. */
async function revisionExists(dir: string, ref: string): Promise<boolean> {
  const answer = await readThroughBatch(dir, `${ref}^{commit}`);
  return answer?.kind === 'other' && answer.type === 'commit';
}

/** Git's ways of saying that the path is not in that revision: a new service, not an error. */
const NOT_IN_REVISION = /does not exist in|exists on disk, but not in|not in '|path '.*' does not exist/i;

/**
 * The text of `file` at a git revision, found with `git show REF:./name` from the file's own
 * directory. A file that the revision does not contain gives `text: undefined` (a new service).
 */
export async function readGitBaseline(file: string, ref: string): Promise<BaselineResult> {
  const label = `git:${ref}`;
  if (!isSafeGitRef(ref)) return { ok: false, message: `"${ref}" is not a git revision name` };
  const abs = path.resolve(file);
  // From the nearest folder that exists: a file deleted since the revision may have taken its folder along.
  let dir = path.dirname(abs);
  while (!fs.existsSync(dir) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  const relative = path.relative(dir, abs).split(path.sep).join('/');
  const answer = await readThroughBatch(dir, `${ref}:./${relative}`);
  if (answer?.kind === 'blob') return { ok: true, text: stripBom(answer.text), label };
  // Missing from a revision that exists: a new file. A revision that does not exist, or anything
  // else, is left to `git show`, whose message says what is wrong.
  if (answer?.kind === 'missing' && (await revisionExists(dir, ref))) return { ok: true, text: undefined, label };
  const r = await gitShow(['show', '--no-textconv', `${ref}:./${relative}`], dir);
  if (r.code === 0) return { ok: true, text: stripBom(r.stdout), label };
  if (NOT_IN_REVISION.test(r.stderr)) return { ok: true, text: undefined, label };
  const why = r.stderr.trim().split('\n')[0] || `git exited with code ${r.code}`;
  return { ok: false, message: `cannot read the baseline ${label} of ${file}: ${why}` };
}

/**
 * The files of a directory at a git revision whose names `wanted` takes, with their texts (a directory
 * deleted since then is read from the nearest folder that exists). Nothing when the revision, or the
 * directory in it, cannot be read.
 */
export async function readGitDirectory(
  dir: string,
  ref: string,
  wanted: (name: string) => boolean,
): Promise<Array<{ fileName: string; text: string }>> {
  if (!isSafeGitRef(ref)) return [];
  const abs = path.resolve(dir);
  let from = abs;
  while (!fs.existsSync(from) && path.dirname(from) !== from) from = path.dirname(from);
  const relative = path.relative(from, abs).split(path.sep).join('/');
  const prefix = relative ? `./${relative}/` : './';
  // The paths listed are relative to the folder it runs in (git's default): the directory's own entries.
  const listed = await gitShow(['ls-tree', '--name-only', '-z', ref, '--', prefix], from);
  if (listed.code !== 0) return [];
  const out: Array<{ fileName: string; text: string }> = [];
  const names = listed.stdout.split('\0').map((n) => n.slice(n.lastIndexOf('/') + 1));
  for (const name of names.filter((n) => n && wanted(n))) {
    const answer = await readThroughBatch(from, `${ref}:${prefix}${name}`);
    if (answer?.kind === 'blob') out.push({ fileName: name, text: stripBom(answer.text) });
  }
  return out;
}

export async function readFileBaseline(file: string): Promise<BaselineResult> {
  try {
    return { ok: true, text: stripBom(await fs.promises.readFile(file, 'utf8')), label: path.basename(file) };
  } catch (err) {
    return { ok: false, message: `cannot read the baseline ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}` };
  }
}

/** Baselines for many files, each read once; git calls run a few at a time. */
export class BaselineReader {
  private fileText: Promise<BaselineResult> | undefined;
  constructor(private readonly spec: BaselineSpec) {}

  /** The baseline of `file`: the one baseline file, or `file` itself at the git revision. */
  read(file: string): Promise<BaselineResult> {
    if (this.spec.kind === 'file') return (this.fileText ??= readFileBaseline(this.spec.file));
    return readGitBaseline(file, this.spec.ref);
  }
}
