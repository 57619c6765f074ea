import fs from 'node:fs';
import path from 'node:path';
import { lintConfigIn, lookUpLintConfig, lookUpNow, type LintConfigLookup, type SettingsFileRead, type SettingsPlaces } from '../core';

/** The nearest `.search-lint.json` on disk (paths), or why it cannot be used. */
export type LintConfigResult = LintConfigLookup;

const onDisk: SettingsPlaces<string> = { child: (dir, name) => path.join(dir, name), parent: (dir) => path.dirname(dir) };

/** One settings file read from disk; a directory of that name, or nothing there, is no file. */
function readSettingsFile(file: string): SettingsFileRead {
  // Asked in every directory searched, where the file is mostly absent: no error object built for that.
  let isFile: boolean;
  try {
    isFile = fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    isFile = false;
  }
  if (!isFile) return { ok: false, missing: true };
  try {
    return { ok: true, text: fs.readFileSync(file, 'utf8') };
  } catch (err) {
    return { ok: false, missing: false, message: (err as NodeJS.ErrnoException).code ?? String(err) };
  }
}

/** Reads and validates one settings file (`--config`). */
export function readLintConfig(file: string): LintConfigResult {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    return { ok: false, file, problems: [`cannot be read: ${(err as NodeJS.ErrnoException).code ?? String(err)}`] };
  }
  return lintConfigIn(file, path.dirname(file), text);
}

/**
 * Finds the nearest `.search-lint.json` in a directory or above it (core/lint-config-lookup.ts, as
 * the language server does), read from disk. Each directory is looked up once until `clear`.
 */
export class LintConfigFinder {
  private readonly byDir = new Map<string, LintConfigResult>();
  private readonly byFile = new Map<string, LintConfigResult>();

  forDirectory(dir: string): LintConfigResult {
    // Asked for every file found and linted, mostly with the absolute directory already looked up.
    return this.byDir.get(dir) ?? lookUpNow(lookUpLintConfig(path.resolve(dir), onDisk, this.byDir), readSettingsFile);
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
