import { checkConfiguration, severityOf, sortFindings, type AnalysisResult } from '../../check';
import { baselineReader } from '../baseline';
import { parseDocument } from '..';
import { measureDepth } from '../json/document';
import { readableUntil } from '../json/damaged';
import { holdsConfiguration } from '../terraform/document';
import { parseTerraformJson } from './document';
import { terraformParserLoaded } from '../terraform/parser';
import { mentioningAny, movesOf, usedVariableNames, variableValues, type VariableSource } from '../terraform/variables';
import { LineIndex } from '../../lines';
import { terraformJsonSyntaxMessage } from '../../rules/invalid-json';
import { deployedResource, spellingNote, terraformBaseline, variableNote } from '../terraform/analysis';
import { jsonMoves, jsonResources } from '../terraform/moved';
import { parse as parseJson } from 'jsonc-parser';
import { replacedConfigurations, replacedFinding } from '../terraform/overrides';
import { DEFAULT_MAX_DEPTH, type AnalyzeOptions, type Finding } from '../../types';
import type { ConfigDocument, Replacement } from '../document';

/**
 * A file in Terraform's JSON syntax (`.tf.json`): each `search_user_config` block of a resource is
 * a configuration of its own, read and judged as in a `.tf` file; a finding names the resource
 * address before the field. JSON has no comments, so nothing is suppressed by one.
 */
export function analyzeTerraformJson(text: string, options: AnalyzeOptions): AnalysisResult {
  const findings: Finding[] = [];
  const internalErrors: AnalysisResult['internalErrors'] = [];
  const empty = parseDocument('', {});
  // As a .tf file: one without the block is none of ours, and is not parsed.
  if (!holdsConfiguration(text))
    return { findings, format: 'terraform-json', configurations: [], syntaxErrors: 0, doc: empty, internalErrors };
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const tooDeep = measureDepth(text, maxDepth);
  if (tooDeep) {
    const limitSeverity = severityOf('input-limit', options);
    if (limitSeverity !== 'off') {
      const lines = new LineIndex(text);
      findings.push({
        ruleId: 'input-limit',
        severity: limitSeverity,
        path: '',
        offset: tooDeep.offset,
        length: 1,
        range: lines.rangeOf(tooDeep.offset, 1),
        message: `Objects and arrays are nested ${tooDeep.depth > maxDepth + 1 ? `at least ${tooDeep.depth}` : tooDeep.depth} levels deep here, more than the ${maxDepth} levels the analyzer reads; the file was not analysed.`,
      });
    }
    return { findings, format: 'terraform-json', configurations: [], syntaxErrors: 0, doc: empty, internalErrors };
  }
  const file = parseTerraformJson(text, variablesOf(text, options));
  // As in a JSON configuration: past the first error the parser cannot read past exactly, its
  // reading is a guess, and only that error speaks.
  const until = readableUntil(text, file.syntaxErrors);
  // The same file as deployed: each resource is compared with the one of the same address there.
  const deployed = deployedOf(options);
  // A block an override file of the module replaces is never sent: it is not judged, only said to be replaced.
  const replaced = replacedConfigurations(options.fileName ?? 'main.tf.json', options.terraformVariables);
  const replacedDocs = new Map<ConfigDocument, Replacement>();
  // A resource renamed by a moved block (of the file, or of its module) is compared with its former address as deployed.
  const moduleMoves = deployed?.size ? movesOf(options.terraformVariables) : [];
  const own = deployed?.size && (moduleMoves.length || /\bmoved\b/.test(text)) ? (parseJson(text) as unknown) : undefined;
  const moves = [...jsonMoves(own), ...moduleMoves];
  const declared = jsonResources(own);
  const deployedAt = deployedResource(deployed, moves, (a) => declared.has(a));
  for (const doc of file.configurations) {
    const by = replaced.get(doc.address);
    if (by) {
      replacedDocs.set(doc, by);
      const finding = replacedFinding(doc, by, options);
      if (finding && (until === undefined || finding.offset < until)) findings.push(finding);
      continue;
    }
    const own: Finding[] = [];
    const baseline = terraformBaseline(doc, deployedAt(doc.address), options);
    checkConfiguration(doc, options, baseline, own, internalErrors);
    for (const f of own) {
      if (until !== undefined && f.offset >= until) continue;
      f.message = `${doc.address}: ${inJsonSyntax(f.message)}${spellingNote(doc, f.path)}${variableNote(doc, f)}`;
      findings.push(f);
    }
  }
  const syntaxSeverity = severityOf('invalid-json', options);
  if (syntaxSeverity !== 'off') {
    let last = -1;
    for (const e of file.syntaxErrors) {
      // A truncated file misses several closing brackets at the same place: one finding says it.
      if (e.offset === last) continue;
      if (until !== undefined && e.offset > until) break;
      last = e.offset;
      findings.push({
        ruleId: 'invalid-json',
        severity: syntaxSeverity,
        message: terraformJsonSyntaxMessage(e.code),
        path: '',
        offset: e.offset,
        length: e.length,
        range: file.lines.rangeOf(e.offset, e.length),
      });
    }
  }
  return {
    findings: sortFindings(findings),
    format: 'terraform-json',
    configurations: file.configurations,
    ...(replacedDocs.size ? { replaced: replacedDocs } : {}),
    syntaxErrors: file.syntaxErrors.length,
    doc: empty,
    internalErrors,
  };
}

/** A message's HCL advice (`write client_secret = var.client_secret`) as it is written in this syntax. */
const inJsonSyntax = (message: string): string =>
  message.replace(/\bwrite ([A-Za-z_][\w-]*) = var\.([A-Za-z_][\w-]*)/g, 'write "$1": "$${var.$2}"');

/**
 * The values of the variables the file uses (`"${var.NAME}"`), from its own `variable` properties
 * and the module's other files, as for a .tf file. A `.tf` file of the module is read with the
 * HCL parser: where it is not loaded, only the module's JSON files give values (the rest stay unknown).
 */
function variablesOf(text: string, options: AnalyzeOptions) {
  const used = text.includes('var.') ? usedVariableNames(text) : [];
  if (!used.length) return undefined;
  const hcl = terraformParserLoaded();
  const sources: VariableSource[] = [
    ...mentioningAny(options.terraformVariables ?? [], used),
    { fileName: options.fileName ?? 'main.tf.json', shownAs: options.displayName, text },
  ];
  return variableValues(hcl ? sources : sources.filter((s) => /\.json$/i.test(s.fileName)));
}

/** The same file as deployed, its resources by address (read once while it stays the same). */
const deployedOf = baselineReader((text) => new Map(parseTerraformJson(text).configurations.map((d) => [d.address, d])));
