// Whole-process measurement: wall time around spawn, peak memory from GNU time (when installed).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const GNU_TIME = '/usr/bin/time';
export const hasGnuTime = (() => {
  try { return spawnSync(GNU_TIME, ['-f', '%M', 'true'], { stdio: 'pipe' }).status === 0; } catch { return false; }
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
  const rssFile = path.join(os.tmpdir(), `search-config-bench-rss-${process.pid}.txt`);
  const times = [], rss = [];
  let last;
  for (let i = 0; i < warmup + runs; i++) {
    const argv = hasGnuTime ? [GNU_TIME, '-f', '%M', '-o', rssFile, cmd, ...args] : [cmd, ...args];
    const start = process.hrtime.bigint();
    const r = spawnSync(argv[0], argv.slice(1), { cwd, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 30, timeout: timeoutMs });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (i < warmup) continue;
    times.push(ms);
    if (hasGnuTime) {
      const kib = Number(fs.readFileSync(rssFile, 'utf8').trim().split('\n').pop());
      if (Number.isFinite(kib)) rss.push(kib);
    }
    last = r;
  }
  fs.rmSync(rssFile, { force: true });
  const stdout = last.stdout?.toString('utf8') ?? '';
  const stderr = last.stderr?.toString('utf8') ?? '';
  let outcome;
  try { outcome = parse ? parse(stdout, stderr, last.status) : {}; } catch (err) { outcome = { error: `output not understood: ${err.message}` }; }
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
