import type { Node } from 'jsonc-parser';
import type { FieldPath, OffsetRange, TextEdit } from '../../types';
import { editsOfAll, type ConfigDocument, type FixIntent } from '../document';
import {
  appendMemberEdits,
  editsAreDisjoint,
  holdsText,
  indentAt,
  indentUnit,
  inlineJson,
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

/**
 * Where the fix intents of a JSON document act, and how its dialect spells what they write: the
 * JSON format reads its parse tree, Terraform's JSON syntax the members its reader kept by path.
 * The intents are written the same way in both; `undefined` from a place refuses the fix.
 */
export interface JsonIntentTarget {
  readonly text: string;
  /** The value a `set` replaces. */
  valueAt(path: FieldPath): OffsetRange | undefined;
  /** The key a `rename` replaces. */
  keyAt(path: FieldPath): OffsetRange | undefined;
  /** What a `remove` takes away: the member's property, or its item in an array. */
  removableAt(path: FieldPath): Node | undefined;
  /** The property (key and value) a `replace` writes over. */
  propertyAt(path: FieldPath): Node | undefined;
  /** The object an `add` adds a member to. */
  objectAt(path: FieldPath): Node | undefined;
  /** The array an `append` adds an item to. */
  arrayAt(path: FieldPath): Node | undefined;
  /** Every member with the key in the object at `path`, in order: `remove-earlier` keeps the last. */
  membersNamed(path: FieldPath, key: string): Node[] | undefined;
  moveEdits(path: FieldPath, to: FieldPath): TextEdit[] | undefined;
  /** The key a member is written under in the object at `parent` (its value may choose the spelling). */
  memberKey(parent: FieldPath, key: string, value?: unknown): string;
  /** A value written on one line. */
  valueText(value: unknown): string;
  /** Whether a replaced array gets one item a line when the object around it spans lines. */
  readonly arrayItemsOnLines: boolean;
}

/**
 * One target a document, made at its first fix: the fixer tells the keys that fixes write by the
 * target they are written through (see WrittenKey), so all fixes of a document share it.
 */
const TARGETS = new WeakMap<JsonTree, JsonIntentTarget>();

/** The text edits of fix intents in JSON; undefined when one of them has nothing to act on. */
export function jsonEdits(doc: JsonTree, intents: readonly FixIntent[]): TextEdit[] | undefined {
  let target = TARGETS.get(doc);
  if (!target) TARGETS.set(doc, (target = jsonTarget(doc)));
  return jsonIntentEdits(target, intents);
}

/** The text edits of fix intents in a dialect of JSON; undefined when one of them has nothing to act on. */
export function jsonIntentEdits(target: JsonIntentTarget, intents: readonly FixIntent[]): TextEdit[] | undefined {
  return editsOfAll(target, intents, editsOf);
}

/** The places of the JSON format's own documents: the parse tree is built only where a fix needs it. */
function jsonTarget(doc: JsonTree): JsonIntentTarget {
  return {
    text: doc.text,
    valueAt: (path) => doc.rangeAt(path),
    // The caller knows the member is there: its key is located without building a parse tree.
    keyAt: (path) => doc.locate(path, 'key'),
    removableAt: (path) => ownMemberNode(doc, path),
    propertyAt: (path) => ownMemberNode(doc, path),
    objectAt: (path) => doc.membersAt(path),
    arrayAt: (path) => {
      // An empty array is laid out like the object around it, which only the full tree links to.
      const members = doc.membersAt(path);
      return members?.children?.length ? members : doc.nodeAt(path);
    },
    membersNamed: (path, key) => {
      const object = doc.nodeAt(path);
      return object?.type === 'object' ? (object.children ?? []).filter((p) => p.children?.[0]?.value === key) : undefined;
    },
    moveEdits: (path, to) => moveEdits(doc, path, to),
    memberKey: (_parent, key) => key,
    valueText: (value) => inlineJson(value),
    arrayItemsOnLines: true,
  };
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

function editsOf(target: JsonIntentTarget, intent: FixIntent): TextEdit[] | undefined {
  const { text } = target;
  switch (intent.kind) {
    case 'set': {
      const at = target.valueAt(intent.path);
      return at && [{ offset: at.offset, length: at.length, newText: target.valueText(intent.value) }];
    }
    case 'rename': {
      const at = target.keyAt(intent.path);
      const key = target.memberKey(intent.path.slice(0, -1), intent.to);
      return at && [{ offset: at.offset, length: at.length, newText: JSON.stringify(key) }];
    }
    case 'remove': {
      const member = target.removableAt(intent.path);
      return member && removeMemberEdits(text, member);
    }
    case 'add': {
      const object = target.objectAt(intent.path);
      return object?.type === 'object'
        ? appendMemberEdits(text, object, inlineMember(target, intent.path, intent.key, intent.value))
        : undefined;
    }
    case 'append': {
      const array = target.arrayAt(intent.path);
      return array?.type === 'array' ? appendMemberEdits(text, array, target.valueText(intent.item)) : undefined;
    }
    case 'replace': {
      const prop = target.propertyAt(intent.path);
      if (!prop) return undefined;
      const newText = memberText(target, prop, intent.path.slice(0, -1), intent.key, intent.value);
      return [{ offset: prop.offset, length: prop.length, newText }];
    }
    case 'move':
      return target.moveEdits(intent.path, intent.to);
    case 'as-block':
      return undefined;
    case 'remove-earlier': {
      const members = target.membersNamed(intent.path, intent.key);
      return members && members.length > 1 ? mergeRemovals(members.slice(0, -1).flatMap((m) => removeMemberEdits(text, m))) : undefined;
    }
  }
}

/** `"key": value` on one line, in the dialect's spelling. */
const inlineMember = (target: JsonIntentTarget, parent: FieldPath, key: string, value: unknown): string =>
  `${JSON.stringify(target.memberKey(parent, key, value))}: ${target.valueText(value)}`;

/**
 * A member written where `prop` stands: an array value gets one item a line when the dialect
 * lays arrays out so and the object around it spans lines, else everything stays on one line.
 */
function memberText(target: JsonIntentTarget, prop: Node, parent: FieldPath, key: string, value: unknown): string {
  const { text } = target;
  if (target.arrayItemsOnLines && Array.isArray(value) && prop.parent && spansLines(text, prop.parent)) {
    const eol = text.includes('\r\n') ? '\r\n' : '\n';
    const indent = indentAt(text, prop.offset);
    const items = value.map((item) => `${indent}${indentUnit(text)}${target.valueText(item)}`).join(`,${eol}`);
    return `${JSON.stringify(target.memberKey(parent, key, value))}: [${eol}${items}${eol}${indent}]`;
  }
  return inlineMember(target, parent, key, value);
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
