// Where the analysis spends its time, by phase (parse, schema validator, each rule, other), from
// the analyzer's own timings (the same ones `TIMING=1 search-config lint` prints). Each figure
// comes from a fresh process, as a one-shot CLI run sees it: the first pass over the small corpus
// runs on code V8 has not optimised yet ("cold"); a later pass in the same process is "warm".
// Plain JSON.parse of the same texts in the same process is the reference.
//   node breakdown.mjs CONFIG_JSON          (prints one JSON object)
//   node breakdown.mjs --child small|mb10 CONFIG_JSON
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const now = () => Number(process.hrtime.bigint()) / 1e6;
const self = fileURLToPath(import.meta.url);

/** Milliseconds of JSON.parse over the texts (texts that are not JSON count up to their error). */
function jsonParseMs(texts) {
  const t0 = now();
  for (const t of texts) {
    try {
      JSON.parse(t);
    } catch {
      /* comments or mistakes: the error is the work */
    }
  }
  return now() - t0;
}

/** One pass of the analyzer over the texts, as the CLI runs it by default, by phase. */
function pass(core, texts) {
  const timings = new Map();
  const t0 = now();
  for (const t of texts) core.analyze(t, { fileName: 'service.search.json', minSeverity: 'info', timings });
  return { totalMs: now() - t0, phases: Object.fromEntries(timings) };
}

function child(kind, cfg) {
  const t0 = now();
  const { core } = require(cfg.coreBundle);
  const loadMs = now() - t0;
  if (kind === 'small') {
    const texts = cfg.files.small.map((f) => fs.readFileSync(f, 'utf8'));
    const parse = jsonParseMs(texts);
    const cold = pass(core, texts);
    for (let r = 0; r < cfg.warmRounds; r++) pass(core, texts);
    return { files: texts.length, loadMs, jsonParseMs: parse, cold, warm: pass(core, texts), jsonParseWarmMs: jsonParseMs(texts) };
  }
  const text = fs.readFileSync(cfg.files.mb10, 'utf8');
  return { bytes: text.length, loadMs, jsonParseMs: jsonParseMs([text]), cold: pass(core, [text]) };
}

function run(cfg) {
  const out = {};
  for (const kind of ['small', 'mb10']) {
    const r = spawnSync(process.execPath, [self, '--child', kind, JSON.stringify(cfg)], { encoding: 'utf8', maxBuffer: 1 << 24 });
    out[kind] = r.status === 0 ? JSON.parse(r.stdout) : { error: (r.stderr || `exit ${r.status}`).slice(0, 300) };
  }
  return out;
}

const args = process.argv.slice(2);
if (args[0] === '--child') process.stdout.write(JSON.stringify(child(args[1], JSON.parse(args[2]))));
else process.stdout.write(JSON.stringify(run(JSON.parse(args[0]))));
