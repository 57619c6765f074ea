import { countChanges, type ChangeClass, type ChangeCounts, type ConfigChange } from './diff';

/**
 * Reports of the changes between two configurations: terminal text, JSON, and markdown ready
 * to paste into a pull-request comment (also the editor's "change impact" view).
 */

export const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** Headline per class that needs attention, most consequential first. */
export function headlines(counts: ChangeCounts): string[] {
  const out: string[] = [];
  const n = (cls: ChangeClass) => counts[cls];
  if (n('replacesService'))
    out.push(
      `⚠ ${plural(n('replacesService'), 'change replaces', 'changes replace')} the service: Terraform destroys it, with its data, and creates a new one`,
    );
  if (n('restartsEngine')) out.push(`⚠ ${plural(n('restartsEngine'), 'change restarts', 'changes restart')} all engine instances`);
  if (n('createOnly'))
    out.push(`⚠ ${plural(n('createOnly'), 'change has', 'changes have')} no effect on an existing service (create-only)`);
  if (n('deprecated')) out.push(`⚠ ${plural(n('deprecated'), 'change uses', 'changes use')} a deprecated field or value`);
  if (n('unknown')) out.push(`⚠ ${plural(n('unknown'), 'change concerns a field', 'changes concern fields')} the service does not know`);
  if (n('secret')) out.push(`🔒 ${plural(n('secret'), 'secret changed', 'secrets changed')} (values not shown)`);
  return out;
}

export function summaryLine(counts: ChangeCounts): string {
  if (!counts.total) return 'No changes.';
  const total = plural(counts.total, 'changed field', 'changed fields');
  return counts.total === counts.plain ? `${total}; none restarts the engine or needs attention.` : `${total}.`;
}

const KIND_SIGN: Record<ConfigChange['kind'], string> = { added: '+', removed: '-', changed: '~' };
const CLASS_LABEL: Record<ChangeClass, string> = {
  replacesService: 'replaces the service',
  restartsEngine: 'restarts all engine instances',
  createOnly: 'no effect on an existing service',
  deprecated: 'deprecated',
  secret: 'secret changed',
  unknown: 'unknown field',
  plain: '',
};

const valueText = (c: ConfigChange): string =>
  c.kind === 'added' ? `${c.after}` : c.kind === 'removed' ? `${c.before}` : `${c.before} -> ${c.after}`;

export function changeLines(changes: readonly ConfigChange[]): string[] {
  const lines: string[] = [];
  for (const c of changes) {
    const tags = c.classes.map((cls) => CLASS_LABEL[cls]).filter(Boolean);
    lines.push(`${KIND_SIGN[c.kind]} ${c.path || '(root)'}: ${valueText(c)}${tags.length ? `  [${tags.join('; ')}]` : ''}`);
    for (const note of c.notes) lines.push(`    ${note}`);
  }
  return lines;
}

export function formatChangesText(changes: readonly ConfigChange[], labels: { old: string; new: string }): string {
  const counts = countChanges(changes);
  const lines = [`Changes from ${labels.old} to ${labels.new}: ${summaryLine(counts)}`];
  for (const h of headlines(counts)) lines.push(`  ${h}`);
  if (changes.length) lines.push('');
  lines.push(...changeLines(changes));
  return `${lines.join('\n')}\n`;
}

/** A code span that survives any value inside a table cell. */
export function codeCell(s: string | undefined): string {
  if (s === undefined) return '';
  const longest = Math.max(0, ...(s.match(/`+/g) ?? []).map((r) => r.length));
  const ticks = '`'.repeat(longest + 1);
  const pad = s.startsWith('`') || s.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ')}${pad}${ticks}`;
}
export const textCell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

export function formatChangesMarkdown(changes: readonly ConfigChange[], labels?: { old: string; new: string }): string {
  const counts = countChanges(changes);
  const lines: string[] = [`### Search configuration changes${labels ? `: ${codeCell(labels.old)} → ${codeCell(labels.new)}` : ''}`, ''];
  lines.push(`**${summaryLine(counts)}**`, '');
  const heads = headlines(counts);
  if (heads.length) lines.push(...heads.map((h) => `- ${h}`), '');
  if (!changes.length) return `${lines.join('\n').trimEnd()}\n`;
  lines.push(...changeTable(changes));
  return `${lines.join('\n')}\n`;
}

export function changeTable(changes: readonly ConfigChange[]): string[] {
  const lines = ['| | Field | Before | After | Impact |', '|---|---|---|---|---|'];
  for (const c of changes) {
    const impact = textCell(c.notes.join(' '));
    lines.push(`| ${KIND_SIGN[c.kind]} | ${codeCell(c.path || '(root)')} | ${codeCell(c.before)} | ${codeCell(c.after)} | ${impact} |`);
  }
  return lines;
}

export function formatChangesJson(changes: readonly ConfigChange[], labels: { old: string; new: string }): string {
  const report = {
    old: labels.old,
    new: labels.new,
    summary: countChanges(changes),
    changes: changes.map(({ path, kind, before, after, classes, notes }) => ({ path, kind, before, after, classes, notes })),
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}
