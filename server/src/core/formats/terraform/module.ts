import { holdsConfiguration, MAX_TERRAFORM_SIZE } from './document';
import { isOverrideFile, isVariableFile, type VariableSource } from './variables';

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
 * Whether the analysis of a Terraform file reads its module's other files (given as
 * `terraformVariables`): every file with a configuration does, since an override file of the
 * module may replace it (see replacedConfigurations); one whose values use variables reads
 * them all (readModuleVariableFiles), another needs only the override files (readModuleOverrideFiles).
 */
export const readsModuleFiles = (text: string): boolean => holdsConfiguration(text);

/**
 * The files of a module directory that give its variables their values (see variableValues),
 * in the order of their names, without `ownName` (the file being linted, whose own text is used).
 * A file that cannot be read, or is too large to parse, is left out: its variables stay unknown.
 * The override files are among them.
 */
export const readModuleVariableFiles = (directory: ModuleDirectory, ownName?: string): Promise<VariableSource[]> =>
  readModuleFiles(directory, isVariableFile, ownName);

/**
 * The override files of a module directory (`override.tf`, `*_override.tf`, their `.tf.json`
 * forms), as readModuleVariableFiles reads them: all that a file whose values use no variable
 * needs of its module.
 */
export const readModuleOverrideFiles = (directory: ModuleDirectory, ownName?: string): Promise<VariableSource[]> =>
  readModuleFiles(directory, isOverrideFile, ownName);

async function readModuleFiles(directory: ModuleDirectory, wanted: (name: string) => boolean, ownName?: string): Promise<VariableSource[]> {
  const names = await directory.list();
  if (!names) return [];
  const chosen = names.filter((name) => name !== ownName && wanted(name)).sort();
  const texts = await Promise.all(chosen.map((name) => directory.read(name, MAX_TERRAFORM_SIZE).catch(() => undefined)));
  const out: VariableSource[] = [];
  chosen.forEach((fileName, i) => {
    const text = texts[i];
    if (text !== undefined && text.length <= MAX_TERRAFORM_SIZE) out.push({ fileName, text: text.replace(/^\uFEFF/, '') });
  });
  return out;
}
