import type { FieldInfo, SchemaNode } from './schema';
import { placeholderFor } from './placeholders';
import { typesOf } from './schema';
import { describeWithUnit, unitLabel, withHuman } from './units';
import { expectedTypes, show, showNumber } from './values';
import { isSensitiveValue, SENSITIVE_MASK } from './sensitive';

/**
 * Field documentation rendered from the schema, shared by hover, completion, `explain`
 * and the generated field reference, so that every surface says the same thing.
 */

export function typeText(s: SchemaNode): string {
  const t = typesOf(s);
  if (!t.length) return 'any';
  return t.join(' | ');
}

export function defaultText(s: SchemaNode): string | undefined {
  if (s.defaultText) return s.defaultText;
  if (s.default === undefined) return undefined;
  const v = JSON.stringify(s.default);
  if (s.unit && typeof s.default === 'number') {
    const d = describeWithUnit(s.default, s.unit);
    return d.human ? withHuman({ ...d, raw: v }, 'parentheses') : s.unit === 'count' ? v : `${v} ${unitLabel(s.unit)}`;
  }
  return v;
}

/** The largest integer the API takes (a Java long), as messages write it: a double cannot hold it. */
export const MAX_INT64_TEXT = `2^63-1 (${2n ** 63n - 1n})`;

/** A bound of a field as messages write it: with its unit, and 2^63-1 in digits. */
export const limitText = (n: number, schema: SchemaNode): string => (n >= 2 ** 53 ? MAX_INT64_TEXT : showNumber(n, schema));

export function boundsText(s: SchemaNode): string | undefined {
  const parts: string[] = [];
  const u = s.unit && s.unit !== 'count' ? ` ${unitLabel(s.unit)}` : '';
  const big = (n: number) => (n >= 2 ** 53 ? '2^63-1' : String(n));
  if (s.minimum !== undefined && s.maximum !== undefined) parts.push(`${big(s.minimum)} to ${big(s.maximum)}${u}`);
  else if (s.minimum !== undefined) parts.push(`at least ${big(s.minimum)}${u}`);
  else if (s.maximum !== undefined) parts.push(`at most ${big(s.maximum)}${u}`);
  const count = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`;
  if (s.minLength !== undefined && s.minLength > 0) parts.push(`at least ${count(s.minLength, 'character')}`);
  if (s.maxLength !== undefined) parts.push(`at most ${count(s.maxLength, 'character')}`);
  if (s.maxItems !== undefined) parts.push(`at most ${count(s.maxItems, 'item')}`);
  if (s.pattern) parts.push(`matching \`${s.pattern}\``);
  return parts.length ? parts.join(', ') : undefined;
}

/** Notes about consequences of setting or changing the field. */
export function notes(s: SchemaNode, key?: string): string[] {
  const out: string[] = [];
  if (s.deprecated) out.push(`**Deprecated.** ${s.deprecationMessage ?? ''}`.trim());
  if (s.deprecatedValues?.length) out.push(`Deprecated values: ${s.deprecatedValues.map((v) => `\`${JSON.stringify(v)}\``).join(', ')}.`);
  if (s.restartsEngine) out.push('**Changing this field restarts all engine instances.**');
  if (s.cannotBeEnabled) out.push('**Can no longer be set to `true`**: the service rejects it.');
  if (s.createOnly) out.push('**Takes effect only when a new service is created**; changing it on an existing service does nothing.');
  if (s.replacesInTerraform)
    out.push(
      '**In Terraform, changing it replaces the service**: the provider destroys the service, with its data, and creates a new one.',
    );
  if (s.emptyRefusedInTerraform) out.push(`**In Terraform, an empty list is refused.** ${s.emptyRefusedInTerraform}`);
  if (s.secret)
    out.push(
      `**Secret.** Keep the value out of the repository: use a placeholder such as \`${placeholderFor(key ?? 'secret', s)}\` or \`\${ENV_NAME}\`.`,
    );
  if (s.vendorOnly) out.push('Accepted by the service but not documented in the service specification.');
  if (s.requires) out.push(`Has no effect without \`${s.requires}\`.`);
  if (s.threadPool) out.push('A value above what the CPU count allows is lowered automatically.');
  if (s.performanceThreshold !== undefined) out.push(`Values above ${s.performanceThreshold} may cause performance problems.`);
  return out;
}

/** Markdown documentation of a field; with `value`, the current value converted to friendly units. */
export function fieldMarkdown(f: FieldInfo, value?: unknown): string {
  const s = f.schema;
  const lines: string[] = [`**${f.dotted}**`, ''];
  if (s.description) lines.push(s.description, '');
  const facts: string[] = [`Type: \`${typeText(s)}\``];
  if (s.enum) facts.push(`Values: ${s.enum.map((v) => `\`${JSON.stringify(v)}\``).join(', ')}`);
  const def = defaultText(s);
  if (def !== undefined) facts.push(`Default: \`${def}\``);
  if (s.unit && s.unit !== 'count') facts.push(`Unit: ${s.unit === 'percent' ? 'percent of heap' : s.unit}`);
  const b = boundsText(s);
  if (b) facts.push(`Allowed: ${b}`);
  if (s.engineSetting) facts.push(`Engine setting: \`${s.engineSetting}\``);
  if (isSensitiveValue(value)) facts.push(`Current value: ${SENSITIVE_MASK}`);
  else if (typeof value === 'number' && s.unit && s.unit !== 'count') {
    const d = describeWithUnit(value, s.unit);
    facts.push(`Current value: ${withHuman(d, 'equals')}`);
  } else if (value !== undefined && s.secret) facts.push(`Current value: ${show(value, s)}`);
  lines.push(facts.map((x) => `- ${x}`).join('\n'));
  const n = notes(s, f.key);
  if (n.length) lines.push('', ...n);
  return lines.join('\n');
}

/** One-line summary for completion details: `integer · bytes · http.max_content_length`. */
export function fieldDetail(s: SchemaNode): string {
  const parts = [expectedTypes(s).replace(/^an? /, '')];
  if (s.unit && s.unit !== 'count') parts.push(s.unit);
  const def = defaultText(s);
  if (def !== undefined) parts.push(`default ${def}`);
  if (s.engineSetting) parts.push(s.engineSetting);
  if (s.deprecated) parts.push('deprecated');
  return parts.join(' · ');
}
