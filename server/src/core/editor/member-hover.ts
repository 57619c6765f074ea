import { fieldMarkdown } from '../describe';
import type { FieldPath, OffsetRange } from '../types';
import { fieldAt } from '../schema';
import { UNKNOWN_VALUE } from '../values';
import { valueAt } from '../walk';
import type { EditorHover } from './hover';

/** A configuration read from a file of another format (Terraform, YAML) that knows which member is where. */
export interface MemberDocument {
  readonly value: unknown;
  /** How the format writes an API key (Terraform: the provider's name, without dots). */
  keyName?(key: string): string;
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
    const markdown = fieldMarkdown(field, value === UNKNOWN_VALUE ? undefined : value);
    // A dotted key is written another way in this format: say how, under the field's name.
    const written = doc.keyName?.(field.key);
    const header = markdown.indexOf('\n');
    return { markdown: written && written !== field.key ? `${markdown.slice(0, header)}\n\nWritten \`${written}\` here.${markdown.slice(header)}` : markdown, range: member.range };
  }
  return undefined;
}
