import { fieldMarkdown } from '../describe';
import type { FieldPath, OffsetRange } from '../types';
import { fieldAt } from '../schema';
import { UNKNOWN_VALUE } from '../values';
import { valueAt } from '../walk';
import { describing, sensitiveValuesOf } from '../sensitive';
import type { EditorHover } from './hover';

/** A configuration read from a file of another format (Terraform, YAML) that knows which member is where. */
export interface MemberDocument {
  readonly value: unknown;
  /** Paths whose values must never be shown (see ConfigDocument.sensitivePaths). */
  readonly sensitivePaths?: readonly FieldPath[];
  /** The member whose key or value holds `offset`, innermost first; undefined outside the configuration. */
  memberAt(offset: number): { path: FieldPath; range: OffsetRange } | undefined;
}

/**
 * Documentation of the field whose key or value is at `offset` in a Terraform or YAML file: only
 * inside a configuration (a `search_user_config` block, a manifest's `spec.userConfig`, a
 * `*.search.yaml` document), and only for fields the configuration defines.
 */
export function memberHoverAt(configurations: readonly MemberDocument[], offset: number): EditorHover | undefined {
  for (const doc of configurations) {
    const member = doc.memberAt(offset);
    const field = member && fieldAt(member.path);
    if (!member || !field) continue;
    const value = valueAt(doc.value, member.path);
    // A value from a sensitive variable, or one a secret field holds too, is described as hidden.
    const markdown = describing(sensitiveValuesOf(doc), () => fieldMarkdown(field, value === UNKNOWN_VALUE ? undefined : value));
    return { markdown, range: member.range };
  }
  return undefined;
}
