import { MAX_TERRAFORM_SIZE } from './document';
import { isVariableFile, type VariableSource } from './variables';

/**
 * How the core reads a Terraform file's module directory: the host (the CLI on the disk, the
 * language server through its runtime, a browser worker through the editor's file system) gives
 * these two functions, and every host then finds the same files in the same order.
 */
export interface ModuleDirectory {
  /** The names of the files in the directory; undefined when it cannot be listed. */
  list(): Promise<readonly string[] | undefined>;
  /**
   * The text of one of them, UTF-8 decoded; undefined when it cannot be read or holds more than
   * `maxChars` characters (a host that knows the size first need not read it at all).
   */
  read(name: string, maxChars: number): Promise<string | undefined>;
}

/**
 * The files of a module directory that give its variables their values (see variableValues),
 * in the order of their names, without `ownName` (the file being linted, whose own text is used).
 * A file that cannot be read, or is too large to parse, is left out: its variables stay unknown.
 */
export async function readModuleVariableFiles(directory: ModuleDirectory, ownName?: string): Promise<VariableSource[]> {
  const names = await directory.list();
  if (!names) return [];
  const wanted = names.filter((name) => name !== ownName && isVariableFile(name)).sort();
  const texts = await Promise.all(wanted.map((name) => directory.read(name, MAX_TERRAFORM_SIZE).catch(() => undefined)));
  const out: VariableSource[] = [];
  wanted.forEach((fileName, i) => {
    const text = texts[i];
    if (text !== undefined && text.length <= MAX_TERRAFORM_SIZE) out.push({ fileName, text: text.replace(/^\uFEFF/, '') });
  });
  return out;
}
