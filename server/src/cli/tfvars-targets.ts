import fs from 'node:fs';
import path from 'node:path';
import { CONFIGURATION_BLOCK } from '../core';
import { fileHoldsAscii } from './file-search';

/**
 * The `.tf` and `.tf.json` files of a variable file's module directory that its values can reach: those holding a
 * search_user_config block and naming a variable (`var.`). Linting a changed `terraform.tfvars`
 * lints them, so that a pre-commit hook run for the .tfvars file alone checks what it changes.
 * Two text searches per `.tf` file, no parse; sorted by name as a directory search is.
 */
export function tfFilesUsingVariables(tfvarsFile: string): string[] {
  const dir = path.dirname(tfvarsFile);
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((e) => /\.tf(?:\.json)?$/i.test(e.name) && (e.isFile() || e.isSymbolicLink()))
    .map((e) => e.name)
    .sort()
    .map((name) => path.join(dir, name))
    .filter((file) => fileHoldsAscii(file, CONFIGURATION_BLOCK) && fileHoldsAscii(file, 'var.'));
}
