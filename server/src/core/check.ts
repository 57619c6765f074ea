import validate from '../generated/validate';
import { maskCredentials } from './credentials';
import type { ConfigDocument, ParsedDocument, Replacement } from './formats';
import { formatPath } from './paths';
import type { BaselineInfo, Rule, RuleContext, SchemaError } from './rule';
import { RULE_ALIASES, RULE_NAMES, RULES, RULES_BY_ID } from './rules';
import { mayStandForOthers, oneFindingPerMistake } from './rules/precedence';
import { schemaAt } from './schema';
import { enterSensitive, maskDerived, sensitiveValuesOf, sweepSensitive, type SensitiveValues } from './sensitive';
import { maskAboutSensitive } from './sensitive-message';
import { valueAt } from './walk';
import type { LineIndex } from './lines';
import { parseDirectives, suppressFindings, type CommentSpan, type DirectiveScan, type Suppressed } from './suppress';
import {
  type AnalyzeOptions,
  type Finding,
  type RawFinding,
  type Segment,
  type Severity,
  type SeveritySetting,
  severityRank,
} from './types';

/** Rules that threw: the rest of the analysis still ran. */
export type InternalErrors = Array<{ ruleId: string; message: string }>;

export interface AnalysisResult {
  findings: Finding[];
  /** Which format read the file: its handler in formats/registry.ts. */
  format: FormatId;
  /**
   * The configurations the file holds, each described as every format describes one: a JSON
   * configuration is one, a Terraform plan one for each resource change, a `.tf` or `.tf.json` file
   * one for each search_user_config block, a YAML file one for each Search document. Empty for a
   * request file and for a file that is none of these.
   */
  configurations: readonly ConfigDocument[];
  /**
   * The configurations of `configurations` that an override file of the module replaces, each with
   * where the one sent instead is written (see formats/terraform/overrides.ts): they are not judged,
   * and the editor says so on hover. Absent when none is.
   */
  replaced?: ReadonlyMap<ConfigDocument, Replacement>;
  /** How many syntax problems the file has: a fix must never add one. */
  syntaxErrors: number;
  /** The file read as JSON (an empty document for Terraform, YAML and request files): the JSON editor features read it. */
  doc: ParsedDocument;
  /** Rules that threw: the rest of the analysis still ran. */
  internalErrors: InternalErrors;
  /** YAML: the nodes read, aliases followed included (what the alias limits count). */
  work?: number;
  /**
   * Set when the JSON document is neither a configuration nor a Terraform plan (an invalid plan, a
   * package.json): what it is and what it lacks, after "the file is". Nothing else was checked.
   */
  notConfiguration?: string;
  /** The findings a suppression comment silenced, each with its directive (SARIF lists them as suppressed). */
  suppressed?: Suppressed[];
}

/** The names of the formats (see formats/registry.ts). */
export type FormatId = 'json' | 'terraform' | 'terraform-json' | 'yaml' | 'requests';

/** A finding of input-limit at the start of the file: the file, or a part of it, was not analysed. */
export const inputLimitFinding = (message: string): Finding => ({
  ruleId: 'input-limit',
  severity: 'error',
  message,
  path: '',
  offset: 0,
  length: 0,
  range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
});

/** The suppression directives of a file's comments (see suppress.ts). */
export const directiveScanOf = (text: string, lines: LineIndex, comments: readonly CommentSpan[]): DirectiveScan =>
  parseDirectives(text, comments, lines, RULE_NAMES);

/** A file's findings after its suppression comments, with the comments' own findings (unused, invalid). */
export const suppressIn = (
  text: string,
  lines: LineIndex,
  scan: DirectiveScan,
  findings: readonly Finding[],
  options: AnalyzeOptions,
): { findings: Finding[]; suppressed: Suppressed[] } =>
  suppressFindings(text, lines, scan, findings, {
    unused: severityOf('unused-suppression', options),
    invalid: severityOf('invalid-suppression', options),
  });

/** The severity a rule runs with under these options, or 'off'. */
export function effectiveSeverity(rule: Rule, options: AnalyzeOptions): SeveritySetting {
  const older = RULE_ALIASES[rule.meta.id];
  return options.rules?.[rule.meta.id] ?? (older ? options.rules?.[older] : undefined) ?? rule.meta.defaultSeverity;
}

/** The same for a rule named by its id ('off' for an id no rule has). */
export function severityOf(id: string, options: AnalyzeOptions): SeveritySetting {
  const rule = RULES_BY_ID.get(id);
  return rule ? effectiveSeverity(rule, options) : 'off';
}

function pointerToPath(pointer: string, root: unknown): Segment[] {
  if (!pointer) return [];
  const out: Segment[] = [];
  let cur: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    // Most keys have no escape: two regular-expression replacements per segment cost more than the check.
    const key = raw.includes('~') ? raw.replace(/~1/g, '/').replace(/~0/g, '~') : raw;
    if (Array.isArray(cur)) {
      out.push(Number(key));
      cur = cur[Number(key)];
    } else {
      out.push(key);
      cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[key] : undefined;
    }
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

/** Rule ids are plain ASCII: comparing code units orders them as localeCompare would, far faster. */
export const sortFindings = (findings: Finding[]): Finding[] =>
  findings.sort((a, b) => a.offset - b.offset || (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0));

/**
 * Runs every rule on one configuration's document, adding what they report to `findings`. Without
 * `fileDirectives`, the document is the whole file: its suppression comments are applied here, and
 * what they silenced is returned. With them, the caller applies them once for the whole file.
 */
export function checkConfiguration(
  doc: ConfigDocument,
  options: AnalyzeOptions,
  baseline: BaselineInfo | undefined,
  findings: Finding[],
  internalErrors: InternalErrors,
  mark?: (phase: string) => void,
  fileDirectives?: DirectiveScan,
): Suppressed[] {
  const schemaErrors = withoutUnknown(schemaErrorsOf(doc.value), doc.unknownPaths);
  mark?.('schema');
  const directives =
    fileDirectives ?? (doc.commentsAllowed ? directiveScanOf(doc.text, doc.lines, doc.comments()) : { directives: [], problems: [] });
  // Rules whose findings would all be below the severity asked for need not run, unless a
  // suppression comment could name them (it would be reported as unused otherwise).
  const mildest = options.minSeverity && !directives.directives.length ? severityRank(options.minSeverity) : undefined;
  // Values that must not be shown, this configuration's and the baseline's (a change-aware rule quotes
  // both): `show` hides them while the rules run (each rule's errors are caught, so it is left again).
  // Gathered when first asked for: by a rule describing a value, or by a finding's texts.
  let sensitive: SensitiveValues | undefined;
  const sensitiveNow = (): SensitiveValues => (sensitive ??= sensitiveOf(doc, baseline));
  // One context for every rule: rules report while they check, so the rule running is the one
  // reporting (a context and a closure per rule and document cost more than the smaller rules).
  const reported: Finding[] = [];
  let ruleId = '';
  let severity: Severity = 'error';
  const ctx: RuleContext = {
    doc,
    value: doc.value,
    options,
    schemaErrors,
    baseline,
    report: (raw) => reported.push(locateFinding(doc, ruleId, severity, raw, sensitiveNow())),
  };
  const leaveSensitive = enterSensitive(sensitiveNow);
  // Indexed: a for-of loop allocates an iterator result per step until V8 optimises the loop.
  for (let r = 0; r < RULES.length; r++) {
    const rule = RULES[r];
    const set = effectiveSeverity(rule, options);
    // A syntax rule turned off still reports what stops the file being read (see Finding.fatal).
    if (set === 'off' && !rule.meta.reportsSyntax) continue;
    const setting = set === 'off' ? 'error' : set;
    // A rule that may stand for others (and take their severity) runs whenever they could.
    if (mildest !== undefined && severityRank(setting) > mildest && !mayStandForOthers(rule.meta.id)) continue;
    if (rule.meta.needsBaseline && !baseline) continue;
    if (rule.meta.needsCpus && !options.cpus) continue;
    if (rule.meta.id === 'unused-suppression' || rule.meta.id === 'invalid-suppression' || rule.meta.documents === 'requests') continue;
    ruleId = rule.meta.id;
    severity = setting;
    mark?.('other');
    const before = reported.length;
    try {
      rule.check(ctx);
    } catch (err) {
      internalErrors.push({ ruleId, message: err instanceof Error ? err.message : String(err) });
    }
    if (set === 'off') {
      let kept = before;
      for (let i = before; i < reported.length; i++) if (reported[i].fatal) reported[kept++] = reported[i];
      reported.length = kept;
    }
    mark?.(ruleId);
  }
  leaveSensitive();
  const judged = readableOnly(oneFindingPerMistake(reported), doc.readableUntil);
  if (fileDirectives) {
    for (let i = 0; i < judged.length; i++) findings.push(judged[i]);
    mark?.('other');
    return [];
  }
  const { findings: kept, suppressed } = suppressIn(doc.text, doc.lines, directives, judged, options);
  for (let i = 0; i < kept.length; i++) findings.push(kept[i]);
  mark?.('other');
  return suppressed;
}

/**
 * Past a syntax error the parser cannot read past exactly, the values are its guesses: only the
 * syntax error speaks there (see ConfigDocument.readableUntil).
 */
function readableOnly(findings: Finding[], until: number | undefined): Finding[] {
  if (until === undefined) return findings;
  return findings.filter((f) => f.offset < until || RULES_BY_ID.get(f.ruleId)?.meta.reportsSyntax === true);
}

/** The sensitive values of a configuration and its baseline together (either alone when the other has none). */
function sensitiveOf(doc: ConfigDocument, baseline: BaselineInfo | undefined): SensitiveValues {
  const own = sensitiveValuesOf(doc);
  const before = baseline ? sensitiveValuesOf(baseline.doc) : undefined;
  if (!before?.size) return own;
  return own.size ? new Set([...own, ...before]) : before;
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

export function locateFinding(
  doc: ConfigDocument,
  ruleId: string,
  severity: Severity,
  raw: RawFinding,
  sensitive?: SensitiveValues,
): Finding {
  const at = raw.at ?? doc.locate(raw.path, raw.target ?? 'value');
  // Every text a finding shows passes through the credential mask and the sweep for sensitive values,
  // whichever way a rule quoted a value into it (the edits keep the document's own text: they are
  // applied, not shown).
  // A finding about a sensitive value may quote what a rule made of it (its host name, its number in
  // bytes, its reading in another unit), in its message as in a fix's title.
  const own = sensitive?.size ? valueAt(doc.value, raw.path) : undefined;
  const derived = !!sensitive?.size && isSensitive(own, sensitive);
  const swept = (text: string): string => sweepSensitive(maskCredentials(text), sensitive);
  const mask = derived ? (text: string): string => maskAboutSensitive(swept(text), own as string | number, schemaAt(raw.path)) : swept;
  const key = raw.path[raw.path.length - 1];
  const maskTitle = derived ? (text: string): string => maskDerived(mask(text), typeof key === 'string' ? key : undefined) : mask;
  const f: Finding = {
    ruleId,
    severity: raw.fatal ? 'error' : raw.severity && severityRank(raw.severity) > severityRank(severity) ? raw.severity : severity,
    message: mask(raw.message),
    path: maskCredentials(formatPath(raw.path)),
    offset: at.offset,
    length: at.length,
    range: doc.lines.rangeOf(at.offset, at.length),
  };
  if (raw.fix) f.fix = withMaskedTitle(raw.fix, maskTitle);
  if (raw.suggestions?.length) f.suggestions = raw.suggestions.map((s) => withMaskedTitle(s, maskTitle));
  if (raw.tags?.length) f.tags = raw.tags;
  if (raw.related?.length) f.related = raw.related.map((r) => ({ ...r, message: mask(r.message) }));
  if (raw.fatal) f.fatal = true;
  return f;
}

const isSensitive = (v: unknown, values: SensitiveValues): boolean => (typeof v === 'string' || typeof v === 'number') && values.has(v);

const withMaskedTitle = <T extends { title: string }>(fix: T, mask: (text: string) => string): T => {
  const title = mask(fix.title);
  return title === fix.title ? fix : { ...fix, title };
};
