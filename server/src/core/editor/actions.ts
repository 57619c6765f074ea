import type { AnalysisResult } from '../engine';
import { applyEdits, fixAll } from '../fix';
import { LineIndex } from '../lines';
import { RULE_NAMES } from '../rules';
import { parseDirectives, type Directive } from '../suppress';
import type { AnalyzeOptions, EditWriter, Finding, LayoutWindows, OffsetRange, TextEdit } from '../types';
import type { CommentMarker } from '../formats/document';

export type { CommentMarker };

export interface EditorAction {
  title: string;
  kind: 'quickfix' | 'fixAll';
  edits: TextEdit[];
  /** The findings the action resolves. */
  findings: Finding[];
  isPreferred?: boolean;
}

const touches = (f: Finding, r: OffsetRange): boolean => f.offset <= r.offset + r.length && r.offset <= f.offset + f.length;

/** A file's text and how its comments are written (a JSON document: `//` when it allows comments). */
export interface CommentedText {
  text: string;
  commentsAllowed?: boolean;
  comment?: CommentMarker;
  /**
   * How the format writes edits into its text (Terraform aligns the `=` of the lines they touch, as
   * terraform fmt does): a quick fix is applied alone, so its edits are made to write what fix-all
   * writes. Edits as they are when absent.
   */
  applyEdits?: EditWriter;
  /** The part of the text the format's layout of an edit can reach (see LayoutWindows); the whole text when absent. */
  layoutWindows?: LayoutWindows;
}

const markerOf = (d: CommentedText): CommentMarker | undefined => d.comment ?? (d.commentsAllowed ? '//' : undefined);

/** Quick fixes for the findings that touch `range`: the fix first (preferred), then the suggestions, then suppressions. */
export function quickFixes(doc: CommentedText, findings: readonly Finding[], range: OffsetRange): EditorAction[] {
  let lines: TextLines | undefined;
  const actions = actionsAt(findings, range, (f) => {
    lines ??= linesOf(doc.text);
    return [disableForLine(doc, f, lines), disableForFile(doc, f, lines)];
  });
  if (!doc.applyEdits) return actions;
  const settle = settler(doc.text, doc.applyEdits, doc.layoutWindows);
  return actions.map((a) => {
    const edits = settle(a.edits);
    return edits === a.edits ? a : { ...a, edits };
  });
}

/**
 * How much settling may read of one text, in passes over it. Each action reads the part of the
 * text its layout reaches, a few lines in a file of small blocks; a file that is one long run of
 * aligned lines makes each read the run, and past this budget the rest keep their edits as they are.
 */
const SETTLING_PASSES = 64;

/**
 * Writes actions' edits, each applied alone, as the format writes them (Terraform aligns the `=`
 * of the lines they touch, as terraform fmt does): one edit to the text it writes, or the edits
 * themselves (the same array) where it writes them as they are. Each call reads the part of the
 * text `windows` gives for its edits, within a budget of SETTLING_PASSES passes over the text.
 */
export function settler(text: string, write: EditWriter, windows?: LayoutWindows): (edits: TextEdit[]) => TextEdit[] {
  // A format that writes edits as they are (JSON, YAML) costs nothing here.
  if (write === applyEdits) return (edits) => edits;
  let budget = SETTLING_PASSES * (text.length + 1);
  let windowOf: ((range: OffsetRange) => OffsetRange) | undefined;
  return (edits) => {
    if (!edits.length) return edits;
    let from = text.length;
    let to = 0;
    for (const e of edits) {
      from = Math.min(from, e.offset);
      to = Math.max(to, e.offset + e.length);
    }
    windowOf ??= windows?.(text) ?? (() => ({ offset: 0, length: text.length }));
    const w = windowOf({ offset: from, length: Math.max(0, to - from) });
    if (w.length + 1 > budget) return edits;
    budget -= w.length + 1;
    const part = text.slice(w.offset, w.offset + w.length);
    const shifted = edits.map((e) => ({ ...e, offset: e.offset - w.offset }));
    const after = write(part, shifted);
    if (after === applyEdits(part, shifted)) return edits;
    const edit = minimalEdit(part, after);
    return [{ ...edit, offset: edit.offset + w.offset }];
  };
}

/** The same, with the comments that disable a rule made by `disable` (none where none can be written). */
export function actionsAt(
  findings: readonly Finding[],
  range: OffsetRange,
  disable: (f: Finding) => Array<EditorAction | undefined> | EditorAction | undefined,
): EditorAction[] {
  const out: EditorAction[] = [];
  const here = findings.filter((f) => touches(f, range));
  for (const f of here) {
    if (f.fix) out.push({ title: f.fix.title, kind: 'quickfix', edits: f.fix.edits, findings: [f], isPreferred: true });
    for (const s of f.suggestions ?? []) out.push({ title: s.title, kind: 'quickfix', edits: s.edits, findings: [f] });
  }
  const offered = new Set<string>();
  for (const f of here) {
    const made = disable(f);
    for (const a of Array.isArray(made) ? made : [made]) {
      if (!a || offered.has(a.title)) continue;
      out.push(a);
      offered.add(a.title);
    }
  }
  return out;
}

/** Findings no suppression comment should silence: syntax errors, limits and the comments' own findings. */
const NOT_SUPPRESSIBLE = new Set(['invalid-json', 'invalid-syntax', 'input-limit', 'unused-suppression', 'invalid-suppression']);

/**
 * The directive of a line comment starting the line at `lineStart` (after blanks), read by the one
 * directive reader (suppress.ts), when it is of `kind`.
 */
/**
 * Where the text's lines start and the line ending it uses, read once for all the actions of a request:
 * a selection can hold thousands of findings on one long line, and a search back to each one's line
 * start would make them cost the line each.
 */
export interface TextLines {
  readonly index: LineIndex;
  readonly eol: string;
}

const linesOf = (text: string): TextLines => ({ index: new LineIndex(text), eol: LineIndex.eolOf(text) });

function directiveOnLine(text: string, marker: CommentMarker, lineStart: number, kind: Directive['kind']): Directive | undefined {
  const lineEnd = text.slice(lineStart, lineStart + 4096).search(/\r?\n|$/) + lineStart;
  const line = text.slice(lineStart, lineEnd);
  const at = /^[ \t]*/.exec(line)![0].length;
  if (!line.startsWith(marker, at)) return undefined;
  const d = parseDirectives(line, [{ offset: at, length: line.length - at }], new LineIndex(line), RULE_NAMES).directives[0];
  if (d?.kind !== kind) return undefined;
  return { ...d, offset: d.offset + lineStart, rules: d.rules.map((r) => ({ ...r, offset: r.offset + lineStart })) };
}

/** Adds `ruleId` to a directive's rules; undefined when the directive already covers it. */
function addRule(d: Directive, ruleId: string): TextEdit | undefined {
  if (!d.rules.length || d.rules.some((r) => r.id === ruleId)) return undefined;
  const last = d.rules[d.rules.length - 1];
  return { offset: last.offset + last.length, length: 0, newText: `, ${ruleId}` };
}

/**
 * `search-config-disable-next-line <rule>` above the finding's line, in the file's comment syntax and
 * indented like the line; when such a comment is already there, the rule is added to it.
 */
export function disableForLine(doc: CommentedText, f: Finding, lines: TextLines = linesOf(doc.text)): EditorAction | undefined {
  const marker = markerOf(doc);
  if (!marker || NOT_SUPPRESSIBLE.has(f.ruleId)) return undefined;
  const { text } = doc;
  const title = `Disable ${f.ruleId} for this line`;
  const line = lines.index.positionAt(f.offset).line;
  const lineStart = lines.index.lineStart(line);
  if (line > 0) {
    const d = directiveOnLine(text, marker, lines.index.lineStart(line - 1), 'disable-next-line');
    if (d) {
      const edit = addRule(d, f.ruleId);
      return edit && { title, kind: 'quickfix', edits: [edit], findings: [f] };
    }
  }
  const indent = /^[ \t]*/.exec(text.slice(lineStart, lineStart + 200))![0];
  return {
    title,
    kind: 'quickfix',
    edits: [{ offset: lineStart, length: 0, newText: `${indent}${marker} search-config-disable-next-line ${f.ruleId}${lines.eol}` }],
    findings: [f],
  };
}

/**
 * `search-config-disable <rule>` on the file's first line, in its comment syntax: the rule is off from
 * there to the end of the file. When the first line is already such a comment, the rule is added to it.
 */
export function disableForFile(doc: CommentedText, f: Finding, lines: TextLines = linesOf(doc.text)): EditorAction | undefined {
  const marker = markerOf(doc);
  if (!marker || NOT_SUPPRESSIBLE.has(f.ruleId)) return undefined;
  const { text } = doc;
  const title = `Disable ${f.ruleId} for this file`;
  // After a byte order mark, which must stay first.
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const d = directiveOnLine(text, marker, start, 'disable');
  if (d) {
    const edit = addRule(d, f.ruleId);
    return edit && { title, kind: 'quickfix', edits: [edit], findings: [f] };
  }
  return {
    title,
    kind: 'quickfix',
    edits: [{ offset: start, length: 0, newText: `${marker} search-config-disable ${f.ruleId}${lines.eol}` }],
    findings: [f],
  };
}

/** Every safe fix at once, as one edit covering only the changed span. Undefined when nothing changes. */
export function fixAllAction(text: string, options: AnalyzeOptions, analysis: AnalysisResult): EditorAction | undefined {
  const { findings } = analysis;
  if (!findings.some((f) => f.fix)) return undefined;
  const result = fixAll(text, options, analysis);
  if (result.text === text) return undefined;
  return {
    title: 'Fix all search-config problems',
    kind: 'fixAll',
    edits: [minimalEdit(text, result.text)],
    findings: findings.filter((f) => f.fix),
  };
}

/** One edit turning `before` into `after`, spanning only what differs. */
export function minimalEdit(before: string, after: string): TextEdit {
  let start = 0;
  const max = Math.min(before.length, after.length);
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  // Never split a surrogate pair or a CRLF.
  if (start > 0 && start < max && (/[\uDC00-\uDFFF]/.test(before[start]) || before[start] === '\n')) start--;
  let endB = before.length,
    endA = after.length;
  while (endB > start && endA > start && before.charCodeAt(endB - 1) === after.charCodeAt(endA - 1)) {
    endB--;
    endA--;
  }
  return { offset: start, length: endB - start, newText: after.slice(start, endA) };
}
