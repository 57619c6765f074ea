import { fieldMarkdown } from '../describe';
import { samePath } from '../paths';
import type { Replacement } from '../formats';
import type { FieldPath, OffsetRange } from '../types';
import { fieldAt } from '../schema';
import { UNKNOWN_VALUE } from '../values';
import { valueAt } from '../walk';
import { maskCredentials } from '../credentials';
import { describing, isSensitivePath, isSensitiveValue, sensitiveValuesOf } from '../sensitive';
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
  /** Where a member is written: the configuration's own key (`[]`, the block's name) is where its hover stands. */
  locate?(path: FieldPath, target: 'key'): OffsetRange;
  /** Members whose value is a Terraform variable's: which variable, where its value is set, whether it is sensitive. */
  readonly variablesUsed?: ReadonlyArray<{ path: FieldPath; variable: string; from: string; sensitive?: boolean }>;
}

/**
 * Documentation of the field whose key or value is at `offset` in a Terraform or YAML file: only
 * inside a configuration (a `search_user_config` block, a manifest's `spec.userConfig`, a
 * `*.search.yaml` document), and only for fields the configuration defines. `replaced`: the
 * configurations an override file replaces (AnalysisResult.replaced), whose hovers say so, on the
 * block's name as on each field: nothing else tells why its values get no finding.
 */
export function memberHoverAt(
  configurations: readonly MemberDocument[],
  offset: number,
  replaced?: ReadonlyMap<MemberDocument, Replacement>,
): EditorHover | undefined {
  for (const doc of configurations) {
    const by = replaced?.get(doc);
    const name = by && doc.locate?.([], 'key');
    if (by && name && offset >= name.offset && offset <= name.offset + name.length)
      return { markdown: `**search_user_config**\n\n${notSent(by)}`, range: name };
    const member = doc.memberAt?.(offset);
    const field = member && fieldAt(member.path);
    if (!member || !field) continue;
    const value = valueAt(doc.value, member.path);
    const used = doc.variablesUsed?.find((v) => samePath(v.path, member.path));
    // A sensitive variable's value (or one given to sensitive()) is never shown, not even the field's
    // current value; a value that a secret field holds too is described as hidden.
    const shown = value === UNKNOWN_VALUE || used?.sensitive || isSensitivePath(doc, member.path) ? undefined : value;
    const described = describing(sensitiveValuesOf(doc), () => fieldMarkdown(field, shown));
    // Under the field's name: first that the value is never sent, then how a dotted key is written in this format.
    const written = doc.keyName?.(field.key);
    const header = described.indexOf('\n');
    const under = [...(by ? [notSent(by)] : []), ...(written && written !== field.key ? [`Written \`${written}\` here.`] : [])];
    const markdown = under.length ? `${described.slice(0, header)}\n\n${under.join('\n\n')}${described.slice(header)}` : described;
    const origin = used && describing(sensitiveValuesOf(doc), () => variableOrigin(used, value, shown === undefined));
    return { markdown: origin ? `${markdown}\n\n${origin}` : markdown, range: member.range };
  }
  return undefined;
}

/** Why nothing in a configuration an override file replaces is sent, and which one is: the override's block (or argument) at FILE:LINE. */
const notSent = (by: Replacement): string =>
  `**Not sent**: Terraform replaces this search_user_config block with the one in ${by.fileName}:${by.line} (a Terraform override file), whose values are sent instead and judged there.`;

/**
 * Where a value from `var.NAME` comes from: `var.size` is `"100mb"`, set in terraform.tfvars:3. Not the
 * value where the field's own value is hidden (a secret field, a sensitive source), where a secret
 * field holds it too, or a URL's credentials in it: run while the document's sensitive values are current.
 */
function variableOrigin(used: { variable: string; from: string; sensitive?: boolean }, value: unknown, hidden: boolean): string {
  if (used.sensitive) return `\`${used.variable}\` is sensitive: its value (set in ${used.from}) is not shown.`;
  let secret = hidden;
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (isSensitiveValue(v)) secret = true;
    return typeof v === 'string' ? maskCredentials(v) : v;
  });
  if (secret || text === undefined) return `\`${used.variable}\` is set in ${used.from} (its value is not shown here).`;
  return `\`${used.variable}\` is \`${text}\`, set in ${used.from}.`;
}
