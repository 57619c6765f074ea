import { LineIndex } from '../../lines';
import type { SyntaxProblem } from '../document';
import { terraformConfigurationDocument, type TerraformDocument } from '../terraform/document';
import type { VariableValues } from '../terraform/read';
import { terraformJsonEditor } from './edits';
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
  const tree = {
    text,
    entries: config.entries,
    occurrences: config.occurrences,
    resolved: config.resolved,
    sensitive: config.sensitive,
  };
  return terraformConfigurationDocument(text, lines, config, {
    commentsAllowed: false,
    // The file's syntax errors are reported once for the file, not per configuration.
    syntaxErrors: [],
    comments: () => [],
    holdsMembers: (entry) => entry.node.type === 'object' || entry.node.type === 'array',
    braces: ({ node }) => (node.type === 'object' ? { open: node.offset, close: node.offset + node.length - 1 } : undefined),
    editsFor: terraformJsonEditor(tree),
  });
}
