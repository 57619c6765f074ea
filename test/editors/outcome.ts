import type { EditorExpectations } from './expectations';

export interface Line { type: string; [key: string]: unknown }
export interface Outcome { editor: string; failures: string[]; notes: string[] }

/** Each shown diagnostic is a core finding (same rule, same line) and every finding is shown, once. */
export function compareDiagnostics(shown: Array<{ code: string; line: number; source: string }>, e: EditorExpectations, o: Outcome): void {
  const key = (code: string, line: number) => `${code}@${line + 1}`;
  const want = e.findings.map((f) => key(f.ruleId, f.range.start.line)).sort();
  const got = shown.map((d) => key(d.code, d.line)).sort();
  if (JSON.stringify(want) !== JSON.stringify(got)) o.failures.push(`diagnostics ${JSON.stringify(got)} differ from the analyzer's findings ${JSON.stringify(want)}`);
  const foreign = shown.filter((d) => d.source !== 'search-config');
  if (foreign.length) o.failures.push(`diagnostics with another source: ${JSON.stringify(foreign)}`);
  if (!got.includes(key(e.deprecated.ruleId, e.deprecated.range.start.line))) o.failures.push(`the deprecated field is not reported`);
}

