export { applyEdits } from './text-edits';
import { partitionPoint } from './bisect';
import { analyze, type AnalysisResult } from './engine';
import { keysWrittenBy } from './formats/document';
import { formatOf } from './formats/registry';
import { severityRank, type AnalyzeOptions, type Finding, type Fix, type Severity, type TextEdit } from './types';

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
  const after = (s: number, e: number): number => partitionPoint(starts.length, (k) => starts[k] < s || (starts[k] === s && ends[k] <= e));
  const overlaps = (e: TextEdit): boolean => {
    // The last taken edit starting before this one ends has the largest end among them.
    const taken = partitionPoint(starts.length, (k) => starts[k] < e.offset + e.length);
    return taken > 0 && ends[taken - 1] > e.offset;
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
  // Each format writes edits as its own formatter lays them out, and says what its syntax is called.
  const format = formatOf(options.fileName);
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    // ESLint's --quiet fixes what it reports: with `fixFrom`, the fixes of milder findings are left.
    const fixes = compatibleFixes(
      fixFrom ? result.findings.filter((f) => severityRank(f.severity) <= severityRank(fixFrom)) : result.findings,
    );
    if (!fixes.length) break;
    const next = format.applyEdits(
      current,
      fixes.flatMap((f) => f.edits),
    );
    if (next === current) break;
    const nextResult = analyze(next, options);
    // A pass that adds a syntax error, or leaves a configuration unread, is dropped: fixing never loses data.
    if (nextResult.syntaxErrors > result.syntaxErrors || nextResult.configurations.length < result.configurations.length) {
      return {
        text: current,
        applied,
        result,
        refused: `a fix would have produced invalid ${format.syntaxName}, so it was not applied`,
        syntaxErrorsLeft: result.syntaxErrors > 0,
      };
    }
    applied += fixes.length;
    current = next;
    result = nextResult;
  }
  return { text: current, applied, result, syntaxErrorsLeft: result.syntaxErrors > 0 };
}
