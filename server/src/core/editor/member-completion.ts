import { fieldDetail, fieldMarkdown } from '../describe';
import { fieldAt, schemaAt, type SchemaNode } from '../schema';
import type { FieldPath, OffsetRange } from '../types';
import { hasOwn, isObject } from '../values';
import type { EditorCompletion } from './completion';

/** How a format writes one member: its name there, the text inserted, and whether it opens a nested block. */
export interface WrittenMember {
  name: string;
  insertText: string;
  block: boolean;
}

/**
 * The members of the object at `path` that `set` (its value in the document) does not hold yet,
 * each written by `write` in the file's format, with the field's documentation: the part of
 * completion that Terraform and YAML files share. Blocks sort after plain members.
 */
export function memberCompletions(
  path: FieldPath,
  set: unknown,
  word: OffsetRange,
  snippets: boolean,
  write: (key: string, member: SchemaNode) => WrittenMember,
): EditorCompletion[] {
  const out: EditorCompletion[] = [];
  for (const [key, member] of Object.entries(schemaAt(path)?.properties ?? {})) {
    const written = write(key, member);
    if (isObject(set) && (hasOwn(set, key) || hasOwn(set, written.name))) continue;
    const field = fieldAt([...path, key]);
    out.push({
      label: written.name,
      kind: written.block ? 'snippet' : 'property',
      detail: fieldDetail(member),
      documentation: field ? fieldMarkdown(field) : member.description,
      insertText: written.insertText,
      isSnippet: snippets,
      replace: word,
      filterText: written.name,
      sortText: `${written.block ? 1 : 0}${written.name}`,
      deprecated: !!member.deprecated,
    });
  }
  return out;
}
