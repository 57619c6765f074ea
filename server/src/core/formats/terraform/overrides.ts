import { severityOf } from '../../check';
import { severityRank, type AnalyzeOptions, type Finding, type Severity } from '../../types';
import type { ConfigDocument, Replacement } from '../document';
import { holdsConfiguration } from './document';
import { terraformParserLoaded } from './parser';
import { baseName, compareNames, isOverrideFile, overrideBlocksOf, type VariableSource } from './variables';

/**
 * The resources of the file `ownFileName` whose `search_user_config` blocks Terraform never sends,
 * by address: Terraform merges a module's override files after its other files, in the order of
 * their names, and a resource block there that holds `search_user_config` (as a block, or as the
 * argument `search_user_config = { ... }`, see hclOverrideBlocks) replaces every such block of the
 * resource of the same address merged before it (blocks are replaced whole, not merged). So
 * an override file replaces the blocks of the module's other files, and of the override files whose
 * names sort before its own. The last file to replace a resource's block is the one whose block is
 * sent, and the one named. `sources`: the module's other files, as the host read them.
 */
export function replacedConfigurations(
  ownFileName: string,
  sources: ReadonlyArray<VariableSource> | undefined,
): ReadonlyMap<string, Replacement> {
  const out = new Map<string, Replacement>();
  if (!sources?.length) return out;
  const own = baseName(ownFileName);
  const ownIsOverride = isOverrideFile(own);
  // A .tf file is read with the HCL parser: where it is not loaded, only the JSON override files count.
  const hcl = terraformParserLoaded();
  const later = sources
    .map((source) => ({ source, name: baseName(source.fileName) }))
    .filter(
      ({ source, name }) =>
        name !== own &&
        isOverrideFile(name) &&
        (!ownIsOverride || compareNames(own, name) < 0) &&
        (hcl || /\.json$/i.test(name)) &&
        // Only a file that holds the block's name can replace one; no other is parsed.
        holdsConfiguration(source.text),
    )
    .sort((a, b) => compareNames(a.name, b.name));
  for (const { source, name } of later)
    for (const [address, line] of overrideBlocksOf(source)) out.set(address, { fileName: source.shownAs ?? name, line });
  return out;
}

/**
 * The one finding on a configuration an override file replaces, at its block's name, instead of
 * what the rules would say of values never sent. It is no-effect's: like a field whose
 * prerequisite is off, the block does nothing where it stands. An info at most (milder when the
 * rule is set milder, none when it is off): replacing a block is what override files are for, so
 * this is no mistake to warn of, only the reason why the block's values are not judged here.
 */
export function replacedFinding(doc: ConfigDocument & { address: string }, by: Replacement, options: AnalyzeOptions): Finding | undefined {
  const setting = severityOf('no-effect', options);
  if (setting === 'off') return undefined;
  const severity: Severity = severityRank(setting) > severityRank('info') ? setting : 'info';
  const at = doc.locate([], 'key');
  return {
    ruleId: 'no-effect',
    severity,
    tags: ['unnecessary'],
    path: '',
    offset: at.offset,
    length: at.length,
    range: doc.lines.rangeOf(at.offset, at.length),
    message: `${doc.address}: this search_user_config block is replaced by the one in ${by.fileName}:${by.line} (a Terraform override file) and is never sent; its values are judged there.`,
  };
}
