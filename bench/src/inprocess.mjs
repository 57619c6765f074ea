// In-process timings: per-file analysis warm and cold against vscode-json-languageservice parse +
// validate, analysis of a 1 MB document after an edit, and completion / hover latency.
//   node inprocess.mjs CONFIG_JSON   (prints one JSON object)
//   node inprocess.mjs --cold core|jsonls FILE CORE_BUNDLE SCHEMA   (one cold run, prints ms)
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { stats } from './lib/measure.mjs';

const require = createRequire(import.meta.url);
const now = () => Number(process.hrtime.bigint()) / 1e6;
const self = fileURLToPath(import.meta.url);

async function coldOnce(kind, file, coreBundle, schemaFile) {
  const text = fs.readFileSync(file, 'utf8');
  if (kind === 'core') {
    const t0 = now();
    const { core } = require(coreBundle);
    const t1 = now();
    core.analyze(text, { fileName: path.basename(file) });
    const t2 = now();
    return { loadMs: t1 - t0, firstMs: t2 - t1 };
  }
  const schema = JSON.parse(fs.readFileSync(schemaFile, 'utf8'));
  const t0 = now();
  const { createLanguageService } = await import('./tools/jsonls-service.mjs');
  const ls = createLanguageService(schema);
  const t1 = now();
  await ls.validateText('file:///cold.json', text);
  const t2 = now();
  return { loadMs: t1 - t0, firstMs: t2 - t1 };
}

function cold(kind, cfg) {
  const first = [],
    load = [];
  for (let i = 0; i < cfg.coldRuns; i++) {
    const r = spawnSync(
      process.execPath,
      [self, '--cold', kind, cfg.files.small[i % cfg.files.small.length], cfg.coreBundle, cfg.schemaFile],
      { encoding: 'utf8' },
    );
    if (r.status !== 0) return { error: r.stderr.slice(0, 300) };
    const { loadMs, firstMs } = JSON.parse(r.stdout);
    first.push(firstMs);
    load.push(loadMs);
  }
  return { firstAnalysisMs: stats(first), moduleLoadMs: stats(load) };
}

/** Per-file time over the corpus after `rounds` unmeasured passes, so that the JIT has settled. */
async function warm(analyzeOne, texts, rounds) {
  for (let r = 0; r < rounds; r++) for (const t of texts) await analyzeOne(t);
  const per = [];
  const start = now();
  for (const t of texts) {
    const t0 = now();
    await analyzeOne(t);
    per.push(now() - t0);
  }
  return { perFileMs: stats(per), totalMs: now() - start, files: texts.length };
}

/** Positions spread over the document: on keys, values and blank spots, seeded for repeatability. */
function positionsIn(text, count) {
  const out = [];
  let a = 12345;
  for (let i = 0; i < count; i++) {
    a = (Math.imul(a, 1103515245) + 12345) >>> 0;
    out.push(a % text.length);
  }
  return out;
}

/** Finds the function a module exports for a feature, whatever its exact name. */
function featureFunction(mod, names) {
  if (!mod) return undefined;
  for (const n of names) if (typeof mod[n] === 'function') return { name: n, fn: mod[n] };
  const any = Object.entries(mod).find(([, v]) => typeof v === 'function');
  return any ? { name: any[0], fn: any[1] } : undefined;
}

function latency(call, text, positions) {
  for (const p of positions.slice(0, 200)) call(text, p);
  const per = [];
  let errors = 0,
    answered = 0,
    lastError;
  for (const p of positions) {
    const t0 = now();
    try {
      const r = call(text, p);
      // A request that returns nothing is fast for the wrong reason: count the real answers.
      if (r !== undefined && r !== null && !(Array.isArray(r) && r.length === 0)) answered++;
    } catch (err) {
      errors++;
      lastError = String(err?.message ?? err);
    }
    per.push(now() - t0);
  }
  return { ...stats(per), errors, answered, ...(lastError ? { lastError: lastError.slice(0, 200) } : {}) };
}

async function main(cfg) {
  const { core, completion, hover } = require(cfg.coreBundle);
  const texts = cfg.files.small.map((f) => fs.readFileSync(f, 'utf8'));
  const out = {};
  out.coldCore = cold('core', cfg);
  if (cfg.haveBenchDeps) out.coldJsonls = cold('jsonls', cfg);

  const opts = { fileName: 'service.search.json' };
  out.warmCore = await warm((t) => core.analyze(t, opts), texts, cfg.warmRounds);
  // The language service is in bench/'s own dependencies; without them only our side is measured.
  const ls = cfg.haveBenchDeps
    ? (await import('./tools/jsonls-service.mjs')).createLanguageService(JSON.parse(fs.readFileSync(cfg.schemaFile, 'utf8')))
    : undefined;
  let v = 0;
  if (ls) out.warmJsonls = await warm((t) => ls.validateText('file:///warm.json', t, ++v), texts, cfg.warmRounds);

  // An edit to a large document: one value changes, the whole document is analysed again.
  const big = fs.readFileSync(cfg.files.mb1, 'utf8');
  const at = big.indexOf('"max_index_count": ') + '"max_index_count": '.length;
  const edited = [];
  for (let i = 0; i < cfg.editRuns; i++) {
    const text = `${big.slice(0, at)}${i + 1}${big.slice(at + 1)}`;
    const t0 = now();
    const r = core.analyze(text, opts);
    edited.push(now() - t0);
    out.mb1Findings = r.findings.length;
  }
  out.mb1EditAnalysisMs = stats(edited);
  const jsonlsEdited = [];
  for (let i = 0; ls && i < Math.min(cfg.editRuns, 5); i++) {
    const text = `${big.slice(0, at)}${i + 1}${big.slice(at + 1)}`;
    const t0 = now();
    await ls.validateText('file:///big.json', text, ++v);
    jsonlsEdited.push(now() - t0);
  }
  if (ls) out.mb1EditJsonlsMs = stats(jsonlsEdited);

  // Completion and hover on a typical configuration (the first clean file of the corpus).
  const typical = texts.find((t) => core.analyze(t, opts).findings.every((f) => f.severity === 'hint')) ?? texts[0];
  const positions = positionsIn(typical, cfg.featureRequests);
  const features = {
    completion: [completion, ['complete', 'completions', 'doComplete', 'getCompletions', 'provideCompletions']],
    hover: [hover, ['hover', 'doHover', 'getHover', 'provideHover', 'hoverAt']],
  };
  for (const [name, [mod, names]] of Object.entries(features)) {
    const f = featureFunction(mod, names);
    if (!f) {
      out[name] = { missing: `server/src/core/editor/${name}.ts ${mod ? 'exports no function' : 'does not exist yet'}` };
      continue;
    }
    const doc = core.parseDocument(typical, opts);
    // Editor features take the parsed document or the text, and an offset or a position.
    const lines = new core.LineIndex(typical);
    const extra = { snippets: true };
    const shapes = [
      (t, o) => f.fn(doc, o, extra),
      (t, o) => f.fn(t, o, extra),
      (t, o) => f.fn(doc, lines.positionAt(o), extra),
      (t, o) => f.fn(t, lines.positionAt(o), extra),
    ];
    const shape = shapes.find((s) => {
      try {
        s(typical, positions[0]);
        return true;
      } catch {
        return false;
      }
    });
    out[name] = shape
      ? { function: f.name, ...latency(shape, typical, positions) }
      : { missing: `could not call ${f.name}() with (document|text, offset|position)` };
  }
  // Reference: what the language service takes for the same requests.
  if (!ls) return out;
  const { TextDocument } = require('vscode-languageserver-textdocument');
  const lsDoc = TextDocument.create('file:///typical.json', 'json', 1, typical);
  const lsJson = ls.service.parseJSONDocument(lsDoc);
  const lsLatency = async (fn) => {
    const per = [];
    let answered = 0;
    for (const p of positions) {
      const t0 = now();
      const r = await fn(lsDoc, lsDoc.positionAt(p), lsJson);
      per.push(now() - t0);
      if (r && !(Array.isArray(r.items) && r.items.length === 0)) answered++;
    }
    return { ...stats(per), answered };
  };
  out.jsonlsCompletion = await lsLatency((d, p, j) => ls.service.doComplete(d, p, j));
  out.jsonlsHover = await lsLatency((d, p, j) => ls.service.doHover(d, p, j));
  return out;
}

const args = process.argv.slice(2);
if (args[0] === '--cold') {
  const [, kind, file, coreBundle, schemaFile] = args;
  process.stdout.write(JSON.stringify(await coldOnce(kind, file, coreBundle, schemaFile)));
} else {
  process.stdout.write(JSON.stringify(await main(JSON.parse(args[0]))));
}
