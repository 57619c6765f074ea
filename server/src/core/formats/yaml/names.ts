/**
 * Which YAML files may hold a configuration, from their name and a text search: no parse, and nothing of the
 * YAML reader loaded, so that the VS Code extension can ask too.
 */
export const isYamlName = (fileName: string | undefined): boolean => !!fileName && /\.ya?ml$/i.test(fileName);
/** A file whose whole documents are configurations. */
export const isSearchYamlName = (fileName: string | undefined): boolean => !!fileName && /\.search\.ya?ml$/i.test(fileName);
/** A line that makes a manifest's document `kind: Search` (or would, once its syntax errors are mended). */
export const SEARCH_KIND_LINE = /^[ \t]*kind:[ \t]*["']?Search\b/m;
/** A manifest that may hold a configuration: a text search, no parse. */
export const holdsManifest = (text: string): boolean => SEARCH_KIND_LINE.test(text) && text.includes('userConfig');
