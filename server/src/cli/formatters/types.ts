import type { Finding, Severity } from '../../core';

/** The findings of one file, as every output format receives them. */
export interface FileReport {
  /** Absolute path. */
  file: string;
  /** Path relative to the working directory, with `/`; what every format prints. */
  displayPath: string;
  /** The analysed text (byte order mark removed); used for fix offsets, never printed. */
  text: string;
  findings: Finding[];
  /** Findings a suppression comment silenced (SARIF lists them as suppressed results). */
  suppressed?: SuppressedFinding[];
  /**
   * Possible secret values of the text (see the JSON format), when the lint already worked them
   * out from its own parse; otherwise the format parses the text again to find them.
   */
  secrets?: readonly string[];
  /**
   * The file's result in the JSON format, written as soon as it was linted (text, findings and secrets
   * are then dropped), with the counts the exit code needs.
   */
  json?: string;
  counts?: Counts;
  /** --fix-dry-run: the text after the fixes (secrets masked), when they change it; the JSON format's `output`. */
  output?: string;
}

/** A finding silenced in the source, and the reason written after ` -- `. */
export interface SuppressedFinding {
  finding: Finding;
  justification?: string;
}

export interface FormatContext {
  cwd: string;
  color: boolean;
  version: string;
  /** stylish: print each rule's documentation address after its id (--rule-links). */
  ruleLinks?: boolean;
}

export type Formatter = (reports: readonly FileReport[], ctx: FormatContext) => string;

export type Counts = Record<Severity, number> & { fixableErrors: number; fixableWarnings: number };

export function countFindings(findings: readonly Finding[]): Counts {
  const c: Counts = { error: 0, warning: 0, info: 0, hint: 0, fixableErrors: 0, fixableWarnings: 0 };
  for (const f of findings) {
    c[f.severity]++;
    if (f.fix && f.severity === 'error') c.fixableErrors++;
    if (f.fix && f.severity === 'warning') c.fixableWarnings++;
  }
  return c;
}

export function sumCounts(all: readonly Counts[]): Counts {
  const c: Counts = { error: 0, warning: 0, info: 0, hint: 0, fixableErrors: 0, fixableWarnings: 0 };
  for (const x of all) for (const k of Object.keys(c) as Array<keyof Counts>) c[k] += x[k];
  return c;
}

export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
