import fs from 'node:fs';
import path from 'node:path';
import { RULES } from '../../server/src/core';

/** The repository root, found from wherever the bundled test runs. */
export function repoRoot(from = __dirname): string {
  let dir = from;
  while (!fs.existsSync(path.join(dir, 'package.json')) || !fs.existsSync(path.join(dir, 'schemas'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`no repository root above ${from}`);
    dir = up;
  }
  return dir;
}

export interface Seed {
  name: string;
  text: string;
  fileName: string;
}

/** Seeds for mutation: every fixture, every example configuration, every rule's documented examples. */
export function loadCorpus(root = repoRoot()): Seed[] {
  const out: Seed[] = [];
  const walk = (dir: string): void => {
    if (!fs.existsSync(dir)) return;
    for (const n of fs.readdirSync(dir).sort()) {
      const p = path.join(dir, n);
      const st = fs.lstatSync(p);
      if (st.isDirectory()) walk(p);
      else if (st.isFile() && /\.jsonc?$/.test(n) && st.size < 1_000_000)
        out.push({ name: path.relative(root, p), text: fs.readFileSync(p, 'utf8'), fileName: n });
    }
  };
  walk(path.join(root, 'test/fixtures'));
  walk(path.join(root, 'examples'));
  for (const rule of RULES) {
    for (const [kind, list] of Object.entries(rule.meta.examples)) {
      list.forEach((ex, i) =>
        out.push({ name: `${rule.meta.id} ${kind} example ${i + 1}`, text: ex.code, fileName: ex.fileName ?? 'example.json' }),
      );
    }
  }
  return out;
}
