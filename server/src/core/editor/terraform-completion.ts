import { fieldMarkdown, fieldDetail } from '../describe';
import type { TerraformDocument } from '../formats/terraform/document';
import { hclValue } from '../formats/terraform/literals';
import { fieldAt, schemaAt, typesOf, type SchemaNode } from '../schema';
import type { OffsetRange } from '../types';
import { hasOwn, isObject } from '../values';
import { valueAt } from '../walk';
import type { EditorCompletion } from './completion';

/**
 * Completion in a Terraform file, inside a `search_user_config` block: the members of the block at
 * the cursor that are not set yet, an attribute as `key = default` and an object as a `key { }`
 * block, with their documentation. `configurations` come from the text with the word being typed
 * blanked out (a half-typed word leaves HCL unreadable); `word` is the range of that word.
 */
export function terraformCompletions(configurations: readonly TerraformDocument[], word: OffsetRange, options: { snippets: boolean }): EditorCompletion[] {
  for (const doc of configurations) {
    const path = doc.blockAt(word.offset);
    if (!path) continue;
    const schema = schemaAt(path);
    const set = valueAt(doc.value, path);
    const indent = indentOf(doc.text, word.offset);
    const out: EditorCompletion[] = [];
    for (const [key, member] of Object.entries(schema?.properties ?? {})) {
      const name = path.length === 0 && key === 'ip_filter' ? 'ip_filter_object' : key;
      if (isObject(set) && (hasOwn(set, key) || hasOwn(set, name))) continue;
      const field = fieldAt([...path, key]);
      const block = isBlock(member);
      const insertText = block
        ? `${name} {\n${indent}  ${options.snippets ? '$0' : ''}\n${indent}}`
        : `${name} = ${member.default !== undefined && member.default !== null ? hclValue(member.default) : options.snippets ? '${1}' : ''}`;
      out.push({
        label: name, kind: block ? 'snippet' : 'property', detail: fieldDetail(member),
        documentation: field ? fieldMarkdown(field) : member.description,
        insertText, isSnippet: options.snippets, replace: word, filterText: name, sortText: `${block ? 1 : 0}${name}`,
        deprecated: !!member.deprecated,
      });
    }
    return out;
  }
  return [];
}

/** An object, or a list of objects: written as blocks in Terraform. */
const isBlock = (s: SchemaNode): boolean => typesOf(s).includes('object') || (typesOf(s).includes('array') && !!s.items && typesOf(s.items).includes('object'));

function indentOf(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start, offset))![0];
}
