import type { Node } from 'jsonc-parser';
import type { FieldPath, TextEdit } from '../../types';
import type { FixIntent } from '../document';
import { appendMemberEdits, editsAreDisjoint, holdsText, inlineJson, removeMemberEdits } from '../json/edits';
import { jsonIntentEdits, type JsonIntentTarget } from '../json/intents';
import { providerName } from '../terraform/names';
import { pathKey } from '../terraform/nodes';
import { withinPath } from '../../paths';
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
  /**
   * The paths of values given to `sensitive()`: never rewritten, since the value a fix would write (or
   * what a rule works out from the value) would stand in an edit, which some outputs print.
   */
  readonly sensitive: readonly FieldPath[];
}

/**
 * The text edits of fix intents in one configuration. All its fixes are written through one target:
 * the fixer tells the keys that fixes write by the target (see WrittenKey).
 */
export function terraformJsonEditor(tree: TerraformJsonTree): (intents: readonly FixIntent[]) => TextEdit[] | undefined {
  const target = targetOf(tree);
  return (intents) => jsonIntentEdits(target, intents);
}

/** The places the reader kept for each member, and the provider's spellings. */
function targetOf(tree: TerraformJsonTree): JsonIntentTarget {
  return {
    text: tree.text,
    valueAt: (path) => (givenElsewhere(tree, path) ? undefined : entryAt(tree, path)?.value),
    keyAt: (path) => entryAt(tree, path)?.key,
    removableAt: (path) => entryAt(tree, path)?.removable,
    propertyAt: (path) => {
      // The member is written anew: not with a value that sensitive() keeps out of every output, nor with
      // the value of a variable in place of the reference (as in a .tf file, such a member is not rewritten).
      if (holdsSensitive(tree, path) || givenElsewhere(tree, path)) return undefined;
      const property = entryAt(tree, path)?.removable;
      return property?.type === 'property' ? property : undefined;
    },
    objectAt: (path) => entryAt(tree, path)?.node,
    // A list written as one block object has no item to follow.
    arrayAt: (path) => {
      const entry = entryAt(tree, path);
      return entry?.single ? undefined : entry?.node;
    },
    membersNamed: (path, key) => tree.occurrences.get(`${pathKey(path)}\u0000${key}`),
    moveEdits: (path, to) => moveEdits(tree, path, to),
    memberKey: keyFor,
    valueText: terraformJsonValue,
    arrayItemsOnLines: false,
  };
}

const entryAt = (tree: TerraformJsonTree, path: FieldPath): JsonEntry | undefined => tree.entries.get(pathKey(path));

/** Whether the value at `path`, or a value holding it, is a variable's or given to `sensitive()`. */
const givenElsewhere = (tree: TerraformJsonTree, path: FieldPath): boolean => {
  for (let depth = 0; depth <= path.length; depth++) if (tree.resolved.has(pathKey(path.slice(0, depth)))) return true;
  return tree.sensitive.some((p) => withinPath(path, p));
};

/** Whether a value given to `sensitive()` is at `path`, holds it, or is below it. */
const holdsSensitive = (tree: TerraformJsonTree, path: FieldPath): boolean =>
  tree.sensitive.some((p) => withinPath(path, p) || withinPath(p, path));

/** A text Terraform reads as itself: `${` and `%{` would start a template. */
const literalText = (s: string): string => s.replace(/([$%])\{/g, '$1$1{');

const TERRAFORM_SPELLING = { key: (key: string) => providerName(key), text: literalText };

/**
 * A value in Terraform's JSON syntax, on one line as the JSON format writes one: keys in the
 * provider's spelling, strings escaped.
 */
export const terraformJsonValue = (value: unknown): string => inlineJson(value, TERRAFORM_SPELLING);

/** The key a member at the configuration's top is written under: the provider's `ip_filter_*` for the API's `ip_filter`. */
function keyFor(parent: FieldPath, key: string, value?: unknown): string {
  if (parent.length === 0 && key === 'ip_filter' && Array.isArray(value)) {
    if (value.length && value.every((v) => typeof v === 'string')) return 'ip_filter_string';
    if (value.length && value.every((v) => v && typeof v === 'object')) return 'ip_filter_object';
  }
  return providerName(key);
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
