import fs from 'node:fs';
import path from 'node:path';
import type { ModuleDirectory } from '../core';

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
