// Whole-process measurement: wall time around spawn, peak memory from GNU time (when installed).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const GNU_TIME = '/usr/bin/time';
/**
 * CPU time of a run (user + system of the command and its children) in milliseconds, from bash's `times`
 * after it (getrusage of the children, to the millisecond; GNU time prints it to 10 ms only).
 */
export const hasBashTimes = (() => {
  try {
    return /\dm[\d.]+s/.test(spawnSync('bash', ['-c', 'true; times'], { encoding: 'utf8' }).stdout ?? '');
  } catch {
    return false;
  }
})();
const BASH_CPU = '"$@"; status=$?; times > "$0"; exit $status';

export const hasGnuTime = (() => {
  try {
    return spawnSync(GNU_TIME, ['-f', '%M', 'true'], { stdio: 'pipe' }).status === 0;
  } catch {
    return false;
  }
})();

export function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
  const median = sorted.length % 2 ? sorted[(sorted.length - 1) >> 1] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
  return { n: sorted.length, min: sorted[0], median, p99: at(0.99), max: sorted[sorted.length - 1] };
}

/**
 * Runs `cmd args` `runs` times (after `warmup` unmeasured runs, which fill the file cache) and
 * returns wall times in ms, peak RSS in KiB and what `parse` makes of the last run's output.
 */
export function measureProcess({ cmd, args, runs, warmup = 1, parse, cwd, timeoutMs = 300_000 }) {
  const s = sampler({ cmd, args, cwd, timeoutMs });
  for (let i = 0; i < warmup + runs; i++) s.once(i >= warmup, i === warmup + runs - 1);
  return s.result(parse);
}

/**
 * Two commands run in turn (A B A B ...) after `warmup` unmeasured runs of each: a drift in the
 * machine's speed during the measurement moves both alike, so the ratio of each pair stays meaningful.
 * Returns each command's measurement and the pair ratios A/B, whose median is the comparison to quote.
 * With `settle` ({ flag, more }), `more` pairs follow when the first `runs` pairs' ratios straddle `flag`.
 */
export function measurePair({ a, b, runs, warmup = 1, parse, cwd, timeoutMs = 300_000, settle }) {
  const sa = sampler({ ...a, cwd, timeoutMs, withCpu: true }),
    sb = sampler({ ...b, cwd, timeoutMs, withCpu: true });
  const inTurn = (count, counted) => {
    for (let i = 0; i < count; i++) {
      sa.once(counted, i === count - 1);
      sb.once(counted, i === count - 1);
    }
  };
  inTurn(warmup, false);
  inTurn(runs, true);
  // Few pairs whose ratios lie on both sides of the flag do not say on which side the median is: one run
  // slowed by a busy machine moves it across. More pairs then, whichever side the first median fell on.
  if (settle?.more > 0 && straddles(governing(sa, sb), settle.flag)) inTurn(settle.more, true);
  const ra = sa.result(parse),
    rb = sb.result(parse);
  const ratios = sa.times.map((t, i) => t / sb.times[i]);
  const cpuRatios = hasCpuPairs(sa, sb) ? stats(sa.cpu.map((t, i) => t / sb.cpu[i])) : undefined;
  return { a: ra, b: rb, ratios: stats(ratios), cpuRatios, diffsMs: stats(sa.times.map((t, i) => t - sb.times[i])) };
}

// CPU time (user + system) barely moves when a busy machine makes a process wait for a
// core, which wall time counts: on a shared machine its pair ratios are the steadier comparison.
const hasCpuPairs = (sa, sb) => sa.cpu.length > 0 && sa.cpu.length === sa.times.length && sb.cpu.length === sb.times.length;

/** The pair ratios a comparison is judged by: CPU time when it was measured, else wall time. */
const governing = (sa, sb) => (hasCpuPairs(sa, sb) ? sa.cpu.map((t, i) => t / sb.cpu[i]) : sa.times.map((t, i) => t / sb.times[i]));

/** Some ratios above `flag` and some at or below it. */
export const straddles = (ratios, flag) => ratios.some((r) => r > flag) && ratios.some((r) => r <= flag);

/** Runs of one command: wall time, peak memory, and the output of the last run for `parse`. */
function sampler({ cmd, args, cwd, timeoutMs, withCpu = false }) {
  const tag = `${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const rssFile = path.join(os.tmpdir(), `search-config-bench-rss-${tag}.txt`);
  // Output goes to files: some tools exit before a pipe has taken all of it.
  const outFile = path.join(os.tmpdir(), `search-config-bench-out-${tag}.txt`);
  const errFile = path.join(os.tmpdir(), `search-config-bench-err-${tag}.txt`);
  const cpuFile = path.join(os.tmpdir(), `search-config-bench-cpu-${tag}.txt`);
  const times = [],
    rss = [],
    cpu = [];
  let last,
    stdout = '',
    stderr = '';
  const once = (counted, keepOutput) => {
    const timed = hasGnuTime ? [GNU_TIME, '-f', '%M', '-o', rssFile, cmd, ...args] : [cmd, ...args];
    const argv = withCpu && hasBashTimes ? ['bash', '-c', BASH_CPU, cpuFile, ...timed] : timed;
    const out = fs.openSync(outFile, 'w');
    const err = fs.openSync(errFile, 'w');
    const start = process.hrtime.bigint();
    const r = spawnSync(argv[0], argv.slice(1), { cwd, stdio: ['ignore', out, err], timeout: timeoutMs });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    fs.closeSync(out);
    fs.closeSync(err);
    if (keepOutput) {
      stdout = fs.readFileSync(outFile, 'utf8');
      stderr = fs.readFileSync(errFile, 'utf8');
    }
    if (!counted) return;
    times.push(ms);
    if (hasGnuTime) {
      const kib = Number(fs.readFileSync(rssFile, 'utf8').trim().split('\n').pop());
      if (Number.isFinite(kib)) rss.push(kib);
    }
    if (withCpu && hasBashTimes) {
      // The second line of `times`: the children's user and system time, e.g. "0m0.075s 0m0.012s".
      const m = /(\d+)m([\d.]+)s (\d+)m([\d.]+)s/.exec(fs.readFileSync(cpuFile, 'utf8').trim().split('\n').pop());
      if (m) cpu.push((Number(m[1]) * 60 + Number(m[2]) + Number(m[3]) * 60 + Number(m[4])) * 1000);
    }
    last = r;
  };
  const result = (parse) => {
    fs.rmSync(rssFile, { force: true });
    fs.rmSync(outFile, { force: true });
    fs.rmSync(errFile, { force: true });
    fs.rmSync(cpuFile, { force: true });
    return { ...outcomeOf({ times, rss, last, stdout, stderr, parse }), ...(cpu.length ? { cpuMs: stats(cpu) } : {}) };
  };
  return { once, result, times, cpu };
}

function outcomeOf({ times, rss, last, stdout, stderr, parse }) {
  let outcome;
  try {
    outcome = parse ? parse(stdout, stderr, last.status) : {};
  } catch (err) {
    const crash = /^\w*Error\b.*$/m.exec(stderr)?.[0];
    outcome = { error: crash ? `crashed (exit ${last.status}): ${crash.slice(0, 120)}` : `output not understood: ${err.message}` };
  }
  if (last.error) outcome = { ...outcome, error: String(last.error.message) };
  else if (last.signal) outcome = { ...outcome, error: `killed by ${last.signal}` };
  return {
    ms: stats(times),
    peakRssKiB: rss.length ? Math.max(...rss) : undefined,
    exitCode: last.status,
    ...outcome,
    stderrHead: outcome.error || last.status > 1 ? stderr.slice(0, 400) : undefined,
  };
}

/** Load average and CPU model, for the results header: numbers from a busy machine are noisy. */
export function machine() {
  const cpus = os.cpus();
  return {
    cpu: `${cpus.length} x ${cpus[0]?.model ?? 'unknown'}`,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
}
