import { checkConfiguration, inputLimitFinding, sortFindings, type AnalysisResult } from '../../check';
import { baselineReader } from '../baseline';
import { isPlan } from '../terraform-plan/document';
import { notConfigurationReason } from '../terraform-plan/not-configuration';
import { analyzePlan } from '../terraform/analysis';
import { DEFAULT_MAX_DEPTH, type AnalyzeOptions, type Finding } from '../../types';
import { parseDocument, type ParsedDocument } from './document';

/** What a JSON file that holds no configuration to check gives besides its findings. */
const unread = { format: 'json', configurations: [] } as const;

/**
 * A JSON file: a configuration as the API takes it (`.json`, `.jsonc`), or a Terraform plan
 * (`terraform show -json`), known by its content whatever its name. `parsed`: the parse the host
 * already has of this text.
 */
export function analyzeJson(text: string, options: AnalyzeOptions, parsed?: ParsedDocument): AnalysisResult {
  const findings: Finding[] = [];
  const internalErrors: AnalysisResult['internalErrors'] = [];
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
  const doc = parsed ?? parseDocument(text, { fileName: options.fileName, maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH });
  mark?.('parse');
  if (doc.tooDeep) {
    const { depth, offset } = doc.tooDeep;
    const max = options.maxDepth ?? DEFAULT_MAX_DEPTH;
    const pos = doc.lines.positionAt(offset);
    findings.push({
      ...inputLimitFinding(
        `Arrays and objects are nested ${depth > max + 1 ? `at least ${depth}` : depth} levels deep here, more than the ${max} levels the analyzer reads; the file was not analysed. A service configuration is at most a few levels deep: check how this file was generated.`,
      ),
      offset,
      length: 1,
      range: { start: pos, end: { line: pos.line, character: pos.character + 1 } },
    });
    return { ...unread, findings, syntaxErrors: doc.syntaxErrors.length, doc, internalErrors };
  }
  // One property test: a plan (`terraform show -json`) is known by its content, whatever its name.
  // A plan that is not valid JSON, or lacks what a plan has, or another kind of file: said, not checked.
  const notConfiguration = notConfigurationReason(doc);
  if (notConfiguration) return { ...unread, findings, syntaxErrors: doc.syntaxErrors.length, doc, internalErrors, notConfiguration };
  if (doc.value !== null && typeof doc.value === 'object' && 'resource_changes' in doc.value && isPlan(doc.value))
    return analyzePlan(doc, options);
  const deployed = deployedOf(options);
  const baseline = deployed && { doc: deployed, value: deployed.value, label: options.baselineLabel ?? 'the baseline' };
  mark?.('other');
  const suppressed = checkConfiguration(doc, options, baseline, findings, internalErrors, mark);
  return {
    findings: sortFindings(findings),
    format: 'json',
    // A configuration whose text no longer parses to a value (a fix must never make it so) holds none.
    configurations: doc.value === undefined ? [] : [doc],
    syntaxErrors: doc.syntaxErrors.length,
    doc,
    internalErrors,
    ...(suppressed.length ? { suppressed } : {}),
  };
}

/** The deployed configuration, when it parses to a value. */
const deployedOf = baselineReader((text, options) => {
  const doc = parseDocument(text, { fileName: options.fileName, maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH });
  return doc.value === undefined ? undefined : doc;
});
