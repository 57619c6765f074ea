// Runs the built test files of a folder with Node's test runner: `node scripts/run-tests.mjs DIR [node --test options]`.
// Node 20 expands a folder given to --test, later lines take only files and glob patterns, which Node 20
// does not expand: the files are named one by one, so that every supported Node line runs the same tests.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [dir, ...options] = process.argv.slice(2);
if (!dir) {
  process.stderr.write('usage: node scripts/run-tests.mjs DIR [node --test options]\n');
  process.exit(2);
}
const files = fs
  .readdirSync(dir, { recursive: true })
  .map(String)
  .filter((f) => f.endsWith('.test.js'))
  .sort()
  .map((f) => path.join(dir, f));
if (!files.length) {
  process.stderr.write(`run-tests: no *.test.js file below ${dir}: build the tests first (node scripts/build.mjs --tests)\n`);
  process.exit(1);
}
// Node runs one file fewer at a time than the machine has cores: one at a time on two cores. The files
// wait on child processes or time the CPU of their own process, which a neighbour changes little, so they
// run at least two at a time unless told otherwise.
const concurrency = options.some((o) => o.startsWith('--test-concurrency'))
  ? []
  : [`--test-concurrency=${Math.max(2, os.availableParallelism() - 1)}`];
const r = spawnSync(process.execPath, ['--test', '--test-reporter=spec', ...concurrency, ...options, ...files], { stdio: 'inherit' });
process.exit(r.status ?? 1);
