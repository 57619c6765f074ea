import { factsOf } from './file-facts';
import type { ConfigDocument } from './formats/document';
import type { Finding, FindingTag, Fix, TextEdit } from './types';

/**
 * Inline suppression for `.jsonc` files, in ESLint's style:
 *   // search-config-disable-next-line rule-a, rule-b -- reason
 *   // search-config-disable rule-a   ...   // search-config-enable rule-a
 * A directive without rule ids applies to every rule.
 */
export interface Directive {
  kind: 'next-line' | 'disable' | 'enable';
  rules: string[] | 'all';
  offset: number;
  length: number;
  /** Lines (0-based, inclusive) the directive covers. */
  fromLine: number;
  toLine: number;
  used: boolean;
}

const PREFIX = 'search-config-';
const KINDS = ['disable-next-line', 'disable', 'enable'] as const;

/** A comment's directive: its kind and the text naming the rules (before a `--` reason), read by hand in one pass. */
export function directiveOf(comment: string): { kind: typeof KINDS[number]; rules: string } | undefined {
  if (!comment.startsWith(PREFIX)) return undefined;
  const kind = KINDS.find((k) => comment.startsWith(k, PREFIX.length) && !/\w/.test(comment[PREFIX.length + k.length] ?? ''));
  if (!kind) return undefined;
  const rest = comment.slice(PREFIX.length + kind.length);
  const reason = rest.indexOf('--');
  return { kind, rules: (reason < 0 ? rest : rest.slice(0, reason)).trim() };
}

export function parseDirectives(doc: ConfigDocument): Directive[] {
  if (!doc.commentsAllowed || !factsOf(doc.text).includes(PREFIX)) return [];
  const out: Directive[] = [];
  const open = new Map<string, Directive>();
  for (const c of doc.comments()) {
    const m = directiveOf(c.text);
    if (!m) continue;
    const rules = m.rules ? m.rules.split(/[\s,]+/).filter(Boolean) : 'all';
    const kind: Directive['kind'] = m.kind === 'disable-next-line' ? 'next-line' : m.kind;
    if (kind === 'next-line') {
      out.push({ kind, rules, offset: c.offset, length: c.length, fromLine: c.line + 1, toLine: c.line + 1, used: false });
    } else if (kind === 'disable') {
      const d: Directive = { kind, rules, offset: c.offset, length: c.length, fromLine: c.line, toLine: Number.MAX_SAFE_INTEGER, used: false };
      out.push(d);
      for (const r of rules === 'all' ? ['*'] : rules) open.set(r, d);
    } else {
      for (const r of rules === 'all' ? [...open.keys()] : rules) {
        const d = open.get(r);
        if (d) { d.toLine = c.line; open.delete(r); }
      }
    }
  }
  return out;
}

/** Removes suppressed findings and marks the directives that suppressed something. */
export function applyDirectives(findings: Finding[], directives: Directive[]): Finding[] {
  if (!directives.length) return findings;
  return findings.filter((f) => {
    const line = f.range.start.line;
    let suppressed = false;
    for (const d of directives) {
      if (d.kind === 'enable' || line < d.fromLine || line > d.toLine) continue;
      if (d.rules === 'all' || d.rules.includes(f.ruleId)) { d.used = true; suppressed = true; }
    }
    return !suppressed;
  });
}

/** The message, tag and fix of an unused suppression comment, the same in configurations and request files. */
export function unusedDirectiveReport(text: string, rules: string[] | 'all', nextLine: boolean, offset: number, length: number): { message: string; tags: FindingTag[]; fix: Fix } {
  const names = rules === 'all' ? 'any rule' : rules.join(', ');
  return {
    message: `This suppression comment for ${names} suppresses nothing${nextLine ? ' on the next line' : ''}: remove it so that it does not hide a future problem.`,
    tags: ['unnecessary'],
    fix: { title: 'Remove the unused suppression comment', edits: [removeCommentEdit(text, offset, length)] },
  };
}

/** An edit deleting a comment (and the blanks before it), together with its line when the line holds nothing else. */
function removeCommentEdit(text: string, offset: number, length: number): TextEdit {
  let start = offset, end = offset + length;
  while (start > 0 && (text[start - 1] === ' ' || text[start - 1] === '\t')) start--;
  if (start === 0 || text[start - 1] === '\n') {
    if (text[end] === '\r') end++;
    if (text[end] === '\n') end++;
  }
  return { offset: start, length: end - start, newText: '' };
}
