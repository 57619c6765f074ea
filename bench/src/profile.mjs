// Where a CLI run spends its time: V8's CPU profile of the real (minified) bundles, read back to source
// files and functions through the source maps `node scripts/build.mjs --sourcemap` writes beside them.
//   node scripts/build.mjs --sourcemap
//   node bench/src/profile.mjs [--runs N] [--top N] [--root DIR] [--grep RE] [--under RE] -- lint --format json FILE...
// Prints, averaged over the runs, the time spent in each function itself (self) and below it (inclusive),
// and the time by area (reading and finding files, settings, the analysis, the report, start-up).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const dash = argv.indexOf('--');
const opts = dash >= 0 ? argv.slice(0, dash) : argv;
const cliArgs = dash >= 0 ? argv.slice(dash + 1) : [];
const opt = (name, dflt) => {
  const i = opts.indexOf(name);
  return i >= 0 ? opts[i + 1] : dflt;
};
const root = path.resolve(opt('--root', path.join(here, '../..')));
const runs = Number(opt('--runs', 5));
const top = Number(opt('--top', 40));
const filter = opt('--grep') ? new RegExp(opt('--grep')) : undefined;
// Only the samples taken while a function whose name matches ran, to see what its time went to.
const under = opt('--under') ? new RegExp(opt('--under')) : undefined;

const maps = new Map();
/** The source map of a bundle (undefined when the build wrote none). */
function mapOf(url) {
  if (!maps.has(url)) {
    let m;
    try {
      const file = url.startsWith('file://') ? fileURLToPath(url) : url;
      m = new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')));
    } catch {
      m = undefined;
    }
    maps.set(url, m);
  }
  return maps.get(url);
}

const sourceLines = new Map();
/** `name file:line` of a profile frame, in source terms when a source map covers it. */
function frameName(cf) {
  const m = cf.url ? mapOf(cf.url) : undefined;
  const e = m?.findEntry(cf.lineNumber, cf.columnNumber);
  if (!e?.originalSource)
    return `${cf.functionName || '(anonymous)'} ${cf.url ? path.basename(cf.url) : ''}${cf.url ? `:${cf.lineNumber + 1}` : ''}`.trim();
  const source = e.originalSource.replace(/^.*?(node_modules\/|server\/src\/|bin\/)/, '$1');
  // A minified name says nothing: the function's name is read from its source line.
  if (!sourceLines.has(e.originalSource)) {
    let text = '';
    try {
      text = fs.readFileSync(
        path.resolve(path.dirname(fileURLToPath(cf.url.startsWith('file://') ? cf.url : `file://${cf.url}`)), e.originalSource),
        'utf8',
      );
    } catch {
      /* not on disk */
    }
    sourceLines.set(e.originalSource, text.split('\n'));
  }
  const line = sourceLines.get(e.originalSource)[e.originalLine] ?? '';
  const named =
    /(?:function\*?\s+|(?:const|let)\s+|^\s*(?:export\s+)?(?:async\s+)?|\b)([A-Za-z_$][\w$]*)\s*(?:=\s*(?:async\s*)?\(|=\s*(?:async\s+)?function|\(|:\s*\()/.exec(
      line,
    )?.[1];
  return `${named ?? cf.functionName ?? '(anonymous)'} ${source}:${e.originalLine + 1}`;
}

/** Areas of a CLI run, by the source file a frame comes from; the first area on the stack from the top wins. */
const AREAS = [
  ['report (formatters)', /server\/src\/cli\/formatters\//],
  ['analysis (core)', /server\/src\/core\/|node_modules\/(jsonc-parser|ipaddr|fastest-levenshtein)|generated\//],
  ['settings (.search-lint.json, options)', /server\/src\/host\/config|lint-config/],
  ['finding files (directory search, file kinds)', /server\/src\/cli\/files|picomatch/],
  ['reading files', /^(readFileSync|openSync|readSync|closeSync|fstat|read|open|close|decodeConfigBytes|tryReadSync|tryStatSync)\b/],
];

function summarize(profiles) {
  const self = new Map(),
    inclusive = new Map(),
    areas = new Map();
  let total = 0;
  for (const p of profiles) {
    const byId = new Map(p.nodes.map((n) => [n.id, n]));
    const parent = new Map();
    for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const names = new Map(p.nodes.map((n) => [n.id, frameName(n.callFrame)]));
    const ms = new Map();
    for (let i = 0; i < p.samples.length; i++) ms.set(p.samples[i], (ms.get(p.samples[i]) ?? 0) + p.timeDeltas[i] / 1000);
    for (const [id, t] of ms) {
      if (under) {
        let x = id;
        while (x !== undefined && !under.test(names.get(x))) x = parent.get(x);
        if (x === undefined) continue;
      }
      total += t;
      self.set(names.get(id), (self.get(names.get(id)) ?? 0) + t);
      const seen = new Set();
      let area;
      for (let x = id; x !== undefined; x = parent.get(x)) {
        const n = names.get(x);
        if (!seen.has(n)) {
          seen.add(n);
          inclusive.set(n, (inclusive.get(n) ?? 0) + t);
        }
        area ??= AREAS.find(([, re]) => re.test(n))?.[0];
      }
      const name = names.get(id);
      area ??= name.startsWith('(garbage collector)') ? 'garbage collection' : 'start-up, the command and the rest';
      areas.set(area, (areas.get(area) ?? 0) + t);
    }
  }
  const n = profiles.length;
  const list = (m, k) =>
    [...m]
      .filter(([name]) => !filter || m === areas || filter.test(name))
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([name, t]) => `${(t / n).toFixed(1).padStart(8)} ms  ${name}`);
  return [
    `profiled ms per run: ${(total / n).toFixed(1)} (${n} runs)`,
    '',
    'by area:',
    ...list(areas, 20),
    '',
    'self:',
    ...list(self, top),
    '',
    'inclusive:',
    ...list(inclusive, top),
  ].join('\n');
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-config-profile-'));
for (let i = 0; i < runs; i++) {
  const r = spawnSync(
    process.execPath,
    ['--cpu-prof', '--cpu-prof-dir', dir, '--cpu-prof-interval', '100', path.join(root, 'bin/search-config.js'), ...cliArgs],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (r.status > 1) {
    process.stderr.write(`the CLI exited with ${r.status}\n`);
    process.exit(2);
  }
}
const profiles = fs.readdirSync(dir).map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')));
fs.rmSync(dir, { recursive: true, force: true });
if (![...new Set(profiles.flatMap((p) => p.nodes.map((n) => n.callFrame.url)))].some((u) => u && mapOf(u)))
  process.stderr.write('no source map beside the bundles: run node scripts/build.mjs --sourcemap first\n');
process.stdout.write(summarize(profiles) + '\n');
