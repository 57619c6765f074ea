import fs from 'node:fs';
import path from 'node:path';
import { MAX_TERRAFORM_SIZE } from '../core/formats/terraform/document';

/**
 * The files of a Terraform file's module directory that give its variables their values: the
 * other `.tf` files (their `variable` defaults), `terraform.tfvars` and `*.auto.tfvars`. Files
 * that cannot be read, or are too large to parse, are left out: their variables stay unknown.
 */
export function moduleVariableFiles(file: string): Array<{ fileName: string; text: string }> {
  const dir = path.dirname(file);
  let names: string[];
  try { names = fs.readdirSync(dir); } catch { return []; }
  const out: Array<{ fileName: string; text: string }> = [];
  for (const name of names.sort()) {
    if (!(/\.tf$/i.test(name) || name === 'terraform.tfvars' || /\.auto\.tfvars$/i.test(name))) continue;
    const full = path.join(dir, name);
    if (full === file) continue;
    try {
      const stat = fs.statSync(full);
      if (!stat.isFile() || stat.size > MAX_TERRAFORM_SIZE) continue;
      out.push({ fileName: full, text: fs.readFileSync(full, 'utf8').replace(/^\uFEFF/, '') });
    } catch { /* unreadable: its variables stay unknown */ }
  }
  return out;
}
