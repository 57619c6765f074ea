import { parseYamlFile } from '../formats/yaml/document';
import { documentStarts } from '../formats/yaml/incremental';
import { yamlValue } from '../formats/yaml/edits';
import { LineIndex } from '../lines';
import { typesOf, type SchemaNode } from '../schema';
import type { OffsetRange } from '../types';
import { valueAt } from '../walk';
import type { EditorCompletion } from './completion';
import { memberCompletions } from './member-completion';
import { indentUnitOf, requiredKeys, startingValue } from './templates';

/**
 * A key no configuration has, written where the word being typed is: the YAML reader then says
 * which map the new member belongs to (indentation decides it, and only the reader knows YAML's
 * rules well), and whether that map is inside a configuration at all.
 */
const PROBE = 'search_config_member_being_typed';

/**
 * Completion in a YAML file, inside a configuration only (a `*.search.yaml` document, a `kind:
 * Search` manifest's `spec.userConfig`): the members not set yet of the map the cursor's line
 * belongs to, a scalar as `key: default` and an object (or a list of objects) as `key:` and an
 * indented skeleton of its required members, with their documentation. Members are offered
 * where one starts (a line holding nothing else, or after a list item's dash), never in a value.
 */
export function yamlCompletions(
  text: string,
  offset: number,
  options: { snippets: boolean; fileName?: string; maxDepth?: number },
): EditorCompletion[] {
  let start = offset,
    end = offset;
  while (start > 0 && offset - start < 200 && isWordChar(text.charCodeAt(start - 1))) start--;
  while (end < text.length && end - offset < 200 && isWordChar(text.charCodeAt(end))) end++;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = text.indexOf('\n', end) < 0 ? text.length : text.indexOf('\n', end);
  const before = text.slice(lineStart, start);
  if (!/^[ \t]*(?:-[ \t]+)*$/.test(before) || text.slice(end, lineEnd).trim()) return [];
  // Only the document holding the cursor is read (with the probe in it), at its offset in the file: a
  // template document (Helm's `{{ }}`) is not read, the other documents of a template file are.
  const piece = documentAround(text, start);
  const at = start - piece.from;
  const probed = `${text.slice(piece.from, start)}${PROBE}:${text.slice(end, piece.to)}`;
  const file = parseYamlFile(probed, options.fileName, options.maxDepth);
  const word: OffsetRange = { offset: start, length: end - start };
  for (const doc of file.configurations) {
    const member = doc.memberAt(at);
    if (!member || member.path[member.path.length - 1] !== PROBE || member.range.offset !== at) continue;
    const path = member.path.slice(0, -1);
    // A reader that recovers from an error may put the probe in a map whose members stand in another
    // column (under a scalar, say): a member written there would not belong to that map.
    const map = doc.rangeAt(path);
    if (map && map.offset !== at && doc.lines.positionAt(map.offset).character !== doc.lines.positionAt(at).character) continue;
    const render = {
      snippets: options.snippets,
      // The column of the key, in blanks: a list item's dash counts as indentation for its members.
      indent: ' '.repeat(before.length),
      unit: yamlIndentUnit(text),
      eol: LineIndex.eolOf(text),
    };
    return memberCompletions(path, valueAt(doc.value, path), word, options.snippets, (key, schema) => writeMember(key, schema, render));
  }
  return [];
}

/**
 * The document of a multi-document file (`---`) that holds `offset`, from its marker to the next
 * one: the other documents cannot change what a member typed there belongs to. The whole text when
 * the markers do not tell the documents apart (directives, `...` end markers).
 */
export function documentAround(text: string, offset: number): { from: number; to: number } {
  const starts = documentStarts(text);
  if (!starts) return { from: 0, to: text.length };
  let i = 0;
  while (i + 1 < starts.length && starts[i + 1] <= offset) i++;
  return { from: starts[i], to: i + 1 < starts.length ? starts[i + 1] : text.length };
}

interface YamlRender {
  snippets: boolean;
  indent: string;
  unit: string;
  eol: string;
}

function writeMember(key: string, schema: SchemaNode, r: YamlRender): { name: string; insertText: string; block: boolean } {
  const stops = { next: 1 };
  const inner = r.indent + r.unit;
  if (isObjectSchema(schema)) {
    return { name: key, block: true, insertText: `${key}:${r.eol}${skeletonLines(schema, inner, r, stops)}` };
  }
  if (schema.default !== undefined && schema.default !== null) {
    return { name: key, block: false, insertText: `${key}: ${escaped(yamlValue(schema.default), r)}` };
  }
  const items = schema.items;
  if (typesOf(schema).includes('array') && items && isObjectSchema(items)) {
    // The members of an item line up after its dash.
    return {
      name: key,
      block: true,
      insertText: `${key}:${r.eol}${inner}- ${skeletonLines(items, `${inner}  `, r, stops).slice(inner.length + 2)}`,
    };
  }
  // The value a new field starts with (an allowed value, an example, a placeholder): never `key:` alone, which reads as null.
  const start = startingValue({ ...schema, default: undefined }, key);
  const value = escaped(yamlValue(start.value), r);
  return { name: key, block: false, insertText: `${key}: ${r.snippets ? `\${1:${value}}` : value}` };
}

/** The required members of an object, one a line at `indent`, with their starting values; an empty line to type in when none is required. */
function skeletonLines(schema: SchemaNode, indent: string, r: YamlRender, stops: { next: number }): string {
  const keys = requiredKeys(schema);
  if (!keys.length) return `${indent}${r.snippets ? '$0' : ''}`;
  return keys
    .map((k) => {
      const child = schema.properties![k];
      const start = startingValue(child, k);
      if (start.kind === 'skeleton') return `${indent}${k}:${r.eol}${skeletonLines(child, indent + r.unit, r, stops)}`;
      const value = escaped(yamlValue(start.value), r);
      return `${indent}${k}: ${r.snippets ? `\${${stops.next++}:${value}}` : value}`;
    })
    .join(r.eol);
}

const isObjectSchema = (s: SchemaNode): boolean => typesOf(s).includes('object') || (!typesOf(s).length && !!s.properties);

/** Text inserted as a snippet: `$`, `}` and `\` are written escaped. */
const escaped = (s: string, r: YamlRender): string => (r.snippets ? s.replace(/[\\$}]/g, (c) => `\\${c}`) : s);

/** YAML indents with blanks only: the document's step, two blanks when it indents with tabs or not at all. */
function yamlIndentUnit(text: string): string {
  const unit = indentUnitOf(text);
  return unit.startsWith('\t') ? '  ' : unit;
}

/** A letter, digit or underscore: a character of a key being typed. */
function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}
