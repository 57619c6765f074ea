/**
 * Engine values as the engine itself parses them (OpenSearch's ByteSizeValue, TimeValue and the
 * percentage of MemorySizeValue), so that a converted value means what it meant in the engine.
 * Each parser gives the exact amount in a base unit, or why the engine would refuse the text.
 */
export type Parsed = { ok: true; value: number } | { ok: false; why: string };

const BYTES: Record<string, number> = {
  b: 1,
  k: 1024,
  kb: 1024,
  m: 1024 ** 2,
  mb: 1024 ** 2,
  g: 1024 ** 3,
  gb: 1024 ** 3,
  t: 1024 ** 4,
  tb: 1024 ** 4,
  p: 1024 ** 5,
  pb: 1024 ** 5,
};
/** Milliseconds per unit; minutes only as lower-case `m` (`M` would be months, which the engine refuses). */
const TIME_MS: Record<string, number> = { nanos: 1e-6, micros: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

const asText = (raw: unknown): string | undefined =>
  typeof raw === 'string' ? raw : typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : undefined;

/** Bytes: `100mb`, `8 kb`, `4096b` (binary multiples, case-insensitive); a bare number only as 0 or -1. */
export function parseByteSize(raw: unknown): Parsed {
  const text = asText(raw)?.trim().toLowerCase();
  if (text === undefined || text === '') return { ok: false, why: 'is not a byte size' };
  if (text === '0' || text === '-1') return { ok: true, value: Number(text) };
  const m = /^(-?\d+(?:\.\d+)?)\s*([a-z]+)$/.exec(text);
  if (!m || !Object.hasOwn(BYTES, m[2])) return { ok: false, why: 'has no byte unit the engine knows (b, kb, mb, gb, tb, pb)' };
  if (m[1].includes('.')) return { ok: false, why: 'is a fractional byte size, which the engine refuses' };
  return { ok: true, value: Number(m[1]) * BYTES[m[2]] };
}

/** Times: `30s`, `24h`, `1d`, `500ms`; no weeks, months or years; a bare number only as 0 or -1. */
export function parseTime(raw: unknown): Parsed {
  const original = asText(raw)?.trim();
  if (original === undefined || original === '') return { ok: false, why: 'is not a time value' };
  if (/^-?0*1$/.test(original) && original.startsWith('-')) return { ok: true, value: -1 };
  if (/^0+$/.test(original)) return { ok: true, value: 0 };
  const m = /^(\d+(?:\.\d+)?)\s*([a-zA-Z]+)$/.exec(original);
  if (!m) return { ok: false, why: 'has no time unit (nanos, micros, ms, s, m, h, d)' };
  const unit = m[2] === 'm' ? 'm' : m[2].toLowerCase();
  if (m[2] === 'M' || !Object.hasOwn(TIME_MS, unit) || (unit === 'm' && m[2] !== 'm'))
    return { ok: false, why: `has the unit "${m[2]}", which the engine does not take (nanos, micros, ms, s, m, h, d)` };
  if (m[1].includes('.')) return { ok: false, why: 'is a fractional time value, which the engine refuses' };
  return { ok: true, value: Number(m[1]) * TIME_MS[unit] };
}

/** A percentage of the heap: `10%` (0 to 100). */
export function parsePercent(raw: unknown): Parsed {
  const text = asText(raw)?.trim();
  const m = text === undefined ? null : /^(\d+(?:\.\d+)?)\s*%$/.exec(text);
  if (!m) return { ok: false, why: 'is not a percentage such as "10%" (an absolute size depends on the heap of the nodes)' };
  const value = Number(m[1]);
  return value > 100 ? { ok: false, why: 'is above 100%' } : { ok: true, value };
}

export function parseBoolean(raw: unknown): Parsed & { bool?: boolean } {
  if (raw === true || raw === 'true') return { ok: true, value: 1, bool: true };
  if (raw === false || raw === 'false') return { ok: true, value: 0, bool: false };
  return { ok: false, why: 'is not true or false' };
}

/** A whole number written as a number or a string. */
export function parseCount(raw: unknown): Parsed {
  const text = asText(raw)?.trim();
  if (text === undefined || !/^-?\d+$/.test(text)) return { ok: false, why: 'is not a whole number' };
  return { ok: true, value: Number(text) };
}
