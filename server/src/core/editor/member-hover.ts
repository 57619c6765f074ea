import { fieldMarkdown } from '../describe';
import { samePath } from '../paths';
import type { FieldPath, OffsetRange } from '../types';
import { fieldAt } from '../schema';
import { UNKNOWN_VALUE } from '../values';
import { valueAt } from '../walk';
import { describing, isSensitivePath, sensitiveValuesOf } from '../sensitive';
import type { EditorHover } from './hover';

/** A configuration read from a file of another format (Terraform, YAML) that knows which member is where. */
export interface MemberDocument {
  readonly value: unknown;
  /** Paths whose values must never be shown (see ConfigDocument.sensitivePaths). */
  readonly sensitivePaths?: readonly FieldPath[];
  /** How the format writes an API key (Terraform: the provider's name, without dots). */
  keyName?(key: string): string;
  /** The member whose key or value holds `offset`, innermost first; undefined outside the configuration. */
  memberAt?(offset: number): { path: FieldPath; range: OffsetRange } | undefined;
  /** Members whose value is a Terraform variable's: which variable, where its value is set, whether it is sensitive. */
  readonly variablesUsed?: ReadonlyArray<{ path: FieldPath; variable: string; from: string; sensitive?: boolean }>;
}

/**
 * Documentation of the field whose key or value is at `offset` in a Terraform or YAML file: only
 * inside a configuration (a `search_user_config` block, a manifest's `spec.userConfig`, a
 * `*.search.yaml` document), and only for fields the configuration defines.
 */
export function memberHoverAt(configurations: readonly MemberDocument[], offset: number): EditorHover | undefined {
  for (const doc of configurations) {
    const member = doc.memberAt?.(offset);
    const field = member && fieldAt(member.path);
    if (!member || !field) continue;
    const value = valueAt(doc.value, member.path);
    const used = doc.variablesUsed?.find((v) => samePath(v.path, member.path));
    // A sensitive variable's value (or one given to sensitive()) is never shown, not even the field's
    // current value; a value that a secret field holds too is described as hidden.
    const shown = value === UNKNOWN_VALUE || used?.sensitive || isSensitivePath(doc, member.path) ? undefined : value;
    const described = describing(sensitiveValuesOf(doc), () => fieldMarkdown(field, shown));
    // A dotted key is written another way in this format: say how, under the field's name.
    const written = doc.keyName?.(field.key);
    const header = described.indexOf('\n');
    const markdown =
      written && written !== field.key
        ? `${described.slice(0, header)}\n\nWritten \`${written}\` here.${described.slice(header)}`
        : described;
    return { markdown: used ? `${markdown}\n\n${variableOrigin(used, value)}` : markdown, range: member.range };
  }
  return undefined;
}

/** Where a value from `var.NAME` comes from: `var.size` is `"100mb"`, set in terraform.tfvars:3. */
function variableOrigin(used: { variable: string; from: string; sensitive?: boolean }, value: unknown): string {
  if (used.sensitive) return `\`${used.variable}\` is sensitive: its value (set in ${used.from}) is not shown.`;
  return `\`${used.variable}\` is \`${JSON.stringify(value)}\`, set in ${used.from}.`;
}
