import { LineIndex } from '../../lines';
import type { FieldPath, OffsetRange } from '../../types';
import { convertScalars } from '../conversion';
import { locateMember, type SyntaxProblem } from '../document';
import type { TerraformDocument } from '../terraform/document';
import { providerName } from '../terraform/names';
import { pathKey, pathOfKey } from '../terraform/nodes';
import type { VariableValues } from '../terraform/read';
import { terraformJsonEdits } from './edits';
import { readTerraformJson, type JsonConfiguration } from './read';

/** A file in Terraform's JSON syntax: `main.tf.json`, as CDK for Terraform writes them. */
export const isTerraformJsonName = (fileName: string | undefined): boolean => !!fileName && /\.tf\.json$/i.test(fileName);

export interface TerraformJsonFileDocuments {
  configurations: TerraformDocument[];
  /** The JSON syntax problems of the file: Terraform reads none of a file that has one. */
  syntaxErrors: SyntaxProblem[];
  lines: LineIndex;
}

/**
 * Every configuration of a `.tf.json` file as the same document a `.tf` file gives: resource
 * address, values after Terraform's conversion, the provider's spellings, variables' values;
 * positions are the file's, and fixes are JSON edits.
 */
export function parseTerraformJson(text: string, variables?: VariableValues): TerraformJsonFileDocuments {
  // A byte order mark is read as a blank, which keeps every offset.
  const source = text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text;
  const lines = new LineIndex(text);
  const file = readTerraformJson(source, variables);
  return { configurations: file.configurations.map((c) => configurationDocument(text, lines, c)), syntaxErrors: file.syntaxErrors, lines };
}

function configurationDocument(text: string, lines: LineIndex, config: JsonConfiguration): TerraformDocument {
  const entryOf = (path: FieldPath) => config.entries.get(pathKey(path));
  const tree = { text, entries: config.entries, occurrences: config.occurrences, resolved: config.resolved };
  const variablesUsed = [...config.resolved.values()];
  // A value from a variable declared sensitive is never shown, whichever field it is given to.
  const sensitivePaths = variablesUsed.filter((u) => u.sensitive).map((u) => u.path);
  // Rules judge what Terraform sends: literals and variables' values after its conversion.
  const { value, conversions } = convertScalars(config.value);
  return {
    format: 'terraform',
    address: config.address,
    variablesUsed,
    text,
    commentsAllowed: false,
    convertsScalars: true,
    value,
    conversions: conversions.length ? conversions : undefined,
    lines,
    spellings: config.spellings.length ? config.spellings : undefined,
    keyName: providerName,
    // The file's syntax errors are reported once for the file, not per configuration.
    syntaxErrors: [],
    unknownPaths: config.unknownPaths.length ? config.unknownPaths : undefined,
    sensitivePaths: sensitivePaths.length ? sensitivePaths : undefined,
    noDuplicateKeys: config.repeated.length === 0,
    comments: () => [],
    rangeAt: (path) => entryOf(path)?.value,
    locate: (path, target) => locateMember(entryOf, path, target, { offset: config.resource.offset, length: 0 }),
    repeatedKeys: () => config.repeated,
    memberAt: (offset) => memberAt(config, offset),
    blockAt: (offset) => blockAt(config, offset),
    editsFor: (intents) => terraformJsonEdits(tree, intents),
  };
}

const holds = (r: OffsetRange | undefined, offset: number): r is OffsetRange => !!r && offset >= r.offset && offset <= r.offset + r.length;

/** The innermost member whose key, or whose value when it is no object or array, holds the offset. */
function memberAt(config: JsonConfiguration, offset: number): { path: FieldPath; range: OffsetRange } | undefined {
  let best: { path: FieldPath; range: OffsetRange } | undefined;
  for (const [key, entry] of config.entries) {
    if (!key) continue;
    const container = entry.node.type === 'object' || entry.node.type === 'array';
    const range = holds(entry.key, offset) ? entry.key : !container && holds(entry.value, offset) ? entry.value : undefined;
    if (range && (!best || range.length < best.range.length)) best = { path: pathOfKey(key), range };
  }
  return best;
}

/** Path of the innermost object of the configuration (its own included) whose braces hold `offset`. */
function blockAt(config: JsonConfiguration, offset: number): FieldPath | undefined {
  let best: { key: string; size: number } | undefined;
  for (const [key, entry] of config.entries) {
    const { node } = entry;
    if (node.type !== 'object' || offset <= node.offset || offset >= node.offset + node.length) continue;
    if (!best || node.length < best.size || (node.length === best.size && key.length > best.key.length)) best = { key, size: node.length };
  }
  return best && (best.key ? pathOfKey(best.key) : []);
}
