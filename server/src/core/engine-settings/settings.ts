/**
 * Engine settings from the places they are kept on a self-managed cluster: a `_cluster/settings` body
 * (`persistent`, `transient`) or response (`defaults` too), and `opensearch.yml` (parsed by the host).
 * Nested objects are flattened by joining keys with `.` as the engine's Settings.fromXContent does, so
 * flat, nested and mixed forms are the same setting.
 */
export interface EngineSetting {
  /** The setting's current name (`reindex.remote.allowlist` for the legacy `reindex.remote.whitelist`). */
  key: string;
  value: unknown;
  section?: 'persistent' | 'transient' | 'defaults';
  /** The name as the input writes it, when it differs from `key`: what messages name. */
  written?: string;
}

/** Names the engine still reads for a setting under an older name. */
const LEGACY_PREFIXES: Array<[string, string]> = [
  ['opendistro.index_state_management.', 'plugins.index_state_management.'],
  ['reindex.remote.whitelist', 'reindex.remote.allowlist'],
];

export function currentName(key: string): string {
  for (const [old, now] of LEGACY_PREFIXES) if (key === old || key.startsWith(old)) return now + key.slice(old.length);
  return key;
}

const SECTIONS = ['defaults', 'persistent', 'transient'] as const;
const MAX_SETTINGS = 100_000;

/**
 * Work the flattening may do. A value reached twice (a YAML alias shares one object) is walked twice,
 * and every setting name repeats its parents' names, so neither is bounded by the input's size alone:
 * the values visited (lists included, as later steps print them) and the characters of the setting
 * names built are counted. Lists and maps nest at most `depth` levels, so that printing a value
 * cannot overflow the stack.
 */
export const FLATTEN_LIMITS = { visits: 1_000_000, nameCharacters: 32 * 1024 * 1024, depth: 64 };

export interface FlattenResult {
  settings: EngineSetting[];
  problems: string[];
  /**
   * Why the engine refuses the input as a whole (a setting written twice, flat and nested; a legacy list
   * `key.0` beside `key`): nothing should be converted then, the input is reported instead.
   */
  refused?: string[];
  /** Set when a limit was reached: nothing should be converted, the input is reported instead. */
  limit?: string;
  /** Values visited and characters of setting names built, for tests of the bound. */
  work: { visits: number; nameCharacters: number };
}

/** Where a setting is written: each key on the way to it, as the input writes them (the last one here). */
interface Place {
  key: string;
  parent?: Place;
}

function placeText(place: Place | undefined): string {
  const keys: string[] = [];
  for (let at = place; at; at = at.parent) keys.unshift(`"${at.key}"`);
  return keys.join(' > ');
}

/** The engine stops at the first; a few are listed, so that most can be mended at once. */
const MAX_REFUSED = 10;

/** What one section (or a settings file) writes, by flattened name as written, in the order written. */
type Written = Map<string, { value: unknown; place?: Place }>;

/**
 * The legacy list form `key.0`, `key.1`, … folded into one list `key`, as the engine's
 * Settings.Builder does (processLegacyLists): from `.0` on while the next index is there; `key` written
 * beside `key.0` is refused.
 */
function foldLegacyLists(written: Written, refused: string[]): void {
  for (const [name, entry] of [...written]) {
    if (!name.endsWith('.0') || !written.has(name)) continue;
    const prefix = name.slice(0, -2);
    const plain = written.get(prefix);
    if (plain) {
      if (refused.length < MAX_REFUSED)
        refused.push(
          `the setting ${prefix} is written both as a value (${placeText(plain.place)}) and as a list in the legacy form ${prefix}.0, ${prefix}.1, … (${placeText(entry.place)}); the engine refuses to read both`,
        );
      continue;
    }
    const values: unknown[] = [];
    for (let i = 0; written.has(`${prefix}.${i}`); i++) {
      values.push(written.get(`${prefix}.${i}`)!.value);
      written.delete(`${prefix}.${i}`);
    }
    written.set(prefix, { value: values, place: entry.place });
  }
}

/**
 * The settings of a body, response or settings file, in the order they apply: `defaults`, then
 * `persistent`, then `transient` (which wins, as in the engine). A later value for the same setting
 * replaces an earlier one. Arrays stay lists; `null` stays null (a reset). Within one section (or a
 * settings file), one setting written twice (flat and nested) is refused, as the engine refuses it
 * ("duplicate settings key"), and the legacy list form `key.0`, `key.1`, … is read as the list `key`.
 */
export function flattenEngineSettings(body: unknown, limits = FLATTEN_LIMITS): FlattenResult {
  const problems: string[] = [];
  const refused: string[] = [];
  const work = { visits: 0, nameCharacters: 0 };
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return { settings: [], problems: ['the input is not an object of settings'], work };
  const top = body as Record<string, unknown>;
  const isClusterBody = SECTIONS.some((s) => Object.hasOwn(top, s));
  const byKey = new Map<string, EngineSetting>();
  let count = 0;
  let limit: string | undefined;
  const visit = (): boolean => {
    if (++work.visits <= limits.visits) return true;
    limit = `reading it means visiting more than ${limits.visits} values (a YAML alias is visited once for each place that names it)`;
    return false;
  };
  const tooDeep = (): void => {
    limit = `its lists and maps nest more than ${limits.depth} levels deep; settings have a few levels`;
  };
  /** A list kept as a setting's value: its items are visited (and counted) without recursion. */
  const listWithinLimits = (list: unknown[], depth: number): boolean => {
    const stack: Array<[unknown, number]> = [[list, depth]];
    while (stack.length) {
      const [v, d] = stack.pop()!;
      if (!visit()) return false;
      if (!v || typeof v !== 'object') continue;
      if (d >= limits.depth) {
        tooDeep();
        return false;
      }
      for (const item of Array.isArray(v) ? v : Object.values(v)) stack.push([item, d + 1]);
    }
    return true;
  };
  const add = (written: Written, place: Place | undefined, prefix: string, value: unknown, depth: number): void => {
    if (count >= MAX_SETTINGS || limit || !visit()) return;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      if (depth >= limits.depth) {
        tooDeep();
        return;
      }
      for (const [k, v] of Object.entries(value)) {
        const key = prefix ? `${prefix}.${k}` : k;
        work.nameCharacters += key.length;
        if (work.nameCharacters > limits.nameCharacters) {
          limit = `its setting names, each with the names of the objects around it, add up to more than ${limits.nameCharacters} characters`;
          return;
        }
        add(written, { key: k, parent: place }, key, v, depth + 1);
        if (limit) return;
      }
      return;
    }
    if (Array.isArray(value) && !listWithinLimits(value, depth)) return;
    const before = written.get(prefix);
    if (before) {
      if (refused.length < MAX_REFUSED)
        refused.push(
          `the setting ${prefix} is written twice, as ${placeText(before.place)} and as ${placeText(place)}; the engine refuses it ("duplicate settings key"): keep one`,
        );
      return;
    }
    count++;
    written.set(prefix, { value, place });
  };
  const read = (section: EngineSetting['section'], part: Record<string, unknown>): void => {
    const written: Written = new Map();
    add(written, section ? { key: section } : undefined, '', part, 0);
    if (limit) return;
    foldLegacyLists(written, refused);
    for (const [name, { value }] of written) {
      const key = currentName(name);
      byKey.delete(key);
      byKey.set(key, { key, value, section, ...(key === name ? {} : { written: name }) });
    }
  };
  if (isClusterBody) {
    for (const s of SECTIONS) {
      const part = top[s];
      if (part === undefined) continue;
      if (!part || typeof part !== 'object' || Array.isArray(part)) {
        problems.push(`"${s}" is not an object of settings`);
        continue;
      }
      read(s, part as Record<string, unknown>);
    }
    const other = Object.keys(top).filter((k) => !(SECTIONS as readonly string[]).includes(k));
    if (other.length)
      problems.push(
        `${other.map((k) => `"${k}"`).join(', ')} ${other.length === 1 ? 'is' : 'are'} not settings (only persistent, transient and defaults are read)`,
      );
  } else {
    read(undefined, top);
  }
  if (limit) return { settings: [], problems, limit, work };
  if (refused.length) return { settings: [], problems, refused, work };
  if (count >= MAX_SETTINGS) problems.push(`only the first ${MAX_SETTINGS} settings were read`);
  return { settings: [...byKey.values()], problems, work };
}
