import type { Node } from 'jsonc-parser';
import type { FieldPath, TextEdit } from '../../types';
import { editsOfAll, type FixIntent } from '../document';
import { appendMemberEdits, editsAreDisjoint, removeMemberEdits } from '../json/edits';
import { providerName } from '../terraform/names';
import { pathKey } from '../terraform/nodes';
import type { JsonEntry } from './read';

/**
 * Fix intents written in Terraform's JSON syntax: JSON edits (the JSON format's, in the file's
 * own indentation and line endings) at the places the reader found, with the provider's names
 * for keys and strings escaped so that Terraform reads them as text, not as templates.
 */
export interface TerraformJsonTree {
  readonly text: string;
  readonly entries: ReadonlyMap<string, JsonEntry>;
  readonly occurrences: ReadonlyMap<string, Node[]>;
  /** Members whose value comes from a variable: the value is written elsewhere, so it is not rewritten here. */
  readonly resolved: ReadonlyMap<string, unknown>;
}

export function terraformJsonEdits(tree: TerraformJsonTree, intents: readonly FixIntent[]): TextEdit[] | undefined {
  return editsOfAll(tree, intents, editsOf);
}

const entryAt = (tree: TerraformJsonTree, path: FieldPath): JsonEntry | undefined => tree.entries.get(pathKey(path));

/** Whether the value at `path`, or a value holding it, is a variable's. */
const fromVariable = (tree: TerraformJsonTree, path: FieldPath): boolean => {
  for (let depth = 0; depth <= path.length; depth++) if (tree.resolved.has(pathKey(path.slice(0, depth)))) return true;
  return false;
};

/** A text Terraform reads as itself: `${` and `%{` would start a template. */
const literalText = (s: string): string => s.replace(/([$%])\{/g, '$1$1{');

/**
 * A value in Terraform's JSON syntax, on one line as the JSON format writes one: keys in the
 * provider's spelling, strings escaped.
 */
export function terraformJsonValue(value: unknown): string {
  if (Array.isArray(value)) return value.length ? `[ ${value.map(terraformJsonValue).join(', ')} ]` : '[]';
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length
      ? `{ ${entries.map(([k, v]) => `${JSON.stringify(providerName(k))}: ${terraformJsonValue(v)}`).join(', ')} }`
      : '{}';
  }
  return typeof value === 'string' ? JSON.stringify(literalText(value)) : JSON.stringify(value);
}

/** The key a member at the configuration's top is written under: the provider's `ip_filter_*` for the API's `ip_filter`. */
function keyFor(parent: FieldPath, key: string, value: unknown): string {
  if (parent.length === 0 && key === 'ip_filter' && Array.isArray(value)) {
    if (value.length && value.every((v) => typeof v === 'string')) return 'ip_filter_string';
    if (value.length && value.every((v) => v && typeof v === 'object')) return 'ip_filter_object';
  }
  return providerName(key);
}

const memberText = (parent: FieldPath, key: string, value: unknown): string =>
  `${JSON.stringify(keyFor(parent, key, value))}: ${terraformJsonValue(value)}`;

function editsOf(tree: TerraformJsonTree, intent: FixIntent): TextEdit[] | undefined {
  const { text } = tree;
  switch (intent.kind) {
    case 'set': {
      const entry = entryAt(tree, intent.path);
      if (!entry || fromVariable(tree, intent.path)) return undefined;
      return [{ offset: entry.value.offset, length: entry.value.length, newText: terraformJsonValue(intent.value) }];
    }
    case 'rename': {
      const entry = entryAt(tree, intent.path);
      return entry?.key && [{ offset: entry.key.offset, length: entry.key.length, newText: JSON.stringify(providerName(intent.to)) }];
    }
    case 'remove': {
      const entry = entryAt(tree, intent.path);
      return entry?.removable && removeMemberEdits(text, entry.removable);
    }
    case 'add': {
      const entry = entryAt(tree, intent.path);
      return entry?.node.type === 'object'
        ? appendMemberEdits(text, entry.node, memberText(intent.path, intent.key, intent.value))
        : undefined;
    }
    case 'replace': {
      const entry = entryAt(tree, intent.path);
      const property = entry?.removable;
      if (property?.type !== 'property') return undefined;
      return [
        { offset: property.offset, length: property.length, newText: memberText(intent.path.slice(0, -1), intent.key, intent.value) },
      ];
    }
    case 'append': {
      const entry = entryAt(tree, intent.path);
      return entry?.node.type === 'array' && !entry.single
        ? appendMemberEdits(text, entry.node, terraformJsonValue(intent.item))
        : undefined;
    }
    case 'move':
      return moveEdits(tree, intent.path, intent.to);
    case 'remove-earlier': {
      const members = tree.occurrences.get(`${pathKey(intent.path)}\u0000${intent.key}`);
      if (!members || members.length < 2) return undefined;
      return mergeRemovals(members.slice(0, -1).flatMap((m) => removeMemberEdits(text, m)));
    }
  }
}

/**
 * Carries a member to the field path `to`, into an object already written there (a new enclosing
 * object is not made here). The edits carry the value's text, and edits are printed by some output
 * formats: a value that holds text (a possible secret) is not moved.
 */
function moveEdits(tree: TerraformJsonTree, path: FieldPath, to: FieldPath): TextEdit[] | undefined {
  const source = entryAt(tree, path);
  const property = source?.removable;
  if (!source || property?.type !== 'property' || to.length === 0 || holdsText(source.node)) return undefined;
  const key = JSON.stringify(providerName(String(to[to.length - 1])));
  const parentPath = to.slice(0, -1);
  // Within the same object: the key changes, the value stays where it is.
  if (pathKey(parentPath) === pathKey(path.slice(0, -1)))
    return source.key && [{ offset: source.key.offset, length: source.key.length, newText: key }];
  const target = entryAt(tree, parentPath);
  if (target?.node.type !== 'object') return undefined;
  const valueText = tree.text.slice(source.value.offset, source.value.offset + source.value.length);
  if (/[\r\n]/.test(valueText)) return undefined;
  const edits = [...removeMemberEdits(tree.text, property), ...appendMemberEdits(tree.text, target.node, `${key}: ${valueText}`)];
  return editsAreDisjoint(edits) ? edits : undefined;
}

/** True when a value is or contains a string (iteratively: the value may nest deeply). */
function holdsText(node: Node): boolean {
  const stack = [node];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === 'string') return true;
    for (const child of n.children ?? []) stack.push(child.type === 'property' ? (child.children?.[1] ?? child) : child);
  }
  return false;
}

/** Removals of neighbouring members may share the blanks between them: overlapping ones become one. */
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
