import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, fixAll } from '../../server/src/core';
import { compareTexts, comparePlan, formatComparison } from '../../server/src/core/changes/comparison';
import { memberHoverAt } from '../../server/src/core/editor';
import { maskSecrets } from '../../server/src/cli/unified-diff';
import { loadTerraformFromDisk } from '../../server/src/node/terraform-wasm';
import { generateSensitive, type SensitiveInput } from '../fuzz/sensitive-generate';
import { Rng } from '../fuzz/rng';
import { leaks } from '../support/secret-configs';

// Plans with before_sensitive/after_sensitive marks on either side, manifests with aliases of
// secrets, modules with variables declared sensitive: generated with canaries, none of which may
// appear in a finding, a fix, a dry-run text, a change report or a hover.

const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
const COUNT = Number(process.env.FUZZ_COUNT ?? 200);

before(() => loadTerraformFromDisk());

/** Every text the surfaces give for one input, by surface. */
function outputs(input: SensitiveInput): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const options = {
    fileName: input.fileName,
    terraformVariables: input.variables,
    baselineText: input.kind === 'plan' ? undefined : input.text,
  };
  const result = analyze(input.text, options);
  for (const f of result.findings) {
    out.push([
      `finding ${f.ruleId}`,
      [
        f.message,
        f.path,
        f.fix?.title ?? '',
        ...(f.suggestions ?? []).map((s) => s.title),
        ...(f.related ?? []).map((r) => r.message),
      ].join('\n'),
    ]);
  }
  for (const e of result.internalErrors) out.push(['internal error', e.message]);
  out.push(['fix refusal', fixAll(input.text, options).refused ?? '']);
  if (input.kind !== 'plan') out.push(['dry-run text', maskSecrets(input.text, input.fileName)]);
  const comparison = input.kind === 'plan' ? comparePlan(input.text) : compareTexts(undefined, input.text, { new: input.fileName });
  if ('error' in comparison) out.push(['diff error', comparison.error]);
  else
    for (const format of ['text', 'markdown', 'json'] as const)
      out.push([`diff ${format}`, formatComparison(comparison.result, { old: 'a', new: 'b' }, format)]);
  const configurations = result.configurations ?? result.configurations ?? [];
  for (let offset = 0; offset < input.text.length; offset += 3) {
    const hover = memberHoverAt(configurations, offset);
    if (hover) out.push([`hover at ${offset}`, hover.markdown]);
  }
  return out;
}

test(`fuzz: ${COUNT} plans, manifests and modules with sensitive values (seed ${SEED})`, () => {
  const base = new Rng(SEED);
  const failures: string[] = [];
  const kinds = new Map<string, number>();
  let findings = 0;
  for (let i = 0; i < COUNT; i++) {
    const input = generateSensitive(base.fork(i));
    kinds.set(input.kind, (kinds.get(input.kind) ?? 0) + 1);
    for (const [surface, text] of outputs(input)) {
      if (surface.startsWith('finding')) findings++;
      for (const leak of leaks(text, input.canaries))
        failures.push(`input ${i} (${input.kind}) ${surface}: ${leak}\n  text: ${JSON.stringify(input.text.slice(0, 400))}`);
    }
  }
  assert.deepEqual([...kinds.keys()].sort(), ['manifest', 'plan', 'terraform'], 'every kind was generated');
  assert.ok(findings > COUNT, `the inputs were checked (${findings} findings)`);
  assert.equal(failures.length, 0, `${failures.length} leak(s):\n${failures.slice(0, 8).join('\n')}`);
});
