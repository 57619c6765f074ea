import { defineRule, intentFix, type RuleContext } from '../rule';
import { formatPath } from '../paths';
import type { SchemaNode, Unit } from '../schema';
import { typesOf } from '../schema';
import type { Fix, Segment } from '../types';
import { boundsText } from '../describe';
import { confusableUnits, describeWithUnit, fmt, parseQuantity, withHuman } from '../units';
import { knownFieldsWhere } from '../walk';

/** A value with its unit and a friendlier form: `30000 ms (30 s)`. */
function withUnit(n: number, unit: Unit): string {
  return withHuman(describeWithUnit(n, unit), 'parentheses');
}

/** "about " when the value is shown rounded (to two decimals). */
const about = (n: number): string => (fmt(n) === String(n) ? '' : 'about ');

function inBounds(n: number, s: SchemaNode): boolean {
  return (s.minimum === undefined || n >= s.minimum) && (s.maximum === undefined || n <= s.maximum);
}

/** Near-integers from floating point products (0.1 * 100) count as integers. */
function asInteger(n: number): number | undefined {
  const r = Math.round(n);
  return Number.isSafeInteger(r) && Math.abs(n - r) < 1e-9 * Math.max(1, Math.abs(n)) ? r : undefined;
}

interface Reading {
  unit: string;
  value: number;
}

/** The in-bounds integers the value becomes when read in each confusable unit. */
function readings(n: number, unit: Unit, s: SchemaNode): Reading[] {
  const out: Reading[] = [];
  for (const c of confusableUnits(unit)) {
    if (c.below !== undefined && Math.abs(n) >= c.below) continue;
    const v = asInteger(n * c.factor);
    if (v !== undefined && inBounds(v, s)) out.push({ unit: c.unit, value: v });
  }
  return out;
}

function replaceFix(ctx: RuleContext, path: Segment[], value: number, unit: Unit): Fix | undefined {
  const d = describeWithUnit(value, unit);
  return intentFix(ctx.doc, `Replace with ${value} (${d.approximate ? '≈ ' : ''}${d.human ?? d.raw})`, {
    kind: 'set',
    path,
    value,
  });
}

/**
 * An integer less than twice beyond a bound misses it, and is no unit mistake: a unit is at least 60
 * times another (1000000 bytes for a minimum of 1048576 is a megabyte meant as a mebibyte, not KiB).
 */
function nearMiss(n: number, s: SchemaNode): boolean {
  return (
    Number.isInteger(n) &&
    ((s.minimum !== undefined && n < s.minimum && n * 2 > s.minimum) || (s.maximum !== undefined && n > s.maximum && n < s.maximum * 2))
  );
}

function checkNumber(ctx: RuleContext, path: Segment[], n: number, unit: Unit, s: SchemaNode): void {
  // A valid value may well be meant as written: only a rejected one is read in other units.
  if (inBounds(n, s) && Number.isInteger(n)) return;
  if (nearMiss(n, s)) return;
  const found = readings(n, unit, s);
  if (!found.length) return;
  const field = formatPath(path);
  const written = Number.isInteger(n) ? withUnit(n, unit) : `${n}`;
  const bounds = boundsText(s);
  const why = Number.isInteger(n) ? `outside the allowed range${bounds ? ` (${bounds})` : ''}` : 'not an integer';
  const options = found.map((r) => `read ${readAs(r.unit)}, ${n} is ${withUnit(r.value, unit)}`).join('; or ');
  const fixes = found.map((r) => replaceFix(ctx, path, r.value, unit)).filter((f): f is Fix => !!f);
  // The value as written is rejected; when exactly one reading is accepted, it is what was meant.
  const only = fixes.length === 1 ? fixes[0] : undefined;
  ctx.report({
    path,
    message: `${field} is ${written}, ${why}; ${options}. The field takes ${integerIn(unit)}: write ${found.map((r) => r.value).join(' or ')}.`,
    fix: only,
    suggestions: only ? undefined : fixes,
  });
}

/** `an integer in milliseconds`, `an integer percentage of the heap`. */
function integerIn(unit: Unit): string {
  switch (unit) {
    case 'percent':
      return 'an integer percentage of the heap';
    case 'ms':
      return 'an integer in milliseconds';
    default:
      return `an integer in ${unit}`;
  }
}

/** `in seconds`, `as a fraction`. */
const readAs = (unit: string): string => (unit.startsWith('a ') ? `as ${unit}` : `in ${unit}`);

function checkString(ctx: RuleContext, path: Segment[], text: string, unit: Unit, s: SchemaNode): void {
  // Plain digits ("10") are a type problem only, fixed by type-mismatch.
  if (/^\s*-?\d+(?:\.\d+)?\s*$/.test(text) || !/\d/.test(text)) return;
  const field = formatPath(path);
  const q = parseQuantity(text, unit);
  if (!q) {
    ctx.report({
      path,
      message: `${field} is the string ${JSON.stringify(text)}, but it takes ${integerIn(unit)}, written without a unit; ${JSON.stringify(text)} is not a quantity that converts to it. Write the integer.`,
    });
    return;
  }
  if (!inBounds(q.value, s)) {
    // No fix: the integer it stands for is one the API rejects as well.
    const bounds = boundsText(s);
    ctx.report({
      path,
      message: `${field} is the string ${JSON.stringify(text)}, but it takes ${integerIn(unit)}, written without a unit; ${JSON.stringify(text)} is ${about(q.value)}${withUnit(q.value, unit)}, outside the allowed range${bounds ? ` (${bounds})` : ''}. Write an integer within it.`,
    });
    return;
  }
  if (!q.exact || !Number.isSafeInteger(q.value)) {
    ctx.report({
      path,
      message: `${field} is the string ${JSON.stringify(text)}, but it takes ${integerIn(unit)}; ${JSON.stringify(text)} is ${about(q.value)}${withUnit(q.value, unit)}, not a whole number in that unit. Write the integer you mean.`,
    });
    return;
  }
  ctx.report({
    path,
    message: `${field} is the string ${JSON.stringify(text)}, but it takes ${integerIn(unit)}, written without a unit: write ${withHuman({ ...describeWithUnit(q.value, unit), raw: String(q.value) }, 'parentheses')}.`,
    fix: intentFix(ctx.doc, `Replace ${JSON.stringify(text)} with ${q.value}`, { kind: 'set', path, value: q.value }),
  });
}

/** The fields this rule looks at. */
const hasUnit = (s: SchemaNode): boolean => !!s.unit && s.unit !== 'count';

export default defineRule({
  meta: {
    id: 'unit-mismatch',
    defaultSeverity: 'warning',
    summary:
      'A value written in another unit than the field takes: a size that suggests seconds instead of milliseconds, or a string such as "100mb".',
    details: [
      'Each numeric setting takes an integer in one fixed unit (bytes, MiB, MB, milliseconds, seconds, hours, days, percent of heap). Two mistakes are common:',
      '',
      "- **A number in the wrong unit.** `search_dashboards.search_request_timeout: 30` is 30 ms, not 30 s. When the value is outside the allowed range but reading it in a unit that is easily confused with the field's (seconds for milliseconds, MiB or KiB for bytes, a fraction for a percentage, ...) gives an allowed value, the rule names that reading.",
      '  When exactly one reading is allowed, it comes with a fix: the value as written is rejected by the service anyway, and that reading is the only one it would accept. When several readings are allowed, each is offered as a suggestion to choose from.',
      '  A value inside the range is not reported: it may well be meant as written.',
      '- **A quantity string.** `"100mb"`, `"30s"` or `"10%"` where an integer is expected. The fix converts the string to the integer in the field\'s unit, only when the conversion is exact. Sizes follow the engine\'s notation: `kb`, `mb`, `gb` are powers of 1024, so `"100mb"` is 104857600 bytes.',
      '',
      'Where `invalid-value` (out of range) or `type-mismatch` (a string where an integer is expected) would report the same value, this finding stands for theirs and says what was probably meant. A quantity string that stands for a value out of range gets no fix: the integer it converts to would be rejected too.',
    ].join('\n'),
    fixable: true,
    examples: {
      valid: [
        { code: '{ "search_dashboards": { "search_request_timeout": 30000 } }' },
        { code: '{ "search": { "http_max_content_length": 104857600 } }' },
      ],
      invalid: [
        { code: '{ "search_dashboards": { "search_request_timeout": 30 } }' },
        { code: '{ "search": { "http_max_content_length": "100mb" } }' },
        { code: '{ "search": { "indices_memory_index_buffer_size": "10%" } }' },
      ],
    },
  },
  check(ctx) {
    const fields = knownFieldsWhere(ctx.value, hasUnit);
    for (let i = 0; i < fields.length; i++) {
      const v = fields[i];
      const { value, schema } = v;
      const unit = schema.unit!;
      if (!typesOf(schema).includes('integer')) continue;
      const { path } = v;
      if (typeof value === 'number') checkNumber(ctx, path, value, unit, schema);
      else if (typeof value === 'string') checkString(ctx, path, value, unit, schema);
    }
  },
});
