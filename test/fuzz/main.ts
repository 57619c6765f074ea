import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './corpus';
import { describeFailure, runFuzz, SURFACES } from './run';

/**
 * Long fuzz run: `npm run fuzz -- [--seed N] [--count N] [--only INDEX] [--fail-above-ms N] [--surfaces editor,cli|none]`.
 * Prints every failure with what is needed to replay it (seed and input index).
 */
function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<number> {
  const seed = Number(arg('seed') ?? Date.now() % 2 ** 31);
  const count = Number(arg('count') ?? 100_000);
  const only = arg('only') === undefined ? undefined : Number(arg('only'));
  const failAboveMs = Number(arg('fail-above-ms') ?? 1000);
  const wanted = (arg('surfaces') ?? SURFACES.map((x) => x.name).join(',')).split(',');
  const surfaces = SURFACES.filter((x) => wanted.includes(x.name));
  process.stdout.write(
    `fuzz: seed ${seed}, ${only !== undefined ? `input ${only}` : `${count} inputs`}, analyzer and fixes${surfaces.map((x) => ` + ${x.name}`).join('')}, an operation over ${failAboveMs} ms fails\n`,
  );
  const report = await runFuzz({
    seed,
    count,
    only,
    failAboveMs,
    reportAboveMs: failAboveMs,
    surfaces,
    onProgress: (done, r) => process.stdout.write(`  ${done} inputs, ${r.failures.length} failures, slowest ${Math.round(r.maxMs)} ms\n`),
    onFailure: (f) => {
      // The input itself is kept: replaying by seed and index needs the same fixtures as today.
      const dir = path.join(repoRoot(), 'dist/fuzz-failures');
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${seed}-${f.index}.json`);
      fs.writeFileSync(
        file,
        JSON.stringify({ kind: f.kind, surface: f.surface, message: f.message, options: f.input.options, text: f.input.text }),
      );
      process.stdout.write(`${describeFailure(f, seed)}\n  input saved in ${path.relative(repoRoot(), file)}\n`);
    },
  });
  process.stdout.write(
    `fuzz: ${report.inputs} inputs in ${Math.round(report.totalMs / 1000)} s, slowest ${Math.round(report.maxMs)} ms, ${report.failures.length} failures ${JSON.stringify(report.kinds)}\n`,
  );
  return report.failures.length ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    console.error(err);
    process.exitCode = 2;
  },
);
