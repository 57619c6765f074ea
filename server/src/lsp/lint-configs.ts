import { lookUpLater, lookUpLintConfig, type LintConfigLookup, type SettingsFileRead, type SettingsPlaces } from '../core';
import type { ServerRuntime } from './runtime';
import { childUri, parentUri } from './uris';

export type { LintConfigLookup };

const byUri: SettingsPlaces<string> = { child: childUri, parent: parentUri };

/**
 * The nearest `.search-lint.json` in a directory or above it (core/lint-config-lookup.ts, as the CLI
 * does), read through the runtime: the disk, or the editor's file system in a browser. Places are
 * URIs. Each directory is looked up once until `clear`; requests that arrive together share one walk.
 */
export class LintConfigLookups {
  private readonly known = new Map<string, LintConfigLookup>();
  private readonly pending = new Map<string, Promise<LintConfigLookup>>();

  constructor(private readonly runtime: ServerRuntime) {}

  forDirectory(dirUri: string): Promise<LintConfigLookup> {
    const known = this.known.get(dirUri);
    if (known) return Promise.resolve(known);
    let walk = this.pending.get(dirUri);
    if (!walk) {
      walk = lookUpLater(lookUpLintConfig(dirUri, byUri, this.known), (uri) => this.read(uri)).finally(() => this.pending.delete(dirUri));
      this.pending.set(dirUri, walk);
    }
    return walk;
  }

  clear(): void {
    this.known.clear();
    this.pending.clear();
  }

  private async read(uri: string): Promise<SettingsFileRead> {
    const read = await this.runtime.readFile(uri);
    if (read.ok) return { ok: true, text: read.text };
    return read.missing ? { ok: false, missing: true } : { ok: false, missing: false, message: read.message };
  }
}
