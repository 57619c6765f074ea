import type { Node as JsonNode } from 'jsonc-parser';
import type { Node } from 'web-tree-sitter';
import { LineIndex } from '../../lines';
import { objectsOf, propertiesOf } from '../terraform-json/read';
import { CONFIGURATION_BLOCK } from './names';
import { childOfType, named, textOf, typeOf } from './nodes';
import { isConfigurationArgument, labelText, resourceAddress } from './read';

/**
 * What an override file (`override.tf`, `*_override.tf`, their `.tf.json` forms) says about
 * configurations: the addresses of its resources that hold a `search_user_config` block (written
 * out, or `dynamic "search_user_config"`) or argument (`search_user_config = { ... }`), each with
 * the line (1-based) of the first. Terraform merges such a resource into the one of the same
 * address elsewhere in the module, and what the override sets by that name replaces what the
 * other file sets by it; a resource of an override file without it changes no configuration, and
 * is not listed.
 */
export type OverrideBlocks = ReadonlyMap<string, number>;

/**
 * The resources of an HCL file's top-level body (`body`) that hold the block or the argument. The
 * argument is counted as the reader counts it (isConfigurationArgument): the override's own
 * analysis judges its value as the configuration (and tells that the provider takes a block, with
 * the fix that writes one), so the block it stands for is not judged as well.
 */
export function hclOverrideBlocks(body: Node | undefined): OverrideBlocks {
  const out = new Map<string, number>();
  // Only the top level and each resource's own members are looked at: no walk of what the blocks hold.
  for (const block of body ? named(body) : []) {
    if (typeOf(block) !== 'block') continue;
    const address = resourceAddress(block);
    if (!address) continue;
    for (const inner of named(childOfType(block, 'body') ?? block)) {
      if (out.has(address)) break;
      if (typeOf(inner) === 'attribute' && isConfigurationArgument(inner)) out.set(address, inner.startPosition.row + 1);
      if (typeOf(inner) !== 'block') continue;
      const [name, label] = named(inner);
      if (!name || typeOf(name) !== 'identifier') continue;
      const type = textOf(name);
      // A dynamic block of the type overrides it as blocks written out do, whatever its content.
      if (type === CONFIGURATION_BLOCK || (type === 'dynamic' && !!label && labelText(label) === CONFIGURATION_BLOCK))
        out.set(address, inner.startPosition.row + 1);
    }
  }
  return out;
}

/**
 * The same in Terraform's JSON syntax: `{"resource": {"TYPE": {"NAME": {"search_user_config": …}}}}`,
 * or `"dynamic": {"search_user_config": …}` in the resource; each level may be an array of objects
 * (each object one block, so that an empty array is none). The syntax writes an argument and a
 * block alike, so an object there is counted either way; a string (an expression) is neither read
 * as a configuration nor counted.
 */
export function jsonOverrideBlocks(root: JsonNode | undefined, text: string): OverrideBlocks {
  const out = new Map<string, number>();
  if (root?.type !== 'object') return out;
  let lines: LineIndex | undefined;
  const lineOf = (key: JsonNode): number => (lines ??= new LineIndex(text)).positionAt(key.offset).line + 1;
  for (const top of propertiesOf(root)) {
    if (top.name !== 'resource') continue;
    for (const types of objectsOf(top.value))
      for (const type of propertiesOf(types))
        for (const names of objectsOf(type.value))
          for (const name of propertiesOf(names))
            for (const body of objectsOf(name.value)) {
              const address = `${type.name}.${name.name}`;
              for (const member of propertiesOf(body)) {
                if (out.has(address)) break;
                // An empty array is no block: it replaces nothing.
                if (member.name === CONFIGURATION_BLOCK && objectsOf(member.value).length) out.set(address, lineOf(member.key));
                else if (member.name === 'dynamic')
                  for (const dynamic of objectsOf(member.value)) {
                    const labelled = propertiesOf(dynamic).find((p) => p.name === CONFIGURATION_BLOCK);
                    if (labelled && objectsOf(labelled.value).length && !out.has(address)) out.set(address, lineOf(labelled.key));
                  }
              }
            }
  }
  return out;
}
