import fs from 'node:fs';
import path from 'node:path';
import { readModuleOverrideFiles, readModuleVariableFiles, readsModuleFiles, type ModuleDirectory, type VariableSource } from '../core';

/**
 * A Terraform file's module directory on the disk, for the core to read its variables' values from
 * (core/formats/terraform/module.ts decides which files and in what order). A file larger than
 * the parser reads is not read at all; one that cannot be read is left out.
 */
export function moduleDirectoryOnDisk(file: string): ModuleDirectory {
  const dir = path.dirname(file);
  return {
    list: () => {
      try {
        return Promise.resolve(fs.readdirSync(dir));
      } catch {
        return Promise.resolve(undefined);
      }
    },
    read: (name, maxChars) => {
      const full = path.join(dir, name);
      try {
        const stat = fs.statSync(full);
        // UTF-8 has at least one byte per character: a file of more bytes than that may still fit,
        // but no file of at most `maxChars` bytes is refused.
        if (!stat.isFile() || stat.size > maxChars * 3) return Promise.resolve(undefined);
        return Promise.resolve(fs.readFileSync(full, 'utf8'));
      } catch {
        return Promise.resolve(undefined);
      }
    },
  };
}

/** How many module directories a run keeps the files of: files are linted in the order of their paths, a directory's together. */
const DIRECTORIES_KEPT = 8;

/**
 * The module files each Terraform file of a run is analysed with (see readsModuleFiles): those
 * that give variables their values when the file uses one or is compared with a baseline (whose
 * `moved` blocks count then), else only the override files that may replace its configurations. A directory is read once for the files of the run in it (not once
 * per file), so that each module file is read and parsed once: the core keeps what a file says
 * with the object it was given as. `show`: how the report names a file. What --fix writes meanwhile changes none of it: a fix edits
 * inside a configuration, which gives no variable its value, and never removes a search_user_config block.
 */
export function moduleFilesOnDisk(
  show: (file: string) => string,
): (file: string, text: string, compared?: boolean) => Promise<VariableSource[] | undefined> {
  const byDirectory = new Map<string, Promise<VariableSource[]>>();
  return async (file, text, compared = false) => {
    // Compared with a baseline, a file without the block may have had one, and a `moved` block in any file
    // of the module may have renamed one of its resources: every file of the module is read.
    if (!readsModuleFiles(text) && !compared) return undefined;
    const variables = compared || text.includes('var.');
    const key = `${variables ? 'variables' : 'overrides'}\0${path.dirname(file)}`;
    let read = byDirectory.get(key);
    if (!read) {
      const dir = path.dirname(file);
      // Messages name a module file as the report names files (`infra/terraform.tfvars:3`), not by its name in the module.
      read = (variables ? readModuleVariableFiles : readModuleOverrideFiles)(moduleDirectoryOnDisk(file)).then((sources) =>
        sources.map((source) => ({ ...source, shownAs: show(path.join(dir, source.fileName)) })),
      );
      byDirectory.set(key, read);
      // The oldest directory goes: the run has moved past it.
      if (byDirectory.size > DIRECTORIES_KEPT) byDirectory.delete(byDirectory.keys().next().value!);
    }
    const own = path.basename(file);
    return (await read).filter((source) => source.fileName !== own);
  };
}
