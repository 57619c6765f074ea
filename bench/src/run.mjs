// `npm run bench` (full sizes) and `npm run bench:smoke` (tiny sizes, same code paths, no timing
// asserted). Writes bench/results/latest.{md,json} and the summary of bench/README.md (smoke:
// bench/results/raw/smoke.{md,json} and smoke-summary.md; the README is left alone).
//   node bench/src/run.mjs [--smoke] [--runs N] [--pairs N] [--against REF] [--no-build] [--no-install]
// --against REF: the previous release to compare with (default: the newest tag; without tags, the
// commit that wrote the CHANGELOG's newest release heading).
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { BENCH_DIR, generate } from './generate.mjs';
import { bundleCore } from './lib/bundle.mjs';
import { hasGnuTime, machine } from './lib/measure.mjs';
import { writePlainSchema } from './tools/derive-schema.mjs';
import { measureFindingCost, measureTargetPairs, runWholeProcess } from './whole-process.mjs';
import { computeTargets, markdown, readmeSummary, RELEASE_FLAG, releaseRatio, terminalTable, withSummary } from './report.mjs';
import { buildAgainst, removeAgainst } from './lib/against.mjs';
import { measurePackage } from './package.mjs';
import { measureNodeLines } from './node-lines.mjs';

const ROOT = path.resolve(BENCH_DIR, '..');
const args = process.argv.slice(2);
const smoke = args.includes('--smoke');
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : smoke ? 1 : 7;
const pairsAt = args.indexOf('--pairs');
// Runs of each side when two commands are compared in turn: a pair ratio's median needs more of them.
const pairRuns = pairsAt >= 0 ? Number(args[pairsAt + 1]) : smoke ? 2 : 11;
const againstAt = args.indexOf('--against');
const againstRef = againstAt >= 0 ? args[againstAt + 1] : undefined;
const log = (s) => process.stderr.write(s + '\n');

function sh(cmd, argv, opts = {}) {
  const r = spawnSync(cmd, argv, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', maxBuffer: 1 << 28, ...opts });
  return r;
}

/** The comparison tools live in bench/'s own dependency set. The smoke run does not install them. */
function benchDeps() {
  const have = () =>
    ['ajv', 'spectral'].every((b) => fs.existsSync(path.join(BENCH_DIR, 'node_modules/.bin', b))) &&
    fs.existsSync(path.join(BENCH_DIR, 'node_modules/vscode-json-languageservice'));
  if (have() || smoke || args.includes('--no-install')) return have();
  log('installing the comparison tools into bench/node_modules (npm ci --prefix bench) ...');
  const r = sh('npm', ['ci', '--prefix', BENCH_DIR, '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm ci --prefix bench failed');
  return have();
}

function childJson(script, cfg) {
  const r = sh(process.execPath, [path.join(BENCH_DIR, 'src', script), JSON.stringify(cfg)], { timeout: 900_000 });
  if (r.status !== 0 || !r.stdout.trim()) return { error: (r.stderr || r.error?.message || `exit ${r.status}`).slice(0, 500) };
  try {
    return JSON.parse(r.stdout);
  } catch {
    return { error: `unreadable output: ${r.stdout.slice(0, 200)}` };
  }
}

/** Packs the extension as users install it, with the product's own `npm run package` script. */
function vsixSize(work) {
  const out = path.join(work, 'search-config.vsix');
  fs.rmSync(out, { force: true });
  const r = sh(process.execPath, [path.join(ROOT, 'scripts/package-vsix.mjs'), '--out', out], { timeout: 300_000 });
  if (r.status !== 0 || !fs.existsSync(out))
    return { error: `packaging failed: ${(r.stderr || r.stdout).trim().split('\n').slice(-2).join(' ').slice(0, 300)}` };
  return { bytes: fs.statSync(out).size };
}

async function main() {
  const startedAt = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const mach = machine();
  log(`search-config bench${smoke ? ' (smoke)' : ''}: ${mach.cpu}, load ${mach.loadAverage.join(' ')}`);
  if (!args.includes('--no-build')) {
    log('building the product (node scripts/build.mjs) ...');
    const b = sh(process.execPath, ['scripts/build.mjs']);
    if (b.status !== 0) throw new Error(`build failed: ${b.stderr.slice(0, 500)}`);
  }
  const haveBenchDeps = benchDeps();
  if (!haveBenchDeps) log('comparison tools not installed (npm ci --prefix bench): measuring search-config and the floors only');
  const work = path.join(BENCH_DIR, 'work');
  // The compile caches (the bins' V8 cached data, and Node's own for the rest) are the bench's own, made by its first run of
  // each bundle, as a user's first lint makes theirs: not whatever other runs on this machine left in the
  // shared directory for the same bundles (a test that lints Terraform files, or one that only asks --help).
  const compileCache = path.join(work, 'compile-cache');
  fs.rmSync(compileCache, { recursive: true, force: true });
  process.env.NODE_COMPILE_CACHE = compileCache;
  log('generating the workload ...');
  const { files, manifest } = generate({ smoke });
  const schemaFile = writePlainSchema(path.join(work, 'schema.plain.json'));
  const rulesetFile = path.join(work, 'spectral-ruleset.json');
  fs.writeFileSync(
    rulesetFile,
    JSON.stringify({
      rules: {
        'search-config-schema': {
          description: 'The configuration matches the schema',
          message: '{{error}}',
          given: '$',
          severity: 'error',
          then: { function: 'schema', functionOptions: { schema: JSON.parse(fs.readFileSync(schemaFile, 'utf8')), allErrors: true } },
        },
      },
    }),
  );
  const core = await bundleCore(path.join(work, 'lib'));
  log('building the previous release into a temporary directory ...');
  const built = buildAgainst(ROOT, againstRef, log);
  const release = {
    ref: built.ref,
    commit: built.commit,
    how: built.how,
    dependencies: built.dependencies,
    buildMs: built.buildMs,
    error: built.error,
    notFound: built.notFound,
  };
  log(
    built.notFound
      ? `  skipping the comparison with the previous release: ${built.error}`
      : built.error
        ? `  not compared with a previous release: ${built.error}`
        : `  ${built.ref} (${built.commit.slice(0, 10)}, ${built.how}) in ${built.buildMs} ms`,
  );
  const head = sh('git', ['describe', '--always', '--dirty', '--abbrev=10']);
  const code = { describe: head.status === 0 ? `commit ${head.stdout.trim()}` : 'the working tree' };

  // The release's temporary directory goes whatever happens to the measurements.
  try {
    log('whole-process timings ...');
    const wholeProcess = runWholeProcess({
      files,
      schemaFile,
      rulesetFile,
      haveBenchDeps,
      runs,
      pairRuns,
      warmup: smoke ? 0 : 1,
      log,
      release: built.error ? undefined : built,
    });
    log('the bulk-lint targets, each in turn with its anchor ...');
    const targetPairs = measureTargetPairs({ files, schemaFile, haveBenchDeps, pairRuns, warmup: smoke ? 0 : 1, log });
    log('the cost of a finding ...');
    const findingCost = measureFindingCost({ files, pairRuns, warmup: smoke ? 0 : 1, log });
    log('in-process timings ...');
    const inProcess = childJson('inprocess.mjs', {
      coreBundle: core.file,
      schemaFile,
      files: { small: files.small, mb1: files.mb1 },
      haveBenchDeps,
      coldRuns: smoke ? 3 : 15,
      warmRounds: smoke ? 2 : 5,
      editRuns: smoke ? 3 : 20,
      featureRequests: 1000,
    });
    log('where the analysis spends its time ...');
    const breakdown = childJson('breakdown.mjs', {
      coreBundle: core.file,
      files: { small: files.small, mb10: files.mb10 },
      warmRounds: smoke ? 1 : 3,
    });
    log('language server ...');
    const lsp = childJson('lsp.mjs', {
      root: ROOT,
      workDir: work,
      serverFile: path.join(ROOT, 'dist/server.js'),
      files: { small: files.small, mb1: files.mb1, mb10: files.mb10, tf5000: files.tf5000, manifest5000: files.manifest5000 },
      module: files.tfModule,
      tfvarsRuns: smoke ? 2 : 10,
      loadRuns: smoke ? 3 : 10,
      editRuns: smoke ? 3 : 20,
      editPauseMs: 400,
      manyEdits: smoke ? 500 : 10_000,
    });
    log('language server in a browser web worker ...');
    const worker = childJson('worker.mjs', {
      root: ROOT,
      workDir: work,
      serverFile: path.join(ROOT, 'dist/server.js'),
      file: path.join(ROOT, 'examples/mistakes.search.json'),
      runs: smoke ? 1 : 5,
      warmOpens: smoke ? 3 : 20,
    });
    log('extension package ...');
    const vsix = vsixSize(work);
    log('npm package ...');
    const npmPackage = measurePackage({
      root: ROOT,
      workDir: work,
      oneFile: files.small[0],
      terraformFile: files.tf300,
      manifestFile: files.manifest300,
      runs: smoke ? 1 : runs,
      pairRuns,
    });
    log(smoke ? "the machine's Node.js line (the full run measures every supported line) ..." : 'every supported Node.js line ...');
    const nodeLines = measureNodeLines({
      files,
      release: built.error ? undefined : built,
      pairRuns,
      warmup: smoke ? 0 : 1,
      log,
      onlyMachineLine: smoke,
    });

    const raw = {
      startedAt,
      machine: mach,
      loadAtEnd: machine().loadAverage,
      gnuTime: hasGnuTime,
      runs,
      pairRuns,
      code,
      release,
      manifest,
      haveBenchDeps,
      wholeProcess,
      targetPairs,
      findingCost,
      inProcess,
      breakdown,
      lsp,
      worker,
      vsix,
      npmPackage,
      nodeLines,
    };
    const targets = computeTargets(raw);
    raw.targets = targets;
    const outDir = smoke ? path.join(BENCH_DIR, 'results/raw') : path.join(BENCH_DIR, 'results');
    const base = smoke ? 'smoke' : 'latest';
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, `${base}.json`), JSON.stringify(raw, null, 2) + '\n');
    fs.writeFileSync(path.join(outDir, `${base}.md`), markdown(raw, targets));
    // The README's summary: rewritten from every full run; the smoke run writes it beside its results.
    const summary = readmeSummary(raw, targets);
    const readmeFile = path.join(BENCH_DIR, 'README.md');
    const readme = withSummary(fs.readFileSync(readmeFile, 'utf8'), summary);
    if (!readme) throw new Error('bench/README.md has lost its summary markers');
    if (smoke) fs.writeFileSync(path.join(outDir, 'smoke-summary.md'), summary);
    else fs.writeFileSync(readmeFile, readme);
    const slower = Object.values(wholeProcess)
      .filter((w) => w.vsRelease && !w.vsRelease.notApplicable && releaseRatio(w.vsRelease).median > RELEASE_FLAG)
      .map((w) => `${w.label} ${releaseRatio(w.vsRelease).median.toFixed(3)}x`);
    const vsRelease = built.notFound
      ? `comparison with the previous release skipped: ${built.error}`
      : built.error
        ? `not compared with a previous release: ${built.error}`
        : slower.length
          ? `SLOWER than ${built.ref} (above ${RELEASE_FLAG}x): ${slower.join('; ')}`
          : `no workload above ${RELEASE_FLAG}x ${built.ref}`;
    process.stdout.write(
      `\n${terminalTable(targets)}\n\n${vsRelease}\n\nwritten: ${path.relative(ROOT, path.join(outDir, `${base}.md`))}${smoke ? '' : ' and the summary of bench/README.md'}\n`,
    );
    // The smoke run checks that every measurement still runs, never how fast: our own tool must not crash.
    const failed = (r) => r?.error || (r?.exitCode ?? 0) > 1;
    const ownErrors = Object.entries(wholeProcess)
      .filter(([, w]) => failed(w.tools.lint) || failed(w.tools.release))
      .map(([id]) => id);
    const lineErrors = nodeLines
      .flatMap((l) => [
        l.error,
        ...Object.values(l.cold ?? {}).map((c) => c.error),
        ...Object.values(l.vsRelease ?? {}).map((v) => v.error),
      ])
      .filter(Boolean)
      .map((e) => `a Node.js line: ${e}`);
    const costErrors = Object.entries(findingCost)
      .filter(([, c]) => c.error || c.usPerFinding === undefined)
      .map(([id]) => `the cost of a finding (${id})`);
    // A clone without the release's ref (no tags, a shallow history) skips the comparison with a note;
    // a release that was found but would not build is a failure.
    const releaseFailed = built.error && !built.notFound;
    if (
      smoke &&
      (ownErrors.length ||
        costErrors.length ||
        lineErrors.length ||
        releaseFailed ||
        inProcess.error ||
        breakdown.error ||
        breakdown.small?.error ||
        breakdown.mb10?.error)
    ) {
      process.stderr.write(
        `smoke: failed: ${[...ownErrors, ...costErrors, ...lineErrors, ...(releaseFailed ? [`the previous release: ${built.error}`] : [])].join(', ') || 'the in-process measurements'}\n`,
      );
      process.exitCode = 1;
    }
  } finally {
    removeAgainst(built);
  }
}

main().catch((err) => {
  process.stderr.write(`bench: ${err.stack ?? err}\n`);
  process.exitCode = 2;
});
