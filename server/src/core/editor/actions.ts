import type { ParsedDocument } from '../formats/json/document';
import type { AnalysisResult } from '../engine';
import { fixAll } from '../fix';
import { LineIndex } from '../lines';
import type { AnalyzeOptions, Finding, OffsetRange, TextEdit } from '../types';

export interface EditorAction {
  title: string;
  kind: 'quickfix' | 'fixAll';
  edits: TextEdit[];
  /** The findings the action resolves. */
  findings: Finding[];
  isPreferred?: boolean;
}

const touches = (f: Finding, r: OffsetRange): boolean => f.offset <= r.offset + r.length && r.offset <= f.offset + f.length;

/** Quick fixes for the findings that touch `range`: the fix first (preferred), then the suggestions, then suppressions. */
export function quickFixes(doc: ParsedDocument, findings: readonly Finding[], range: OffsetRange): EditorAction[] {
  return actionsAt(findings, range, (f) => disableForLine(doc, f));
}

/** The same, with the comment that disables a rule for a line made by `disable` (undefined where none can be written). */
export function actionsAt(findings: readonly Finding[], range: OffsetRange, disable: (f: Finding) => EditorAction | undefined): EditorAction[] {
  const out: EditorAction[] = [];
  const here = findings.filter((f) => touches(f, range));
  for (const f of here) {
    if (f.fix) out.push({ title: f.fix.title, kind: 'quickfix', edits: f.fix.edits, findings: [f], isPreferred: true });
    for (const s of f.suggestions ?? []) out.push({ title: s.title, kind: 'quickfix', edits: s.edits, findings: [f] });
  }
  const disabled = new Set<string>();
  for (const f of here) {
    if (disabled.has(`${f.ruleId}:${f.range.start.line}`)) continue;
    const a = disable(f);
    if (a) { out.push(a); disabled.add(`${f.ruleId}:${f.range.start.line}`); }
  }
  return out;
}

const DIRECTIVE = /^([ \t]*\/\/\s*search-config-disable-next-line\b)([^\r\n]*)$/;

/**
 * `// search-config-disable-next-line <rule>` above the finding's line, indented like it; when such
 * a comment is already there, the rule is added to it. Only `.jsonc` files can hold comments.
 */
export function disableForLine(doc: ParsedDocument, f: Finding): EditorAction | undefined {
  if (!doc.commentsAllowed || f.ruleId === 'invalid-json' || f.ruleId === 'input-limit' || f.ruleId === 'unused-suppression') return undefined;
  const line = f.range.start.line;
  const title = `Disable ${f.ruleId} for this line`;
  const lineStart = doc.lines.lineStart(line);
  if (line > 0) {
    const prevStart = doc.lines.lineStart(line - 1);
    const prev = doc.text.slice(prevStart, lineStart).replace(/\r?\n$/, '');
    const m = DIRECTIVE.exec(prev);
    if (m) {
      const [rules] = m[2].split('--');
      if (rules.split(/[\s,]+/).includes(f.ruleId)) return undefined;
      if (!rules.trim()) return undefined; // already disables every rule
      const at = prevStart + m[1].length + rules.trimEnd().length;
      return { title, kind: 'quickfix', edits: [{ offset: at, length: 0, newText: `, ${f.ruleId}` }], findings: [f] };
    }
  }
  const indent = /^[ \t]*/.exec(doc.text.slice(lineStart, lineStart + 200))![0];
  const eol = LineIndex.eolOf(doc.text);
  return { title, kind: 'quickfix', edits: [{ offset: lineStart, length: 0, newText: `${indent}// search-config-disable-next-line ${f.ruleId}${eol}` }], findings: [f] };
}

/** Every safe fix at once, as one edit covering only the changed span. Undefined when nothing changes. */
export function fixAllAction(text: string, options: AnalyzeOptions, analysis: AnalysisResult): EditorAction | undefined {
  const { findings } = analysis;
  if (!findings.some((f) => f.fix)) return undefined;
  const result = fixAll(text, options, analysis);
  if (result.text === text) return undefined;
  return { title: 'Fix all search-config problems', kind: 'fixAll', edits: [minimalEdit(text, result.text)], findings: findings.filter((f) => f.fix) };
}

/** One edit turning `before` into `after`, spanning only what differs. */
export function minimalEdit(before: string, after: string): TextEdit {
  let start = 0;
  const max = Math.min(before.length, after.length);
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  // Never split a surrogate pair or a CRLF.
  if (start > 0 && start < max && (/[\uDC00-\uDFFF]/.test(before[start]) || before[start] === '\n')) start--;
  let endB = before.length, endA = after.length;
  while (endB > start && endA > start && before.charCodeAt(endB - 1) === after.charCodeAt(endA - 1)) { endB--; endA--; }
  return { offset: start, length: endB - start, newText: after.slice(start, endA) };
}
