import { analyze, type AnalysisResult } from './engine';
import { keysWrittenBy } from './formats/document';
import { alignEdits } from './formats/terraform/layout';
import { requestFileKind } from './request-files/types';
import { severityRank, type AnalyzeOptions, type Finding, type Fix, type Severity, type TextEdit } from './types';

/**
 * Applies non-overlapping edits given in offsets of the original text, in one pass (a file can
 * carry thousands of fixes). Insertions at the same offset keep their order, as in LSP; an edit
 * overlapping an earlier one is skipped, and a later pass picks it up.
 */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  return applyTracked(text, edits).text;
}

/** Applies edits as `applyEdits` does, and says where the new text of each applied edit stands in the result. */
function applyTracked(text: string, edits: readonly TextEdit[]): { text: string; written: Array<{ offset: number; length: number }> } {
  const sorted = edits.map((e, i) => ({ e, i })).sort((a, b) => a.e.offset - b.e.offset || a.e.length - b.e.length || a.i - b.i);
  const parts: string[] = [];
  const written: Array<{ offset: number; length: number }> = [];
  let copied = 0;
  let delta = 0;
  for (const { e } of sorted) {
    if (e.offset < copied) continue;
    parts.push(text.slice(copied, e.offset), e.newText);
    written.push({ offset: e.offset + delta, length: e.newText.length });
    delta += e.newText.length - e.length;
    copied = e.offset + e.length;
  }
  parts.push(text.slice(copied));
  return { text: parts.join(''), written };
}

/**
 * A Terraform file after fixes: the runs of lines the fixes wrote in are aligned as
 * `terraform fmt` aligns them (all fixes of a pass together, since two members added to one
 * block change the alignment of both).
 */
function applyTerraform(text: string, edits: readonly TextEdit[]): string {
  const { text: next, written } = applyTracked(text, edits);
  return applyEdits(next, alignEdits(next, written));
}

/**
 * Picks the fixes of `findings` whose edits do not overlap, in document order. Two edits
 * overlap when each starts before the other ends (so an insertion touching a replacement
 * does not). Taken edits are kept sorted by start; since they never overlap, their ends are
 * sorted too, and one binary search answers each question even with thousands of fixes.
 */
export function compatibleFixes(findings: readonly Finding[]): Fix[] {
  const chosen: Fix[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  /** First index whose (start, end) comes after (s, e). */
  const after = (s: number, e: number): number => {
    let lo = 0,
      hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid] < s || (starts[mid] === s && ends[mid] <= e)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const overlaps = (e: TextEdit): boolean => {
    // The last taken edit starting before this one ends has the largest end among them.
    let lo = 0,
      hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid] < e.offset + e.length) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && ends[lo - 1] > e.offset;
  };
  // A key one fix writes into an object is not written there by another fix of the same pass;
  // a key kept from the user's text (renamed, moved) goes before one added with a new value.
  const written = new Set<string>();
  const kept = new Set<string>();
  for (const f of findings) for (const k of f.fix ? keysWrittenBy(f.fix.edits) : []) if (!k.added) kept.add(k.key);
  for (const f of findings) {
    if (!f.fix || f.fix.edits.some(overlaps)) continue;
    const keys = keysWrittenBy(f.fix.edits);
    if (keys.some((k) => written.has(k.key) || (k.added && kept.has(k.key)))) continue;
    keys.forEach((k) => written.add(k.key));
    chosen.push(f.fix);
    for (const e of f.fix.edits) {
      const i = after(e.offset, e.offset + e.length);
      starts.splice(i, 0, e.offset);
      ends.splice(i, 0, e.offset + e.length);
    }
  }
  return chosen;
}

export interface FixAllResult {
  text: string;
  applied: number;
  /** The analysis of `text`, the fixed text: what is left after fixing. */
  result: AnalysisResult;
  /** Set when fixing stopped because the result would not have been valid JSON. */
  refused?: string;
  /** The fixed text of a configuration still has syntax errors (request files are not JSON: never set there). */
  syntaxErrorsLeft: boolean;
}

/** Fixes can enable further fixes (a renamed key then gets its value fixed); this bounds the rounds. */
const MAX_PASSES = 10;

/**
 * Applies every safe fix until nothing changes. A file with syntax errors is never touched
 * (other than the syntax fixes themselves), and a pass whose result would add a syntax error
 * is dropped, so that fixing cannot lose data.
 */
export function fixAll(text: string, options: AnalyzeOptions = {}, first?: AnalysisResult, fixFrom?: Severity): FixAllResult {
  let current = text;
  let applied = 0;
  // A caller that has just analysed the text passes that analysis: it is not done again.
  let result = first ?? analyze(current, options);
  // A request file, runbook or script is not JSON: only a configuration has a JSON value to keep valid.
  const json = requestFileKind(options.fileName) === undefined && !result.terraform && !result.yaml;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const syntaxBefore = result.doc.syntaxErrors.length;
    const terraformBefore = result.terraform?.syntaxErrors ?? 0;
    const yamlBefore = result.yaml?.syntaxErrors ?? 0;
    // ESLint's --quiet fixes what it reports: with `fixFrom`, the fixes of milder findings are left.
    const fixes = compatibleFixes(
      fixFrom ? result.findings.filter((f) => severityRank(f.severity) <= severityRank(fixFrom)) : result.findings,
    );
    if (!fixes.length) break;
    const edits = fixes.flatMap((f) => f.edits);
    // HCL is aligned as terraform fmt aligns it; Terraform's JSON syntax is JSON, laid out as written.
    const next = result.terraform && result.terraform.syntax !== 'json' ? applyTerraform(current, edits) : applyEdits(current, edits);
    if (next === current) break;
    const nextResult = analyze(next, options);
    if (json && (nextResult.doc.syntaxErrors.length > syntaxBefore || nextResult.doc.value === undefined)) {
      return {
        text: current,
        applied,
        result,
        refused: 'a fix would have produced invalid JSON, so it was not applied',
        syntaxErrorsLeft: result.doc.syntaxErrors.length > 0,
      };
    }
    if (result.terraform && (!nextResult.terraform || nextResult.terraform.syntaxErrors > terraformBefore)) {
      return {
        text: current,
        applied,
        result,
        refused: 'a fix would have produced invalid Terraform, so it was not applied',
        syntaxErrorsLeft: terraformBefore > 0,
      };
    }
    if (
      result.yaml &&
      (!nextResult.yaml ||
        nextResult.yaml.syntaxErrors > yamlBefore ||
        nextResult.yaml.configurations.length < result.yaml.configurations.length)
    ) {
      return {
        text: current,
        applied,
        result,
        refused: 'a fix would have produced invalid YAML, so it was not applied',
        syntaxErrorsLeft: yamlBefore > 0,
      };
    }
    applied += fixes.length;
    current = next;
    result = nextResult;
  }
  return {
    text: current,
    applied,
    result,
    syntaxErrorsLeft:
      (json && result.doc.syntaxErrors.length > 0) || (result.terraform?.syntaxErrors ?? 0) > 0 || (result.yaml?.syntaxErrors ?? 0) > 0,
  };
}
