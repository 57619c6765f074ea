import { BY_ENGINE_SETTING } from '../../server/src/core/schema';
import { CANARY_PREFIX } from '../support/secret-configs';
import { HOSTILE_YAML } from '../support/hostile-yaml';
import { mutate } from './mutate';
import type { Rng } from './rng';

/**
 * opensearch.yml-like settings files for import-settings: real and unknown setting names, flat, nested
 * and mixed; anchors, aliases and merge keys nested at random; runs of one character; deep nesting;
 * and credentials in values (canaries that must never be printed).
 */

/** Settings named like credentials: none has a configuration field, so their values are never shown. */
const CREDENTIAL_SETTINGS = [
  'plugins.security.ssl.http.keystore_password',
  'plugins.security.ssl.transport.truststore_password',
  's3.client.default.secret_key',
  'xpack.security.authc.realms.ldap.ldap1.bind_password',
  'password',
  'token',
  'api_key',
  'node.attr.credentials',
  'discovery.ec2.secret_key',
];
const UNKNOWN_SETTINGS = [
  'cluster.name',
  'node.name',
  'path.data',
  'network.host',
  'discovery.seed_hosts',
  'index.refresh_interval',
  'a',
  'a.b',
  'a.b.c',
  '',
  '__proto__',
  'constructor',
  'k'.repeat(200),
];
const VALUES = [
  '100mb',
  '30s',
  '10%',
  '1gb',
  '90m',
  'true',
  'false',
  'yes',
  'on',
  '0',
  '-1',
  '1.5',
  '1e400',
  '.inf',
  '.nan',
  'null',
  '~',
  '${HOST}',
  '"quoted: text"',
  "'single'",
  '[a, b]',
  '{x: 1}',
  '"\\u00e9"',
  '!!str 5',
  '!custom x',
  '0o17',
  '0x1F',
  '2026-11-25',
];
const RUN_CHARACTERS = [
  '[',
  '{',
  ']',
  '}',
  '-',
  ' ',
  '\t',
  ':',
  ',',
  '&a ',
  '*a ',
  '"',
  "'",
  '\\',
  '#',
  '\n',
  '? ',
  '!',
  '|',
  '>',
  '<<: ',
  '- - ',
  '%',
  '@',
  '`',
  'a',
];

export interface YamlInput {
  text: string;
  canaries: string[];
  mutated: boolean;
}

const settingNames = (): string[] => [...BY_ENGINE_SETTING.keys()];

function canaryValue(rng: Rng, canaries: string[], form: number): string {
  const canary = `${CANARY_PREFIX}${rng.int(0, 1e9).toString(36)}Q7x`;
  canaries.push(canary);
  switch (form % 6) {
    case 0:
      return canary;
    case 1:
      return JSON.stringify(`pre ${canary} post`);
    case 2:
      return `'${canary}'`;
    case 3:
      return `"${canary}\\q"`; // an invalid escape: the error must not quote it
    case 4:
      return `|\n    ${canary}\n    more`;
    default:
      return `"${canary}`; // unterminated
  }
}

function scalar(rng: Rng): string {
  return rng.chance(0.8) ? rng.pick(VALUES) : `${rng.int(-5, 100000)}${rng.pick(['', 'kb', 'mb', 'ms', 's', 'h', 'd', '%'])}`;
}

/** Lines of `name: value`, some names split into nested maps. */
function settingsLines(rng: Rng, canaries: string[]): string[] {
  const lines: string[] = [];
  const n = rng.int(1, 12);
  for (let i = 0; i < n; i++) {
    const r = rng.next();
    const name = r < 0.55 ? rng.pick(settingNames()) : r < 0.8 ? rng.pick(UNKNOWN_SETTINGS) : rng.pick(CREDENTIAL_SETTINGS);
    // Now and then a credential the YAML cannot read (a bad escape, no closing quote): the error must not quote it.
    const value = CREDENTIAL_SETTINGS.includes(name)
      ? canaryValue(rng, canaries, rng.chance(0.1) ? rng.pick([3, 5]) : rng.pick([0, 1, 2, 4]))
      : scalar(rng);
    const parts = name.split('.');
    const cut = rng.chance(0.4) && parts.length > 1 ? rng.int(1, parts.length - 1) : 0;
    if (!cut) {
      lines.push(`${name}: ${value}`);
      continue;
    }
    lines.push(`${parts.slice(0, cut).join('.')}:`, `  ${parts.slice(cut).join('.')}: ${value.replace(/\n/g, '\n  ')}`);
  }
  return lines;
}

/** Anchors and aliases of each other, as lists, maps or merge keys, some referring forward or to themselves. */
function aliasNesting(rng: Rng): string[] {
  const lines = ['a0: &a0 {search.max_buckets: 10, x: [1, 2]}'];
  const levels = rng.int(1, 30);
  for (let i = 1; i <= levels; i++) {
    const below = (): string => `*a${rng.chance(0.98) ? rng.int(Math.max(0, i - 3), i - 1) : rng.int(0, levels + 2)}`;
    const width = rng.int(1, 9);
    const refs = Array.from({ length: width }, below);
    switch (rng.chance(0.05) ? 4 : rng.int(0, 3)) {
      case 0:
        lines.push(`a${i}: &a${i} [${refs.join(', ')}]`);
        break;
      case 1:
        lines.push(`a${i}: &a${i} {${refs.map((r, j) => `k${j}: ${r}`).join(', ')}}`);
        break;
      case 2:
        lines.push(`a${i}: &a${i}`, `  <<: [${refs.join(', ')}]`, `  own: ${i}`);
        break;
      case 3:
        lines.push(`a${i}: &a${i} {s: {t: ${refs[0]}}, s.t: ${refs[0]}}`);
        break;
      default:
        lines.push(`a${i}: &a${i} [1, *a${i}]`); // the alias inside the node it names
    }
  }
  if (rng.chance(0.5)) lines.push(`reindex.remote.allowlist: *a${rng.int(0, levels)}`);
  return lines;
}

function deepNesting(rng: Rng): string {
  const n = rng.pick([10, 63, 64, 65, 100, 1000, 20_000]);
  switch (rng.int(0, 3)) {
    case 0:
      return `x: ${'['.repeat(n)}${']'.repeat(rng.chance(0.5) ? n : 0)}`;
    case 1:
      return `${'- '.repeat(n)}x`;
    case 2:
      return Array.from({ length: Math.min(n, 400) }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n') + ' 1';
    default:
      return `${'{a: '.repeat(n)}1${'}'.repeat(n)}`;
  }
}

/** One settings text. `donor` (a fuzz configuration) is spliced in at times, and read as JSON settings. */
export function generateSettingsYaml(rng: Rng, donor: string): YamlInput {
  const canaries: string[] = [];
  const parts: string[] = [];
  const r = rng.next();
  if (r < 0.1) return { text: donor, canaries, mutated: false };
  parts.push(...settingsLines(rng, canaries));
  if (r < 0.45) parts.push(...aliasNesting(rng));
  else if (r < 0.55) parts.push(HOSTILE_YAML[rng.pick(Object.keys(HOSTILE_YAML))](rng.pick([1, 1, 4])));
  else if (r < 0.65) parts.push(deepNesting(rng));
  if (rng.chance(0.3)) parts.splice(rng.int(0, parts.length), 0, ...settingsLines(rng, canaries));
  let text = (rng.chance(0.1) ? '---\n' : '') + parts.join(rng.chance(0.1) ? '\r\n' : '\n') + (rng.chance(0.8) ? '\n' : '');
  if (rng.chance(0.2)) {
    // A run of one character, where parsers and scanners are slowest.
    const at = rng.int(0, text.length);
    text = text.slice(0, at) + rng.pick(RUN_CHARACTERS).repeat(rng.pick([10, 1000, 20_000])) + text.slice(at);
  }
  const mutated = rng.chance(0.25);
  if (mutated) text = mutate(rng, text, [donor]);
  return { text, canaries, mutated };
}
