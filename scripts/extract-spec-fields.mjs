// Extracts the documented fields of the service specification into test/fixtures/spec-fields.txt,
// which the schema tests read (the specification is not part of this repository).
// Usage: node scripts/extract-spec-fields.mjs [path/to/search-service-spec.md]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const specFile = process.argv[2] ?? path.resolve(root, '../shared/spec/search-service-spec.md');
const spec = fs.readFileSync(specFile, 'utf8');

const section = (from, to) => spec.slice(spec.indexOf(from), to ? spec.indexOf(to) : undefined);
const rows = (text) =>
  text
    .split('\n')
    .filter((l) => l.startsWith('|') && !/^\|[-|\s]+\|$/.test(l))
    .map((l) =>
      l
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((c) => c.trim()),
    );

const fields = new Map();
const entry = (p) => {
  if (!fields.has(p)) fields.set(p, { type: '-', default: '-', unit: '-', engineSetting: '-', markers: new Set() });
  return fields.get(p);
};

const UNIT_WORDS = [
  [/\bin bytes\b|^Bytes\.$/i, 'bytes'],
  [/\bin MiB\b|^MiB\.$/, 'MiB'],
  [/\bin milliseconds\b|^Milliseconds\.$/i, 'ms'],
  [/\bin hours\b|^Hours between|^Hours\.$/i, 'hours'],
  [/^Days\b/i, 'days'],
  [/\bpercentage\b|^Default \d+%/i, 'percent'],
];

function readMeaning(e, meaning) {
  const engine = /^([a-z_]+(?:\.[a-z_]+)+)[,:]/.exec(meaning);
  if (engine) e.engineSetting = engine[1];
  for (const [re, unit] of UNIT_WORDS) if (re.test(meaning)) e.unit = unit;
  const def = /\bDefault:? ([^;]+?)\.?(?:;|$)/.exec(meaning);
  // Read by hand: a pattern anchored at the end would be tried from every position.
  if (def) {
    const v = def[1];
    const open = v.indexOf('(');
    e.default = open >= 0 && v.endsWith(')') ? v.slice(0, open).trimEnd() : v;
  }
  if (/DEPRECATED/.test(meaning)) e.markers.add('deprecated');
  if (/restarts all engine instances/i.test(meaning)) e.markers.add('restartsEngine');
  if (/Effective only when a new service is created/i.test(meaning)) e.markers.add('createOnly');
  if (/\(a secret\b/i.test(meaning)) e.markers.add('secret');
  if (/may cause performance problems/i.test(meaning)) e.markers.add('performance');
  if (/Lowered automatically|automatically lowered/i.test(meaning)) e.markers.add('threadPool');
  if (/^Required\./.test(meaning)) e.markers.add('required');
}

// Field tables: "| Field | Type | Meaning |"; a cell may list several fields of one object.
const resources = section('## Resources and their fields', '### private_access and public_access');
for (const [name, type, meaning] of rows(resources)) {
  if (name === 'Field') continue;
  const names = name.split(/,\s*/);
  const prefix = names[0].includes('.') ? names[0].slice(0, names[0].lastIndexOf('.') + 1) : '';
  for (const n of names) {
    const e = entry(n.includes('.') ? n : prefix + n);
    e.type = type.replace(/ or /g, '|');
    readMeaning(e, meaning);
  }
}
// "index_template ... is listed as its own object": an object whose members the tables list.
for (const p of [...fields.keys()]) {
  const parent = p.includes('.') ? p.slice(0, p.lastIndexOf('.')) : undefined;
  if (parent && !fields.has(parent)) entry(parent).type = 'object';
}
// "Both objects have the same boolean members".
for (const [name] of rows(section('### private_access and public_access', '## States and transitions'))) {
  if (name === 'Field') continue;
  for (const obj of ['private_access', 'public_access']) entry(`${obj}.${name}`).type = 'boolean';
}
// Limits: defaults, units and behaviour; "a and b" and "x_*_y" name several fields.
const known = [...fields.keys()];
for (const [setting, rule] of rows(section('## Limits', '## Versioning'))) {
  if (setting === 'Setting') continue;
  const [first, ...others] = setting.split(' and ');
  const targets = first.includes('*')
    ? // A wildcard stands for a pool name; queue sizes are not lowered (see the field table).
      known.filter((k) => !k.includes('_queue_') && new RegExp(`^${first.replace(/[.]/g, '\\.').replace(/\*/g, '[a-z_]+')}$`).test(k))
    : [first, ...others.map((o) => known.find((k) => k.startsWith(first.slice(0, first.lastIndexOf('.') + 1)) && k.endsWith(`_${o}`)))];
  for (const t of targets) {
    if (!t || !fields.has(t)) throw new Error(`Limits row "${setting}" names no documented field`);
    readMeaning(fields.get(t), rule);
  }
}

const header = [
  '# Fields of the service specification, extracted by scripts/extract-spec-fields.mjs.',
  '# Columns (tab-separated): path, type ("|" = or), documented default as written, unit, engine setting, markers. "-" = none.',
];
const lines = [...fields].map(([p, e]) =>
  [p, e.type, e.default, e.unit, e.engineSetting, e.markers.size ? [...e.markers].join(',') : '-'].join('\t'),
);
const out = path.join(root, 'test/fixtures/spec-fields.txt');
fs.writeFileSync(out, `${header.join('\n')}\n${lines.join('\n')}\n`);
process.stdout.write(`wrote ${lines.length} fields to ${path.relative(root, out)}\n`);
