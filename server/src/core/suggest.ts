import { distance } from 'fastest-levenshtein';
import { ALL_FIELDS, BY_ENGINE_SETTING, fieldByName, isDocumented, keysAt, type FieldInfo, type SchemaNode } from './schema';
import type { FieldPath } from './types';
import { hasOwn } from './values';

/**
 * What an unknown key was probably meant to be. Candidates are precomputed once per object
 * level and answers are memoised, so that an object with many unknown keys stays fast.
 */

export type SuggestionReason = 'spelling' | 'typo' | 'engine-setting' | 'product-name' | 'wrong-level';

export interface KeySuggestion {
  reason: SuggestionReason;
  /** Same level: the key to write instead. Other level: the key there. */
  key: string;
  /** Dotted name of the field meant (`search.http_max_content_length`). */
  field: string;
  /** Dotted name of the object that holds it (`search`), '' at the top level. */
  parent: string;
  /** True when the field lives in another object: renaming alone is not enough. */
  moves: boolean;
}

export interface KeySuggestions {
  list: KeySuggestion[];
  /** Exactly one suggestion stands out. */
  clear: boolean;
}

interface Level {
  dotted: string;
  keys: Candidates;
  byNormal: Map<string, string>;
  /** Answers for keys already seen at this level. */
  memo: Map<string, KeySuggestions>;
}

/** The vendor's product names, as writers carry them over from the vendor's own API. */
const PRODUCT_NAMES: ReadonlyArray<[RegExp, string]> = [
  [/opensearch/gi, 'search'],
  [/prometheus/gi, 'metrics'],
];
/** Whether a key holds any of those names: most keys do not, and need no replacing. */
const PRODUCT_NAME_IN = /opensearch|prometheus/i;

const normal = (key: string): string =>
  key
    .trim()
    .toLowerCase()
    .replace(/[-\s]+/g, '_');
const levelName = (path: FieldPath): string => path.map((s) => (typeof s === 'number' ? '[]' : s)).join('\u0000');

const levels = new Map<string, Level>();
const MEMO_LIMIT = 50_000;
let memoSize = 0;

/**
 * Every field of the schema by its own key, documented fields first, and those keys as candidates:
 * made on the first suggestion, since a run over configurations without an unknown key needs neither.
 */
let keyTables:
  | {
      fieldsByKey: ReadonlyMap<string, FieldInfo[]>;
      /** The fields with a dotted key, by the provider's spelling of it (`cluster_search_request_slowlog`). */
      fieldsByProviderName: ReadonlyMap<string, FieldInfo[]>;
      allKeys: ReturnType<typeof candidatesOf>;
    }
  | undefined;
function tablesOfKeys(): NonNullable<typeof keyTables> {
  if (keyTables) return keyTables;
  const map = new Map<string, FieldInfo[]>();
  for (const f of ALL_FIELDS) {
    if (f.key === '[]') continue;
    const list = map.get(f.key) ?? [];
    list.push(f);
    map.set(f.key, list);
  }
  for (const list of map.values()) list.sort((a, b) => Number(isDocumented(b)) - Number(isDocumented(a)) || a.path.length - b.path.length);
  // Not among the candidates for typos: a key would be as near the spelling as the key itself, and neither clear.
  const byProviderName = new Map([...map].filter(([key]) => key.includes('.')).map(([key, fields]) => [comparable(key), fields]));
  keyTables = { fieldsByKey: map, fieldsByProviderName: byProviderName, allKeys: candidatesOf([...map.keys()]) };
  return keyTables;
}

const parentDotted = (f: FieldInfo): string => f.parent?.dotted ?? '';

function levelOf(path: FieldPath, name: string): Level {
  let level = levels.get(name);
  if (!level) {
    const keys = keysAt(path);
    const sample = ALL_FIELDS.find((f) => levelName(f.path) === name);
    level = { dotted: sample?.dotted ?? '', keys: candidatesOf(keys), byNormal: new Map(keys.map((k) => [normal(k), k])), memo: new Map() };
    levels.set(name, level);
  }
  return level;
}

/** Largest edit distance still taken for a typo of a key this long. */
export function typoThreshold(length: number): number {
  if (length < 3) return 0;
  if (length <= 4) return 1;
  if (length <= 9) return 2;
  // Beyond three edits a "typo" is usually another word (`thread_pool_size` is not `thread_pool_get_size`).
  return 3;
}

/**
 * Which characters occur in a string, as bits. One edit changes at most two bits, so half the
 * bits two masks differ in is a lower bound of the edit distance: a cheap test that skips most
 * candidates before the exact distance is computed.
 */
function charMask(s: string): number {
  let mask = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const bit = c >= 97 && c <= 122 ? c - 97 : c >= 48 && c <= 57 ? 26 : c === 95 ? 27 : c === 46 ? 28 : 29;
    mask |= 1 << bit;
  }
  return mask;
}
function bitCount(n: number): number {
  let v = n - ((n >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
interface Candidate {
  key: string;
  text: string;
  mask: number;
  index: number;
}
/** Candidate keys, also grouped by length: a key is compared only with those of a length it can be a typo of. */
interface Candidates {
  all: Candidate[];
  byLength: Candidate[][];
}
function candidatesOf(keys: readonly string[]): Candidates {
  const all = keys.map((key, index) => {
    const text = comparable(key);
    return { key, text, mask: charMask(text), index };
  });
  const byLength: Candidate[][] = [];
  for (const c of all) (byLength[c.text.length] ??= []).push(c);
  return { all, byLength };
}

/**
 * A key as compared for typos: a dot and an underscore are the same there, as the Terraform
 * provider writes the API's dotted keys with underscores (`cluster_search_request_slowlog` is
 * `cluster.search.request.slowlog`), and writers carry one spelling over to the other format.
 */
const comparable = (key: string): string => (key.includes('.') ? key.replace(/\./g, '_') : key);

/** Candidates within typo distance of a key already normalised. */
function closest(normalised: string, candidates: Candidates): Array<{ key: string; d: number }> {
  const n = comparable(normalised);
  const max = typoThreshold(n.length);
  if (!max) return [];
  const mask = charMask(n);
  const found: Array<{ key: string; d: number; index: number }> = [];
  for (let length = Math.max(0, n.length - max); length <= n.length + max; length++) {
    const group = candidates.byLength[length];
    if (!group) continue;
    for (let i = 0; i < group.length; i++) {
      const candidate = group[i];
      if (bitCount(mask ^ candidate.mask) > 2 * max) continue;
      const d = distance(n, candidate.text);
      if (d <= max) found.push({ key: candidate.key, d, index: candidate.index });
    }
  }
  // Ties keep the order of the candidate list, as one pass over it would.
  return found.sort((a, b) => a.d - b.d || a.key.localeCompare(b.key) || a.index - b.index).map(({ key: c, d }) => ({ key: c, d }));
}

const isClear = (found: Array<{ d: number }>): boolean => found.length === 1 || (found.length > 1 && found[0].d < found[1].d);

function sameLevel(reason: SuggestionReason, key: string, level: Level): KeySuggestion {
  return { reason, key, field: level.dotted ? `${level.dotted}.${key}` : key, parent: level.dotted, moves: false };
}
const elsewhere = (reason: SuggestionReason, f: FieldInfo): KeySuggestion => ({
  reason,
  key: f.key,
  field: f.dotted,
  parent: parentDotted(f),
  moves: true,
});

function compute(key: string, level: Level): KeySuggestions {
  const normalKey = normal(key);
  const spelled = level.byNormal.get(normalKey);
  if (spelled) return { list: [sameLevel('spelling', spelled, level)], clear: true };

  const engine = BY_ENGINE_SETTING.get(key.trim()) ?? BY_ENGINE_SETTING.get(key.trim().toLowerCase());
  if (engine) {
    const here = parentDotted(engine) === level.dotted;
    return { list: [here ? sameLevel('engine-setting', engine.key, level) : elsewhere('engine-setting', engine)], clear: true };
  }

  let renamed = key;
  if (PRODUCT_NAME_IN.test(key)) for (const [pattern, replacement] of PRODUCT_NAMES) renamed = renamed.replace(pattern, replacement);
  const n = renamed === key ? normalKey : normal(renamed);
  if (renamed !== key) {
    const exact = level.byNormal.get(n);
    if (exact) return { list: [sameLevel('product-name', exact, level)], clear: true };
    const other = tablesOfKeys().fieldsByKey.get(n);
    if (other?.length === 1) return { list: [elsewhere('product-name', other[0])], clear: true };
  }

  // A field of another object, by its key or by the provider's spelling of its dotted key (written in
  // Terraform at the wrong level, or carried over from a .tf file).
  const tables = tablesOfKeys();
  const misplaced = (tables.fieldsByKey.get(key) ?? tables.fieldsByProviderName.get(key))?.filter((f) => parentDotted(f) !== level.dotted);
  if (misplaced?.length) {
    return { list: misplaced.slice(0, 3).map((f) => elsewhere('wrong-level', f)), clear: misplaced.length === 1 };
  }

  const typos = closest(n, level.keys);
  if (typos.length) {
    // A key cut short may be as near another key by typos (`email_sender_pass` is three letters
    // from `email_sender_name`): the longer key it begins is as likely, and neither is clear then.
    const longer = n.length >= 4 ? level.keys.all.filter((c) => c.text.length > n.length && c.text.startsWith(n)) : [];
    const other = longer.filter((c) => !typos.some((t) => t.key === c.key));
    if (!other.length) return { list: typos.slice(0, 3).map((t) => sameLevel('typo', t.key, level)), clear: isClear(typos) };
    const near = typos.filter((t) => t.d <= 1).map((t) => t.key);
    const far = typos.filter((t) => t.d > 1).map((t) => t.key);
    const keys = [...near, ...other.map((c) => c.key), ...far];
    return { list: keys.slice(0, 3).map((k) => sameLevel('typo', k, level)), clear: false };
  }

  // A shortened name: `sorting` for `sorting_algorithm`, `max_content_length` for `http_max_content_length`.
  const prefix = `${n}_`,
    suffix = `_${n}`;
  const shortened = n.length >= 4 ? level.keys.all.filter(({ key: c }) => c.startsWith(prefix) || c.endsWith(suffix)) : [];
  if (shortened.length) return { list: shortened.slice(0, 3).map((c) => sameLevel('typo', c.key, level)), clear: shortened.length === 1 };

  // A misspelt field of another object: only a single, unambiguous match is worth naming.
  const far = closest(n, tablesOfKeys().allKeys);
  if (far.length && isClear(far)) {
    const fields = (tablesOfKeys().fieldsByKey.get(far[0].key) ?? []).filter((f) => parentDotted(f) !== level.dotted);
    if (fields.length === 1) return { list: [elsewhere('typo', fields[0])], clear: true };
  }
  return { list: [], clear: false };
}

/** Suggestions for an unknown `key` in the object at `path`, best first. */
export function suggestKey(path: FieldPath, key: string): KeySuggestions {
  const level = levelOf(path, levelName(path));
  const known = level.memo.get(key);
  if (known) return known;
  const result = compute(key, level);
  // Bounded over all levels together, as a long-running server sees many documents.
  if (++memoSize > MEMO_LIMIT) {
    for (const l of levels.values()) l.memo.clear();
    memoSize = 1;
  }
  level.memo.set(key, result);
  return result;
}

/**
 * The schema of the field an unknown key in the object at `path` names exactly, when that field lives
 * in another object: a key written at the wrong level (by its own name or the provider's spelling of
 * it) or an engine setting's name. Its value is what a move writes there, so whoever must know whether
 * that value may be a secret reads it as that field's (a secret field's value stays secret). Undefined
 * for a guess (a typo, a shortened name), whose value may have been meant for any field.
 */
function movedFieldSchema(path: FieldPath, key: string): SchemaNode | undefined {
  const { list, clear } = suggestKey(path, key);
  const best = list[0];
  if (!clear || !best?.moves || (best.reason !== 'wrong-level' && best.reason !== 'engine-setting')) return undefined;
  return fieldByName(best.field)?.schema;
}

/**
 * The schema a member `key` of the object at `path` (read with `schema`) is read with when asking
 * whether its value may be a secret: its own property's, or for a key of a closed object that names a
 * field of another object exactly, that field's. Undefined for any other key: its value may be anything.
 * With `index`, the object is item `index` of the list at `path`: its own path is made only for a key its
 * schema lacks, so that a walk over a list of many thousands of objects makes none.
 */
export function schemaOfMember(schema: SchemaNode | undefined, path: FieldPath, key: string, index?: number): SchemaNode | undefined {
  const properties = schema?.properties;
  if (properties && hasOwn(properties, key)) return properties[key];
  if (schema?.additionalProperties !== false) return undefined;
  return movedFieldSchema(index === undefined ? path : [...path, index], key);
}
