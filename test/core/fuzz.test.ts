import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeFailure, runFuzz } from '../fuzz/run';

// A short, fixed-seed run inside the test suite; `npm run fuzz` runs 100,000+ inputs.
const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const COUNT = Number(process.env.FUZZ_COUNT ?? 200);

test(`fuzz: ${COUNT} generated and mutated configurations (seed ${SEED})`, async (t) => {
  // Timing on shared CI machines is noisy: only an input above a generous bound fails; slower
  // than 1 s is reported as a diagnostic.
  const report = await runFuzz({ seed: SEED, count: COUNT, failAboveMs: 5000, reportAboveMs: 1000 });
  t.diagnostic(`${report.inputs} inputs in ${report.totalMs} ms, slowest ${Math.round(report.maxMs)} ms`);
  for (const s of report.slow) t.diagnostic(`slow: ${s.operation} on input ${s.index} (${s.origin}, ${s.length} chars) took ${s.ms} ms`);
  const shown = report.failures.slice(0, 10).map((f) => describeFailure(f, SEED));
  assert.equal(report.failures.length, 0, `${report.failures.length} failure(s) ${JSON.stringify(report.kinds)}:\n${shown.join('\n')}`);
});
