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
  /**
   * The sources last read of each directory, by file name: a file read again with the same text
   * is given as the same object, so that what the core found in it is not looked for again (one
   * changed terraform.tfvars does not make the module's hundred other files parsed again).
   */
  private readonly lastRead = new Map<string, Map<string, VariableSource>>();

  /** `show`: how messages name a module file (see Workspace.shownName). */
  constructor(
    private readonly runtime: ServerRuntime,
    private readonly documents: TextDocuments<TextDocument>,
    private readonly show: (uri: string) => string = nameOf,
  ) {}

  /** The module files of the directory holding `uri` (the file itself left out: its own text is used). */
  async variableFilesOf(uri: string): Promise<VariableSource[] | undefined> {
    if (!isHierarchical(uri)) return undefined;
    const dir = parentUri(uri);
    let entry = this.byDir.get(dir);
    if (!entry)
      this.byDir.set(dir, (entry = { read: readModuleVariableFiles(this.directory(dir)).then((read) => this.reusing(dir, read)) }));
    const onDisk = await entry.read;
    const own = nameOf(uri);
    // The open buffers among the module's files, by their versions: the merge is made again only when one changed.
    const open = this.documents
      .all()
      .filter((d) => sameUri(parentUri(d.uri), dir) && isVariableFile(nameOf(d.uri)) && !sameUri(d.uri, uri));
    const key = open.map((d) => `${d.uri}@${d.version}`).join('\0');
    if (entry.merged?.key !== key) {
      const byName = new Map(onDisk.map((s) => [s.fileName, s]));
      const before = entry.merged && new Map(entry.merged.sources.map((s) => [s.fileName, s]));
      for (const d of open) {
        const fileName = nameOf(d.uri),
          text = d.getText();
        // A buffer whose text is the file's on disk (just opened, or saved) or as it was is the same source.
        const same = [byName.get(fileName), before?.get(fileName)].find((s) => s?.text === text);
        byName.set(fileName, same ?? { fileName, text, shownAs: this.show(d.uri) });
      }
      const sources = [...byName.values()].sort((a, b) => (a.fileName < b.fileName ? -1 : 1));
      // A buffer opened or closed with the text on disk changes nothing: the lists stay the same
      // objects, and the analyses of the module's other open files made with them still hold.
      const unchanged = entry.merged?.sources.length === sources.length && sources.every((s, i) => s === entry.merged!.sources[i]);
      entry.merged = unchanged ? { ...entry.merged!, key } : { key, sources, without: new Map() };
    }
    // The same list for the same file until something changes: analyses are cached by its identity.
    let list = entry.merged.without.get(own);
    if (!list) entry.merged.without.set(own, (list = entry.merged.sources.filter((s) => s.fileName !== own)));
    return list;
  }

  /**
   * Whether a change to `uri` may change a module's variables: then its directory is listed again
   * and that file read again (a file created or deleted meanwhile is found by the listing).
   */
  changed(uri: string): boolean {
    const name = nameOf(uri);
    if (!isVariableFile(name)) return false;
    const dir = parentUri(uri);
    for (const [known, entry] of [...this.byDir])
      if (sameUri(known, dir)) this.byDir.set(known, { read: this.readAgain(known, entry.read, name) });
    return true;
  }

  /** Forget every directory read (e.g. the workspace changed). */
  clear(): void {
    this.byDir.clear();
    this.lastRead.clear();
  }

  /**
   * The directory read again after `changedName` changed: the other files it held are taken as
   * read before (each of their changes comes as a change of its own), so that one edit of
   * terraform.tfvars does not read a module of hundreds of files again.
   */
  private async readAgain(dir: string, previous: Promise<VariableSource[]>, changedName: string): Promise<VariableSource[]> {
    const before = new Map((await previous.catch(() => [])).map((s) => [s.fileName, s]));
    // Compared loosely: reading one file more than needed costs little; keeping a changed one would be wrong.
    const loose = (name: string): string => name.normalize('NFC').toLowerCase();
    const changed = loose(changedName);
    const disk = this.directory(dir);
    const again: ModuleDirectory = {
      list: disk.list,
      read: async (name, maxChars) => {
        const known = loose(name) === changed ? undefined : before.get(name);
        return known ? known.text : disk.read(name, maxChars);
      },
    };
    return this.reusing(dir, await readModuleVariableFiles(again));
  }

  /** The sources of a directory read again, each the object of the previous read when its text is the same. */
  private reusing(dir: string, read: VariableSource[]): VariableSource[] {
    const previous = this.lastRead.get(dir);
    const shown = read.map((s) => ({ ...s, shownAs: this.show(childUri(dir, s.fileName)) }));
    const sources = previous
      ? shown.map((s) => {
          const p = previous.get(s.fileName);
          return p?.text === s.text && p.shownAs === s.shownAs ? p : s;
        })
      : shown;
    this.lastRead.set(dir, new Map(sources.map((s) => [s.fileName, s])));
    return sources;
  }

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
