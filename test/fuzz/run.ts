import { performance } from 'node:perf_hooks';
import { analyze, fixAll, requestFileKind, type AnalyzeOptions, type SeveritySetting } from '../../server/src/core';
import { isJsoncName } from '../../server/src/core/formats/json/document';
import { loadCorpus, type Seed } from './corpus';
import { generateConfig } from './generate';
import { checkFinding, checkPrototype, Lines, syntaxErrorCount, type Problem } from './invariants';
import { mutate } from './mutate';
import { generateRequestFile, requestProblems } from './requests';
import { Rng } from './rng';
import { cliSurface } from './cli-surface';
import { editorSurface } from './editor-surface';
import { lspSurface } from './lsp-surface';
import { importSettingsSurface } from './import-settings-surface';
import type { Surface } from './surfaces';
import { generateTerraform } from './terraform-generate';
import { terraformFmt } from '../support/terraform-fmt';
import { loadTerraformFromDisk } from '../../server/src/node/terraform-wasm';

import { cpuNow } from '../support/cpu-time';

export const SURFACES: Surface[] = [editorSurface, cliSurface, lspSurface, importSettingsSurface];

export type { Timed };
export interface FuzzInput {
  index: number;
  origin: string;
  text: string;
  options: AnalyzeOptions;
  /** Request files: tokens that fixing must keep. */ kept?: string[];
  /** Terraform files: true when `terraform fmt` would not change the text, so that fixing must keep it so. */
  fmtClean?: boolean;
}
export interface FuzzFailure extends Problem {
  index: number;
  origin: string;
  surface: string;
  input: FuzzInput;
}
export interface FuzzReport {
  seed: number;
  inputs: number;
  failures: FuzzFailure[];
  /** Operations (analyze, fixAll, an editor request...) slower than the bound, with their time in ms. */
  slow: Array<{ index: number; origin: string; operation: string; ms: number; length: number }>;
  maxMs: number;
  totalMs: number;
  kinds: Record<string, number>;
}

const SEVERITY_SETTINGS: SeveritySetting[] = ['off', 'hint', 'info', 'warning', 'error'];
const RULE_IDS = [
  'invalid-json',
  'unknown-field',
  'type-mismatch',
  'unit-hint',
  'unused-suppression',
  'secret-in-plain-text',
  'missing-required',
];

/** The i-th input of a run: generated from the schema, or a mutated seed or generated input. */
export function makeInput(base: Rng, index: number, corpus: readonly Seed[]): FuzzInput {
  const rng = base.fork(index);
  // One input in ten is a Terraform file laid out by terraform fmt (see terraform-generate.ts).
  if (index % 10 === 7) {
    const { text, fileName, fmtClean } = generateTerraform(rng);
    return { index, origin: 'terraform', text, options: { fileName }, fmtClean };
  }
  // A quarter of the inputs are request files, runbooks and scripts (see requests.ts).
  if (rng.chance(0.25)) {
    const { text, fileName, kept } = generateRequestFile(rng);
    return { index, origin: 'request file', text, options: { fileName }, kept };
  }
  const donors = corpus.map((s) => s.text);
  let text: string, fileName: string, origin: string;
  const r = rng.next();
  if (r < 0.4 || !corpus.length) (({ text, fileName } = generateConfig(rng)), (origin = 'generated'));
  else if (r < 0.6) {
    ({ text, fileName } = generateConfig(rng));
    text = mutate(rng, text, donors);
    origin = 'generated+mutated';
  } else {
    const seed = rng.pick(corpus);
    text = mutate(rng, seed.text, donors);
    fileName = rng.chance(0.8) ? seed.fileName : rng.pick(['x.json', 'x.jsonc']);
    origin = `mutated ${seed.name}`;
  }
  const options: AnalyzeOptions = { fileName };
  if (rng.chance(0.3)) options.cpus = rng.pick([1, 2, 4, 8, 16, 64, 1024]);
  if (rng.chance(0.2)) options.baselineText = rng.chance(0.5) ? generateConfig(rng).text : mutate(rng, text, donors);
  if (rng.chance(0.2))
    options.rules = Object.fromEntries(RULE_IDS.filter(() => rng.chance(0.4)).map((id) => [id, rng.pick(SEVERITY_SETTINGS)]));
  return { index, origin, text, options };
}

/** Runs one operation on the input and records how long it took; `record` notes a time measured elsewhere. */
type Timed = (<T>(name: string, fn: () => T) => T) & { record(name: string, ms: number): void };

function coreProblems(input: FuzzInput, timed: Timed): Array<Problem & { surface: string }> {
  const out: Array<Problem & { surface: string }> = [];
  const { text, options } = input;
  const lines = new Lines(text);
  const result = timed('analyze', () => analyze(text, options));
  for (const e of result.internalErrors)
    out.push({ surface: 'analyze', kind: 'rule-threw', message: `rule ${e.ruleId} threw: ${e.message}` });
  for (const f of result.findings) for (const p of checkFinding(lines, f)) out.push({ surface: 'analyze', ...p });
  const fixed = timed('fixAll', () => fixAll(text, options));
  if (result.format === 'terraform') {
    // Terraform is the judge of HCL a fix wrote: it reads it, and lays it out as it was.
    if (fixed.text !== text) {
      const before = input.fmtClean ? 'clean' : terraformFmt(text).kind;
      const after = terraformFmt(fixed.text);
      if (before !== 'invalid' && after.kind === 'invalid')
        out.push({ surface: 'fixAll', kind: 'fix-broke-terraform', message: `terraform refuses the fixed file: ${after.error}` });
      else if (before === 'clean' && after.kind === 'unformatted')
        out.push({ surface: 'fixAll', kind: 'fix-not-fmt', message: `terraform fmt would change the fixed file:\n${after.diff}` });
      if (fixAll(fixed.text, options).text !== fixed.text)
        out.push({ surface: 'fixAll', kind: 'fix-not-idempotent', message: 'fixing the fixed text changed it again' });
    }
    return out;
  }
  if (result.format === 'yaml') {
    // A YAML file: its documents are read by the YAML reader, not the JSON parser.
    if (analyze(fixed.text, options).syntaxErrors > result.syntaxErrors)
      out.push({ surface: 'fixAll', kind: 'fix-broke-yaml', message: 'fixAll raised the syntax errors of a YAML file' });
    if (fixed.text !== text && fixAll(fixed.text, options).text !== fixed.text)
      out.push({ surface: 'fixAll', kind: 'fix-not-idempotent', message: 'fixing the fixed text changed it again' });
    return out;
  }
  if (result.format === 'terraform-json') {
    // Terraform's JSON syntax: a fix keeps the file as readable as it was, and is done in one go.
    if (syntaxErrorCount(fixed.text, false) > syntaxErrorCount(text, false))
      out.push({ surface: 'fixAll', kind: 'fix-broke-json', message: 'fixAll raised the syntax errors of a Terraform JSON file' });
    if (fixed.text !== text && fixAll(fixed.text, options).text !== fixed.text)
      out.push({ surface: 'fixAll', kind: 'fix-not-idempotent', message: 'fixing the fixed text changed it again' });
    return out;
  }
  if (result.doc.tooDeep || result.doc.root === undefined) {
    if (fixed.text !== text && !result.doc.root)
      out.push({ surface: 'fixAll', kind: 'fix-unparsed', message: 'fixAll changed a document the analyzer could not parse' });
    return out;
  }
  const jsonc = isJsoncName(options.fileName);
  const before = syntaxErrorCount(text, jsonc);
  const after = syntaxErrorCount(fixed.text, jsonc);
  if (before === 0 && after > 0)
    out.push({ surface: 'fixAll', kind: 'fix-broke-json', message: `fixAll turned valid JSON into text with ${after} syntax error(s)` });
  else if (after > before)
    out.push({ surface: 'fixAll', kind: 'fix-broke-json', message: `fixAll raised the syntax errors from ${before} to ${after}` });
  if (fixed.text !== text && before === 0) {
    const again = timed('fixAll again', () => fixAll(fixed.text, options));
    if (again.text !== fixed.text)
      out.push({ surface: 'fixAll', kind: 'fix-not-idempotent', message: 'fixing the fixed text changed it again' });
  }
  return out;
}

export interface RunOptions {
  seed: number;
  count: number;
  /** One operation on an input slower than this counts as a failure (ms). */
  failAboveMs?: number;
  /** Operations slower than this are listed in the report (ms). */
  reportAboveMs?: number;
  surfaces?: readonly Surface[];
  corpus?: readonly Seed[];
  onProgress?: (done: number, report: FuzzReport) => void;
  /** Called as soon as a failure is found (long runs print it at once). */
  onFailure?: (failure: FuzzFailure) => void;
  /** Run only this input index (replay). */
  only?: number;
}

export async function runFuzz(opts: RunOptions): Promise<FuzzReport> {
  await loadTerraformFromDisk();
  const corpus = opts.corpus ?? loadCorpus();
  const surfaces = opts.surfaces ?? SURFACES;
  const base = new Rng(opts.seed);
  const report: FuzzReport = { seed: opts.seed, inputs: 0, failures: [], slow: [], maxMs: 0, totalMs: 0, kinds: {} };
  const failAbove = opts.failAboveMs ?? 5000;
  const reportAbove = opts.reportAboveMs ?? 1000;
  const started = performance.now();
  const indexes = opts.only !== undefined ? [opts.only] : Array.from({ length: opts.count }, (_, i) => i);
  for (const index of indexes) {
    const input = makeInput(base, index, corpus);
    const fail = (p: Problem & { surface: string }): void => {
      const failure: FuzzFailure = { ...p, index, origin: input.origin, input };
      report.failures.push(failure);
      opts.onFailure?.(failure);
      report.kinds[p.kind] = (report.kinds[p.kind] ?? 0) + 1;
    };
    const record = (operation: string, ms: number): void => {
      report.maxMs = Math.max(report.maxMs, ms);
      if (ms > reportAbove) report.slow.push({ index, origin: input.origin, operation, ms: Math.round(ms), length: input.text.length });
      if (ms > failAbove)
        fail({ surface: operation, kind: 'slow', message: `${operation} took ${Math.round(ms)} ms on ${input.text.length} characters` });
    };
    const timed: Timed = Object.assign(
      <T>(operation: string, fn: () => T): T => {
        const t0 = cpuNow();
        try {
          return fn();
        } finally {
          record(operation, cpuNow() - t0);
        }
      },
      { record },
    );
    if (input.kept || requestFileKind(input.options.fileName)) {
      try {
        requestProblems(input.text, input.options, input.kept ?? [], timed).forEach((p) => fail({ surface: 'request file', ...p }));
      } catch (err) {
        fail({ surface: 'request file', kind: 'exception', message: err instanceof Error ? `${err.message}\n${err.stack}` : String(err) });
      }
      report.inputs++;
      continue;
    }
    try {
      coreProblems(input, timed).forEach(fail);
    } catch (err) {
      fail({ surface: 'core', kind: 'exception', message: err instanceof Error ? `${err.message}\n${err.stack}` : String(err) });
    }
    for (const s of surfaces) {
      try {
        const problems = await s.run(input, base.fork(index ^ 0x5eed), timed);
        problems.forEach((p) => fail({ surface: s.name, ...p }));
      } catch (err) {
        fail({ surface: s.name, kind: 'exception', message: err instanceof Error ? `${err.message}\n${err.stack}` : String(err) });
      }
    }
    checkPrototype().forEach((p) => fail({ surface: 'any', ...p }));
    report.inputs++;
    if (opts.onProgress && report.inputs % 1000 === 0) opts.onProgress(report.inputs, report);
  }
  for (const s of surfaces) await s.close?.();
  report.totalMs = Math.round(performance.now() - started);
  return report;
}

/** A failure as a short, replayable description. */
export function describeFailure(f: FuzzFailure, seed: number): string {
  const preview = JSON.stringify(f.input.text.length > 300 ? `${f.input.text.slice(0, 300)}...` : f.input.text);
  return `[${f.kind}] ${f.surface}: ${f.message.split('\n')[0]}\n  replay: seed ${seed}, input ${f.index} (${f.origin}), options ${JSON.stringify({ ...f.input.options, baselineText: f.input.options.baselineText === undefined ? undefined : '...' })}\n  text: ${preview}`;
}
