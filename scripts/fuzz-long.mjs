// Long fuzz run (100,000 inputs by default): bundles the fuzzer, then runs it with the given
// arguments, e.g. `npm run fuzz -- --seed 42 --count 200000` or `--only 1234` to replay one input.
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outfile = path.join(root, 'dist/fuzz.js');
spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit', cwd: root });
await esbuild.build({
  entryPoints: [path.join(root, 'test/fuzz/main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  mainFields: ['module', 'main'],
  logLevel: 'warning',
  sourcemap: 'inline',
  external: ['vscode'],
});
const run = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], { stdio: 'inherit', cwd: root });
process.exitCode = run.status ?? 2;
