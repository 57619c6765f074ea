import { analyze } from './engine';
import type { AnalyzeOptions, Finding, Fix, TextEdit } from './types';

/** Applies non-overlapping edits; edits are given in document offsets of the original text. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.offset - a.offset || b.length - a.length);
  let out = text;
  let lastStart = Infinity;
  for (const e of sorted) {
    if (e.offset + e.length > lastStart) continue; // overlapping: skip, a later pass picks it up
    out = out.slice(0, e.offset) + e.newText + out.slice(e.offset + e.length);
    lastStart = e.offset;
  }
  return out;
}

/** Picks the fixes of `findings` whose edits do not overlap, in document order. */
export function compatibleFixes(findings: readonly Finding[]): Fix[] {
  const chosen: Fix[] = [];
  const taken: Array<[number, number]> = [];
  const overlaps = (e: TextEdit): boolean => taken.some(([s, end]) => e.offset < end && s < e.offset + e.length || (e.length === 0 && e.offset >= s && e.offset <= end && end > s && e.offset !== end && e.offset !== s));
  for (const f of findings) {
    if (!f.fix || f.fix.edits.some(overlaps)) continue;
    chosen.push(f.fix);
    for (const e of f.fix.edits) taken.push([e.offset, e.offset + e.length]);
  }
  return chosen;
}

export interface FixAllResult {
  text: string;
  applied: number;
  /** Findings left after fixing. */
  remaining: Finding[];
  /** Set when fixing stopped because the result would not have been valid JSON. */
  refused?: string;
}

/**
 * Applies every safe fix until nothing changes. A file with syntax errors is never touched
 * (other than the syntax fixes themselves), and a pass whose result would add a syntax error
 * is dropped, so that fixing cannot lose data.
 */
export function fixAll(text: string, options: AnalyzeOptions = {}, maxPasses = 10): FixAllResult {
  let current = text;
  let applied = 0;
  let result = analyze(current, options);
  for (let pass = 0; pass < maxPasses; pass++) {
    const syntaxBefore = result.doc.syntaxErrors.length;
    const fixes = compatibleFixes(result.findings);
    if (!fixes.length) break;
    const next = applyEdits(current, fixes.flatMap((f) => f.edits));
    if (next === current) break;
    const nextResult = analyze(next, options);
    if (nextResult.doc.syntaxErrors.length > syntaxBefore || nextResult.doc.value === undefined) {
      return { text: current, applied, remaining: result.findings, refused: 'a fix would have produced invalid JSON, so it was not applied' };
    }
    applied += fixes.length;
    current = next;
    result = nextResult;
  }
  return { text: current, applied, remaining: result.findings };
}
