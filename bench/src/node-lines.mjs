// Start-up and bulk lint on every supported Node.js line (scripts/node-lines.sh), each line's figures
// from its own node, in the same run: a user on Node 22 starts the CLI under Node 22, with that line's
// V8 and its own code caches.
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { measurePair } from './lib/measure.mjs';
import { BENCH_DIR } from './generate.mjs';
import { pairsFor, settleFor, workloads } from './whole-process.mjs';

const ROOT = path.resolve(BENCH_DIR, '..');
const LINES_SCRIPT = path.join(ROOT, 'scripts/node-lines.sh');

/** The supported lines, and the `node` of each (installed from the npm registry on first use). */
function nodeLines({ onlyMachineLine, log }) {
  const machineLine = process.versions.node.split('.')[0];
  const listed = spawnSync('bash', [LINES_SCRIPT, 'list'], { encoding: 'utf8' });
  const lines = listed.status === 0 ? listed.stdout.split('\n').filter(Boolean) : [machineLine];
  return (onlyMachineLine ? [machineLine] : lines).map((line) => {
    if (line === machineLine) return { line, node: process.execPath };
    log(`  Node.js ${line}: its node (scripts/node-lines.sh path ${line}) ...`);
    const dir = spawnSync('bash', [LINES_SCRIPT, 'path', line], { encoding: 'utf8' });
    if (dir.status !== 0) return { line, error: `not installed: ${dir.stderr.trim().split('\n').pop()}` };
    return { line, node: path.join(dir.stdout.trim(), 'node') };
  });
}

const parseExit = (stdout, stderr, status) => {
  if (status > 1) throw new Error(stderr.trim().split('\n')[0] || `exit ${status}`);
  return {};
};

/**
 * For each line: one small JSON file, the 300-line .tf file and the 300-line manifest linted cold, each in
 * turn with `node -e 0` of that line; then every workload the previous release reads (not the .tf ones), in
 * turn with the release under the same node. The machine's own line has those in the comparison with the
 * release (whole-process.mjs), which is not measured again here: only one small file and the small files.
 * `onlyMachineLine` (the smoke run) measures the machine's own line, so that no Node binary is fetched,
 * with every code path still run.
 */
export function measureNodeLines({ files, release, pairRuns, warmup, log, onlyMachineLine = false }) {
  const out = [];
  for (const { line, node, error } of nodeLines({ onlyMachineLine, log })) {
    if (error) {
      out.push({ line, error });
      continue;
    }
    const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
    log(`  Node.js ${version}`);
    const lint = (bin, inputs) => ({ cmd: node, args: [bin, 'lint', '--format', 'json', ...inputs] });
    const ours = path.join(ROOT, 'bin/search-config.js');
    const floor = { cmd: node, args: ['-e', '0'] };
    const pair = (a, b, runs = pairRuns, settle = undefined) => measurePair({ a, b, runs, warmup, parse: parseExit, cwd: ROOT, settle });
    const result = { line, version, smallFiles: files.small.length, cold: {}, vsRelease: {} };
    for (const [id, file] of [
      ['json', files.small[0]],
      ['terraform', files.tf300],
      ['manifest', files.manifest300],
    ]) {
      const p = pair(lint(ours, [file]), floor);
      result.cold[id] = { lintMs: p.a.ms, nodeMs: p.b.ms, ratio: p.ratios, error: p.a.error };
      log(
        `    ${id.padEnd(10)} cold ${p.a.ms.median.toFixed(1)} ms, node -e 0 ${p.b.ms.median.toFixed(1)} ms, ${p.ratios.median.toFixed(2)}x`,
      );
    }
    if (release?.bin) {
      const machineLine = node === process.execPath;
      for (const w of workloads(files).filter((w) => !w.terraform && (!machineLine || w.id === 'one' || w.id === 'small'))) {
        const { id, inputs } = w;
        const p = pair(lint(ours, inputs), lint(release.bin, inputs), pairsFor(w, pairRuns), settleFor(w, pairRuns));
        result.vsRelease[id] = { ms: p.a.ms, releaseMs: p.b.ms, ratio: p.ratios, cpuRatio: p.cpuRatios, error: p.a.error ?? p.b.error };
        log(
          `    ${id.padEnd(10)} ${p.a.ms.median.toFixed(1)} ms against the release's ${p.b.ms.median.toFixed(1)} ms, ${(p.cpuRatios ?? p.ratios).median.toFixed(3)}x`,
        );
      }
    }
    out.push(result);
  }
  return out;
}
