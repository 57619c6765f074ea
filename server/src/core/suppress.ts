import { distance } from 'fastest-levenshtein';
import { maskCredentials } from './credentials';
import type { LineIndex } from './lines';
import type { Finding, FindingTag, Fix, Severity, TextEdit } from './types';

/**
 * Inline suppression, in ESLint's words and in every comment syntax of every format (`//` and
 * `/* *\/` in JSONC and HCL, `#` in HCL, YAML, shell and `.http` files, `<!-- -->` in Markdown):
 *
 *   search-config-disable-next-line rule-a, rule-b -- reason
 *   search-config-disable-line rule-a -- reason        (at the end of the line it speaks for)
 *   search-config-disable rule-a   ...   search-config-enable rule-a
 *
 * A directive without rule ids applies to every rule. The formats find their comments (never inside
 * a string, a block scalar or a here-document); this one reader turns them into directives, so that
 * every format understands the same words the same way. A directive that is not one of the four, or
 * that names no rule of search-config, suppresses nothing and is reported.
 *
 * Pure functions of the text and its comment ranges, so that a host may keep a file's reading.
 */

export const DIRECTIVE_KINDS = ['disable', 'enable', 'disable-line', 'disable-next-line'] as const;
export type DirectiveKind = (typeof DIRECTIVE_KINDS)[number];

/** A comment of the file's own syntax, markers included. */
export interface CommentSpan {
  offset: number;
  length: number;
  /**
   * The line a `disable-next-line` here speaks for, when it is not the next one (in a runbook, a
   * comment above a code fence speaks for the block's first line).
   */
  nextLine?: number;
}

/** A rule named in a directive, where it is written. */
export interface RuleRef {
  id: string;
  offset: number;
  length: number;
  /** Rules that took over part of this one, named by it too. */ also?: readonly string[];
}

export interface Directive {
  kind: DirectiveKind;
  /** The comment, markers included. */
  offset: number;
  length: number;
  /** The rules named; empty for every rule. */
  rules: RuleRef[];
  /** The text after ` -- `, when given (credentials masked). */
  reason?: string;
  /** For `disable-line` and `disable-next-line`: the line (0-based) whose findings it silences. */
  target?: number;
}

/** A comment that reads as a directive but is none: it suppresses nothing. */
export interface DirectiveProblem {
  offset: number;
  length: number;
  message: string;
  suggestions?: Fix[];
}

export interface DirectiveScan {
  directives: Directive[];
  problems: DirectiveProblem[];
}

/** What a host knows of rule ids: the id a name stands for (an alias gives its rule's id), and every id for spelling hints. */
export interface RuleNames {
  idOf(name: string): string | undefined;
  /** The rules an id names besides its own (those that took over part of it). */
  alsoOf?(id: string): readonly string[];
  all: readonly string[];
}

/** What every directive starts with. */
export const DIRECTIVE_PREFIX = 'search-config-';
/** Whether a text may hold a directive at all: a format need not look for its comments otherwise. */
export const mayHoldDirectives = (text: string): boolean => text.includes(DIRECTIVE_PREFIX);
const MAX_PROBLEMS_PER_COMMENT = 5;
/**
 * Words of a comment starting with the prefix that show it was meant as a directive: parts of ours,
 * and other linters' words for the same (`nolint`, `noqa`, `allow`). A slip of one of the four
 * (`disabel`) is one too. Other words (`search-config-lint runs in CI`) are left as comments.
 */
const MEANT = ['disable', 'enable', 'ignore', 'suppress', 'skip', 'line', 'off', 'nolint', 'noqa', 'allow', 'mute', 'silence', 'exclude'];

const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\r' || c === '\n';

/** Where the directive text of a comment starts and ends, its markers (`//`, `#`, `/* *\/`, `<!-- -->`) left out. */
function bodyOf(text: string, c: CommentSpan): { start: number; end: number } {
  let start = c.offset;
  let end = c.offset + c.length;
  if (text.startsWith('<!--', start)) {
    start += 4;
    if (text.endsWith('-->', end)) end -= 3;
  } else if (text.startsWith('/*', start)) {
    start += 2;
    if (end - start >= 2 && text.endsWith('*/', end)) end -= 2;
  } else if (text.startsWith('//', start)) start += 2;
  else if (text[start] === '#') start += 1;
  while (start < end && isSpace(text[start])) start++;
  while (end > start && isSpace(text[end - 1])) end--;
  return { start, end };
}

/**
 * The directives of a file's comments, in the order written, and the comments that look like one
 * but are not. One pass over each comment's text.
 */
export function parseDirectives(text: string, comments: readonly CommentSpan[], lines: LineIndex, names: RuleNames): DirectiveScan {
  const out: DirectiveScan = { directives: [], problems: [] };
  if (!comments.length || !text.includes(DIRECTIVE_PREFIX)) return out;
  for (const c of comments) {
    const { start, end } = bodyOf(text, c);
    if (!text.startsWith(DIRECTIVE_PREFIX, start)) continue;
    let i = start + DIRECTIVE_PREFIX.length;
    while (i < end && !isSpace(text[i])) i++;
    const word = text.slice(start + DIRECTIVE_PREFIX.length, i);
    const kind = (DIRECTIVE_KINDS as readonly string[]).includes(word) ? (word as DirectiveKind) : undefined;
    if (!kind) {
      if (MEANT.some((m) => word.includes(m)) || (quotable(word) && nearest(word, DIRECTIVE_KINDS)))
        out.problems.push(unknownDirective(word, start, i));
      continue;
    }
    // The reason starts at the first `--` that stands alone.
    let rulesEnd = end;
    let reason: string | undefined;
    for (let k = i; k + 1 < end; k++) {
      if (text[k] === '-' && text[k + 1] === '-' && isSpace(text[k - 1]) && (k + 2 === end || isSpace(text[k + 2]))) {
        rulesEnd = k;
        // Shown in reports (SARIF's justification): a credential in it is masked as in every message.
        reason = maskCredentials(text.slice(k + 2, end).trim()) || undefined;
        break;
      }
    }
    const rules: RuleRef[] = [];
    const bad: DirectiveProblem[] = [];
    let k = i;
    while (k < rulesEnd) {
      while (k < rulesEnd && (isSpace(text[k]) || text[k] === ',')) k++;
      const from = k;
      while (k < rulesEnd && !isSpace(text[k]) && text[k] !== ',') k++;
      if (k === from) break;
      const name = text.slice(from, k);
      const id = names.idOf(name);
      const also = id ? names.alsoOf?.(id) : undefined;
      if (id) rules.push(also?.length ? { id, offset: from, length: k - from, also } : { id, offset: from, length: k - from });
      else if (!bad.length && sentenceFrom(text, from, k, rulesEnd, names.all)) {
        // Words after the rules, no comma between them: a reason written without ` -- `, one mistake.
        bad.push(reasonWithoutDashes(text, from, rulesEnd));
        break;
      }
      // A few are enough to show what is wrong.
      else if (bad.length < MAX_PROBLEMS_PER_COMMENT) bad.push(unknownRule(name, from, names.all));
      else break;
    }
    if (bad.length) {
      for (const b of bad) out.problems.push(b);
      continue;
    }
    const d: Directive = { kind, offset: c.offset, length: c.length, rules };
    if (reason) d.reason = reason;
    if (kind === 'disable-line') d.target = lines.positionAt(c.offset).line;
    else if (kind === 'disable-next-line') d.target = c.nextLine ?? lines.positionAt(c.offset + c.length).line + 1;
    out.directives.push(d);
  }
  return out;
}

/** A word a message may quote: what a rule id or a directive looks like, never other text of a comment (it may be a secret). */
const quotable = (word: string): boolean => /^[a-z][a-z0-9-]{0,63}$/.test(word);

function unknownDirective(word: string, start: number, end: number): DirectiveProblem {
  const near = nearest(word, DIRECTIVE_KINDS);
  const written = quotable(word) ? `"${DIRECTIVE_PREFIX}${word}"` : 'This directive';
  return {
    offset: start,
    length: end - start,
    message: `${written} is not a search-config directive, so this comment suppresses nothing. The directives are ${DIRECTIVE_KINDS.map((k) => `${DIRECTIVE_PREFIX}${k}`).join(', ')}${near ? `: did you mean ${DIRECTIVE_PREFIX}${near}?` : '.'}`,
    suggestions: near
      ? [
          {
            title: `Write ${DIRECTIVE_PREFIX}${near}`,
            edits: [{ offset: start, length: end - start, newText: `${DIRECTIVE_PREFIX}${near}` }],
          },
        ]
      : undefined,
  };
}

/**
 * Whether the unknown word at `from`–`to` starts words that read as a sentence: it is no slip of a
 * rule id, and more words follow it before `end` with no comma between them.
 */
function sentenceFrom(text: string, from: number, to: number, end: number, all: readonly string[]): boolean {
  const rest = text.slice(to, end);
  if (!rest.trim() || rest.includes(',')) return false;
  const word = text.slice(from, to);
  return !(quotable(word) && nearest(word, all));
}

/** A reason written after the rule ids without ` -- ` before it: suppresses nothing, and the fix writes the ` -- `. */
function reasonWithoutDashes(text: string, from: number, end: number): DirectiveProblem {
  const length = text.slice(from, end).trimEnd().length;
  return {
    offset: from,
    length,
    message:
      'These words are no rule ids, so this suppression comment suppresses nothing: a reason goes after " -- " (`search-config-disable-line RULE -- why`).',
    suggestions: [{ title: 'Write " -- " before the reason', edits: [{ offset: from, length: 0, newText: '-- ' }] }],
  };
}

function unknownRule(name: string, offset: number, all: readonly string[]): DirectiveProblem {
  const near = quotable(name) ? nearest(name, all) : undefined;
  return {
    offset,
    length: name.length,
    message: quotable(name)
      ? `"${name}" is not a rule of search-config, so this suppression comment suppresses nothing${near ? `: did you mean ${near}?` : '. The rules are listed in docs/rules.md; a reason goes after " -- ".'}`
      : 'This text is not a rule id, so this suppression comment suppresses nothing: name rules by their ids (docs/rules.md), and write a reason after " -- ".',
    suggestions: near ? [{ title: `Write ${near}`, edits: [{ offset, length: name.length, newText: near }] }] : undefined,
  };
}

/** The closest of `candidates` when it is close enough to be a slip of the keyboard. */
function nearest(word: string, candidates: readonly string[]): string | undefined {
  if (word.length > 64) return undefined;
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (const c of candidates) {
    const d = distance(word, c);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

const namesOf = (r: RuleRef): readonly string[] => (r.also?.length ? [r.id, ...r.also] : [r.id]);

/** Why a finding was not reported: the directive that silenced it, for SARIF's `suppressions`. */
export interface Suppressed {
  finding: Finding;
  directive: Directive;
}

export interface Suppression {
  /** The findings no directive silenced. */
  kept: Finding[];
  suppressed: Suppressed[];
  /** Directive rules that silenced nothing, and `enable`s of rules not disabled: for unused-suppression. */
  unused: Array<{ directive: Directive; rules: RuleRef[]; stray: boolean }>;
}

/**
 * Removes the findings the directives silence. A `disable` reaches from its comment to the
 * `enable` of the same rule (or a bare `enable`), and no further; an `enable RULE` after a bare
 * `disable` turns that rule back on. `disable-line` and `disable-next-line` silence one line.
 * A sweep in the order of the text: linear in findings and directives, after sorting.
 */
export function applyDirectives(findings: readonly Finding[], directives: readonly Directive[]): Suppression {
  const result: Suppression = { kept: [], suppressed: [], unused: [] };
  if (!directives.length) {
    result.kept = [...findings];
    return result;
  }
  /** Per directive: which of its rules silenced something (index -1: the directive for every rule). */
  const used = directives.map(() => new Set<number>());
  const stray = directives.map((): RuleRef[] => []);
  const byLine = new Map<number, number[]>();
  directives.forEach((d, i) => {
    if (d.target !== undefined) {
      const at = byLine.get(d.target);
      if (at) at.push(i);
      else byLine.set(d.target, [i]);
    }
  });
  const order = findings.map((f, i) => i).sort((a, b) => findings[a].offset - findings[b].offset || a - b);
  let all: number | undefined;
  const except = new Set<string>();
  const byRule = new Map<string, { d: number; r: number }>();
  let next = 0;
  const advance = (to: number): void => {
    for (; next < directives.length && directives[next].offset <= to; next++) {
      const d = directives[next];
      if (d.kind === 'disable') {
        if (!d.rules.length) {
          all = next;
          except.clear();
        } else
          d.rules.forEach((r, j) => {
            for (const id of namesOf(r)) {
              byRule.set(id, { d: next, r: j });
              except.delete(id);
            }
          });
      } else if (d.kind === 'enable') {
        if (!d.rules.length) {
          if (all === undefined && !byRule.size) stray[next].push({ id: '', offset: d.offset, length: d.length });
          all = undefined;
          except.clear();
          byRule.clear();
        } else {
          // As ESLint: the rule is on again whatever turned it off, its own disable and a bare one alike.
          for (const r of d.rules) {
            const own = byRule.delete(r.id);
            if (own) for (const id of r.also ?? []) byRule.delete(id);
            if (all !== undefined && !except.has(r.id)) {
              for (const id of namesOf(r)) except.add(id);
            } else if (!own) stray[next].push(r);
          }
        }
      }
    }
  };
  const silenced: Array<number | undefined> = findings.map(() => undefined);
  for (const i of order) {
    const f = findings[i];
    // A syntax error that stops the file being read is never silenced (ESLint's parse errors are not).
    if (f.ruleId === 'unused-suppression' || f.ruleId === 'invalid-suppression' || f.fatal) continue;
    advance(f.offset);
    const mark = (d: number, rules: readonly RuleRef[]): boolean => {
      if (!rules.length) {
        used[d].add(-1);
        return true;
      }
      const j = rules.findIndex((r) => r.id === f.ruleId || r.also?.includes(f.ruleId));
      if (j < 0) return false;
      used[d].add(j);
      return true;
    };
    let by: number | undefined;
    for (const d of byLine.get(f.range.start.line) ?? []) if (mark(d, directives[d].rules)) by ??= d;
    const rule = byRule.get(f.ruleId);
    if (rule) {
      used[rule.d].add(rule.r);
      by ??= rule.d;
    }
    if (all !== undefined && !except.has(f.ruleId)) {
      used[all].add(-1);
      by ??= all;
    }
    silenced[i] = by;
  }
  advance(Number.MAX_SAFE_INTEGER);
  findings.forEach((f, i) => {
    const by = silenced[i];
    if (by === undefined) result.kept.push(f);
    else result.suppressed.push({ finding: f, directive: directives[by] });
  });
  directives.forEach((d, i) => {
    if (d.kind === 'enable') {
      if (stray[i].length) result.unused.push({ directive: d, rules: stray[i].filter((r) => r.id), stray: true });
      return;
    }
    if (!d.rules.length) {
      if (!used[i].has(-1)) result.unused.push({ directive: d, rules: [], stray: false });
      return;
    }
    const idle = d.rules.filter((_, j) => !used[i].has(j));
    if (idle.length) result.unused.push({ directive: d, rules: idle, stray: false });
  });
  return result;
}

/**
 * The unused-suppression findings of a directive: one for the whole comment when nothing in it
 * served (its fix removes the comment), else one per rule that silenced nothing (its fix removes
 * that rule's name). `at` turns a range into a finding's place.
 */
export function unusedDirectiveReports(
  text: string,
  u: Suppression['unused'][number],
): Array<{ offset: number; length: number; message: string; tags: FindingTag[]; fix: Fix }> {
  const { directive: d, rules, stray } = u;
  const word = `${DIRECTIVE_PREFIX}${d.kind}`;
  const scope = d.kind === 'disable-line' ? ' on its line' : d.kind === 'disable-next-line' ? ' on the next line' : '';
  const whole = !rules.length || rules.length === d.rules.length;
  if (whole) {
    const names = rules.length ? rules.map((r) => r.id).join(', ') : stray ? '' : 'any rule';
    const message = stray
      ? `This ${word}${names ? ` ${names}` : ''} turns on ${names ? (rules.length > 1 ? 'rules' : 'a rule') : 'rules'} that no ${DIRECTIVE_PREFIX}disable above turned off: remove it.`
      : `This suppression comment for ${names} suppresses nothing${scope}: remove it so that it does not hide a future problem.`;
    return [
      {
        offset: d.offset,
        length: d.length,
        message,
        tags: ['unnecessary'],
        fix: { title: 'Remove the unused suppression comment', edits: [removeCommentEdit(text, d.offset, d.length)] },
      },
    ];
  }
  return rules.map((r) => ({
    offset: r.offset,
    length: r.length,
    message: stray
      ? `This ${word} names ${r.id}, which no ${DIRECTIVE_PREFIX}disable above turned off: remove ${r.id} from it.`
      : `${r.id} in this suppression comment suppresses nothing${scope}: remove it from the comment so that it does not hide a future problem.`,
    tags: ['unnecessary'] as FindingTag[],
    fix: { title: `Remove ${r.id} from the suppression comment`, edits: [removeNameEdit(text, r, d)] },
  }));
}

/** An edit deleting a rule's name from a directive's list, with the comma that joins it to a neighbour. */
function removeNameEdit(text: string, r: RuleRef, d: Directive): TextEdit {
  const i = d.rules.indexOf(r);
  const before = d.rules[i - 1];
  const after = d.rules[i + 1];
  // `a, b` loses `, b` when b is not the first; the first loses `a, ` up to the next name.
  if (before) return { offset: before.offset + before.length, length: r.offset + r.length - before.offset - before.length, newText: '' };
  return { offset: r.offset, length: after!.offset - r.offset, newText: '' };
}

/** An edit deleting a comment (and the blanks before it), together with its line when the line holds nothing else. */
function removeCommentEdit(text: string, offset: number, length: number): TextEdit {
  let start = offset,
    end = offset + length;
  while (start > 0 && (text[start - 1] === ' ' || text[start - 1] === '\t')) start--;
  if (start === 0 || text[start - 1] === '\n') {
    if (text[end] === '\r') end++;
    if (text[end] === '\n') end++;
  }
  return { offset: start, length: end - start, newText: '' };
}

/**
 * Suppression of one file's findings, as every format does it: the directives read from its
 * comments, the findings they silence removed (kept apart, with the directive, for SARIF), and
 * the directives' own findings added (unused-suppression, invalid-suppression), unless off.
 */
export function suppressFindings(
  text: string,
  lines: LineIndex,
  scan: DirectiveScan,
  findings: readonly Finding[],
  severities: { unused: Severity | 'off'; invalid: Severity | 'off' },
): { findings: Finding[]; suppressed: Suppressed[] } {
  if (!scan.directives.length && !scan.problems.length) return { findings: [...findings], suppressed: [] };
  const s = applyDirectives(findings, scan.directives);
  const out = s.kept;
  if (severities.unused !== 'off') {
    for (const u of s.unused) {
      for (const r of unusedDirectiveReports(text, u)) {
        out.push({
          ruleId: 'unused-suppression',
          severity: severities.unused,
          path: '',
          offset: r.offset,
          length: r.length,
          range: lines.rangeOf(r.offset, r.length),
          message: r.message,
          tags: r.tags,
          fix: r.fix,
        });
      }
    }
  }
  if (severities.invalid !== 'off') {
    for (const p of scan.problems) {
      const f: Finding = {
        ruleId: 'invalid-suppression',
        severity: severities.invalid,
        path: '',
        offset: p.offset,
        length: p.length,
        range: lines.rangeOf(p.offset, p.length),
        message: p.message,
      };
      if (p.suggestions) f.suggestions = p.suggestions;
      out.push(f);
    }
  }
  return { findings: out, suppressed: s.suppressed };
}
