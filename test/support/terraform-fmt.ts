import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * `terraform fmt` as the judge of HCL a fix wrote: it refuses what Terraform cannot read and
 * says whether the layout is its own. Tests that need it fail when it is missing, so that a
 * machine without Terraform cannot pass them by not checking.
 */
export type FmtVerdict =
  /** Terraform reads the text and would not change it. */
  | { kind: 'clean' }
  /** Terraform reads the text and would lay it out differently: its diff. */
  | { kind: 'unformatted'; diff: string; formatted: string }
  /** Terraform cannot read the text: its error. */
  | { kind: 'invalid'; error: string };

let checked: string | undefined;

/** Throws, saying so, when `terraform` cannot be run. */
export function requireTerraform(): void {
  if (checked !== undefined) return;
  const r = spawnSync('terraform', ['version'], { encoding: 'utf8', env: fmtEnv() });
  if (r.error || r.status !== 0) {
    throw new Error(
      `terraform is needed to check fixed Terraform files (terraform fmt is the oracle) and could not be run: ${r.error?.message ?? r.stderr}. Install Terraform 1.x and put it on PATH.`,
    );
  }
  checked = r.stdout.split('\n')[0];
}

/** Without a CLI configuration file Terraform prints a warning on every run. */
export const fmtEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  TF_CLI_CONFIG_FILE: process.env.TF_CLI_CONFIG_FILE || '/dev/null',
  CHECKPOINT_DISABLE: '1',
});

/** What `terraform fmt` says of `text` given on standard input (Terraform prints its own layout of it). */
export function terraformFmt(text: string): FmtVerdict {
  requireTerraform();
  const r = spawnSync('terraform', ['fmt', '-no-color', '-'], { input: text, encoding: 'utf8', env: fmtEnv() });
  if (r.error) throw r.error;
  if (r.status !== 0) return { kind: 'invalid', error: (r.stderr || r.stdout).trim() };
  if (r.stdout === text) return { kind: 'clean' };
  // The lines Terraform would write differently, numbered.
  const ours = text.split('\n');
  const theirs = r.stdout.split('\n');
  const diff: string[] = [];
  for (let i = 0; i < Math.max(ours.length, theirs.length); i++) {
    if (ours[i] !== theirs[i]) diff.push(`${i + 1}: -${JSON.stringify(ours[i])}`, `${i + 1}: +${JSON.stringify(theirs[i])}`);
  }
  return { kind: 'unformatted', diff: diff.join('\n'), formatted: r.stdout };
}

/** A message for an assertion that the text is clean. */
export function fmtProblem(text: string): string | undefined {
  const v = terraformFmt(text);
  if (v.kind === 'clean') return undefined;
  return v.kind === 'unformatted'
    ? `terraform fmt would change it:\n${v.diff}`
    : `terraform refuses it:\n${v.error}\n--- text ---\n${text}`;
}

/**
 * `fmtProblem` for many texts with one run of Terraform: each text is written to a file of a
 * temporary folder, `terraform fmt -list` names those it would change and reports those it cannot
 * read, and only those are run again one by one for their message. Terraform takes about 100 ms to
 * start, which a test of a few hundred examples would otherwise pay for each.
 */
export function fmtProblems(texts: readonly string[]): Array<string | undefined> {
  requireTerraform();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-config-fmt-'));
  // Terraform names a file relative to its working directory, in its list and in its errors: it runs in
  // the folder itself, and no file's name is part of another's (`f1x.tf` is not in `f11x.tf`).
  const nameOf = (i: number): string => `f${i}x.tf`;
  try {
    texts.forEach((t, i) => fs.writeFileSync(path.join(dir, nameOf(i)), t));
    const r = spawnSync('terraform', ['fmt', '-no-color', '-list=true', '-write=false', '.'], {
      cwd: dir,
      encoding: 'utf8',
      env: fmtEnv(),
    });
    if (r.error) throw r.error;
    const named = `${r.stdout}\n${r.stderr}`;
    return texts.map((t, i) => (named.includes(nameOf(i)) ? fmtProblem(t) : undefined));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
