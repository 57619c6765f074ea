import type { EditorExpectations } from './expectations';

export interface Line {
  type: string;
  [key: string]: unknown;
}
export interface Outcome {
  editor: string;
  failures: string[];
  notes: string[];
}

/** Each shown diagnostic is a core finding (same rule, same line) and every finding is shown, once. */
export function compareDiagnostics(shown: Array<{ code: string; line: number; source: string }>, e: EditorExpectations, o: Outcome): void {
  const key = (code: string, line: number) => `${code}@${line + 1}`;
  const want = e.findings.map((f) => key(f.ruleId, f.range.start.line)).sort();
  const got = shown.map((d) => key(d.code, d.line)).sort();
  if (JSON.stringify(want) !== JSON.stringify(got))
    o.failures.push(`diagnostics ${JSON.stringify(got)} differ from the analyzer's findings ${JSON.stringify(want)}`);
  const foreign = shown.filter((d) => d.source !== 'search-config');
  if (foreign.length) o.failures.push(`diagnostics with another source: ${JSON.stringify(foreign)}`);
  if (!got.includes(key(e.deprecated.ruleId, e.deprecated.range.start.line))) o.failures.push(`the deprecated field is not reported`);
}

/** A member whose value Fix All corrects (a number written as a string): broken again, then saved with fix on save. */
export const FIX_ON_SAVE_KEY = 'indices_query_bool_max_clause_count';

/** After the fix-on-save step, the file must be exactly what Fix All had left: the broken value fixed back on save. */
export function checkFixOnSave(lines: Line[], fixed: string | undefined, o: Outcome): void {
  const onSave = lines.find((l) => l.type === 'saved' && l.after === 'fixOnSave');
  if (fixed === undefined) return;
  if (!fixed.includes(`"${FIX_ON_SAVE_KEY}": `)) o.failures.push(`the fixture has no ${FIX_ON_SAVE_KEY} to break for fix on save`);
  else if (!onSave) o.failures.push('no text after saving with fix on save');
  else if (onSave.text !== fixed)
    o.failures.push(`saving with fix on save after writing ${String(onSave.broken)} did not fix it back:\n${String(onSave.text)}`);
  else o.notes.push(`fix on save: ${String(onSave.broken)} saved as the number again`);
}
