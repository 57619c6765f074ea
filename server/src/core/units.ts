/** The unit a numeric field is written in; the schema names it per field. */
export type Unit = 'bytes' | 'MiB' | 'MB' | 'MB/s' | 'ms' | 'seconds' | 'hours' | 'days' | 'percent' | 'count';

/**
 * Unit arithmetic: how a value in a field's unit reads in human terms, and which other
 * units a writer may have meant. Knowledge about units lives here; knowledge about which
 * field has which unit lives in the schema.
 */

const KiB = 1024,
  MiB = KiB * 1024,
  GiB = MiB * 1024;

export function fmt(n: number): string {
  if (Number.isInteger(n)) return String(n);
  return String(Math.round(n * 100) / 100);
}

/** A quantity in a larger unit: shown to two decimals at most, so it may be rounded. */
interface Reading {
  n: number;
  unit: string;
  /** The unit's plural, when it is a word (`days`); symbols (`MiB`, `h`) have none. */
  plural?: string;
}
const counted = (n: number, singular: string): Reading => ({ n, unit: singular, plural: `${singular}s` });
const shown = (r: Reading): string => `${fmt(r.n)} ${r.plural && r.n !== 1 ? r.plural : r.unit}`;

function humanBytes(n: number): Reading {
  if (n >= GiB && n % (GiB / 4) === 0) return { n: n / GiB, unit: 'GiB' };
  if (n >= MiB) return { n: n / MiB, unit: 'MiB' };
  if (n >= KiB) return { n: n / KiB, unit: 'KiB' };
  return counted(n, 'byte');
}
function humanMs(n: number): Reading {
  if (n >= 3_600_000 && n % 60_000 === 0) return { n: n / 3_600_000, unit: 'h' };
  if (n >= 60_000 && n % 1000 === 0) return { n: n / 60_000, unit: 'min' };
  if (n >= 1000) return { n: n / 1000, unit: 's' };
  return { n, unit: 'ms' };
}
function humanSeconds(n: number): Reading {
  if (n >= 86_400 && n % 3600 === 0) return counted(n / 86_400, 'day');
  if (n >= 3600) return { n: n / 3600, unit: 'h' };
  if (n >= 60) return { n: n / 60, unit: 'min' };
  return { n, unit: 's' };
}
function humanHours(n: number): Reading {
  if (n >= 24) return counted(n / 24, 'day');
  return counted(n, 'hour');
}
function humanDays(n: number): Reading {
  if (n >= 365 && n % 365 === 0) return counted(n / 365, 'year');
  if (n >= 7 && n % 7 === 0) return counted(n / 7, 'week');
  return counted(n, 'day');
}
function humanMiB(n: number): Reading {
  return n >= 1024 ? { n: n / 1024, unit: 'GiB' } : { n, unit: 'MiB' };
}
/** The engine's MB and GB (its `mb` and `gb`) are powers of 1024, as in the sizes it parses. */
function humanMB(n: number, suffix: string): Reading {
  return n >= 1024 ? { n: n / 1024, unit: `GB${suffix}` } : { n, unit: `MB${suffix}` };
}

/** How the unit is written after a number: `bytes`, `ms`, `% of heap`. */
export function unitLabel(unit: Unit): string {
  switch (unit) {
    case 'percent':
      return '% of heap';
    case 'count':
      return '';
    default:
      return unit;
  }
}

/**
 * The value with its unit, and a friendlier equivalent when there is one: `104857600 bytes = 100 MiB`.
 * `approximate` when the equivalent is rounded (2147483647 bytes is not 2048 MiB): see withHuman.
 */
export function describeWithUnit(n: number, unit: Unit): { raw: string; human?: string; approximate?: boolean } {
  const singular: Partial<Record<Unit, string>> = { bytes: 'byte', seconds: 'second', hours: 'hour', days: 'day' };
  const word = n === 1 ? (singular[unit] ?? unit) : unit;
  const raw = unit === 'percent' ? `${fmt(n)} % of heap` : unit === 'count' ? fmt(n) : `${fmt(n)} ${word}`;
  const reading = readingOf(n, unit);
  const human = reading && shown(reading);
  if (!human || human === raw) return { raw };
  return fmt(reading.n) === String(reading.n) ? { raw, human } : { raw, human, approximate: true };
}

function readingOf(n: number, unit: Unit): Reading | undefined {
  switch (unit) {
    case 'bytes':
      return n >= KiB ? humanBytes(n) : undefined;
    case 'ms':
      return n >= 1000 ? humanMs(n) : undefined;
    case 'seconds':
      return n >= 60 ? humanSeconds(n) : undefined;
    case 'hours':
      return n >= 24 ? humanHours(n) : undefined;
    case 'days':
      return n >= 7 ? humanDays(n) : undefined;
    case 'MiB':
      return n >= 1024 ? humanMiB(n) : undefined;
    case 'MB':
      return n >= 1024 ? humanMB(n, '') : undefined;
    case 'MB/s':
      return n >= 1024 ? humanMB(n, '/s') : undefined;
    default:
      return undefined;
  }
}

/**
 * The value with its friendlier equivalent, in parentheses (`104857600 bytes (100 MiB)`) or after
 * `=`; a rounded equivalent is said to be one (`2147483647 bytes (≈ 2048 MiB)`, `… ≈ 2048 MiB`).
 */
export function withHuman(d: { raw: string; human?: string; approximate?: boolean }, style: 'parentheses' | 'equals'): string {
  if (!d.human) return d.raw;
  if (style === 'parentheses') return `${d.raw} (${d.approximate ? '≈ ' : ''}${d.human})`;
  return `${d.raw} ${d.approximate ? '≈' : '='} ${d.human}`;
}

/** Short form for inlay hints and completion details: `= 100 MiB`, `ms`. */
export function inlayText(n: number, unit: Unit): string | undefined {
  if (unit === 'count') return undefined;
  const d = describeWithUnit(n, unit);
  return `${d.approximate ? '≈' : '='} ${d.human ?? d.raw}`;
}

/**
 * Multipliers from units a person might write in a string ("100mb", "30s") to a base.
 * Sizes follow the engine's own notation, where "kb", "mb" and "gb" are powers of 1024
 * (the spec's "48mb" and "40mb" defaults are written that way).
 */
const SIZE: Record<string, number> = { b: 1, kb: KiB, k: KiB, kib: KiB, mb: MiB, m: MiB, mib: MiB, gb: GiB, g: GiB, gib: GiB };
const TIME_MS: Record<string, number> = {
  ms: 1,
  s: 1000,
  sec: 1000,
  secs: 1000,
  second: 1000,
  seconds: 1000,
  m: 60_000,
  min: 60_000,
  mins: 60_000,
  minute: 60_000,
  minutes: 60_000,
  h: 3_600_000,
  hr: 3_600_000,
  hour: 3_600_000,
  hours: 3_600_000,
  d: 86_400_000,
  day: 86_400_000,
  days: 86_400_000,
  w: 604_800_000,
  week: 604_800_000,
  weeks: 604_800_000,
};

/** Size of one unit in a base quantity (bytes or ms), for the units that have one. */
function baseOf(unit: Unit): { kind: 'size' | 'time' | 'percent'; factor: number } | undefined {
  switch (unit) {
    case 'bytes':
      return { kind: 'size', factor: 1 };
    case 'MiB':
      return { kind: 'size', factor: MiB };
    // The fields in MB map to engine settings written as "48mb", which the engine reads as MiB.
    case 'MB':
    case 'MB/s':
      return { kind: 'size', factor: MiB };
    case 'ms':
      return { kind: 'time', factor: 1 };
    case 'seconds':
      return { kind: 'time', factor: 1000 };
    case 'hours':
      return { kind: 'time', factor: 3_600_000 };
    case 'days':
      return { kind: 'time', factor: 86_400_000 };
    case 'percent':
      return { kind: 'percent', factor: 1 };
    default:
      return undefined;
  }
}

/**
 * Reads a string such as "100mb", "30s", "10%" as a number in the field's unit (`exact` when it is
 * a whole one: "30m" is 0.5 hours). Returns undefined when the string is not a quantity or its kind does not fit the unit.
 */
export function parseQuantity(text: string, unit: Unit): { value: number; exact: boolean } | undefined {
  // Read piece by piece: one regular expression with adjacent optional blanks backtracks
  // catastrophically on a digit followed by thousands of spaces.
  const trimmed = text.trim();
  const number = /^\d+(?:\.\d+)?/.exec(trimmed)?.[0];
  if (number === undefined) return undefined;
  const afterNumber = trimmed.slice(number.length).trimStart();
  const letters = /^[a-zA-Z%]*/.exec(afterNumber)![0];
  const perSecond = afterNumber.slice(letters.length).trimStart();
  if (perSecond && !/^\/\s*s(?:ec)?$/.test(perSecond)) return undefined;
  const n = Number(number);
  const suffix = letters.toLowerCase();
  const base = baseOf(unit);
  if (!base) return undefined;
  let inBase: number | undefined;
  if (base.kind === 'percent') inBase = suffix === '%' || suffix === '' ? n : undefined;
  else if (base.kind === 'size' && Object.hasOwn(SIZE, suffix)) inBase = n * SIZE[suffix];
  else if (base.kind === 'time' && Object.hasOwn(TIME_MS, suffix)) inBase = n * TIME_MS[suffix];
  else if (suffix === '') inBase = n * base.factor;
  if (inBase === undefined) return undefined;
  const value = inBase / base.factor;
  return { value, exact: Number.isInteger(value) };
}

/**
 * Units a writer may have confused with the field's own, each with the factor that turns
 * a number written in that unit into the field's unit, and, for a fraction, the bound its
 * numbers stay below (1 is the whole heap written as a percentage, not as a fraction).
 */
export function confusableUnits(unit: Unit): Array<{ unit: string; factor: number; below?: number }> {
  switch (unit) {
    case 'ms':
      return [{ unit: 'seconds', factor: 1000 }];
    case 'seconds':
      return [
        { unit: 'ms', factor: 1 / 1000 },
        { unit: 'minutes', factor: 60 },
      ];
    case 'bytes':
      return [
        { unit: 'MiB', factor: MiB },
        { unit: 'KiB', factor: KiB },
      ];
    case 'MiB':
      return [
        { unit: 'bytes', factor: 1 / MiB },
        { unit: 'GiB', factor: 1024 },
      ];
    case 'MB':
    case 'MB/s':
      return [{ unit: 'bytes', factor: 1 / MiB }];
    case 'hours':
      return [
        { unit: 'days', factor: 24 },
        { unit: 'minutes', factor: 1 / 60 },
      ];
    case 'days':
      return [{ unit: 'hours', factor: 1 / 24 }];
    case 'percent':
      return [{ unit: 'a fraction', factor: 100, below: 1 }];
    default:
      return [];
  }
}
