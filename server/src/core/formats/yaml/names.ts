/**
 * Which YAML files may hold a configuration, from their name and a text search: no parse, and nothing of the
 * YAML reader loaded, so that the VS Code extension can ask too.
 */
export const isYamlName = (fileName: string | undefined): boolean => !!fileName && /\.ya?ml$/i.test(fileName);
/** A file whose whole documents are configurations. */
export const isSearchYamlName = (fileName: string | undefined): boolean => !!fileName && /\.search\.ya?ml$/i.test(fileName);
/**
 * A line that makes a manifest's document `kind: Search` (or would, once its syntax errors are mended), in
 * every spelling of the key and the value: plain, quoted, in a flow map or a JSON-style manifest.
 */
export const SEARCH_KIND_LINE = /(?:^|[{,])[ \t]*(?:kind|"kind"|'kind')[ \t]*:[ \t]*["']?Search\b/m;
/** The operator's API group: a `kind: Search` manifest is the operator's only when its apiVersion is `vendor.io/<version>`. */
export const OPERATOR_GROUP = 'vendor.io';

/**
 * A manifest that may hold a configuration: a text search, no parse, that no spelling the YAML reader
 * accepts gets past. The words `kind`, `Search` and `userConfig` are written out in any manifest that holds
 * one (quoted or not, in block or flow style, as an item of a `kind: List`), unless a double-quoted
 * scalar spells one with an escape (`"\x53earch"`): a backslash stands for any word missing.
 */
export function holdsManifest(text: string): boolean {
  const escapes = text.includes('\\');
  return (escapes || text.includes('kind')) && (escapes || text.includes('Search')) && (escapes || text.includes('userConfig'));
}
