import type { Severity } from '../../core';
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
 * One line per finding, `file:line:col  severity  message  [rule-id]`, then a summary like
 * ESLint's. Prints nothing for a clean run. Never prints source text.
 */
const stylish: Formatter = (reports, ctx) => {
  const paint = (style: Style, text: string): string => (ctx.color ? styleText(style, text) : text);
  const rows: Array<{ where: string; severity: Severity; message: string; ruleId: string }> = [];
  for (const r of reports) {
    for (const f of r.findings) {
      rows.push({ where: `${r.displayPath}:${f.range.start.line + 1}:${f.range.start.character + 1}`, severity: f.severity, message: f.message, ruleId: f.ruleId });
    }
  }
  if (!rows.length) return '';
  // A loop, not Math.max(...rows): a huge file can have more findings than a call takes arguments.
  let whereWidth = 0, sevWidth = 0;
  for (const r of rows) { whereWidth = Math.max(whereWidth, r.where.length); sevWidth = Math.max(sevWidth, r.severity.length); }
  const lines = rows.map((r) => `${r.where.padEnd(whereWidth)}  ${paint(SEVERITY_STYLE[r.severity], r.severity.padEnd(sevWidth))}  ${oneLine(r.message)}  ${paint('dim', `[${r.ruleId}]`)}`);
  const c = countFindings(reports.flatMap((r) => r.findings));
  const total = c.error + c.warning + c.info + c.hint;
  const parts = [plural(c.error, 'error'), plural(c.warning, 'warning')];
  if (c.info) parts.push(`${c.info} info`);
  if (c.hint) parts.push(plural(c.hint, 'hint'));
  const summaryStyle: Style = c.error ? ['red', 'bold'] : c.warning ? ['yellow', 'bold'] : ['bold'];
  const out = [...lines, '', paint(summaryStyle, `\u2716 ${plural(total, 'problem')} (${parts.join(', ')})`)];
  if (c.fixableErrors || c.fixableWarnings) {
    out.push(paint(summaryStyle, `  ${plural(c.fixableErrors, 'error')} and ${plural(c.fixableWarnings, 'warning')} potentially fixable with the \`--fix\` option.`));
  }
  return out.join('\n') + '\n';
};

/** Messages are single sentences; a stray newline must not break the one-line-per-finding layout. */
const oneLine = (s: string): string => s.replace(/\r?\n|\r/g, ' ');

export default stylish;
