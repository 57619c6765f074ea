import type { SeveritySetting } from '../core';

/** The `searchConfig` settings section as the server uses it, every field filled in. */
export interface ServerSettings {
  enable: boolean;
  files: string[];
  rules: Record<string, SeveritySetting>;
  /** `git:<ref>`, `none`, or a path (relative paths are relative to the workspace folder). */
  baseline: string;
  cpus?: number;
  inlayHints: { units: boolean };
  trace: { server: 'off' | 'messages' | 'verbose' };
}

export const SETTINGS_SECTION = 'searchConfig';

export const DEFAULT_FILES: readonly string[] = [
  '**/*.search.json',
  '**/*.search.jsonc',
  '**/search-config.json',
  '**/search-config.jsonc',
];

export const defaultSettings = (): ServerSettings => ({
  enable: true,
  files: [...DEFAULT_FILES],
  rules: {},
  baseline: 'git:HEAD',
  inlayHints: { units: true },
  trace: { server: 'off' },
});

const SEVERITY_SETTINGS = new Set(['error', 'warning', 'info', 'hint', 'off']);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads `a.b` from nested objects or from a flat `"a.b"` key, as clients send either. */
function pick(raw: Record<string, unknown>, dotted: string): unknown {
  if (Object.prototype.hasOwnProperty.call(raw, dotted)) return raw[dotted];
  let cur: unknown = raw;
  for (const part of dotted.split('.')) {
    if (!isRecord(cur) || !Object.prototype.hasOwnProperty.call(cur, part)) return undefined;
    cur = cur[part];
  }
  return cur;
}

/**
 * Settings from whatever the client sent. Missing, null, empty or ill-typed values fall back
 * to the defaults one by one, so that a client sending nothing gets a working linter.
 */
export function normalizeSettings(raw: unknown): ServerSettings {
  const s = defaultSettings();
  if (!isRecord(raw)) return s;
  // Some clients send the whole settings object rather than the section.
  if (isRecord(raw[SETTINGS_SECTION])) raw = raw[SETTINGS_SECTION];
  const r = raw as Record<string, unknown>;
  const enable = pick(r, 'enable');
  if (typeof enable === 'boolean') s.enable = enable;
  const files = pick(r, 'files');
  if (Array.isArray(files)) {
    const globs = files.filter((g): g is string => typeof g === 'string' && g.trim() !== '');
    if (globs.length) s.files = globs;
  }
  const rules = pick(r, 'rules');
  if (isRecord(rules)) {
    for (const [id, sev] of Object.entries(rules))
      if (typeof sev === 'string' && SEVERITY_SETTINGS.has(sev)) s.rules[id] = sev as SeveritySetting;
  }
  const baseline = pick(r, 'baseline');
  if (typeof baseline === 'string' && baseline.trim()) s.baseline = baseline.trim();
  const cpus = pick(r, 'cpus');
  if (typeof cpus === 'number' && Number.isInteger(cpus) && cpus > 0) s.cpus = cpus;
  const units = pick(r, 'inlayHints.units');
  if (typeof units === 'boolean') s.inlayHints.units = units;
  const trace = pick(r, 'trace.server');
  if (trace === 'off' || trace === 'messages' || trace === 'verbose') s.trace.server = trace;
  return s;
}
