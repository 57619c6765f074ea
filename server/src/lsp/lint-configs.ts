import { LINT_CONFIG_NAME, lintConfigFromText, type LintConfig } from '../core';
import type { ServerRuntime } from './runtime';
import { childUri, parentUri } from './uris';

/** A `.search-lint.json` with the directory its patterns are relative to, both as URIs. */
export interface LoadedLintConfig {
  uri: string;
  dirUri: string;
  config: LintConfig;
}
export type LintConfigLookup = { ok: true; loaded: LoadedLintConfig | undefined } | { ok: false; uri: string; problems: string[] };

/**
 * The nearest `.search-lint.json` in a directory or above it, read through the runtime (the disk, or
 * the editor's file system in a browser). Each directory is looked up once until `clear`.
 */
export class LintConfigLookups {
  private readonly byDir = new Map<string, Promise<LintConfigLookup>>();

  constructor(private readonly runtime: ServerRuntime) {}

  forDirectory(dirUri: string): Promise<LintConfigLookup> {
    let found = this.byDir.get(dirUri);
    if (!found) {
      found = this.lookUp(dirUri);
      this.byDir.set(dirUri, found);
    }
    return found;
  }

  clear(): void {
    this.byDir.clear();
  }

  private async lookUp(dirUri: string): Promise<LintConfigLookup> {
    const uri = childUri(dirUri, LINT_CONFIG_NAME);
    const read = await this.runtime.readFile(uri);
    if (read.ok) {
      const checked = lintConfigFromText(read.text);
      return checked.ok ? { ok: true, loaded: { uri, dirUri, config: checked.config } } : { ok: false, uri, problems: checked.problems };
    }
    if (!read.missing) return { ok: false, uri, problems: [`cannot be read: ${read.message}`] };
    const parent = parentUri(dirUri);
    return parent === dirUri ? { ok: true, loaded: undefined } : this.forDirectory(parent);
  }
}
