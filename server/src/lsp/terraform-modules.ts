import type { TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { readModuleVariableFiles, type ModuleDirectory, isVariableFile, type VariableSource } from '../core';
import type { ServerRuntime } from './runtime';
import { childUri, isHierarchical, parentUri, relativePath, sameUri } from './uris';

/** The decoded name of a resource within its directory. */
const nameOf = (uri: string): string => relativePath(parentUri(uri), uri) ?? uri;

interface ModuleEntry {
  /** The module's files as the runtime reads them (the disk, or the editor's file system in a browser). */
  read: Promise<VariableSource[]>;
  /** Those files with the open buffers' text in place of the saved one; made again when a buffer changes. */
  merged?: { key: string; sources: VariableSource[]; without: Map<string, VariableSource[]> };
}

/**
 * The files that give a Terraform module's variables their values, per module directory, read
 * through the runtime by the same core function the CLI uses (so that the editor and CI resolve
 * `var.NAME` alike). A directory is read once until one of its files changes on disk; an open
 * buffer of one of its files counts with its unsaved text.
 */
export class TerraformModules {
  private readonly byDir = new Map<string, ModuleEntry>();

  constructor(private readonly runtime: ServerRuntime, private readonly documents: TextDocuments<TextDocument>) {}

  /** The module files of the directory holding `uri` (the file itself left out: its own text is used). */
  async variableFilesOf(uri: string): Promise<VariableSource[] | undefined> {
    if (!isHierarchical(uri)) return undefined;
    const dir = parentUri(uri);
    let entry = this.byDir.get(dir);
    if (!entry) this.byDir.set(dir, (entry = { read: readModuleVariableFiles(this.directory(dir)) }));
    const onDisk = await entry.read;
    const own = nameOf(uri);
    // The open buffers among the module's files, by their versions: the merge is made again only when one changed.
    const open = this.documents.all().filter((d) => sameUri(parentUri(d.uri), dir) && isVariableFile(nameOf(d.uri)) && !sameUri(d.uri, uri));
    const key = open.map((d) => `${d.uri}@${d.version}`).join('\0');
    if (entry.merged?.key !== key) {
      const byName = new Map(onDisk.map((s) => [s.fileName, s]));
      for (const d of open) byName.set(nameOf(d.uri), { fileName: nameOf(d.uri), text: d.getText() });
      entry.merged = { key, sources: [...byName.values()].sort((a, b) => (a.fileName < b.fileName ? -1 : 1)), without: new Map() };
    }
    // The same list for the same file until something changes: analyses are cached by its identity.
    let list = entry.merged.without.get(own);
    if (!list) entry.merged.without.set(own, (list = entry.merged.sources.filter((s) => s.fileName !== own)));
    return list;
  }

  /** Whether a change to `uri` may change a module's variables: then its directory is read again. */
  changed(uri: string): boolean {
    if (!isVariableFile(nameOf(uri))) return false;
    const dir = parentUri(uri);
    for (const known of [...this.byDir.keys()]) if (sameUri(known, dir)) this.byDir.delete(known);
    return true;
  }

  /** Forget every directory read (e.g. the workspace changed). */
  clear(): void { this.byDir.clear(); }

  private directory(dir: string): ModuleDirectory {
    return {
      list: async () => (await this.runtime.readDirectory(dir))?.filter((e) => e.type === 'file').map((e) => e.name),
      read: async (name, maxChars) => {
        const r = await this.runtime.readFile(childUri(dir, name));
        return r.ok && r.text.length <= maxChars ? r.text : undefined;
      },
    };
  }
}
