import type { Node } from 'jsonc-parser';
import type { FieldPath, TextEdit } from '../../types';
import { editsOfAll, type ConfigDocument, type FixIntent } from '../document';
import {
  appendItemEdits,
  appendMemberEdits,
  editsAreDisjoint,
  indentAt,
  indentUnit,
  inlineJson,
  insertPropertyEdits,
  reindent,
  removeMemberEdits,
  spansLines,
} from './edits';

/** What the edits read of a JSON document: its text, and its parse tree where a fix needs one. */
export interface JsonTree extends Pick<ConfigDocument, 'text' | 'rangeAt' | 'locate'> {
  readonly root: Node | undefined;
  nodeAt(path: FieldPath): Node | undefined;
  subtreeAt(path: FieldPath): Node | undefined;
  membersAt(path: FieldPath): Node | undefined;
}

/** The text edits of fix intents in JSON; undefined when one of them has nothing to act on. */
export function jsonEdits(doc: JsonTree, intents: readonly FixIntent[]): TextEdit[] | undefined {
  return editsOfAll(doc, intents, editsOf);
}

/** The property node (key and value) of the member at a path, its value with all it holds. */
function memberNode(doc: JsonTree, path: FieldPath): Node | undefined {
  const parent = doc.nodeAt(path)?.parent;
  return parent?.type === 'property' ? parent : undefined;
}

/**
 * The same property node, from its object's own members (see membersAt): what an edit that
 * removes or replaces the whole member reads, and the value inside it is not read.
 */
function ownMemberNode(doc: JsonTree, path: FieldPath): Node | undefined {
  const key = path[path.length - 1];
  if (typeof key !== 'string') return undefined;
  const object = doc.membersAt(path.slice(0, -1));
  if (object?.type !== 'object') return undefined;
  // The last member with the key is the one the parsed value holds, as in the parse tree.
  const members = object.children ?? [];
  for (let i = members.length - 1; i >= 0; i--) {
    const member = members[i];
    if (member.children?.[0]?.value === key) return member.children[1] ? member : undefined;
  }
  return undefined;
}

function editsOf(doc: JsonTree, intent: FixIntent): TextEdit[] | undefined {
  const { text } = doc;
  switch (intent.kind) {
    case 'set': {
      const at = doc.rangeAt(intent.path);
      return at && [{ offset: at.offset, length: at.length, newText: inlineJson(intent.value) }];
    }
    case 'rename': {
      // The caller knows the member is there: its key is located without building a parse tree.
      const at = doc.locate(intent.path, 'key');
      return [{ offset: at.offset, length: at.length, newText: JSON.stringify(intent.to) }];
    }
    case 'remove': {
      const prop = ownMemberNode(doc, intent.path);
      return prop && removeMemberEdits(text, prop);
    }
    case 'add': {
      const object = doc.membersAt(intent.path);
      return object?.type === 'object' ? insertPropertyEdits(text, object, intent.key, intent.value) : undefined;
    }
    case 'append': {
      // An empty array is laid out like the object around it, which only the full tree links to.
      const members = doc.membersAt(intent.path);
      const array = members?.children?.length ? members : doc.nodeAt(intent.path);
      return array?.type === 'array' ? appendItemEdits(text, array, intent.item) : undefined;
    }
    case 'replace': {
      const prop = ownMemberNode(doc, intent.path);
      return prop && [{ offset: prop.offset, length: prop.length, newText: memberText(text, prop, intent.key, intent.value) }];
    }
    case 'move':
      return moveEdits(doc, intent.path, intent.to);
    case 'remove-earlier': {
      const object = doc.nodeAt(intent.path);
      if (object?.type !== 'object') return undefined;
      const props = (object.children ?? []).filter((p) => p.children?.[0]?.value === intent.key);
      return props.length > 1 ? mergeRemovals(props.slice(0, -1).flatMap((p) => removeMemberEdits(text, p))) : undefined;
    }
  }
}

/**
 * A member written where `prop` stands: an array value gets one item a line when the object
 * around it spans lines, else everything stays on one line.
 */
function memberText(text: string, prop: Node, key: string, value: unknown): string {
  if (Array.isArray(value) && prop.parent && spansLines(text, prop.parent)) {
    const eol = text.includes('\r\n') ? '\r\n' : '\n';
    const indent = indentAt(text, prop.offset);
    const items = value.map((item) => `${indent}${indentUnit(text)}${inlineJson(item)}`).join(`,${eol}`);
    return `${JSON.stringify(key)}: [${eol}${items}${eol}${indent}]`;
  }
  return `${JSON.stringify(key)}: ${inlineJson(value)}`;
}

/**
 * Removals of neighbouring members can share the blanks between them (a comment before the
 * first one keeps its line): overlapping removals become one, as editors reject overlaps.
 */
function mergeRemovals(edits: TextEdit[]): TextEdit[] {
  const out: TextEdit[] = [];
  for (const e of [...edits].sort((a, b) => a.offset - b.offset)) {
    const last = out[out.length - 1];
    if (last && !last.newText && !e.newText && e.offset < last.offset + last.length)
      last.length = Math.max(last.length, e.offset + e.length - last.offset);
    else out.push({ ...e });
  }
  return out;
}

/**
 * Moves a member to the field path `to`, creating the enclosing object when only that is
 * missing. The edits carry the value to its new place, and edits are printed by some output
 * formats: a value that holds text (a possible secret) is not moved.
 */
function moveEdits(doc: JsonTree, path: FieldPath, to: FieldPath): TextEdit[] | undefined {
  const prop = memberNode(doc, path);
  const valueNode = prop?.children?.[1];
  if (!prop || !valueNode || holdsText(valueNode)) return undefined;
  const { text } = doc;
  const key = to[to.length - 1];
  const parentPath = to.slice(0, -1);
  const fromIndent = indentAt(text, prop.offset);
  const existing = parentPath.length ? doc.nodeAt(parentPath) : doc.root;
  let container = existing;
  let member: (indent: string) => string;
  const valueText = (indent: string) => reindent(text.slice(valueNode.offset, valueNode.offset + valueNode.length), fromIndent, indent);
  if (existing) {
    if (existing.type !== 'object') return undefined;
    member = (indent) => `${JSON.stringify(key)}: ${valueText(indent)}`;
  } else {
    const grand = parentPath.slice(0, -1);
    container = grand.length ? doc.nodeAt(grand) : doc.root;
    if (container?.type !== 'object') return undefined;
    const parentKey = parentPath[parentPath.length - 1];
    member = (indent) => `${JSON.stringify(parentKey)}: { ${JSON.stringify(key)}: ${valueText(indent)} }`;
  }
  const lastMember = container!.children?.[container!.children.length - 1];
  const indent = lastMember ? indentAt(text, lastMember.offset) : indentAt(text, container!.offset) + indentUnit(text);
  // Into the object that holds it (a new enclosing object at the same level): replace it in place.
  const edits =
    container === prop.parent
      ? [{ offset: prop.offset, length: prop.length, newText: member(fromIndent) }]
      : [...removeMemberEdits(text, prop), ...appendMemberEdits(text, container!, member(indent))];
  return editsAreDisjoint(edits) ? edits : undefined;
}

/** True when a value is or contains a string (iteratively: the value may nest deeply). */
function holdsText(node: Node | undefined): boolean {
  const stack = node ? [node] : [];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === 'string') return true;
    for (const child of n.children ?? []) stack.push(child.type === 'property' ? (child.children?.[1] ?? child) : child);
  }
  return false;
}
