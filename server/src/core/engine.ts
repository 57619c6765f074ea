import validate from '../generated/validate';
import { parseDocument, type ConfigDocument, type ParsedDocument } from './formats';
import { holdsConfiguration, isTerraformName, parseTerraform, type TerraformDocument } from './formats/terraform/document';
import { terraformParserLoaded } from './formats/terraform/parser';
import { formatPath } from './paths';
import type { BaselineInfo, Rule, RuleContext, SchemaError } from './rule';
import { RULES, RULES_BY_ID } from './rules';
import { terraformSyntaxMessage } from './rules/invalid-json';
import { analyzeRequestText } from './requests/analyze';
import { requestFileKind } from './requests/types';
import { schemaAt } from './schema';
import { applyDirectives, parseDirectives, unusedDirectiveReport } from './suppress';
import { DEFAULT_MAX_DEPTH, DEFAULT_MAX_FILE_SIZE, type AnalyzeOptions, type Finding, type RawFinding, type Segment, type Severity, type SeveritySetting, severityRank } from './types';

export interface AnalysisResult {
  findings: Finding[];
  doc: ParsedDocument;
  /** Rules that threw: the rest of the analysis still ran. */
  internalErrors: Array<{ ruleId: string; message: string }>;
  /** For a Terraform file (then `doc` is empty): its configurations and the syntax problems of the whole file. */
  terraform?: { configurations: TerraformDocument[]; syntaxErrors: number };
}

/** The severity a rule runs with under these options, or 'off'. */
export function effectiveSeverity(rule: Rule, options: AnalyzeOptions): SeveritySetting {
  return options.rules?.[rule.meta.id] ?? rule.meta.defaultSeverity;
}

/** The same for a rule named by its id ('off' for an id no rule has). */
function severityOf(id: string, options: AnalyzeOptions): SeveritySetting {
  const rule = RULES_BY_ID.get(id);
  return rule ? effectiveSeverity(rule, options) : 'off';
}

function pointerToPath(pointer: string, root: unknown): Segment[] {
  if (!pointer) return [];
  const out: Segment[] = [];
  let cur: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(cur)) { out.push(Number(key)); cur = cur[Number(key)]; }
    else { out.push(key); cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[key] : undefined; }
  }
  return out;
}

/** Runs the precompiled schema validator; an empty list for a valid document. */
export function schemaErrorsOf(value: unknown): SchemaError[] {
  if (value === undefined || validate(value)) return [];
  return (validate.errors ?? []).map((e) => {
    const path = pointerToPath(e.instancePath, value);
    return { path, keyword: e.keyword, params: e.params as Record<string, unknown>, schema: schemaAt(path) };
  });
}

export function parseFor(text: string, options: AnalyzeOptions): ParsedDocument {
  return parseDocument(text, { fileName: options.fileName, maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH });
}

/** Text plus options in, findings out. Pure: no I/O. */
export function analyze(text: string, options: AnalyzeOptions = {}, parsed?: ParsedDocument): AnalysisResult {
  const maxSize = options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
  const findings: Finding[] = [];
  const internalErrors: AnalysisResult['internalErrors'] = [];
  if (text.length > maxSize) {
    const doc = parseDocument('', {});
    findings.push(limitFinding(`The file has ${text.length} characters, more than the limit of ${maxSize}; it was not analysed. Split the configuration, or raise maxFileSize in .search-lint.json if the file is really meant to be this large.`, options));
    return { findings, doc, internalErrors };
  }
  const requestKind = requestFileKind(options.fileName);
  if (requestKind) {
    const found = analyzeRequestText(text, requestKind, options, severityOf('blocked-endpoint', options), severityOf('unused-suppression', options));
    return { findings: found, doc: parseDocument('', {}), internalErrors };
  }
  if (isTerraformName(options.fileName)) return analyzeTerraform(text, options);
  const { timings } = options;
  let clock = timings ? performance.now() : 0;
  /** Adds the time since the last mark to `phase`, when timings are asked for. */
  const mark = timings ? (phase: string): void => { const t = performance.now(); timings.set(phase, (timings.get(phase) ?? 0) + t - clock); clock = t; } : undefined;
  const doc = parsed ?? parseFor(text, options);
  mark?.('parse');
  if (doc.tooDeep) {
    const { depth, offset } = doc.tooDeep;
    const max = options.maxDepth ?? DEFAULT_MAX_DEPTH;
    const pos = doc.lines.positionAt(offset);
    findings.push({ ...limitFinding(`Arrays and objects are nested ${depth > max + 1 ? `at least ${depth}` : depth} levels deep here, more than the ${max} levels the analyzer reads; the file was not analysed. A service configuration is at most a few levels deep: check how this file was generated.`, options), offset, length: 1, range: { start: pos, end: { line: pos.line, character: pos.character + 1 } } });
    return { findings, doc, internalErrors };
  }
  const baseline = options.baselineText !== undefined ? baselineOf(options) : undefined;
  mark?.('other');
  checkConfiguration(doc, options, baseline, findings, internalErrors, mark);
  return { findings: sortFindings(findings), doc, internalErrors };
}

/** Rule ids are plain ASCII: comparing code units orders them as localeCompare would, far faster. */
const sortFindings = (findings: Finding[]): Finding[] => findings.sort((a, b) => a.offset - b.offset || (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0));

/** Runs every rule on one configuration's document (and its suppression comments), adding what they report to `findings`. */
function checkConfiguration(
  doc: ConfigDocument, options: AnalyzeOptions, baseline: BaselineInfo | undefined,
  findings: Finding[], internalErrors: AnalysisResult['internalErrors'], mark?: (phase: string) => void,
): void {
  const schemaErrors = withoutUnknown(schemaErrorsOf(doc.value), doc.unknownPaths);
  mark?.('schema');
  const directives = parseDirectives(doc);
  // Rules whose findings would all be below the severity asked for need not run, unless a
  // suppression comment could name them (it would be reported as unused otherwise).
  const mildest = options.minSeverity && !directives.length ? severityRank(options.minSeverity) : undefined;
  // One context for every rule: rules report while they check, so the rule running is the one
  // reporting (a context and a closure per rule and document cost more than the smaller rules).
  const reported: Finding[] = [];
  let ruleId = '';
  let severity: Severity = 'error';
  const ctx: RuleContext = {
    doc, value: doc.value, options, schemaErrors, baseline,
    report: (raw) => reported.push(locateFinding(doc, ruleId, severity, raw)),
  };
  // Indexed: a for-of loop allocates an iterator result per step until V8 optimises the loop.
  for (let r = 0; r < RULES.length; r++) {
    const rule = RULES[r];
    const setting = effectiveSeverity(rule, options);
    if (setting === 'off') continue;
    if (mildest !== undefined && severityRank(setting) > mildest) continue;
    if (rule.meta.needsBaseline && !baseline) continue;
    if (rule.meta.needsCpus && !options.cpus) continue;
    if (rule.meta.id === 'unused-suppression' || rule.meta.documents === 'requests') continue;
    ruleId = rule.meta.id;
    severity = setting;
    mark?.('other');
    try { rule.check(ctx); } catch (err) {
      internalErrors.push({ ruleId, message: err instanceof Error ? err.message : String(err) });
    }
    mark?.(ruleId);
  }
  const kept = applyDirectives(reported, directives);
  const unusedSeverity = severityOf('unused-suppression', options);
  if (unusedSeverity !== 'off') {
    for (const d of directives) {
      if (d.used || d.kind === 'enable') continue;
      kept.push(locateFinding(doc, 'unused-suppression', unusedSeverity, {
        path: [], at: { offset: d.offset, length: d.length }, ...unusedDirectiveReport(doc.text, d.rules, d.kind === 'next-line', d.offset, d.length),
      }));
    }
  }
  for (let i = 0; i < kept.length; i++) findings.push(kept[i]);
  mark?.('other');
}

/**
 * Schema errors about values the text does not determine (a Terraform expression) say nothing
 * about the configuration: they are dropped. The keys around such values are still checked.
 */
function withoutUnknown(errors: SchemaError[], unknownPaths: ConfigDocument['unknownPaths']): SchemaError[] {
  if (!unknownPaths?.length || !errors.length) return errors;
  const unknown = new Set(unknownPaths.map((p) => formatPath(p)));
  return errors.filter((e) => {
    for (let depth = 0; depth <= e.path.length; depth++) if (unknown.has(formatPath(e.path.slice(0, depth)))) return false;
    return true;
  });
}

/**
 * A Terraform file: each `search_user_config` block of a resource is a configuration of its own,
 * checked by the same rules; a finding names the resource address before the field.
 */
function analyzeTerraform(text: string, options: AnalyzeOptions): AnalysisResult {
  const findings: Finding[] = [];
  const internalErrors: AnalysisResult['internalErrors'] = [];
  const empty = parseDocument('', {});
  if (!terraformParserLoaded()) {
    internalErrors.push({ ruleId: 'invalid-json', message: 'the Terraform parser is not loaded, so the file was not read' });
    return { findings, doc: empty, internalErrors };
  }
  const file = parseTerraform(text);
  for (const doc of file.configurations) {
    const own: Finding[] = [];
    checkConfiguration(doc, options, undefined, own, internalErrors);
    for (const f of own) { f.message = `${doc.address}: ${f.message}`; findings.push(f); }
  }
  // Syntax problems inside a configuration are its own; one elsewhere is reported when it may be
  // what kept a configuration from being read (no configuration was, or it holds the block's name).
  const syntaxSeverity = severityOf('invalid-json', options);
  if (syntaxSeverity !== 'off') {
    const covered = new Set(file.configurations.flatMap((d) => d.syntaxErrors));
    for (const e of file.syntaxErrors) {
      if (covered.has(e) || (file.configurations.length && !holdsConfiguration(text.slice(e.offset, e.offset + (e.extent ?? e.length))))) continue;
      findings.push({ ruleId: 'invalid-json', severity: syntaxSeverity, message: terraformSyntaxMessage(e.code), path: '', offset: e.offset, length: e.length, range: file.lines.rangeOf(e.offset, e.length) });
    }
  }
  const syntaxErrors = file.syntaxErrors.length;
  return { findings: sortFindings(findings), doc: empty, internalErrors, terraform: { configurations: file.configurations, syntaxErrors } };
}

function limitFinding(message: string, _options: AnalyzeOptions): Finding {
  return { ruleId: 'input-limit', severity: 'error', message, path: '', offset: 0, length: 0, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } };
}

function baselineOf(options: AnalyzeOptions): BaselineInfo | undefined {
  const doc = parseDocument(options.baselineText ?? '', { fileName: options.fileName, maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH });
  if (doc.value === undefined) return undefined;
  return { doc, value: doc.value, label: options.baselineLabel ?? 'the baseline' };
}

export function locateFinding(doc: ConfigDocument, ruleId: string, severity: Severity, raw: RawFinding): Finding {
  const at = raw.at ?? doc.locate(raw.path, raw.target ?? 'value');
  const f: Finding = {
    ruleId, severity: raw.severity && severityRank(raw.severity) > severityRank(severity) ? raw.severity : severity,
    message: raw.message, path: formatPath(raw.path),
    offset: at.offset, length: at.length, range: doc.lines.rangeOf(at.offset, at.length),
  };
  if (raw.fix) f.fix = raw.fix;
  if (raw.suggestions?.length) f.suggestions = raw.suggestions;
  if (raw.tags?.length) f.tags = raw.tags;
  if (raw.related?.length) f.related = raw.related;
  return f;
}
