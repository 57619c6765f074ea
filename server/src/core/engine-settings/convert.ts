import { maskCredentials } from '../credentials';
import { BY_ENGINE_SETTING, typesOf, type FieldInfo } from '../schema';
import type { Unit } from '../schema';
import { parseBoolean, parseByteSize, parseCount, parsePercent, parseTime, type Parsed } from './values';
import type { EngineSetting } from './settings';

/** A configuration field to set, from one engine setting. */
export interface Assignment {
  path: string;
  segments: string[];
  value: unknown;
  /** The engine setting's current name. */
  setting: string;
  /** The name as the input writes it, when it differs from `setting` (a legacy name): what messages name. */
  written?: string;
  raw: unknown;
  secret: boolean;
}
export interface Unmapped {
  setting: string;
  reason: string;
}

/** Base units of the engine parsers: bytes and milliseconds. */
const PER_UNIT: Partial<Record<Unit, { parse: (raw: unknown) => Parsed; factor: number; name: string }>> = {
  bytes: { parse: parseByteSize, factor: 1, name: 'bytes' },
  MiB: { parse: parseByteSize, factor: 1024 ** 2, name: 'MiB' },
  MB: { parse: parseByteSize, factor: 1024 ** 2, name: 'MB (MiB)' },
  'MB/s': { parse: parseByteSize, factor: 1024 ** 2, name: 'MB per second' },
  ms: { parse: parseTime, factor: 1, name: 'milliseconds' },
  seconds: { parse: parseTime, factor: 1000, name: 'seconds' },
  hours: { parse: parseTime, factor: 3_600_000, name: 'hours' },
  days: { parse: parseTime, factor: 86_400_000, name: 'days' },
  percent: { parse: parsePercent, factor: 1, name: 'percent' },
};

const shown = (raw: unknown, field: FieldInfo): string =>
  field.schema.secret ? '(a secret value)' : maskCredentials(JSON.stringify(raw) ?? String(raw));

/** The value of an engine setting in the type and unit of the field that carries it, or why it cannot be. */
export function valueForField(raw: unknown, field: FieldInfo): { ok: true; value: unknown } | { ok: false; why: string } {
  const s = field.schema;
  const types = typesOf(s);
  if (raw === null) return { ok: false, why: 'is null, which resets the setting: remove the field to use the default' };
  if (typeof raw === 'string' && /\$\{[^}]*\}/.test(raw))
    return { ok: false, why: 'holds a ${…} placeholder, filled in from the environment when the node starts' };
  if (types.includes('boolean')) {
    const b = parseBoolean(raw);
    return b.ok ? { ok: true, value: b.bool } : { ok: false, why: `${shown(raw, field)} ${b.why}` };
  }
  if (types.includes('integer') || types.includes('number')) {
    const unit = s.unit ? PER_UNIT[s.unit] : undefined;
    const parsed = unit && !(typeof raw === 'number' && s.unit === 'percent') ? unit.parse(raw) : parseCount(raw);
    if (!parsed.ok) return { ok: false, why: `${shown(raw, field)} ${parsed.why}` };
    const value = parsed.value / (unit?.factor ?? 1);
    if (!Number.isInteger(value))
      return {
        ok: false,
        why: `${shown(raw, field)} is ${value} ${unit?.name ?? ''}, not a whole number: the field takes whole ${unit?.name ?? 'numbers'}, and the value is not rounded`,
      };
    const min = s.minimum,
      max = s.maximum;
    if ((min !== undefined && value < min) || (max !== undefined && value > max))
      return {
        ok: false,
        why: `${shown(raw, field)} is ${value}${unit ? ` ${unit.name}` : ''}, outside the allowed range ${min ?? '…'} to ${max ?? '…'}`,
      };
    return { ok: true, value };
  }
  if (types.includes('array')) {
    const list = Array.isArray(raw)
      ? raw
      : typeof raw === 'string'
        ? raw
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean)
        : undefined;
    return list ? { ok: true, value: list } : { ok: false, why: `${shown(raw, field)} is not a list` };
  }
  if (types.includes('string') && (typeof raw === 'string' || typeof raw === 'number')) return { ok: true, value: String(raw) };
  return { ok: false, why: `${shown(raw, field)} does not fit the field (${types.join(' or ')})` };
}

/**
 * Engine settings turned into configuration fields through the schema's engine-setting names. Settings
 * that no field carries, and values that cannot be written exactly in the field's unit, are listed with
 * the reason; nothing is rounded. `defaults` of a settings response are left out: they are the engine's
 * own defaults, not settings to carry over.
 */
export function convertEngineSettings(settings: readonly EngineSetting[]): {
  assignments: Assignment[];
  unmapped: Unmapped[];
  defaultsLeftOut: number;
} {
  const assignments: Assignment[] = [];
  const unmapped: Unmapped[] = [];
  let defaultsLeftOut = 0;
  for (const { key, value, section, written } of settings) {
    if (section === 'defaults') {
      defaultsLeftOut++;
      continue;
    }
    const field = BY_ENGINE_SETTING.get(key);
    if (!field) {
      unmapped.push({
        setting: written ?? key,
        reason: key.startsWith('index.')
          ? 'is an index setting: set it in an index template, not on the cluster'
          : 'has no configuration field: it cannot be changed on the service',
      });
      continue;
    }
    const converted = valueForField(value, field);
    if (converted.ok)
      assignments.push({
        path: field.dotted,
        segments: [...field.path],
        value: converted.value,
        setting: key,
        ...(written ? { written } : {}),
        raw: value,
        secret: !!field.schema.secret,
      });
    else unmapped.push({ setting: written ?? key, reason: `${converted.why} (field ${field.dotted})` });
  }
  return { assignments, unmapped, defaultsLeftOut };
}

/** The configuration fragment the assignments make, as nested objects. */
export function fragmentOf(assignments: readonly Assignment[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const a of assignments) {
    let at = out;
    for (const seg of a.segments.slice(0, -1)) at = (at[seg] ??= {}) as Record<string, unknown>;
    at[a.segments[a.segments.length - 1]] = a.value;
  }
  return out;
}
