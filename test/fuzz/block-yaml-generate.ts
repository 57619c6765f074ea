import type { Rng } from './rng';

/**
 * Block YAML as configurations and manifests are written, seeded: nested maps and lists, items that
 * are maps, flow lists and maps of scalars, every scalar style, the spellings YAML readers disagree
 * on, comments everywhere, blank lines, empty values, CRLF; and mutations of such text with the
 * characters that change what YAML means.
 */

const KEYS = [
  'search',
  'search_version',
  'ip_filter',
  'network',
  'description',
  'http_max_content_length',
  'a',
  'b',
  'k',
  'x.y',
  'a b',
  'a-b',
  'a[0]',
  '1',
  '0o17',
  '0x1F',
  '1.5',
  'true',
  'null',
  '~',
  'yes',
  'on',
  'Search',
  'kind',
  'spec',
  'userConfig',
  'metadata',
  'name',
  'é',
  '__proto__',
  'constructor',
  'a:b',
  'a#b',
  '.hidden',
];
/** Keys and scalars the reader may decline (or that are errors): now and then only, so that most documents are read. */
const ODD_KEYS = ['-a', '?a', ':a', 'a :', '&a', '*a', '!a', '%a', '@a', '`a', '[a]', '{a}', 'a\\'];
const ODD = [
  '%x',
  '@x',
  '`x',
  '&a x',
  '*a',
  '!!str 5',
  '!x y',
  '|',
  '>',
  '? x',
  '- x',
  'a: b',
  'x:',
  '"\\q"',
  '"\\U00110000"',
  '"\\uD800"',
  '"\\x4"',
  '"open',
  "'open",
  '[a, [b]]',
  '{a: {b: 1}}',
  '[a,]',
  '[a: b]',
  '{a}',
  '{a: }',
  '[a, , b]',
  '[http://x]',
  '["a":1]',
  '{"a":1}',
  'x # y: z',
  'a #b',
  '#x',
];
const PLAIN = [
  'x',
  'value with spaces',
  '100mb',
  '30s',
  '10%',
  '0',
  '-0',
  '-1',
  '+1',
  '1.5',
  '1.',
  '.5',
  '-.5',
  '1e3',
  '1E+3',
  '1.5e-3',
  '.inf',
  '-.inf',
  '.nan',
  '.NaN',
  'inf',
  '0755',
  '0o17',
  '0o8',
  '0x1F',
  '0xG',
  '1_000',
  '9007199254740993',
  '123456789012345678901234567890',
  'true',
  'True',
  'TRUE',
  'false',
  'yes',
  'No',
  'on',
  'OFF',
  'y',
  'n',
  'null',
  'Null',
  '~',
  'NULL',
  'nil',
  '2026-11-25',
  '12:30',
  'a:b',
  'http://x.example.com:9200',
  'a#b',
  'a, b',
  'x]',
  'x{y}',
  '-x',
  'x-',
  'é',
  'a\u00a0b',
  '$HOME',
  'C:\\dir',
  'a%',
  'Search',
  'Search2',
  '10.0.0.0/8',
  'a "quoted" word',
  "it's",
];
const DOUBLE = [
  '""',
  '"x"',
  '"a b"',
  '"100mb"',
  '"9200"',
  '"true"',
  '"\\u00e9"',
  '"\\x41"',
  '"\\U0001F600"',
  '"tab\\tnl\\n"',
  '"q\\"q"',
  '"back\\\\"',
  '"\\/"',
  '"\\_\\N\\L\\P\\e\\a\\0\\ "',
  '"# not a comment"',
  '"a: b"',
  '"\'"',
  '"\\ud83d\\ude00"',
  '"  spaced  "',
];
const SINGLE = ["''", "'x'", "'it''s'", "'a \\n b'", "'# x'", "'a: b'", "'\"'", "''''"];
const INSERTS = [
  '&a ',
  '*a',
  '!!str ',
  '!x ',
  '|',
  '>',
  '? ',
  ': ',
  '- ',
  '-',
  '#',
  ' #',
  '"',
  "'",
  '[',
  ']',
  '{',
  '}',
  ',',
  '\t',
  '\r',
  '\n',
  '\r\n',
  '---',
  '...',
  '%YAML 1.2',
  '<<: ',
  '@',
  '`',
  '\\',
  '\ufeff',
  '\u0085',
  '\u2028',
  ' ',
  '  ',
  'kind: Search',
  'userConfig:',
  '\u0000',
];

export function scalarText(rng: Rng): string {
  const r = rng.next();
  if (r < 0.02) return rng.pick(ODD);
  if (r < 0.55) return rng.pick(PLAIN);
  if (r < 0.75) return rng.pick(DOUBLE);
  if (r < 0.85) return rng.pick(SINGLE);
  if (r < 0.93) return flow(rng);
  return `${rng.int(-100, 100000)}${rng.pick(['', 'kb', 'mb', '.0', '.50', 'e2'])}`;
}

function keyText(rng: Rng): string {
  const k = rng.chance(0.01) ? rng.pick(ODD_KEYS) : rng.pick(KEYS);
  return rng.chance(0.1) ? JSON.stringify(k) : rng.chance(0.05) ? `'${k}'` : k;
}

function flow(rng: Rng): string {
  const n = rng.int(0, 4);
  const sp = rng.chance(0.3) ? ' ' : '';
  const item = (): string => rng.pick([...PLAIN.filter((p) => !/[,[\]{}#:]/.test(p)), '"a, b"', "'x'", '"y"']);
  if (rng.chance(0.5)) return `[${sp}${Array.from({ length: n }, item).join(rng.chance(0.8) ? ', ' : ' , ')}${sp}]`;
  return `{${sp}${Array.from({ length: n }, () => `${rng.pick(['a', 'b', 'k', '"q"', '1'])}: ${item()}`).join(', ')}${sp}}`;
}

const comment = (rng: Rng): string =>
  rng.chance(0.15) ? ` # ${rng.pick(['note', 'search-config-disable-line', 'it\'s "quoted"', ''])}` : '';

/** Lines of a block map at `indent` (the first line's indentation is left to the caller when `first` is given). */
function mapLines(rng: Rng, indent: number, depth: number, out: string[], first?: string): void {
  const pad = ' '.repeat(indent);
  const n = rng.int(1, depth > 3 ? 3 : 6);
  for (let i = 0; i < n; i++) {
    const lead = i === 0 && first !== undefined ? first : pad;
    if (rng.chance(0.08)) out.push(rng.chance(0.5) ? '' : `${' '.repeat(rng.int(0, indent + 2))}# comment`);
    const key = keyText(rng);
    const r = rng.next();
    if (depth < 5 && r < 0.25) {
      out.push(`${lead}${key}:${comment(rng)}`);
      mapLines(rng, indent + rng.pick([2, 2, 4, 1]), depth + 1, out);
    } else if (depth < 5 && r < 0.4) {
      out.push(`${lead}${key}:${comment(rng)}`);
      seqLines(rng, rng.chance(0.3) ? indent : indent + 2, depth + 1, out);
    } else if (r < 0.46) {
      out.push(`${lead}${key}:${rng.pick(['', ' ', ' # empty'])}`);
    } else {
      out.push(`${lead}${key}: ${scalarText(rng)}${comment(rng)}${rng.chance(0.05) ? ' ' : ''}`);
    }
  }
}

function seqLines(rng: Rng, indent: number, depth: number, out: string[]): void {
  const pad = ' '.repeat(indent);
  const n = rng.int(1, 4);
  for (let i = 0; i < n; i++) {
    const r = rng.next();
    if (depth < 5 && r < 0.35) mapLines(rng, indent + 2, depth + 1, out, `${pad}- `);
    else if (depth < 5 && r < 0.4) {
      out.push(`${pad}-`);
      mapLines(rng, indent + 2, depth + 1, out);
    } else if (r < 0.45) out.push(`${pad}-${rng.pick(['', ' ', ' # empty'])}`);
    else out.push(`${pad}- ${scalarText(rng)}${comment(rng)}`);
  }
}

/** One document: a manifest with a `spec.userConfig`, or a configuration of its own. */
export function blockYamlDocument(rng: Rng): string {
  const out: string[] = [];
  if (rng.chance(0.2)) out.push('# leading comment');
  if (rng.chance(0.3)) out.push(rng.pick(['---', '--- # start', '---  ']));
  if (rng.chance(0.6)) {
    out.push('apiVersion: vendor.io/v1alpha1', `kind: ${rng.pick(['Search', 'Search', '"Search"', 'ConfigMap'])}`);
    if (rng.chance(0.8)) out.push('metadata:', `  name: ${rng.pick(['logs', '"metrics"', '12', 'true', ''])}`);
    out.push('spec:', '  plan: business-4', '  userConfig:');
    mapLines(rng, 4, 1, out);
    if (rng.chance(0.2)) mapLines(rng, 2, 1, out);
  } else mapLines(rng, 0, 0, out);
  if (rng.chance(0.2)) out.push(rng.pick(['', '# trailing', '  # trailing, indented']));
  const eol = rng.chance(0.15) ? '\r\n' : '\n';
  return out.join(eol) + (rng.chance(0.85) ? eol : '');
}

/** A few random edits with the characters that change what YAML means. */
export function mutateBlockYaml(rng: Rng, text: string): string {
  let t = text;
  for (let n = rng.int(1, 3); n > 0; n--) {
    const at = rng.int(0, t.length);
    switch (rng.int(0, 4)) {
      case 0:
        t = t.slice(0, at) + rng.pick(INSERTS) + t.slice(at);
        break;
      case 1:
        t = t.slice(0, at) + t.slice(at + rng.int(1, 4));
        break;
      case 2: {
        const lineStart = t.lastIndexOf('\n', at - 1) + 1;
        t = t.slice(0, lineStart) + rng.pick([' ', '  ', '\t']) + t.slice(lineStart);
        break;
      }
      case 3: {
        const lineStart = t.lastIndexOf('\n', at - 1) + 1;
        if (t[lineStart] === ' ') t = t.slice(0, lineStart) + t.slice(lineStart + 1);
        break;
      }
      default:
        t = t.slice(0, at) + String.fromCharCode(rng.int(32, 126)) + t.slice(at + 1);
    }
  }
  return t;
}
