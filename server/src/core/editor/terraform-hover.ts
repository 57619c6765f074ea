import { fieldMarkdown } from '../describe';
import type { TerraformDocument } from '../formats/terraform/document';
import { fieldAt } from '../schema';
import { UNKNOWN_VALUE } from '../values';
import { valueAt } from '../walk';
import type { EditorHover } from './hover';

/**
 * Documentation of the field whose key or value is at `offset` in a Terraform file: only inside a
 * `search_user_config` block, and only for fields the configuration defines.
 */
export function terraformHoverAt(configurations: readonly TerraformDocument[], offset: number): EditorHover | undefined {
  for (const doc of configurations) {
    const member = doc.memberAt(offset);
    const field = member && fieldAt(member.path);
    if (!member || !field) continue;
    const value = valueAt(doc.value, member.path);
    return { markdown: fieldMarkdown(field, value === UNKNOWN_VALUE ? undefined : value), range: member.range };
  }
  return undefined;
}
