import fs from 'node:fs';
import path from 'node:path';
import { LINT_CONFIG_NAME, lintConfigFromText, type LintConfig } from '../core';

/** A `.search-lint.json` read from disk, with the directory its patterns are relative to. */
export interface LoadedLintConfig {
  file: string;
  dir: string;
  config: LintConfig;
}
export type LintConfigResult = { ok: true; loaded: LoadedLintConfig | undefined } | { ok: false; file: string; problems: string[] };

/** Reads and validates one settings file. */
export function readLintConfig(file: string): LintConfigResult {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    return { ok: false, file, problems: [`cannot be read: ${(err as NodeJS.ErrnoException).code ?? String(err)}`] };
  }
  const checked = lintConfigFromText(text);
  if (!checked.ok) return { ok: false, file, problems: checked.problems };
  return { ok: true, loaded: { file, dir: path.dirname(file), config: checked.config } };
}

/**
 * Finds the nearest `.search-lint.json` in `dir` or above it. Results are cached per directory,
 * so linting many files in one tree costs one lookup per directory.
 */
export class LintConfigFinder {
  private readonly byDir = new Map<string, LintConfigResult>();
  private readonly byFile = new Map<string, LintConfigResult>();

  forDirectory(dir: string): LintConfigResult {
    // Asked for every file found and linted, mostly with the absolute directory already looked up.
    const known = this.byDir.get(dir);
    if (known) return known;
    const start = path.resolve(dir);
    const seen: string[] = [];
    let current = start;
    let result: LintConfigResult | undefined;
    for (;;) {
      const cached = this.byDir.get(current);
      if (cached) {
        result = cached;
        break;
      }
      seen.push(current);
      const candidate = path.join(current, LINT_CONFIG_NAME);
      if (isFile(candidate)) {
        result = this.forFile(candidate);
        break;
      }
      const parent = path.dirname(current);
      if (parent === current) {
        result = { ok: true, loaded: undefined };
        break;
      }
      current = parent;
    }
    for (const d of seen) this.byDir.set(d, result);
    return result;
  }

  /** Forgets what was read, e.g. after a settings file changed on disk. */
  clear(): void {
    this.byDir.clear();
    this.byFile.clear();
  }

  forFile(file: string): LintConfigResult {
    const abs = path.resolve(file);
    let r = this.byFile.get(abs);
    if (!r) {
      r = readLintConfig(abs);
      this.byFile.set(abs, r);
    }
    return r;
  }
}

function isFile(p: string): boolean {
  // Asked in every directory searched, where the file is mostly absent: no error object built for that.
  try {
    return fs.statSync(p, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}
