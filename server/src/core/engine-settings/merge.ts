import { applyEdits, format, parseTree, type Edit, type FormattingOptions, type Node } from 'jsonc-parser';
import type { Assignment } from './convert';

export interface MergeResult {
  text: string;
  /** The assignments now in the text, where the service reads them. */
  set: Assignment[];
  /** Assignments that could not be made, with the reason (a parent that is not an object). */
  notSet: Array<{ assignment: Assignment; why: string }>;
  /** Dotted paths of keys written more than once on the way to a field set: the last one was changed. */
  duplicateKeys: string[];
}

/**
 * Sets the assigned fields in a configuration text: comments, key order and formatting stay as they
 * are, missing parent objects are created, existing values are replaced. A key written twice in one
 * object is read by the service as JSON.parse reads it, the last occurrence winning, so that is the one
 * changed (jsonc-parser's `modify` would change the first, which the service ignores).
 */
export function mergeIntoConfiguration(
  configText: string,
  assignments: readonly Assignment[],
  formatting?: FormattingOptions,
): MergeResult {
  const indent = /\n([ \t]+)"/.exec(configText)?.[1] ?? '  ';
  const options = formatting ?? {
    insertSpaces: !indent.includes('\t'),
    tabSize: indent.includes('\t') ? 1 : indent.length,
    eol: configText.includes('\r\n') ? '\r\n' : '\n',
  };
  let text = configText.trim() === '' ? '{}\n' : configText;
  const set: Assignment[] = [];
  const notSet: MergeResult['notSet'] = [];
  const duplicateKeys = new Set<string>();
  for (const a of assignments) {
    const planned = editsToSet(text, a.segments, a.value, options);
    if ('why' in planned) {
      notSet.push({ assignment: a, why: planned.why });
      continue;
    }
    planned.duplicates.forEach((d) => duplicateKeys.add(d));
    text = applyEdits(text, keepTrailingComments(text, planned.edits));
    set.push(a);
  }
  return { text, set, notSet, duplicateKeys: [...duplicateKeys] };
}

/** The member of an object that JSON.parse keeps for `key` (the last), and how many there are. */
function lastMember(object: Node, key: string): { member?: Node; count: number } {
  let member: Node | undefined;
  let count = 0;
  for (const m of object.children ?? [])
    if (m.children?.[0]?.value === key) {
      member = m;
      count++;
    }
  return { member, count };
}

/** The edits that give the field at `segments` the value, as jsonc-parser's `modify` makes them. */
function editsToSet(
  text: string,
  segments: readonly string[],
  value: unknown,
  formatting: FormattingOptions,
): { edits: Edit[]; duplicates: string[] } | { why: string } {
  const root = parseTree(text, [], { allowTrailingComma: true });
  const duplicates: string[] = [];
  let node = root;
  let depth = 0;
  while (node && node.type === 'object' && depth < segments.length) {
    const { member, count } = lastMember(node, segments[depth]);
    if (!member?.children?.[1]) break;
    if (count > 1) duplicates.push(segments.slice(0, depth + 1).join('.'));
    node = member.children[1];
    depth++;
  }
  /** The value with the objects that do not exist yet around it. */
  const wrapped = (from: number): unknown => segments.slice(from).reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
  let edit: Edit;
  if (!node) edit = { offset: 0, length: 0, content: JSON.stringify(wrapped(0)) };
  else if (depth === segments.length) edit = { offset: node.offset, length: node.length, content: JSON.stringify(value) };
  else if (node.type !== 'object') {
    const where = depth ? `"${segments.slice(0, depth).join('.')}"` : 'the configuration';
    return { why: `${where} is ${node.type === 'array' ? 'a list' : `a ${node.type}`}, not an object` };
  } else {
    const member = `${JSON.stringify(segments[depth])}: ${JSON.stringify(wrapped(depth + 1))}`;
    const last = node.children?.[node.children.length - 1];
    edit = last
      ? { offset: last.offset + last.length, length: 0, content: `,${member}` }
      : { offset: node.offset + 1, length: 0, content: member };
  }
  return { edits: withFormatting(text, edit, formatting), duplicates };
}

const isEol = (text: string, at: number): boolean => text[at] === '\n' || text[at] === '\r';

/** The edit with the lines it touches formatted, as one edit (what jsonc-parser's `modify` does). */
function withFormatting(text: string, edit: Edit, formatting: FormattingOptions): Edit[] {
  let newText = applyEdits(text, [edit]);
  let begin = edit.offset;
  let end = edit.offset + edit.content.length;
  if (edit.length === 0 || edit.content.length === 0) {
    while (begin > 0 && !isEol(newText, begin - 1)) begin--;
    while (end < newText.length && !isEol(newText, end)) end++;
  }
  const edits = format(newText, { offset: begin, length: end - begin }, { ...formatting, keepLines: false });
  for (let i = edits.length - 1; i >= 0; i--) {
    const e = edits[i];
    newText = applyEdits(newText, [e]);
    begin = Math.min(begin, e.offset);
    end = Math.max(end, e.offset + e.length);
    end += e.content.length - e.length;
  }
  return [{ offset: begin, length: text.length - (newText.length - end) - begin, content: newText.substring(begin, end) }];
}

/**
 * jsonc-parser formats the member it adds together with the one before it, and a comment that ended
 * that member's line (`"a": 1 // why`) ends up after the new member, which it would then describe. The
 * comment goes back to the line it was on.
 */
function keepTrailingComments(text: string, edits: Edit[]): Edit[] {
  return edits.map((e) => {
    const before = text.slice(e.offset, e.offset + e.length);
    // The replaced text is one line ending with a comment (searched without a regular expression
    // that would go over a long line once per character).
    if (before.includes('\n')) return e;
    const at = before.indexOf('//', before.lastIndexOf('\r') + 1);
    const comment = at < 0 ? '' : before.slice(at);
    if (!comment || !e.content.endsWith(comment)) return e;
    const body = e.content.slice(0, -comment.length).trimEnd();
    const nl = body.indexOf('\n');
    return nl < 0 ? e : { ...e, content: `${body.slice(0, nl)} ${comment}${body.slice(nl)}` };
  });
}
