import { ruleDocUrl, type Severity } from '../../core';
import { countFindings, plural, type Formatter } from './types';

/**
 * ANSI styles, written out rather than through node:util's styleText: the CLI has already
 * decided whether to colour (a terminal, NO_COLOR, --color), and styleText second-guesses it
 * by looking at process.stdout in some Node 20 releases, dropping the colour that --color asked
 * for when the output goes to a pipe (as in `| less -R`); older Node 20 releases lack it.
 */
const STYLES = { red: [31, 39], yellow: [33, 39], cyan: [36, 39], gray: [90, 39], bold: [1, 22], dim: [2, 22] } as const;
type Style = keyof typeof STYLES | Array<keyof typeof STYLES>;
function styleText(style: Style, text: string): string {
  for (const name of (Array.isArray(style) ? style : [style]).slice().reverse()) {
    const [open, close] = STYLES[name];
    text = `\x1b[${open}m${text}\x1b[${close}m`;
  }
  return text;
}

const SEVERITY_STYLE: Record<Severity, Style> = { error: 'red', warning: 'yellow', info: 'cyan', hint: 'gray' };

/**
 * ESLint's layout: the findings grouped by file under a line naming it, one indented line each,
 * `file:line:col  severity  message  rule-id`, then a summary. Unlike ESLint, each line keeps the
 * file's path before `line:col`: a terminal (VS Code's, JetBrains', iTerm2's) links `path:line:col`
 * to the place, and the $search-config problem matcher reads each line alone. With `ruleLinks`
 * each line ends with the rule's documentation address. Prints nothing for a clean run; never
 * prints source text.
 */
const stylish: Formatter = (reports, ctx) => {
  const paint = (style: Style, text: string): string => (ctx.color ? styleText(style, text) : text);
  type Row = { where: string; severity: Severity; message: string; ruleId: string };
  const groups: Array<{ path: string; rows: Row[] }> = [];
  for (const r of reports) {
    if (!r.findings.length) continue;
    groups.push({
      path: r.displayPath,
      rows: r.findings.map((f) => ({
        where: `${r.displayPath}:${f.range.start.line + 1}:${f.range.start.character + 1}`,
        severity: f.severity,
        message: f.message,
        ruleId: f.ruleId,
      })),
    });
  }
  if (!groups.length) return '';
  // Columns line up within each file's group, as ESLint's do. A loop, not Math.max(...rows): a huge
  // file can have more findings than a call takes arguments.
  const lines: string[] = [];
  for (const g of groups) {
    let whereWidth = 0,
      sevWidth = 0,
      messageWidth = 0,
      ruleWidth = 0;
    for (const r of g.rows) {
      whereWidth = Math.max(whereWidth, r.where.length);
      sevWidth = Math.max(sevWidth, r.severity.length);
      if (ctx.ruleLinks) {
        messageWidth = Math.max(messageWidth, oneLine(r.message).length);
        ruleWidth = Math.max(ruleWidth, r.ruleId.length);
      }
    }
    if (lines.length) lines.push('');
    lines.push(paint('bold', g.path));
    for (const r of g.rows) {
      const rule = ctx.ruleLinks
        ? `${oneLine(r.message).padEnd(messageWidth)}  ${paint('dim', r.ruleId.padEnd(ruleWidth))}  ${ruleDocUrl(r.ruleId)}`
        : `${oneLine(r.message)}  ${paint('dim', r.ruleId)}`;
      lines.push(`  ${r.where.padEnd(whereWidth)}  ${paint(SEVERITY_STYLE[r.severity], r.severity.padEnd(sevWidth))}  ${rule}`);
    }
  }
  const c = countFindings(reports.flatMap((r) => r.findings));
  const total = c.error + c.warning + c.info + c.hint;
  const parts = [plural(c.error, 'error'), plural(c.warning, 'warning')];
  if (c.info) parts.push(`${c.info} info`);
  if (c.hint) parts.push(plural(c.hint, 'hint'));
  const summaryStyle: Style = c.error ? ['red', 'bold'] : c.warning ? ['yellow', 'bold'] : ['bold'];
  const out = [...lines, '', paint(summaryStyle, `\u2716 ${plural(total, 'problem')} (${parts.join(', ')})`)];
  if (c.fixableErrors || c.fixableWarnings) {
    out.push(
      paint(
        summaryStyle,
        `  ${plural(c.fixableErrors, 'error')} and ${plural(c.fixableWarnings, 'warning')} potentially fixable with the \`--fix\` option.`,
      ),
    );
  }
  return out.join('\n') + '\n';
};

/** Messages are single sentences; a stray newline must not break the one-line-per-finding layout. */
const oneLine = (s: string): string => s.replace(/\r?\n|\r/g, ' ');

export default stylish;
