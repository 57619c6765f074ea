/**
 * Engine settings from the places they are kept on a self-managed cluster: a `_cluster/settings` body
 * (`persistent`, `transient`) or response (`defaults` too), and `opensearch.yml` (parsed by the host).
 * Nested objects are flattened by joining keys with `.` as the engine's Settings.fromXContent does, so
 * flat, nested and mixed forms are the same setting.
 */
export interface EngineSetting {
  key: string;
  value: unknown;
  section?: 'persistent' | 'transient' | 'defaults';
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
  /** Set when a limit was reached: nothing should be converted, the input is reported instead. */
  limit?: string;
  /** Values visited and characters of setting names built, for tests of the bound. */
  work: { visits: number; nameCharacters: number };
}

/**
 * The settings of a body, response or settings file, in the order they apply: `defaults`, then
 * `persistent`, then `transient` (which wins, as in the engine). A later value for the same setting
 * replaces an earlier one. Arrays stay lists; `null` stays null (a reset).
 */
export function flattenEngineSettings(body: unknown, limits = FLATTEN_LIMITS): FlattenResult {
  const problems: string[] = [];
  const work = { visits: 0, nameCharacters: 0 };
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return { settings: [], problems: ['the input is not an object of settings'], work };
  const top = body as Record<string, unknown>;
  const isClusterBody = SECTIONS.some((s) => Object.hasOwn(top, s));
  const byKey = new Map<string, EngineSetting>();
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
  const add = (section: EngineSetting['section'], prefix: string, value: unknown, depth: number): void => {
    if (byKey.size >= MAX_SETTINGS || limit || !visit()) return;
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
        add(section, key, v, depth + 1);
        if (limit) return;
      }
      return;
    }
    if (Array.isArray(value) && !listWithinLimits(value, depth)) return;
    const key = currentName(prefix);
    byKey.delete(key);
    byKey.set(key, { key, value, section });
  };
  if (isClusterBody) {
    for (const s of SECTIONS) {
      const part = top[s];
      if (part === undefined) continue;
      if (!part || typeof part !== 'object' || Array.isArray(part)) {
        problems.push(`"${s}" is not an object of settings`);
        continue;
      }
      add(s, '', part, 0);
    }
    const other = Object.keys(top).filter((k) => !(SECTIONS as readonly string[]).includes(k));
    if (other.length)
      problems.push(
        `${other.map((k) => `"${k}"`).join(', ')} ${other.length === 1 ? 'is' : 'are'} not settings (only persistent, transient and defaults are read)`,
      );
  } else {
    add(undefined, '', top, 0);
  }
  if (limit) return { settings: [], problems, limit, work };
  if (byKey.size >= MAX_SETTINGS) problems.push(`only the first ${MAX_SETTINGS} settings were read`);
  return { settings: [...byKey.values()], problems, work };
}
