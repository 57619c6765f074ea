import { BY_ENGINE_SETTING, rootSchema, typesOf, type SchemaNode } from '../../server/src/core/schema';
import type { Rng } from './rng';

/**
 * Grammar-based generation of configurations from the schema: right and wrong types,
 * boundary numbers, unknown keys, deep nesting, unicode, and every formatting variant the
 * analyzer must survive (CRLF, BOM, comments, trailing commas, duplicate keys).
 */

/** A JSON-ish tree whose leaves are raw token text, so that numbers such as 1e400 survive. */
export type Tree =
  { kind: 'object'; members: Array<{ key: string; value: Tree }> } | { kind: 'array'; items: Tree[] } | { kind: 'raw'; text: string };

const raw = (text: string): Tree => ({ kind: 'raw', text });
const str = (s: string): Tree => raw(JSON.stringify(s));

const HUGE_INTEGERS = [
  '9007199254740992',
  '9007199254740993',
  '9223372036854775807',
  '9223372036854775808',
  '18446744073709551616',
  '-9223372036854775809',
  '1e400',
  '-1e400',
  '1e-400',
  '123456789012345678901234567890',
];
const ODD_NUMBERS = ['0', '-0', '1', '-1', '1.5', '0.1', '1e3', '1E+2', '2.0', '4294967296', '2147483648', '-2147483649'];
const UNICODE = ['😀', 'é', 'e\u0301', '\u200b', '\u202e', 'Ω', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', '日本語', '\u2028', '\uFEFF', '\t'];
/** Escapes kept literal in the output text: lone surrogates and control characters that JSON.stringify would normalise. */
const RAW_STRINGS = [
  '"\\ud800"',
  '"\\udc00x"',
  '"a\\u0000b"',
  '"\\ud83d\\ude00"',
  '"\\/"',
  '"\\"quoted\\""',
  '"back\\\\slash"',
  '"\\u00e9t\\u00e9"',
];
const UNIT_STRINGS = ['100mb', '30s', '10%', '1gb', '5 min', '2h', '1.5kb', '0.5', '12ms', '7d', '1e3'];
const URLS = [
  'http://idp.example.com/metadata',
  'https://idp.example.com/metadata',
  'https://example.com:8443/a?b=c#d',
  'ftp://x',
  'https://',
  '//no-scheme',
  'https://exa mple.com',
  'https://[::1]:99999/',
];
const CIDRS = [
  '10.0.0.0/8',
  '0.0.0.0/0',
  '::/0',
  '10.0.0.1/8',
  '999.1.1.1/33',
  '192.168.1.0',
  'fe80::1/64',
  '1.2.3.4/-1',
  '::ffff:10.0.0.0/104',
  '10.0.0.0/8 ',
];
const PLACEHOLDERS = ['<CLIENT_SECRET>', '${ENV_NAME}', '$SECRET', '{{ vault.secret }}', '((secret))', '<>', '${}'];
const OTHER_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '',
  ' ',
  'opensearch',
  'opensearch_dashboards',
  'opensearch_version',
  'prometheus',
  '😀',
  'a.b',
  'x\u0000y',
  '$ref',
  'client_secrte',
  'secret',
  'password',
];

export function describedTypes(s: SchemaNode): string[] {
  const t = typesOf(s);
  if (t.length) return t;
  if (s.properties) return ['object'];
  if (s.items) return ['array'];
  return ['string', 'integer', 'boolean', 'null', 'object', 'array'];
}

function numberFor(rng: Rng, s: SchemaNode, integer: boolean): Tree {
  const candidates: Array<number | string> = [];
  for (const b of [s.minimum, s.maximum, s.performanceThreshold]) if (typeof b === 'number') candidates.push(b, b - 1, b + 1);
  if (typeof s.default === 'number') candidates.push(s.default, s.default * 1000, s.default / 1000);
  candidates.push(...ODD_NUMBERS);
  if (rng.chance(0.3)) candidates.push(...HUGE_INTEGERS);
  let v = rng.pick(candidates);
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) v = 0;
    if (integer && rng.chance(0.8)) v = Math.trunc(v);
    // Numbers beyond 2^53 are written as the exact digits a person would type.
    return raw(Math.abs(v) >= 2 ** 53 ? BigInt(Math.trunc(v)).toString() : String(v));
  }
  return raw(v);
}

function stringFor(rng: Rng, s: SchemaNode): Tree {
  const pools: Array<readonly unknown[]> = [];
  if (s.enum) pools.push(s.enum);
  if (s.deprecatedValues) pools.push(s.deprecatedValues);
  if (s.examples) pools.push(s.examples);
  if (s.default !== undefined) pools.push([s.default]);
  if (s.valueFormat === 'url') pools.push(URLS);
  if (s.valueFormat === 'cidr') pools.push(CIDRS);
  if (s.unit) pools.push(UNIT_STRINGS);
  if (s.secret) pools.push(PLACEHOLDERS);
  pools.push(UNICODE, ['', ' ', 'x', 'ALL CAPS', 'line\nbreak', 'a\r\nb']);
  if (rng.chance(0.1)) return raw(rng.pick(RAW_STRINGS));
  if (rng.chance(0.05)) {
    const len = s.maxLength ?? s.minLength ?? rng.int(100, 5000);
    return str('a'.repeat(len + rng.int(-1, 1)));
  }
  const v = rng.pick(rng.pick(pools));
  return typeof v === 'string' ? str(rng.chance(0.1) ? v + rng.pick(UNICODE) : v) : raw(JSON.stringify(v) ?? 'null');
}

/** A value of a type the schema may or may not allow, with the schema's own boundaries. */
function valueOfType(rng: Rng, s: SchemaNode, type: string, depth: number): Tree {
  switch (type) {
    case 'integer':
      return numberFor(rng, s, true);
    case 'number':
      return numberFor(rng, s, false);
    case 'string':
      return stringFor(rng, s);
    case 'boolean':
      return raw(rng.chance(0.5) ? 'true' : 'false');
    case 'null':
      return raw('null');
    case 'array':
      return arrayFor(rng, s, depth);
    default:
      return objectFor(rng, s, depth);
  }
}

export function valueFor(rng: Rng, s: SchemaNode, depth: number): Tree {
  if (rng.chance(0.02)) return deepNest(rng, rng.chance(0.3) ? rng.int(250, 400) : rng.int(3, 40));
  const allowed = describedTypes(s);
  const wrong = ['string', 'integer', 'number', 'boolean', 'null', 'object', 'array'].filter((t) => !allowed.includes(t));
  const type = wrong.length && rng.chance(0.15) ? rng.pick(wrong) : rng.pick(allowed);
  return valueOfType(rng, s, type, depth + 1);
}

function arrayFor(rng: Rng, s: SchemaNode, depth: number): Tree {
  if (depth <= 6 && s.maxItems && rng.chance(0.02)) {
    // One more item than allowed: copies of the schema's example item keep the text to a realistic size.
    const example = s.items?.examples?.[0];
    const item = raw(example === undefined ? '1' : JSON.stringify(example));
    return { kind: 'array', items: Array.from({ length: s.maxItems + 1 }, () => item) };
  }
  const n = depth > 6 ? 0 : rng.int(0, 4);
  const items: Tree[] = [];
  for (let i = 0; i < n; i++) items.push(s.items ? valueFor(rng, s.items, depth) : valueFor(rng, {}, depth + 2));
  return { kind: 'array', items };
}

/** A key the schema does not define: a typo of a real key, an engine setting name, or something hostile. */
export function unknownKey(rng: Rng, known: readonly string[]): string {
  const r = rng.next();
  if (r < 0.4 && known.length) {
    const k = rng.pick(known);
    const i = rng.int(0, Math.max(0, k.length - 1));
    const ops = [
      k.slice(0, i) + k.slice(i + 1),
      k.slice(0, i) + 'x' + k.slice(i),
      k.slice(0, i) + k[i + 1] + k[i] + k.slice(i + 2),
      k.toUpperCase(),
      k.replace(/_/g, '-'),
    ];
    return rng.pick(ops);
  }
  if (r < 0.55) return rng.pick([...BY_ENGINE_SETTING.keys()]) ?? 'x';
  if (r < 0.95) return rng.pick(OTHER_KEYS);
  return 'k'.repeat(rng.int(100, 3000));
}

function objectFor(rng: Rng, s: SchemaNode, depth: number): Tree {
  const props = Object.entries(s.properties ?? {});
  const members: Array<{ key: string; value: Tree }> = [];
  if (depth > 6) return { kind: 'object', members };
  const share = rng.pick([0.1, 0.3, 0.6, 1]);
  for (const [key, child] of props) if (rng.chance(share)) members.push({ key, value: valueFor(rng, child, depth) });
  const extra = rng.chance(0.3) ? rng.int(1, 3) : 0;
  for (let i = 0; i < extra; i++)
    members.push({
      key: unknownKey(
        rng,
        props.map(([k]) => k),
      ),
      value: valueFor(rng, {}, depth + 3),
    });
  if (members.length && rng.chance(0.05)) members.push({ ...rng.pick(members) }); // duplicate key
  for (let i = members.length - 1; i > 0 && rng.chance(0.3); i--) {
    const j = rng.int(0, i);
    [members[i], members[j]] = [members[j], members[i]];
  }
  return { kind: 'object', members };
}

function deepNest(rng: Rng, levels: number): Tree {
  let t: Tree = raw('1');
  for (let i = 0; i < levels; i++)
    t = rng.chance(0.5) ? { kind: 'array', items: [t] } : { kind: 'object', members: [{ key: 'a', value: t }] };
  return t;
}

export interface Style {
  indent: string;
  eol: string;
  comments: boolean;
  trailingCommas: boolean;
}

/** Writes the tree as text; generated trees are at most a few hundred levels deep, so recursion is fine here. */
export function serialize(t: Tree, style: Style, rng: Rng): string {
  const out: string[] = [];
  const write = (node: Tree, level: number): void => {
    if (node.kind === 'raw') {
      out.push(node.text);
      return;
    }
    const [open, close] = node.kind === 'object' ? ['{', '}'] : ['[', ']'];
    const children = node.kind === 'object' ? node.members : node.items;
    out.push(open);
    const pad = (l: number): string => (style.indent ? style.eol + style.indent.repeat(Math.min(l, 50)) : '');
    children.forEach((c, i) => {
      out.push(pad(level + 1));
      if (style.comments && rng.chance(0.05))
        out.push(rng.chance(0.5) ? '/* note */ ' : `// note${style.eol}${style.indent.repeat(Math.min(level + 1, 50))}`);
      if (node.kind === 'object') {
        const m = c as { key: string; value: Tree };
        out.push(JSON.stringify(m.key), style.indent ? ': ' : ':');
        write(m.value, level + 1);
      } else write(c as Tree, level + 1);
      if (i < children.length - 1 || (style.trailingCommas && rng.chance(0.3))) out.push(',');
    });
    if (children.length) out.push(pad(level));
    out.push(close);
  };
  write(t, 0);
  return out.join('');
}

export interface GeneratedInput {
  text: string;
  fileName: string;
}

/** One whole configuration file. */
export function generateConfig(rng: Rng): GeneratedInput {
  const jsonc = rng.chance(0.4);
  const style: Style = {
    indent: rng.pick(['', '  ', '    ', '\t']),
    eol: rng.chance(0.25) ? '\r\n' : '\n',
    comments: rng.chance(jsonc ? 0.6 : 0.1),
    trailingCommas: rng.chance(jsonc ? 0.4 : 0.05),
  };
  const tree = rng.chance(0.03) ? valueFor(rng, { type: ['array', 'string', 'null', 'integer'] }, 0) : objectFor(rng, rootSchema, 0);
  let text = serialize(tree, style, rng);
  if (rng.chance(0.05)) text = '\uFEFF' + text;
  if (rng.chance(0.5)) text += style.eol;
  return {
    text,
    fileName: jsonc
      ? rng.pick(['prod.search.jsonc', 'search-config.jsonc'])
      : rng.pick(['prod.search.json', 'search-config.json', 'x.json']),
  };
}
