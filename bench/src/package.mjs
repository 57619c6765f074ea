// What users install, measured: the tarball `npm pack` makes (packed and unpacked size), installing it
// into an empty project with install scripts off, and a cold `npx search-config lint` of one file from
// that install, against `node -e 0` in the same run.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { measurePair, measureProcess, stats } from './lib/measure.mjs';

export function measurePackage({ root, workDir, oneFile, terraformFile, manifestFile, runs, pairRuns = runs }) {
  const dir = path.join(workDir, 'package');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const env = { ...process.env, npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false' };
  const pack = spawnSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: root, env, encoding: 'utf8' });
  if (pack.status !== 0) return { error: `npm pack failed: ${pack.stderr.slice(0, 300)}` };
  const [info] = JSON.parse(pack.stdout);
  const tgz = path.join(dir, info.filename);
  const installs = [];
  let project;
  for (let i = 0; i < Math.max(1, Math.min(runs, 3)); i++) {
    project = path.join(dir, `project-${i}`);
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'configs', version: '1.0.0', private: true }));
    const start = process.hrtime.bigint();
    const r = spawnSync('npm', ['install', '--save-dev', '--ignore-scripts', tgz], { cwd: project, env, encoding: 'utf8' });
    installs.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (r.status !== 0) return { error: `npm install of the tarball failed: ${r.stderr.slice(0, 300)}` };
  }
  fs.copyFileSync(oneFile, path.join(project, 'one.search.json'));
  const bin = path.join(project, 'node_modules', 'search-config', 'bin', 'search-config.js');
  // The first (warm-up) run of each fills the bins' compile cache, as a user's first run does.
  const npx = measureProcess({ cmd: 'npx', args: ['--no-install', 'search-config', 'lint', 'one.search.json'], runs, cwd: project });
  const direct = measureProcess({ cmd: process.execPath, args: [bin, 'lint', 'one.search.json'], runs, cwd: project });
  const npxAlone = measureProcess({ cmd: 'npx', args: ['--no-install', 'node', '-e', '0'], runs, cwd: project });
  const node = measureProcess({ cmd: process.execPath, args: ['-e', '0'], runs, cwd: project });
  // One .tf file, in a module directory of its own, in turn with `node -e 0`: the parser's WebAssembly
  // is loaded (and compiled into Node's cache) by the warm-up run, as by a user's first run.
  let terraform;
  if (terraformFile) {
    fs.mkdirSync(path.join(project, 'infra'));
    fs.copyFileSync(terraformFile, path.join(project, 'infra', 'main.tf'));
    const p = measurePair({
      a: { cmd: process.execPath, args: [bin, 'lint', 'infra/main.tf'] },
      b: { cmd: process.execPath, args: ['-e', '0'] },
      runs: pairRuns,
      cwd: project,
    });
    terraform = {
      lint: p.a,
      node: p.b,
      ratio: p.ratios,
      cpuRatio: p.cpuRatios,
      error: p.a.error ?? (p.a.exitCode > 1 ? `exit ${p.a.exitCode}: ${p.a.stderrHead}` : undefined),
    };
  }
  // One Kubernetes manifest (a multi-document file with kind: Search documents), the same way.
  let kubernetes;
  if (manifestFile) {
    fs.mkdirSync(path.join(project, 'deploy'));
    fs.copyFileSync(manifestFile, path.join(project, 'deploy', 'search.yaml'));
    const p = measurePair({
      a: { cmd: process.execPath, args: [bin, 'lint', 'deploy/search.yaml'] },
      b: { cmd: process.execPath, args: ['-e', '0'] },
      runs: pairRuns,
      cwd: project,
    });
    kubernetes = {
      lint: p.a,
      node: p.b,
      ratio: p.ratios,
      cpuRatio: p.cpuRatios,
      error: p.a.error ?? (p.a.exitCode > 1 ? `exit ${p.a.exitCode}: ${p.a.stderrHead}` : undefined),
    };
  }
  return {
    packedBytes: info.size,
    unpackedBytes: info.unpackedSize,
    files: info.entryCount,
    installMs: stats(installs),
    npx,
    direct,
    npxAlone,
    node,
    terraform,
    kubernetes,
  };
}
