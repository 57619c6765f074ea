import type { Severity } from '../../core';
import type { Formatter } from './types';

const COMMAND: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'notice', hint: 'notice' };

/** GitHub's escaping for the message of a workflow command. */
export const escapeData = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
/** And for property values, which also end at `:` and `,`. */
export const escapeProperty = (s: string): string => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** GitHub Actions workflow commands: one annotation per finding. */
const github: Formatter = (reports) => {
  const lines: string[] = [];
  for (const r of reports) {
    for (const f of r.findings) {
      const props = [
        `file=${escapeProperty(r.displayPath)}`,
        `line=${f.range.start.line + 1}`,
        `col=${f.range.start.character + 1}`,
        `endLine=${f.range.end.line + 1}`,
        `endColumn=${f.range.end.character + 1}`,
        `title=${escapeProperty(f.ruleId)}`,
      ];
      lines.push(`::${COMMAND[f.severity]} ${props.join(',')}::${escapeData(f.message)}`);
    }
  }
  return lines.length ? lines.join('\n') + '\n' : '';
};
export default github;
