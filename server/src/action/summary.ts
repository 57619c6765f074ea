import { ruleDocUrl } from '../core';

/** One file of `search-config lint --format json`. */
export interface JsonReport {
  filePath: string;
  messages: Array<{ ruleId: string; severity: string; message: string; line: number; column: number }>;
  errorCount: number;
  warningCount: number;
  infoCount: number;
  hintCount: number;
}

/** GitHub refuses a step summary over 1 MiB; the table stops short of that with a count of the rest. */
export const SUMMARY_LIMIT = 1024 * 1024 - 16 * 1024;

const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
const ICON: Record<string, string> = { error: '❌ error', warning: '⚠️ warning', info: 'ℹ️ info', hint: 'hint' };

export function totals(reports: readonly JsonReport[]): Record<'error' | 'warning' | 'info' | 'hint', number> {
  const sum = (k: 'errorCount' | 'warningCount' | 'infoCount' | 'hintCount'): number => reports.reduce((n, r) => n + r[k], 0);
  return { error: sum('errorCount'), warning: sum('warningCount'), info: sum('infoCount'), hint: sum('hintCount') };
}

/**
 * The job summary: counts by severity, what could not be read or was refused (exit code 2), every finding
 * in a table with a link to its rule (annotations show only ten of each kind per step), then the
 * change-impact reports, all within GitHub's limit.
 */
export function jobSummary(
  reports: readonly JsonReport[],
  changeReports: readonly string[],
  notes: { sarifFile?: string; baseline?: string; problems?: readonly string[] },
): string {
  const t = totals(reports);
  const head = [
    '## search-config',
    '',
    `${reports.length} configuration file${reports.length === 1 ? '' : 's'} checked: **${t.error} error${t.error === 1 ? '' : 's'}**, ${t.warning} warning${t.warning === 1 ? '' : 's'}, ${t.info} info, ${t.hint} hint${t.hint === 1 ? '' : 's'}.`,
  ];
  if (notes.baseline) head.push('', `Change-aware rules compared each file with \`${notes.baseline}\`.`);
  // Exit code 2: what could not be read or was refused, the other files being reported below.
  if (notes.problems?.length) head.push('', '**Not checked** (exit code 2):', '', ...notes.problems.map((p) => `- ${cell(p)}`));
  const findings = reports.flatMap((r) => r.messages.map((m) => ({ ...m, file: r.filePath })));
  const tail: string[] = [];
  for (const c of changeReports) tail.push('', c.trimEnd());
  const tailText = tail.join('\n');
  const lines = [...head];
  if (findings.length) {
    lines.push('', '| File | Severity | Rule | Message |', '|---|---|---|---|');
    let size = Buffer.byteLength(lines.join('\n')) + Buffer.byteLength(tailText) + 512;
    let shown = 0;
    for (const f of findings) {
      const row = `| \`${cell(f.file)}:${f.line}:${f.column}\` | ${ICON[f.severity] ?? f.severity} | [${f.ruleId}](${ruleDocUrl(f.ruleId)}) | ${cell(f.message)} |`;
      const bytes = Buffer.byteLength(row) + 1;
      if (size + bytes > SUMMARY_LIMIT) break;
      lines.push(row);
      size += bytes;
      shown++;
    }
    if (shown < findings.length) {
      lines.push(
        '',
        `…and ${findings.length - shown} more finding${findings.length - shown === 1 ? '' : 's'} not shown here (GitHub limits a summary to 1 MiB)${notes.sarifFile ? `: all are in ${notes.sarifFile}` : ''}.`,
      );
    }
  }
  return `${lines.join('\n')}${tailText}\n`;
}
