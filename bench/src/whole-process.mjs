// Whole-process timings, peak memory and finding counts of every tool on every workload.
import fs from 'node:fs';
import path from 'node:path';
import { measurePair, measureProcess } from './lib/measure.mjs';
import { RELEASE_FLAG } from './lib/release-flag.mjs';
import { BENCH_DIR } from './generate.mjs';

const ROOT = path.resolve(BENCH_DIR, '..');
const NODE = process.execPath;
const bin = (name) => path.join(BENCH_DIR, 'node_modules/.bin', name);
const tool = (name) => path.join(BENCH_DIR, 'src/tools', name);

function parseableJson(files) {
  return files.filter((f) => {
    try {
      JSON.parse(fs.readFileSync(f, 'utf8'));
      return true;
    } catch {
      return false;
    }
  });
}

/** `search-config lint --format json` output: findings in total, and where the first ones are. */
function parseLint(stdout, stderr, status) {
  if (status === 2 && !stdout.trim()) return { error: stderr.trim().split('\n')[0] || 'exit code 2' };
  const results = JSON.parse(stdout);
  let findings = 0;
  const located = [];
  const byRule = {};
  for (const file of results) {
    findings += file.messages.length;
    for (const m of file.messages) {
      byRule[m.ruleId] = (byRule[m.ruleId] ?? 0) + 1;
      if (located.length < 5 && results.length === 1) located.push(`${m.line}:${m.column} ${m.ruleId}`);
    }
  }
  return { files: results.length, findings, located, byRule };
}

const parseJsonLine = (stdout) => JSON.parse(stdout.trim().split('\n').pop());

function parseAjv(stdout, stderr) {
  const all = stdout + stderr;
  const findings = (all.match(/"instancePath"/g) ?? []).length;
  const aborted = /^error: /m.test(all) ? all.match(/^error: .*$/m)[0].slice(0, 200) : undefined;
  const files = (all.match(/ (valid|invalid)$/gm) ?? []).length;
  return { files, findings, ...(aborted ? { note: `aborted: ${aborted}` } : {}) };
}

function parseSpectral(stdout) {
  const results = JSON.parse(stdout || '[]');
  return { findings: results.length, files: new Set(results.map((r) => r.source)).size };
}

/**
 * The workloads each tool runs on. ajv-cli stops at the first file that is not JSON, so it is
 * given the parseable files only (the others count for nothing in its totals).
 */
export function workloads(files) {
  return [
    {
      id: 'small',
      label: `${files.small.length} small files, one process`,
      inputs: [files.smallDir],
      ajvInputs: parseableJson(files.small),
      spectralInputs: files.small.slice(0, 40),
    },
    { id: 'heavy', label: `${files.heavy.length} findings-heavy small files, paths as arguments`, inputs: files.heavy, large: false },
    { id: 'one', label: '1 small file, cold', inputs: [files.small[0]] },
    { id: 'mb1', label: '1 MB file', inputs: [files.mb1] },
    { id: 'mb10', label: '10 MB file', inputs: [files.mb10], large: true },
    { id: 'mb1Heavy', label: '1 MB findings-heavy file', inputs: [files.mb1Heavy] },
    { id: 'mb10Heavy', label: '10 MB findings-heavy file', inputs: [files.mb10Heavy], large: true },
    { id: 'keysValid', label: 'object with many keys (free-form vendor object)', inputs: [files.keysValid], large: true },
    { id: 'keysUnknown', label: 'object with many unknown keys', inputs: [files.keysUnknown], large: true },
    { id: 'deep', label: 'deeply nested arrays', inputs: [files.deep] },
    // Terraform: only our lint reads it (the previous release and the JSON tools do not).
    { id: 'tf300', label: 'one 300-line .tf file, cold', inputs: [files.tf300], terraform: true },
    { id: 'tfRepo', label: 'a repository of .tf files, a few with the block', inputs: [files.tfRepo], terraform: true },
    { id: 'tfFive', label: 'the .tf files with the block alone', inputs: [files.tfFive], terraform: true },
  ];
}

/** Pairs run in turn for a workload: at most 5 for the large ones, which take seconds each. */
export const pairsFor = (w, pairRuns) => (w.large ? Math.max(1, Math.min(pairRuns, 5)) : pairRuns);

/**
 * More pairs for a comparison with the previous release whose first pairs' ratios lie on both sides of the flag:
 * for a large workload as many in all as the other workloads get (from 5 pairs, one slow run decides the
 * verdict), for the others twice as many again. On a shared machine single pairs of a few hundred
 * milliseconds differ by 20 % either way, and the median of 11 of them can still fall a few percent from
 * where it settles: a verdict of "slower" then said more about the machine than about the code.
 */
export const settleFor = (w, pairRuns) => ({ flag: RELEASE_FLAG, more: w.large ? pairRuns - pairsFor(w, pairRuns) : 2 * pairRuns });

const lintCommand = (bin, inputs) => ({ cmd: NODE, args: [bin, 'lint', '--format', 'json', ...inputs] });

export function tools({ schemaFile, rulesetFile, haveBenchDeps }) {
  const list = [
    { id: 'node', label: '`node -e 0` (start-up floor)', build: () => ({ cmd: NODE, args: ['-e', '0'] }), once: true },
    {
      id: 'parse',
      label: 'read + JSON.parse (parse floor)',
      build: (w) => ({ cmd: NODE, args: [tool('parse-floor.cjs'), ...w.inputs] }),
      parse: parseJsonLine,
    },
    {
      id: 'lint',
      label: '`search-config lint --format json`',
      build: (w) => lintCommand(path.join(ROOT, 'bin/search-config.js'), w.inputs),
      parse: parseLint,
    },
  ];
  if (!haveBenchDeps) return list;
  list.push(
    {
      id: 'ajv',
      label: '`ajv-cli` (derived schema)',
      build: (w) => ({
        cmd: bin('ajv'),
        args: [
          'validate',
          '-s',
          schemaFile,
          ...(w.ajvInputs ?? w.inputs).flatMap((f) => ['-d', f]),
          '--all-errors',
          '--errors=json',
          '--allow-union-types',
        ],
      }),
      parse: parseAjv,
    },
    {
      id: 'jsonls',
      label: 'vscode-json-languageservice as a process',
      build: (w) => ({ cmd: NODE, args: [tool('jsonls.mjs'), schemaFile, ...w.inputs] }),
      parse: parseJsonLine,
    },
    {
      id: 'spectral',
      label: 'Spectral (schema ruleset)',
      only: ['small'],
      build: (w) => ({ cmd: bin('spectral'), args: ['lint', '-q', '-f', 'json', '-r', rulesetFile, ...w.spectralInputs] }),
      parse: parseSpectral,
    },
  );
  return list;
}

/**
 * Every tool on every workload. With `release` (the previous release, built by lib/against.mjs), our
 * lint and the release's run in turn on every workload, and the median of the pair ratios is kept.
 */
export function runWholeProcess({ files, schemaFile, rulesetFile, haveBenchDeps, runs, pairRuns, warmup, log, release }) {
  const results = {};
  for (const w of workloads(files)) {
    results[w.id] = { label: w.label, tools: {} };
    for (const t of tools({ schemaFile, rulesetFile, haveBenchDeps })) {
      if (t.only && !t.only.includes(w.id)) continue;
      if (w.terraform && t.id !== 'lint' && t.id !== 'node') continue;
      if (t.once && results.small?.tools[t.id] && w.id !== 'small') {
        results[w.id].tools[t.id] = results.small.tools[t.id];
        continue;
      }
      const { cmd, args } = t.build(w);
      const n = t.id === 'spectral' ? Math.min(runs, 3) : w.large ? Math.max(1, Math.min(runs, 3)) : runs;
      if (t.id === 'lint' && release?.bin && w.terraform)
        results[w.id].vsRelease = { notApplicable: 'the previous release reads no .tf files' };
      if (t.id === 'lint' && release?.bin && !w.terraform) {
        const pairs = pairsFor(w, pairRuns);
        log(`  ${w.id.padEnd(12)} ${'lint, and the previous release in turn'.padEnd(9)} x${pairs}`);
        const p = measurePair({
          a: { cmd, args },
          b: lintCommand(release.bin, w.inputs),
          runs: pairs,
          warmup,
          parse: t.parse,
          cwd: ROOT,
          settle: settleFor(w, pairRuns),
        });
        if (p.ratios.n > pairs) log(`    ratios on both sides of the flag: ${p.ratios.n - pairs} more pairs`);
        results[w.id].tools.lint = p.a;
        results[w.id].tools.release = p.b;
        results[w.id].vsRelease = { ratio: p.ratios, cpuRatio: p.cpuRatios, diffMs: p.diffsMs };
        log(
          `    median ${p.a.ms.median.toFixed(1)} ms against ${p.b.ms.median.toFixed(1)} ms, pair ratio ${p.ratios.median.toFixed(3)}x (CPU time ${p.cpuRatios?.median.toFixed(3) ?? 'n/a'}x)${p.a.error ? `, ERROR ${p.a.error}` : ''}${p.b.error ? `, release ERROR ${p.b.error}` : ''}`,
        );
        continue;
      }
      log(`  ${w.id.padEnd(12)} ${t.id.padEnd(9)} x${n}`);
      const r = measureProcess({ cmd, args, runs: n, warmup, parse: t.parse, cwd: ROOT });
      if (t.id === 'spectral') r.sampleFiles = w.spectralInputs.length;
      if (t.id === 'ajv' && w.ajvInputs) r.inputFiles = w.ajvInputs.length;
      results[w.id].tools[t.id] = r;
      log(
        `    median ${r.ms.median.toFixed(1)} ms, peak ${r.peakRssKiB ?? '?'} KiB, findings ${r.findings ?? '-'}${r.error ? `, ERROR ${r.error}` : ''}`,
      );
    }
  }
  return results;
}

/**
 * The cost of a finding, from its detection to its line in the report: the findings-heavy files and
 * their clean twins (the same shape, every mistake written correctly) linted in turn; the difference of
 * each pair of runs, divided by the difference in findings, in microseconds.
 */
export function measureFindingCost({ files, pairRuns, warmup, log }) {
  const bin = path.join(ROOT, 'bin/search-config.js');
  const cases = [
    {
      id: 'heavy',
      label: `${files.heavy.length} findings-heavy small files against their clean twins`,
      a: files.heavy,
      b: files.heavyTwin,
      pairs: pairRuns,
    },
    {
      id: 'mb10Heavy',
      label: '10 MB findings-heavy file against its clean twin',
      a: [files.mb10Heavy],
      b: [files.mb10HeavyTwin],
      pairs: Math.max(1, Math.min(pairRuns, 5)),
    },
  ];
  const out = {};
  for (const c of cases) {
    log(`  ${c.id.padEnd(12)} findings against the clean twin x${c.pairs}`);
    const p = measurePair({ a: lintCommand(bin, c.a), b: lintCommand(bin, c.b), runs: c.pairs, warmup, parse: parseLint, cwd: ROOT });
    const findings = (p.a.findings ?? 0) - (p.b.findings ?? 0);
    const error = p.a.error ?? p.b.error;
    out[c.id] = {
      label: c.label,
      findings,
      twinFindings: p.b.findings,
      withMs: p.a.ms,
      twinMs: p.b.ms,
      diffMs: p.diffsMs,
      usPerFinding: findings > 0 && !error ? (p.diffsMs.median * 1000) / findings : undefined,
      error,
    };
    log(
      `    ${findings} findings more, ${p.diffsMs.median.toFixed(1)} ms more (median of the pairs): ${out[c.id].usPerFinding?.toFixed(2) ?? 'n/a'} us per finding`,
    );
  }
  return out;
}

/**
 * The targets of bulk lint with findings, measured in turn with their anchors (A B A B ...), so that a
 * busy machine moves both sides alike: 1,000 findings-heavy files against `ajv-cli --all-errors`, one small
 * file cold against `node -e 0`, the 1 MB and 10 MB findings-heavy files against the read + JSON.parse floor.
 */
export function measureTargetPairs({ files, schemaFile, haveBenchDeps, pairRuns, warmup, log }) {
  const all = tools({ schemaFile, rulesetFile: undefined, haveBenchDeps });
  const byId = Object.fromEntries(all.map((t) => [t.id, t]));
  const w = Object.fromEntries(workloads(files).map((x) => [x.id, x]));
  const cases = [
    { id: 'heavyVsAjv', workload: 'heavy', anchor: 'ajv', pairs: pairRuns },
    // Start-up is a few milliseconds over Node's own: only runs in turn tell them apart on a busy machine.
    { id: 'oneVsNode', workload: 'one', anchor: 'node', pairs: pairRuns },
    { id: 'mb1HeavyVsParse', workload: 'mb1Heavy', anchor: 'parse', pairs: pairRuns },
    { id: 'mb10HeavyVsParse', workload: 'mb10Heavy', anchor: 'parse', pairs: Math.max(1, Math.min(pairRuns, 5)) },
    // The .tf files with the block are found among the others by a text search: the others should cost little.
    { id: 'tfRepoVsFive', workload: 'tfRepo', anchor: 'lint', anchorWorkload: 'tfFive', pairs: pairRuns },
  ];
  const out = {};
  for (const c of cases) {
    const anchor = byId[c.anchor];
    if (!anchor) continue;
    log(`  ${c.workload.padEnd(12)} lint and ${c.anchor}${c.anchorWorkload ? ` of ${c.anchorWorkload}` : ''} in turn x${c.pairs}`);
    const p = measurePair({
      a: byId.lint.build(w[c.workload]),
      b: anchor.build(w[c.anchorWorkload ?? c.workload]),
      runs: c.pairs,
      warmup,
      parse: c.anchorWorkload ? parseLint : undefined,
      cwd: ROOT,
    });
    out[c.id] = {
      ratio: p.ratios,
      cpuRatio: p.cpuRatios,
      lintMs: p.a.ms,
      anchorMs: p.b.ms,
      findings: p.a.findings,
      anchorFindings: p.b.findings,
      error: p.a.error ?? p.b.error,
    };
    log(`    pair ratio ${p.ratios.median.toFixed(3)}x (CPU time ${p.cpuRatios?.median.toFixed(3) ?? 'n/a'}x)`);
  }
  return out;
}
