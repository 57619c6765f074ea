/**
 * Engine settings from the places they are kept on a self-managed cluster: a `_cluster/settings` body
 * (`persistent`, `transient`) or response (`defaults` too), and `opensearch.yml` (parsed by the host).
 * Nested objects are flattened by joining keys with `.` as the engine's Settings.fromXContent does, so
 * flat, nested and mixed forms are the same setting.
 */
export interface EngineSetting { key: string; value: unknown; section?: 'persistent' | 'transient' | 'defaults' }

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
 * The settings of a body, response or settings file, in the order they apply: `defaults`, then
 * `persistent`, then `transient` (which wins, as in the engine). A later value for the same setting
 * replaces an earlier one. Arrays stay lists; `null` stays null (a reset).
 */
export function flattenEngineSettings(body: unknown): { settings: EngineSetting[]; problems: string[] } {
  const problems: string[] = [];
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { settings: [], problems: ['the input is not an object of settings'] };
  const top = body as Record<string, unknown>;
  const isClusterBody = SECTIONS.some((s) => Object.hasOwn(top, s));
  const byKey = new Map<string, EngineSetting>();
  const add = (section: EngineSetting['section'], prefix: string, value: unknown, depth: number): void => {
    if (byKey.size >= MAX_SETTINGS) return;
    if (value && typeof value === 'object' && !Array.isArray(value) && depth < 64) {
      for (const [k, v] of Object.entries(value)) add(section, prefix ? `${prefix}.${k}` : k, v, depth + 1);
      return;
    }
    const key = currentName(prefix);
    byKey.delete(key);
    byKey.set(key, { key, value, section });
  };
  if (isClusterBody) {
    for (const s of SECTIONS) {
      const part = top[s];
      if (part === undefined) continue;
      if (!part || typeof part !== 'object' || Array.isArray(part)) { problems.push(`"${s}" is not an object of settings`); continue; }
      add(s, '', part, 0);
    }
    const other = Object.keys(top).filter((k) => !(SECTIONS as readonly string[]).includes(k));
    if (other.length) problems.push(`${other.map((k) => `"${k}"`).join(', ')} ${other.length === 1 ? 'is' : 'are'} not settings (only persistent, transient and defaults are read)`);
  } else {
    add(undefined, '', top, 0);
  }
  if (byKey.size >= MAX_SETTINGS) problems.push(`only the first ${MAX_SETTINGS} settings were read`);
  return { settings: [...byKey.values()], problems };
}
