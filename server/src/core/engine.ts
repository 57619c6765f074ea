import { checkConfiguration, severityOf, sortFindings, type AnalysisResult } from './check';
import { parseDocument, type ParsedDocument } from './formats';
import { isTerraformName } from './formats/terraform/document';
import { isYamlName } from './formats/yaml/document';
import type { BaselineInfo } from './rule';
import { analyzeRequestSteps } from './request-files/analyze';
import { runToEnd, type Steps } from './request-files/steps';
import { requestFileKind } from './request-files/types';
import { isPlan } from './formats/terraform-plan/document';
import { notConfigurationReason } from './formats/terraform-plan/not-configuration';
import { analyzePlan, analyzeTerraform } from './formats/terraform/analysis';
import { analyzeYaml } from './formats/yaml/analysis';
import { analyzeTerraformJson } from './formats/terraform-json/analysis';
import { isTerraformJsonName } from './formats/terraform-json/document';
import { DEFAULT_MAX_DEPTH, DEFAULT_MAX_FILE_SIZE, type AnalyzeOptions, type Finding } from './types';
import type { DocumentState } from './document-state';

export { effectiveSeverity, locateFinding, schemaErrorsOf, type AnalysisResult } from './check';

export function parseFor(text: string, options: AnalyzeOptions): ParsedDocument {
  return parseDocument(text, { fileName: options.fileName, maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH });
}

/**
 * Text plus options in, findings out. Pure: no I/O. `state`: what the analyses of earlier
 * versions of the same document kept (an editor's open document), which makes an edit cheaper
 * and never changes the result.
 */
export const analyze = (text: string, options: AnalyzeOptions = {}, parsed?: ParsedDocument, state?: DocumentState): AnalysisResult =>
  runToEnd(analyzeInSteps(text, options, parsed, state));

/**
 * analyze, pausing between slices of a request file's reading (see requests/steps.ts), so that a host
 * can answer other requests while a large request file is read. A configuration is analysed in one go.
 */
export function* analyzeInSteps(
  text: string,
  options: AnalyzeOptions = {},
  parsed?: ParsedDocument,
  state?: DocumentState,
): Steps<AnalysisResult> {
  const maxSize = options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
  const findings: Finding[] = [];
  const internalErrors: AnalysisResult['internalErrors'] = [];
  if (text.length > maxSize) {
    const doc = parseDocument('', {});
    findings.push(
      limitFinding(
        `The file has ${text.length} characters, more than the limit of ${maxSize}; it was not analysed. Split the configuration, or raise maxFileSize in .search-lint.json if the file is really meant to be this large.`,
        options,
      ),
    );
    return { findings, doc, internalErrors };
  }
  const requestKind = requestFileKind(options.fileName);
  if (requestKind) {
    const found = yield* analyzeRequestSteps(
      text,
      requestKind,
      options,
      severityOf('blocked-endpoint', options),
      severityOf('unused-suppression', options),
      severityOf('input-limit', options),
    );
    return { findings: found, doc: parseDocument('', {}), internalErrors };
  }
  if (isTerraformName(options.fileName)) return analyzeTerraform(text, options, state);
  if (isTerraformJsonName(options.fileName)) return analyzeTerraformJson(text, options);
  if (isYamlName(options.fileName)) return analyzeYaml(text, options, state);
  const { timings } = options;
  let clock = timings ? performance.now() : 0;
  /** Adds the time since the last mark to `phase`, when timings are asked for. */
  const mark = timings
    ? (phase: string): void => {
        const t = performance.now();
        timings.set(phase, (timings.get(phase) ?? 0) + t - clock);
        clock = t;
      }
    : undefined;
  const doc = parsed ?? parseFor(text, options);
  mark?.('parse');
  if (doc.tooDeep) {
    const { depth, offset } = doc.tooDeep;
    const max = options.maxDepth ?? DEFAULT_MAX_DEPTH;
    const pos = doc.lines.positionAt(offset);
    findings.push({
      ...limitFinding(
        `Arrays and objects are nested ${depth > max + 1 ? `at least ${depth}` : depth} levels deep here, more than the ${max} levels the analyzer reads; the file was not analysed. A service configuration is at most a few levels deep: check how this file was generated.`,
        options,
      ),
      offset,
      length: 1,
      range: { start: pos, end: { line: pos.line, character: pos.character + 1 } },
    });
    return { findings, doc, internalErrors };
  }
  // One property test: a plan (`terraform show -json`) is known by its content, whatever its name.
  // A plan that is not valid JSON, or lacks what a plan has, or another kind of file: said, not checked.
  const notConfiguration = notConfigurationReason(doc);
  if (notConfiguration) return { findings, doc, internalErrors, notConfiguration };
  if (doc.value !== null && typeof doc.value === 'object' && 'resource_changes' in doc.value && isPlan(doc.value))
    return analyzePlan(doc, options);
  const baseline = options.baselineText !== undefined ? baselineOf(options) : undefined;
  mark?.('other');
  const suppressed = checkConfiguration(doc, options, baseline, findings, internalErrors, mark);
  return { findings: sortFindings(findings), doc, internalErrors, ...(suppressed.length ? { suppressed } : {}) };
}

function limitFinding(message: string, _options: AnalyzeOptions): Finding {
  return {
    ruleId: 'input-limit',
    severity: 'error',
    message,
    path: '',
    offset: 0,
    length: 0,
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
  };
}

function baselineOf(options: AnalyzeOptions): BaselineInfo | undefined {
  const doc = parseDocument(options.baselineText ?? '', { fileName: options.fileName, maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH });
  if (doc.value === undefined) return undefined;
  return { doc, value: doc.value, label: options.baselineLabel ?? 'the baseline' };
}
