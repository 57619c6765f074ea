// Bundles the analyzer core (and the editor features, when they exist) for in-process timing,
// the same way the product bundles it: one esbuild output, minified.
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { BENCH_DIR } from '../generate.mjs';

const ROOT = path.resolve(BENCH_DIR, '..');
export const EDITOR_MODULES = ['completion', 'hover'];

export async function bundleCore(outDir) {
  fs.mkdirSync(outDir, { recursive: true });
  const core = path.join(ROOT, 'server/src/core');
  const lines = [`export * as core from ${JSON.stringify(path.join(core, 'index.ts'))};`];
  const editor = {};
  for (const name of EDITOR_MODULES) {
    const file = path.join(core, 'editor', `${name}.ts`);
    editor[name] = fs.existsSync(file);
    if (editor[name]) lines.push(`export * as ${name} from ${JSON.stringify(file)};`);
  }
  const entry = path.join(outDir, 'core-entry.ts');
  fs.writeFileSync(entry, lines.join('\n') + '\n');
  const outfile = path.join(outDir, 'core.cjs');
  await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    minify: true,
    logLevel: 'error',
    mainFields: ['module', 'main'],
  });
  return { file: outfile, editor };
}
