import { checkConfiguration, directiveScanOf, severityOf, sortFindings, suppressIn, type AnalysisResult } from '../../check';
import { baselineReader } from '../baseline';
import { parseDocument, type ParsedDocument } from '..';
import { planConfigurations } from '../terraform-plan/document';
import { holdsConfiguration, parseTerraform, withoutBlockDocument } from './document';
import { spoiledText } from './syntax-errors';
import { terraformParserLoaded } from './parser';
import { mentioningAny, movesOf, usedVariableNames, variableValues } from './variables';
import { formerAddress, type Move } from './moved';
import { replacedConfigurations, replacedFinding } from './overrides';
import type { Node } from 'web-tree-sitter';
import { formatPath } from '../../paths';
import type { TerraformDocument, TerraformFileDocuments } from './document';
import type { ConfigDocument, Replacement } from '../document';
import { terraformSyntaxMessage } from '../../rules/invalid-json';
import { RULES_BY_ID } from '../../rules';
import { replacingChanges } from '../../rules/create-only-field';
import type { BaselineInfo } from '../../rule';
import type { DocumentState } from '../../document-state';
import { DEFAULT_MAX_DEPTH, type AnalyzeOptions, type Finding } from '../../types';

/**
 * A Terraform file: each `search_user_config` block of a resource is a configuration of its own,
 * checked by the same rules; a finding names the resource address before the field.
 */
export function analyzeTerraform(text: string, options: AnalyzeOptions, state?: DocumentState): AnalysisResult {
  const findings: Finding[] = [];
  const internalErrors: AnalysisResult['internalErrors'] = [];
  const empty = parseDocument('', {});
  if (!terraformParserLoaded()) {
    internalErrors.push({ ruleId: 'invalid-syntax', message: 'the Terraform parser is not loaded, so the file was not read' });
    return { findings, format: 'terraform', configurations: [], syntaxErrors: 0, doc: empty, internalErrors };
  }
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  // Variables' literal values from this file's own `variable` blocks and from the module's other
  // files (when the host read them), when a value uses one: only the files that mention a variable
  // this file uses are parsed, and this file only once.
  const used = text.includes('var.') ? usedVariableNames(text) : [];
  const variables = used.length
    ? (root: Node) =>
        variableValues([
          ...mentioningAny(options.terraformVariables ?? [], used),
          { fileName: options.fileName ?? 'main.tf', shownAs: options.displayName, text, root },
        ])
    : undefined;
  // The same file as deployed: each resource is compared with the one of the same address there.
  const deployed = deployedOf(options);
  // With a deployed version, the file's resources without a configuration are read too: one whose block was removed.
  const file = parseTerraform(text, maxDepth, variables, state?.terraform, !!deployed?.size);
  const limitSeverity = severityOf('input-limit', options);
  const limit = limitOf(file, maxDepth);
  if (limit) {
    if (limitSeverity === 'off') return { findings, format: 'terraform', configurations: [], syntaxErrors: 0, doc: empty, internalErrors };
    findings.push({
      ruleId: 'input-limit',
      severity: limitSeverity,
      message: limit.message,
      path: '',
      offset: limit.offset,
      length: limit.length,
      range: file.lines.rangeOf(limit.offset, limit.length),
    });
    return { findings, format: 'terraform', configurations: [], syntaxErrors: 0, doc: empty, internalErrors };
  }
  // Suppression comments speak for the file: one at its top reaches every resource below.
  const directives = directiveScanOf(text, file.lines, file.comments ?? []);
  // A block an override file of the module replaces is never sent: it is not judged, only said to be replaced.
  const replaced = replacedConfigurations(options.fileName ?? 'main.tf', options.terraformVariables);
  const replacedDocs = new Map<ConfigDocument, Replacement>();
  // A resource renamed by a moved block is compared with its former address as deployed.
  const declared = file.outline?.resources;
  const moves = deployed?.size ? [...(file.outline?.moved ?? []), ...movesOf(options.terraformVariables)] : [];
  const deployedAt = deployedResource(deployed, moves, (a) => !!declared?.has(a));
  for (const doc of file.configurations) {
    const by = replaced.get(doc.address);
    if (by) {
      replacedDocs.set(doc, by);
      const finding = replacedFinding(doc, by, options);
      if (finding) findings.push(finding);
      continue;
    }
    const own: Finding[] = [];
    const baseline = terraformBaseline(doc, deployedAt(doc.address), options);
    checkConfiguration(doc, options, baseline, own, internalErrors, undefined, directives);
    for (const f of own) {
      f.message = `${doc.address}: ${f.message}${spellingNote(doc, f.path)}${variableNote(doc, f)}`;
      findings.push(f);
    }
  }
  // A resource that stays without the block it had as deployed: Terraform updates the service, and nothing is reset.
  const configured = new Set(file.configurations.map((d) => d.address));
  for (const [address, at] of file.outline?.resources ?? []) {
    const before = deployedAt(address);
    if (!before || replaced.has(address) || configured.has(address)) continue;
    const doc = withoutBlockDocument(text, file.lines, address, at);
    const own: Finding[] = [];
    checkConfiguration(doc, options, terraformBaseline(doc, before, options), own, internalErrors, undefined, directives);
    for (const f of own) {
      f.message = `${address}: ${f.message} ${BLOCK_REMOVED}`;
      findings.push(f);
    }
  }
  // Syntax problems inside a configuration are its own; one elsewhere is reported when it may be
  // what kept a configuration from being read (no configuration was, or it holds the block's name).
  // Reported whatever the rule's setting (see Finding.fatal): Terraform reads no file with a syntax error.
  {
    // Once per place: several braces missing at the end of a truncated file are one mistake.
    const errorsOf = (docs: TerraformDocument[]): Set<number> => new Set(docs.flatMap((d) => d.syntaxErrors.map((e) => e.offset)));
    const covered = errorsOf(file.configurations.filter((d) => !replaced.has(d.address)));
    // Terraform reads no file with a syntax error, even one in a block an override replaces: those are said here.
    const inReplaced = errorsOf(file.configurations.filter((d) => replaced.has(d.address)));
    for (const e of file.syntaxErrors) {
      if (covered.has(e.offset) || (file.configurations.length && !inReplaced.has(e.offset) && !holdsConfiguration(spoiledText(text, e))))
        continue;
      covered.add(e.offset);
      findings.push({
        ruleId: 'invalid-syntax',
        severity: 'error',
        fatal: true,
        message: terraformSyntaxMessage(e.code, text.slice(e.offset, e.offset + e.length)),
        path: '',
        offset: e.offset,
        length: e.length,
        range: file.lines.rangeOf(e.offset, e.length),
      });
    }
  }
  const { findings: kept, suppressed } = suppressIn(text, file.lines, directives, findings, options);
  return {
    findings: sortFindings(kept),
    format: 'terraform',
    configurations: file.configurations,
    ...(replacedDocs.size ? { replaced: replacedDocs } : {}),
    syntaxErrors: file.syntaxErrors.length,
    doc: empty,
    internalErrors,
    ...(suppressed.length ? { suppressed } : {}),
  };
}

/** What a finding about a resource whose block was removed adds. */
const BLOCK_REMOVED =
  'The resource no longer has a search_user_config block, but it stays: Terraform updates the service without the block, which resets nothing.';

/** What a finding about a plan's resource whose block the plan removes adds. */
const PLAN_BLOCK_REMOVED =
  'The plan removes the search_user_config block, but not the resource: Terraform updates the service without the block, which resets nothing.';

/**
 * The resource of the same address as deployed, for the change-aware rules. A fork field changed makes
 * the provider replace the service, as a plan's `["delete", "create"]` does: the configuration is then a
 * new service's, and nothing of the one destroyed restarts or is kept.
 */
export function terraformBaseline(
  doc: ConfigDocument,
  deployed: { doc: ConfigDocument; former?: string } | undefined,
  options: AnalyzeOptions,
): BaselineInfo | undefined {
  if (!deployed) return undefined;
  const before = deployed.doc;
  const replaced = replacingChanges(doc.value, before.value).length > 0;
  const label = options.baselineLabel ?? 'the baseline';
  // Renamed by a moved block: the same service, under its former address there.
  return {
    doc: before,
    value: before.value,
    label: deployed.former ? `${deployed.former} in ${label}` : label,
    ...(replaced ? { replaced } : {}),
  };
}

/**
 * The resource at `address` as deployed: the one of the same address, or the one a `moved` block
 * (of the file, or of its module's other files) renamed to it, which Terraform updates in place. A
 * former address still declared in the file is no move: Terraform moves only what is no longer there.
 */
export function deployedResource(
  deployed: ReadonlyMap<string, ConfigDocument> | undefined,
  moves: readonly Move[],
  declared: (address: string) => boolean,
): (address: string) => { doc: ConfigDocument; former?: string } | undefined {
  return (address) => {
    if (!deployed?.size) return undefined;
    const same = deployed.get(address);
    if (same) return { doc: same };
    const former = moves.length ? formerAddress(moves, address, (a) => deployed.has(a) && !declared(a)) : undefined;
    return former ? { doc: deployed.get(former)!, former } : undefined;
  };
}

/** Why a Terraform file was not read, and where that is said. */
function limitOf(file: TerraformFileDocuments, maxDepth: number): { message: string; offset: number; length: number } | undefined {
  if (file.tooLarge)
    return {
      message: `The Terraform file has ${file.tooLarge.size} characters, more than the ${file.tooLarge.limit} the HCL parser reads; it was not analysed. Move the search_user_config block to a smaller file, or check a plan of it (terraform show -json).`,
      offset: 0,
      length: 0,
    };
  if (file.tooDeep)
    return {
      message: `Blocks, lists or calls are nested ${file.tooDeep.depth} levels deep here, more than the ${maxDepth} levels the analyzer reads; the file was not analysed.`,
      offset: file.tooDeep.offset,
      length: 1,
    };
  if (file.tooBroken) {
    const at = file.tooBroken.offset;
    const where = at === undefined ? 'Its first syntax error' : `The first, on line ${file.lines.positionAt(at).line + 1},`;
    return {
      message: `The Terraform file has more syntax errors than the HCL parser reads in the time it is given for a file of this size; it was not analysed. ${where} is where to start fixing (terraform validate shows the errors); then lint again.`,
      offset: at ?? 0,
      length: 0,
    };
  }
  return undefined;
}

/**
 * A Terraform plan: each resource change with a search_user_config is checked as Terraform will
 * send it, against the state before the plan for the change-aware rules; findings point into
 * the plan's JSON and name the resource address.
 */
export function analyzePlan(plan: ParsedDocument, options: AnalyzeOptions): AnalysisResult {
  const findings: Finding[] = [];
  const internalErrors: AnalysisResult['internalErrors'] = [];
  const changes = planConfigurations(plan);
  for (const { address, after, before, replaced, blockRemoved } of changes) {
    const own: Finding[] = [];
    const baseline = before && { doc: before, value: before.value, label: 'the state before the plan', replaced };
    checkConfiguration(after, options, baseline, own, internalErrors);
    for (const f of own) {
      f.message = `${address}: ${f.message}${spellingNote(after, f.path)}${blockRemoved ? ` ${PLAN_BLOCK_REMOVED}` : ''}`;
      findings.push(f);
    }
  }
  return {
    findings: sortFindings(findings),
    format: 'json',
    configurations: changes.map((c) => c.after),
    syntaxErrors: plan.syntaxErrors.length,
    doc: plan,
    internalErrors,
  };
}

/** A finding about a dotted key written in the provider's spelling names what was written: ` (written cluster_search_request_slowlog)`. */
export function spellingNote(doc: ConfigDocument, path: string): string {
  for (const spelled of doc.spellings ?? []) {
    const at = formatPath(spelled.path);
    if (path === at || path.startsWith(`${at}.`) || path.startsWith(`${at}[`)) return ` (${at} is written ${spelled.written} in Terraform)`;
  }
  return '';
}

/** Where the value of a finding's field comes from, when it is a variable's: ` (var.size, from terraform.tfvars:3)`. */
export function variableNote(doc: TerraformDocument, finding: Pick<Finding, 'path' | 'ruleId'>): string {
  // A rule that names the variable and where it is set (secret-in-plain-text) has said it already.
  if (RULES_BY_ID.get(finding.ruleId)?.meta.namesVariables) return '';
  const { path } = finding;
  for (const used of doc.variablesUsed) {
    const at = formatPath(used.path);
    if (path !== at && !path.startsWith(`${at}.`) && !path.startsWith(`${at}[`)) continue;
    return ` (the value of ${used.variable}, from ${used.from})`;
  }
  return '';
}

/** The same file as deployed, its resources by address (read once while it stays the same). */
const deployedOf = baselineReader(
  (text, options) => new Map(parseTerraform(text, options.maxDepth ?? DEFAULT_MAX_DEPTH).configurations.map((d) => [d.address, d])),
);
