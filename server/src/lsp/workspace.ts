import {
  ALWAYS_SKIPPED_DIRECTORIES,
  globMatcher,
  isConfigurationFile,
  isIgnored,
  isRequestFile,
  resolveLintOptions,
  requestFileKind,
  isTfvarsName,
  type AnalyzeOptions,
  cutAtFirst,
  formatOf,
} from '../core';
import { LintConfigLookups, type LintConfigLookup } from './lint-configs';
import type { ServerRuntime } from './runtime';
import type { ServerSettings } from './settings';
import { childUri, displayName, isHierarchical, isUriReference, normalizeUri, parentUri, relativePath, resolveAgainst } from './uris';

/** Language ids under which a client hands us a document without asking about file names. */
export const OWN_LANGUAGE_IDS = new Set(['search-config', 'search-config-jsonc']);

export interface DocumentRef {
  uri: string;
  languageId: string;
}

/** The name that tells `.json` from `.jsonc` (and a request file's kind) for the analyzer. */
export function fileNameOf(doc: DocumentRef): string {
  const bare = cutAtFirst(doc.uri, '?#');
  let p = displayName(bare);
  if (p === bare) {
    try {
      p = decodeURIComponent(bare);
    } catch {
      /* kept as it is */
    }
  }
  if (!/\.jsonc?$/i.test(p) && /jsonc$/i.test(doc.languageId)) return `${p}.jsonc`;
  // A buffer in YAML without a YAML name (untitled, a `.yaml.tmpl`): read as YAML, never as JSON.
  if (!/\.ya?ml$/i.test(p) && doc.languageId === 'yaml') return `${p}.yaml`;
  return p;
}

/**
 * Workspace folders, `.search-lint.json` lookup and the per-document analyzer options. Everything is a
 * URI, so that a virtual workspace (github.dev) works as a folder on disk does.
 */
export class Workspace {
  private folders: string[] = [];
  private readonly lintConfigs: LintConfigLookups;
  get folderUris(): readonly string[] {
    return this.folders;
  }

  constructor(readonly runtime: ServerRuntime) {
    this.lintConfigs = new LintConfigLookups(runtime);
  }

  setFolders(uris: readonly string[]): void {
    this.folders = uris
      .filter(isHierarchical)
      .map(normalizeUri)
      .sort((a, b) => b.length - a.length);
  }
  addFolders(added: readonly string[], removed: readonly string[]): void {
    const gone = new Set(removed.map(normalizeUri));
    const next = this.folders.filter((f) => !gone.has(f));
    for (const a of added.filter(isHierarchical).map(normalizeUri)) if (!next.includes(a)) next.push(a);
    this.folders = next.sort((a, b) => b.length - a.length);
  }

  /** The innermost workspace folder holding the resource. */
  folderOf(uri: string): string | undefined {
    return this.folders.find((f) => relativePath(f, uri) !== undefined);
  }

  /**
   * How messages name a file (a Terraform variable's value `from infra/terraform.tfvars:3`): its path
   * within its workspace folder, as `search-config lint` run there names it, or its base name.
   */
  shownName(uri: string): string {
    const folder = this.folderOf(uri);
    return (folder && relativePath(folder, uri)) || (relativePath(parentUri(uri), uri) ?? displayName(uri));
  }

  /** A resource's path within its workspace folder, or its name. */
  relativeName(uri: string): string {
    const folder = this.folderOf(uri);
    return (folder && relativePath(folder, uri)) || displayName(uri);
  }

  /** Forget every `.search-lint.json` read so far (one changed). */
  reloadLintConfigs(): void {
    this.lintConfigs.clear();
  }

  /**
   * The `.search-lint.json` that governs a document: only for files of the workspace (on disk or in a
   * virtual workspace), never for unsaved buffers or views of other revisions.
   */
  private lintConfigOf(uri: string): Promise<LintConfigLookup> | undefined {
    if (!isHierarchical(uri) || (!uri.startsWith('file:') && !this.folderOf(uri))) return undefined;
    return this.lintConfigs.forDirectory(parentUri(uri));
  }

  /** Whether the document is a service configuration under these settings and the workspace's `.search-lint.json`. */
  async isConfiguration(doc: DocumentRef, settings: ServerSettings): Promise<boolean> {
    if (!settings.enable) return false;
    if (OWN_LANGUAGE_IDS.has(doc.languageId)) return true;
    // A variable definitions file gives a module's variables their values (read with its .tf files): it is never a configuration.
    if (isTfvarsName(fileNameOf(doc))) return false;
    // A Terraform or YAML file, whatever its language id (`json` for a .tf.json file): only the configurations in it
    // are read (search_user_config blocks, *.search.yaml and the spec.userConfig of kind: Search manifests).
    if (formatOf(fileNameOf(doc)).editing === 'members') return this.isTerraformIncluded(doc);
    const lookup = this.lintConfigOf(doc.uri);
    if (!lookup) return false;
    const lint = await lookup;
    const loaded = lint.ok ? lint.loaded : undefined;
    const relToLint = loaded && relativePath(loaded.dir, doc.uri);
    if (loaded && relToLint !== undefined && isIgnored(loaded.config, relToLint)) return false;
    const folder = this.folderOf(doc.uri);
    const rel = (folder && relativePath(folder, doc.uri)) || displayName(doc.uri).replace(/^[/\\]+/, '');
    if (globMatcher(settings.files)(rel)) return true;
    if (loaded?.config.files && relToLint !== undefined) return isConfigurationFile(loaded.config, relToLint);
    return false;
  }

  /** A Terraform file is checked unless the workspace's `.search-lint.json` ignores it. */
  private async isTerraformIncluded(doc: DocumentRef): Promise<boolean> {
    const lookup = this.lintConfigOf(doc.uri);
    const lint = lookup && (await lookup);
    const loaded = lint && lint.ok ? lint.loaded : undefined;
    const rel = loaded && relativePath(loaded.dir, doc.uri);
    return !(loaded && rel !== undefined && isIgnored(loaded.config, rel));
  }

  /**
   * Whether the document is a request file, runbook or script to check for refused requests, as
   * `search-config lint` would find it: `.http` and `.rest` files always, Markdown and shell files when
   * `requests.files` of the workspace's `.search-lint.json` matches them; whatever their language id.
   */
  async isRequestDocument(doc: DocumentRef, settings: ServerSettings): Promise<boolean> {
    if (!settings.enable) return false;
    const kind = requestFileKind(fileNameOf(doc));
    if (kind === 'http') return true;
    const lookup = kind ? this.lintConfigOf(doc.uri) : undefined;
    if (!lookup) return false;
    const lint = await lookup;
    const rel = lint.ok && lint.loaded ? relativePath(lint.loaded.dir, doc.uri) : undefined;
    return !!lint.ok && !!lint.loaded && rel !== undefined && !isIgnored(lint.loaded.config, rel) && isRequestFile(lint.loaded.config, rel);
  }

  /**
   * Analyzer options: the workspace's `.search-lint.json` first, then the editor settings on top
   * (the person at the editor has the last word). Problems with the settings file are returned, not thrown.
   */
  async optionsFor(
    doc: DocumentRef,
    settings: ServerSettings,
  ): Promise<{ options: AnalyzeOptions; lintConfigProblems?: { file: string; problems: string[] } }> {
    // An editor opens every YAML file of a workspace: what was not read is said only of those that try to be ours.
    const options: AnalyzeOptions = { fileName: fileNameOf(doc), named: 'when-ours' };
    if (isHierarchical(doc.uri)) options.displayName = this.shownName(doc.uri);
    let lintConfigProblems: { file: string; problems: string[] } | undefined;
    const lookup = this.lintConfigOf(doc.uri);
    const lint = lookup && (await lookup);
    if (lint && !lint.ok) lintConfigProblems = { file: displayName(lint.file), problems: lint.problems };
    else if (lint?.loaded) Object.assign(options, resolveLintOptions(lint.loaded.config, relativePath(lint.loaded.dir, doc.uri) ?? ''));
    if (Object.keys(settings.rules).length) options.rules = { ...options.rules, ...settings.rules };
    if (settings.cpus !== undefined) options.cpus = settings.cpus;
    return { options, lintConfigProblems };
  }

  /** A baseline path from the settings, resolved against the document's workspace folder (or its directory). */
  resolvePath(p: string, docUri: string): string | undefined {
    const base = this.folderOf(docUri) ?? (isHierarchical(docUri) ? parentUri(docUri) : undefined);
    if (base) return resolveAgainst(base, p);
    return isUriReference(p) ? p : undefined;
  }
}

/**
 * The service configurations in the workspace folders, as `search-config lint` would find them
 * (names from the editor settings, `.search-lint.json` files and ignores); a bounded search.
 */
export async function configurationsIn(workspace: Workspace, settings: ServerSettings, limit = 20): Promise<string[]> {
  const found: string[] = [];
  let visited = 0;
  const walk = async (dir: string, depth: number): Promise<void> => {
    if (found.length >= limit || depth > 8 || visited > 5000) return;
    const entries = await workspace.runtime.readDirectory(dir);
    if (!entries) return;
    for (const e of [...entries].sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (found.length >= limit) return;
      visited++;
      const uri = childUri(dir, e.name);
      if (e.type === 'directory' && !ALWAYS_SKIPPED_DIRECTORIES.includes(e.name)) await walk(uri, depth + 1);
      else if (e.type === 'file' && (await workspace.isConfiguration({ uri, languageId: 'json' }, settings))) found.push(uri);
    }
  };
  for (const f of workspace.folderUris) await walk(f, 0);
  return found;
}
