import type { DocumentState } from '../document-state';
import { parseTerraform, type TerraformDocument } from '../formats/terraform/document';
import { hclValue } from '../formats/terraform/literals';
import { providerName } from '../formats/terraform/names';
import { typesOf, type SchemaNode } from '../schema';
import { startingValue } from './templates';
import type { OffsetRange } from '../types';
import { valueAt } from '../walk';
import type { EditorCompletion } from './completion';
import { memberCompletions } from './member-completion';

/**
 * Completion in a Terraform file, inside a `search_user_config` block: the members of the block at
 * the cursor that are not set yet, an attribute as `key = default` and an object as a `key { }`
 * block, with their documentation. `configurations` come from the text with the word being typed
 * blanked out (a half-typed word leaves HCL unreadable); `word` is the range of that word.
 */
export function terraformCompletions(
  configurations: readonly TerraformDocument[],
  word: OffsetRange,
  options: { snippets: boolean },
): EditorCompletion[] {
  for (const doc of configurations) {
    const path = doc.blockAt(word.offset);
    if (!path) continue;
    const indent = indentOf(doc.text, word.offset);
    return memberCompletions(path, valueAt(doc.value, path), word, options.snippets, (key, member) => {
      // Only what HCL can hold: the provider's name of a dotted key.
      const name = path.length === 0 && key === 'ip_filter' ? 'ip_filter_object' : providerName(key);
      const block = isBlock(member);
      // An attribute always gets a value (`key =` alone is a syntax error): its default, else an allowed
      // value, an example or a placeholder (see startingValue), selected to type over as a snippet.
      const hasDefault = member.default !== undefined && member.default !== null;
      const value = hclValue(hasDefault ? member.default : (startingValue({ ...member, default: undefined }, key).value ?? null));
      const insertText = block
        ? `${name} {\n${indent}  ${options.snippets ? '$0' : ''}\n${indent}}`
        : `${name} = ${options.snippets && !hasDefault ? `\${1:${value.replace(/[\\$}]/g, (c) => `\\${c}`)}}` : value}`;
      return { name, insertText, block };
    });
  }
  return [];
}

/** An object, or a list of objects: written as blocks in Terraform. */
const isBlock = (s: SchemaNode): boolean =>
  typesOf(s).includes('object') || (typesOf(s).includes('array') && !!s.items && typesOf(s.items).includes('object'));

/** The blanks before `offset` on its line (the word being typed is blanked out, so it stops there). */
function indentOf(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start, offset))![0];
}

/**
 * Completion at `offset` of a Terraform file's text: the word being typed leaves the HCL
 * unreadable, so the file is read with it blanked out (with `kept.terraformCompletion`, the parse
 * of the previous request's text, which makes the next one cheap). Undefined where no member can
 * start: members are offered at the beginning of a line, not in a value.
 */
export function terraformCompletionAt(
  text: string,
  offset: number,
  options: { snippets: boolean; maxDepth?: number },
  kept?: DocumentState,
): EditorCompletion[] | undefined {
  let start = offset;
  while (start > 0 && offset - start < 200 && isWordChar(text.charCodeAt(start - 1))) start--;
  if (text.slice(text.lastIndexOf('\n', start - 1) + 1, start).trim()) return undefined;
  const blanked = `${text.slice(0, start)}${' '.repeat(offset - start)}${text.slice(offset)}`;
  const { configurations } = parseTerraform(blanked, options.maxDepth, undefined, kept?.terraformCompletion);
  return terraformCompletions(configurations, { offset: start, length: offset - start }, { snippets: options.snippets });
}

/** A letter, digit or underscore: a character of an HCL attribute name being typed. */
function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}
