import { analyze, fixAll, severityRank, type AnalysisResult, type AnalyzeOptions, type Finding, type Severity } from '../core';
import type { SuppressedFinding } from './formatters/types';
import { secretValueRanges } from './terraform-secrets';
import { secretTextsOf } from './formatters/json';
import { maskSecrets, sweepHidden, unifiedDiff } from './unified-diff';
import { writeFileAtomic } from './write';

export interface LintFileInput {
  /** Absolute path; for standard input, the path given with --stdin-filename (or a stand-in). */
  file: string;
  displayPath: string;
  /** Raw text as read, possibly starting with a byte order mark. */
  raw: string;
  options: AnalyzeOptions;
  minSeverity: Severity;
  mode: 'check' | 'fix' | 'dry-run';
  /** --quiet: only the fixes of findings at least this severe are applied (ESLint 9 runs no warn rule then). */
  fixFrom?: Severity;
  /** Work out the possible secrets of the text for the JSON format while its parse is at hand. */
  secretsForJson?: boolean;
}

export interface LintFileOutput {
  /** Text the findings refer to: without the BOM, and after fixing when fixes were applied. */
  text: string;
  findings: Finding[];
  /** Problems that make the run exit with 2 (a rule that threw, a fix that broke the JSON). */
  problems: string[];
  /** Remarks for standard error that do not change the exit code. */
  notes: string[];
  /** Unified diff for --fix-dry-run, secrets masked. */
  diff?: string;
  /** For --fix-dry-run: the fixed text, secrets masked as in the diff (the JSON format's `output`). */
  output?: string;
  /** Warnings found, before --min-severity or --quiet left any out (--quiet counts them toward --max-warnings). */
  warnings: number;
  /** Whether --fix wrote the file. */
  written?: boolean;
  /** With secretsForJson, when a finding has a fix or a suggestion to print. */
  secrets?: string[];
  /** The findings a suppression comment silenced, with the comment's reason. */
  suppressed?: SuppressedFinding[];
}

const BOM = '\uFEFF';

/** A finding whose fix --fix would not apply: the fix becomes its first suggestion. */
function withFixOffered(f: Finding): Finding {
  const { fix, ...rest } = f;
  return { ...rest, suggestions: [fix!, ...(f.suggestions ?? [])] };
}

/**
 * The texts that may be secrets, from the analysis at hand: of the JSON document, whose members
 * outside a configuration (a plan's) may hold them too, or of each configuration a file holds.
 */
function secretsOf(result: AnalysisResult, text: string): string[] {
  if (result.format === 'json') return secretTextsOf(result.doc);
  return result.configurations
    .flatMap(secretValueRanges)
    .map(([s, e]) => text.slice(s, e).replace(/^["']|["']$/g, ''))
    .filter((t) => t.length >= 3);
}

/**
 * Lints one text. A leading byte order mark is set aside before analysis (the parser treats it
 * as a syntax error), so positions are those an editor shows, and put back when writing.
 */
export function lintText(input: LintFileInput): LintFileOutput {
  const hasBom = input.raw.startsWith(BOM);
  const original = hasBom ? input.raw.slice(1) : input.raw;
  const problems: string[] = [];
  const notes: string[] = [];
  let text = original;
  let result = analyze(original, input.options);
  let diff: string | undefined;
  let output: string | undefined;
  let written = false;
  /** Whether --fix would leave the file as it is because of a syntax error (undefined: not yet known). */
  let stuck: boolean | undefined;

  if (
    input.mode !== 'check' &&
    result.findings.some((f) => f.fix && (!input.fixFrom || severityRank(f.severity) <= severityRank(input.fixFrom)))
  ) {
    const fixed = fixAll(original, input.options, result, input.fixFrom);
    stuck = fixed.text !== original && fixed.syntaxErrorsLeft;
    if (fixed.text !== original) {
      if (fixed.syntaxErrorsLeft) {
        // Never leave a file that does not parse: keep it as it is and report what is in it.
        notes.push(
          `${input.displayPath}: the fixes were not applied because the result would still contain syntax errors; fix those by hand first`,
        );
      } else {
        const after = fixed.result;
        if (input.mode === 'fix') {
          writeFileAtomic(input.file, (hasBom ? BOM : '') + fixed.text);
          written = true;
        } else {
          // The name the text was read under: standard input's is the one its content gave.
          const name = input.options.fileName ?? input.file;
          // Masked from the analyses at hand, of the original and of the fixed text: nothing is read again.
          const hidden = new Set<string>();
          const before = maskSecrets(original, name, result, hidden);
          // A value masked on one side (below an unknown key) is masked on the other, where a fix moved it.
          output = sweepHidden(maskSecrets(fixed.text, name, after, hidden), hidden);
          // Lines are told changed by the texts themselves: a fix of a masked value shows as its masked line.
          diff = unifiedDiff(input.displayPath, sweepHidden(before, hidden), output, 3, { before: original, after: fixed.text });
        }
        text = fixed.text;
        result = after;
      }
    }
    if (fixed.refused) problems.push(`${input.displayPath}: some fixes were not applied: ${fixed.refused}`);
  }

  // Nothing of it was checked, so nothing to fix either: the run fails with what the file lacks.
  if (result.notConfiguration) problems.push(`${input.displayPath} is ${result.notConfiguration}`);
  for (const e of result.internalErrors) {
    problems.push(`internal error in rule ${e.ruleId} while checking ${input.displayPath}: ${e.message}`);
  }
  const limit = severityRank(input.minSeverity);
  // With a syntax error the fixes do not repair, --fix applies nothing (see above): no fix is counted as one it
  // would make, and each stays on offer as a suggestion, as ESLint gives no fix for a file it cannot parse.
  // Without --fix that is known by fixing in memory: only a file with both a syntax error and a fix costs it.
  if (stuck === undefined)
    stuck =
      result.syntaxErrors > 0 &&
      result.findings.some((f) => f.fix) &&
      fixAll(original, input.options, result, input.fixFrom).syntaxErrorsLeft;
  const findings = result.findings.filter((f) => severityRank(f.severity) <= limit).map((f) => (stuck && f.fix ? withFixOffered(f) : f));
  const secrets = input.secretsForJson && findings.some((f) => f.fix || f.suggestions?.length) ? secretsOf(result, text) : undefined;
  let warnings = 0;
  for (const f of result.findings) if (f.severity === 'warning') warnings++;
  const suppressed = result.suppressed
    ?.filter((s) => severityRank(s.finding.severity) <= limit)
    .map((s): SuppressedFinding =>
      s.directive.reason ? { finding: s.finding, justification: s.directive.reason } : { finding: s.finding },
    );
  return { text, findings, problems, notes, diff, output, written, secrets, warnings, ...(suppressed?.length ? { suppressed } : {}) };
}
