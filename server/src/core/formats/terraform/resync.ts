import { CONFIGURATION_BLOCK, providerName } from './names';
import { HclParseAbandoned, parseHcl } from './parser';
import { readTerraform, type TerraformFile, type VariableValues } from './read';

/**
 * The HCL parser recovers from a syntax error by guessing where the damaged block ends, and may
 * take every block after it for part of it: a missing `=` in one resource hid the next resource
 * whole, and its mistakes went unreported. Terraform reads each top-level block on its own. So a
 * resource whose header starts a line after a syntax error, and which was not read as a resource,
 * is read again from a text in which everything before it is blank (the offsets, and so every
 * range, stay those of the file). A few rounds at most, each one parse: linear in the file.
 */
const MAX_ROUNDS = 8;

/** `resource "vendor_search" "name" {` at a line's start. */
const RESOURCE_HEADER = /^resource[ \t]+"[^"\r\n]*"[ \t]+"[^"\r\n]*"[ \t]*\{/gm;

export function readAfterSyntaxErrors(source: string, file: TerraformFile, values: VariableValues | undefined): TerraformFile {
  let current = readWithoutQuotes(source, file, values);
  let from = 0;
  for (let round = 0; round < MAX_ROUNDS && current.syntaxErrors.length; round++) {
    const lost = lostResource(source, current, from);
    if (lost === undefined) break;
    // Blank out what comes before, keeping its line breaks.
    const masked = source.slice(0, lost).replace(/[^\r\n]/g, ' ') + source.slice(lost);
    let tree;
    try {
      tree = parseHcl(masked);
    } catch (err) {
      if (err instanceof HclParseAbandoned) break;
      throw err;
    }
    try {
      const again = readTerraform(tree.rootNode, masked, values);
      const before = <T extends { offset: number }>(x: T): boolean => x.offset < lost;
      current = {
        configurations: [
          ...current.configurations.filter((c) => c.resource.offset < lost),
          ...again.configurations.filter((c) => c.resource.offset >= lost),
        ],
        syntaxErrors: [...current.syntaxErrors.filter(before), ...again.syntaxErrors.filter((e) => !before(e))],
        comments: [...current.comments.filter(before), ...again.comments.filter((c) => !before(c))],
      };
    } finally {
      tree.delete();
    }
    from = lost + 1;
  }
  return current;
}

/**
 * The first resource header at or after `from`, and after the file's first syntax error, that holds
 * the configuration's block and was not read as the start of a resource.
 */
function lostResource(source: string, file: TerraformFile, from: number): number | undefined {
  let firstError = Infinity;
  for (const e of file.syntaxErrors) if (e.offset < firstError) firstError = e.offset;
  const read = new Set(file.configurations.map((c) => c.resource.offset));
  RESOURCE_HEADER.lastIndex = Math.max(from, firstError === Infinity ? source.length : firstError);
  // Where the block's name is next written: looked for again only once a header is past it (linear).
  let holds = -1;
  for (let m = RESOURCE_HEADER.exec(source); m; m = RESOURCE_HEADER.exec(source)) {
    if (read.has(m.index)) continue;
    if (holds < m.index) holds = source.indexOf(CONFIGURATION_BLOCK, m.index);
    if (holds < 0) return undefined;
    const next = source.indexOf('\nresource', m.index + 1);
    if (next < 0 || holds < next) return m.index;
  }
  return undefined;
}

/**
 * A quoted argument name (`"cluster.remote_store" = {}`) is one mistake, but the parser's recovery
 * from it may turn the block it opens into a broken attribute, and the block's closing brace into a
 * stray one that spoils the resources below. The file is read again with each such name written as
 * the provider spells it (`cluster_remote_store`, its quotes blanked: the offsets stay), so that the
 * rest is read as Terraform would once the name is fixed; the quoted names stay its syntax errors.
 */
function readWithoutQuotes(source: string, file: TerraformFile, values: VariableValues | undefined): TerraformFile {
  const quoted = file.syntaxErrors.filter(
    (e) => e.code === 'quoted name' && /^"[\w.-]+"$/.test(source.slice(e.offset, e.offset + e.length)),
  );
  if (!quoted.length) return file;
  let repaired = '';
  let at = 0;
  for (const e of [...quoted].sort((a, b) => a.offset - b.offset)) {
    repaired += `${source.slice(at, e.offset)} ${providerName(source.slice(e.offset + 1, e.offset + e.length - 1))} `;
    at = e.offset + e.length;
  }
  repaired += source.slice(at);
  let tree;
  try {
    tree = parseHcl(repaired);
  } catch (err) {
    if (err instanceof HclParseAbandoned) return file;
    throw err;
  }
  try {
    const again = readTerraform(tree.rootNode, repaired, values);
    return { ...again, syntaxErrors: [...quoted, ...again.syntaxErrors].sort((a, b) => a.offset - b.offset) };
  } finally {
    tree.delete();
  }
}
