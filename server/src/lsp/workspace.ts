import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ALWAYS_SKIPPED_DIRECTORIES, globMatcher, isConfigurationFile, isIgnored, isRequestFile, resolveLintOptions } from '../core/lint-config';
import { requestFileKind } from '../core/requests/types';
import type { AnalyzeOptions } from '../core/types';
import { LintConfigFinder } from '../host/config';
import type { ServerSettings } from './settings';

/** Language ids under which a client hands us a document without asking about file names. */
export const OWN_LANGUAGE_IDS = new Set(['search-config', 'search-config-jsonc']);

export interface DocumentRef { uri: string; languageId: string }

/** File system path of a `file:` URI; undefined for other schemes (untitled, git, ...). */
export function fsPathOf(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try { return fileURLToPath(uri); } catch { return undefined; }
}

/** The name that tells `.json` from `.jsonc` for the analyzer. */
export function fileNameOf(doc: DocumentRef): string {
  const p = fsPathOf(doc.uri) ?? decodeURIComponent(doc.uri.replace(/[?#].*$/, ''));
  if (!/\.jsonc?$/i.test(p) && /jsonc$/i.test(doc.languageId)) return `${p}.jsonc`;
  return p;
}

export const fileUri = (p: string): string => pathToFileURL(p).href;

/** Workspace folders, `.search-lint.json` lookup and the per-document analyzer options. */
export class Workspace {
  private folders: string[] = [];
  get folderPaths(): readonly string[] { return this.folders; }
  private finder = new LintConfigFinder();

  setFolders(uris: readonly string[]): void {
    this.folders = uris.map(fsPathOf).filter((p): p is string => !!p).sort((a, b) => b.length - a.length);
  }
  addFolders(added: readonly string[], removed: readonly string[]): void {
    const gone = new Set(removed.map(fsPathOf));
    const next = this.folders.filter((f) => !gone.has(f));
    for (const a of added) { const p = fsPathOf(a); if (p && !next.includes(p)) next.push(p); }
    this.folders = next.sort((a, b) => b.length - a.length);
  }

  /** The innermost workspace folder holding the file. */
  folderOf(file: string): string | undefined {
    return this.folders.find((f) => file === f || file.startsWith(f.endsWith(path.sep) ? f : f + path.sep));
  }

  /** Forget every `.search-lint.json` read so far (one changed). */
  reloadLintConfigs(): void { this.finder = new LintConfigFinder(); }

  /** Whether the document is a service configuration under these settings and the workspace's `.search-lint.json`. */
  isConfiguration(doc: DocumentRef, settings: ServerSettings): boolean {
    if (!settings.enable) return false;
    if (OWN_LANGUAGE_IDS.has(doc.languageId)) return true;
    const file = fsPathOf(doc.uri);
    if (!file) return false;
    const lint = this.finder.forDirectory(path.dirname(file));
    const relToLint = lint.ok && lint.loaded ? path.relative(lint.loaded.dir, file).split(path.sep).join('/') : undefined;
    if (lint.ok && lint.loaded && relToLint !== undefined && isIgnored(lint.loaded.config, relToLint)) return false;
    const folder = this.folderOf(file);
    const rel = (folder ? path.relative(folder, file) : file.replace(/^[/\\]+/, '')).split(path.sep).join('/');
    if (globMatcher(settings.files)(rel)) return true;
    if (lint.ok && lint.loaded?.config.files && relToLint !== undefined) return isConfigurationFile(lint.loaded.config, relToLint);
    return false;
  }

  /**
   * Whether the document is a request file, runbook or script to check for refused requests, as
   * `search-config lint` would find it: `.http` and `.rest` files always, Markdown and shell files when
   * `requests.files` of the workspace's `.search-lint.json` matches them; whatever their language id.
   */
  isRequestDocument(doc: DocumentRef, settings: ServerSettings): boolean {
    if (!settings.enable) return false;
    const kind = requestFileKind(fileNameOf(doc));
    if (kind === 'http') return true;
    const file = fsPathOf(doc.uri);
    if (!kind || !file) return false;
    const lint = this.finder.forDirectory(path.dirname(file));
    if (!lint.ok || !lint.loaded) return false;
    const rel = path.relative(lint.loaded.dir, file).split(path.sep).join('/');
    return !isIgnored(lint.loaded.config, rel) && isRequestFile(lint.loaded.config, rel);
  }

  /**
   * Analyzer options: the workspace's `.search-lint.json` first, then the editor settings on top
   * (the person at the editor has the last word). Problems with the settings file are returned, not thrown.
   */
  optionsFor(doc: DocumentRef, settings: ServerSettings): { options: AnalyzeOptions; lintConfigProblems?: { file: string; problems: string[] } } {
    const options: AnalyzeOptions = { fileName: fileNameOf(doc) };
    let lintConfigProblems: { file: string; problems: string[] } | undefined;
    const file = fsPathOf(doc.uri);
    if (file) {
      const lint = this.finder.forDirectory(path.dirname(file));
      if (!lint.ok) lintConfigProblems = { file: lint.file, problems: lint.problems };
      else if (lint.loaded) Object.assign(options, resolveLintOptions(lint.loaded.config, path.relative(lint.loaded.dir, file).split(path.sep).join('/')));
    }
    if (Object.keys(settings.rules).length) options.rules = { ...options.rules, ...settings.rules };
    if (settings.cpus !== undefined) options.cpus = settings.cpus;
    return { options, lintConfigProblems };
  }

  /** A baseline path from the settings, resolved against the document's workspace folder. */
  resolvePath(p: string, docFile: string | undefined): string {
    if (path.isAbsolute(p)) return p;
    const base = (docFile && this.folderOf(docFile)) ?? (docFile ? path.dirname(docFile) : process.cwd());
    return path.resolve(base, p);
  }
}

/**
 * The service configurations in the workspace folders, as `search-config lint` would find them
 * (names from the editor settings, `.search-lint.json` files and ignores); a bounded search.
 */
export function configurationsIn(workspace: Workspace, folders: readonly string[], settings: ServerSettings, limit = 20): string[] {
  const found: string[] = [];
  let visited = 0;
  const walk = (dir: string, depth: number): void => {
    if (found.length >= limit || depth > 8 || visited > 5000) return;
    let entries: fs.Dirent[];
    try { entries = fs.readdirSync(dir, { withFileTypes: true }); } catch { return; }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      visited++;
      const p = path.join(dir, e.name);
      if (e.isDirectory() && !ALWAYS_SKIPPED_DIRECTORIES.includes(e.name)) walk(p, depth + 1);
      else if (e.isFile() && workspace.isConfiguration({ uri: fileUri(p), languageId: 'json' }, settings)) found.push(p);
    }
  };
  for (const f of folders) walk(f, 0);
  return found;
}
