import fs from 'node:fs';
import path from 'node:path';
import { applyEdits, type AnalyzeOptions, type Finding, type Fix } from '../../server/src/core';

/**
 * Fixture files carry every finding expected of them inline, next to the lines they concern,
 * whatever rule reports it (so that two rules reporting one mistake show), with where it is:
 *
 *   "max_index_count": 5,   //~ warning deprecated-field `max_index_count`: migrate
 *   static_ips: on          //~ error yaml-trap `on`: is written on
 *   //~ fix: Replace on with true => static_ips: true
 *   //~ suggestion: Quote it => static_ips: "on"
 *   //~ related 4:5: first occurrence of "static_ips"   (related information, where it starts: line:column;
 *                                                      0:0 for none, `[baseline]` after it when in the baseline)
 *   //~ warning no-effect[unnecessary] `x`: ...     (the finding's tags, as editors show them)
 *   //~^ hint unit-hint `30`       (an annotation-only line refers to the line above; each ^ one line higher)
 *   //! {"cpus": 4, "baseline": "name.base.json"}   (first line: options)
 *   //! {"named": true}   (the file is read as one the user named on the command line)
 *   //! {"secrets": ["hunter2"]}   (no message, fix or suggestion title, nor edit may hold these)
 *
 * Where: `text` is exactly the text the finding underlines, at its first occurrence on the line
 * (`text`#2 for the second); `text...` says only where it starts (a range over several lines);
 * @7 says only the column it starts at (1-based), for an empty range or one past the line's end.
 * Every expectation says where.
 *
 * What to write: a `fix:` or `suggestion:` line after an expectation states a fix or suggestion of
 * that finding: its title, exactly, then after `=>` the lines it changes as they read once it is
 * applied alone (lines joined by \n, the first line's indentation not compared; nothing after `=>`
 * when it only removes lines). A finding's fix and every suggestion, in order, must be stated, and so
 * must its related information (what an editor shows beside the finding), in order, each with where
 * it starts.
 *
 * Several annotations may share a line (`//~ ... //~ ...`), as in request files, where a line
 * added would change what the file says.
 *
 * Annotations are removed before analysis (an annotation-only line becomes an empty line, so
 * line numbers do not move). The message after `:` is the finding's whole message, as a user
 * reads it: a message cut short would let a wrong word in its remainder pass.
 */
export interface FixExpectation {
  kind: 'fix' | 'suggestion';
  title: string;
  after: string;
  line: number;
}
export interface RelatedExpectation {
  /** Where it starts, 1-based. */
  line: number;
  column: number;
  message: string;
}
export interface Expectation {
  line: number;
  severity: string;
  ruleId: string;
  /** The finding's tags, which editors show (`[unnecessary]` fades the text, `[deprecated]` strikes it through). */
  tags: string[];
  message?: string;
  /** The text underlined, or its start when `prefix`. */
  anchor?: { text: string; nth: number; prefix: boolean } | { column: number };
  fixes: FixExpectation[];
  related: RelatedExpectation[];
  /** Line of the annotation itself (1-based), for messages. */
  written: number;
}
export interface Fixture {
  file: string;
  fileName: string;
  text: string;
  options: AnalyzeOptions;
  expectations: Expectation[];
  /** Expected text after fixing, from `<name>.fixed.<ext>` when present. */
  fixed?: string;
  /** Secret values of the fixture, which no message, title or edit may hold (header `secrets`). */
  secrets: string[];
  /** Annotations the harness could not read. */
  malformed: string[];
}

/**
 * One annotation, the last of its line: an expected finding, or a fix, a suggestion or related
 * information of the finding before it.
 */
const SEGMENT =
  /\s*\/\/~(?:(\^*)\s*(error|warning|info|hint)\s+([a-z-]+)(?:\[([a-z, ]+)\])?(?:\s+(?:`([^`]*)`(?:#(\d+))?|@(\d+)))?(?::\s*((?:(?!\/\/~).)*?))?|\s*(fix|suggestion):\s*((?:(?!\/\/~).)*?)\s*=>(?: ((?:(?!\/\/~).)*))?|\s*related (\d+):(\d+):\s*((?:(?!\/\/~).)*?))\s*$/;

export function loadFixture(file: string): Fixture {
  const raw = fs.readFileSync(file, 'utf8');
  const eol = raw.includes('\r\n') ? '\r\n' : '\n';
  const lines = raw.split(/\r?\n/);
  let header: Record<string, unknown> = {};
  if (lines[0]?.startsWith('//! ')) {
    header = JSON.parse(lines[0].slice(4));
    lines[0] = '';
  }
  const expectations: Expectation[] = [];
  const malformed: string[] = [];
  lines.forEach((line, i) => {
    let m: RegExpExecArray | null;
    let current = line;
    const segments: RegExpExecArray[] = [];
    while ((m = SEGMENT.exec(current))) {
      segments.unshift(m);
      current = current.slice(0, m.index);
    }
    const only = current.trim() === '';
    for (const s of segments) {
      if (s[12]) {
        const last = expectations[expectations.length - 1];
        if (!last) malformed.push(`line ${i + 1}: related information stated before any finding`);
        else last.related.push({ line: Number(s[12]), column: Number(s[13]), message: s[14] });
        continue;
      }
      if (s[9]) {
        const last = expectations[expectations.length - 1];
        if (!last) malformed.push(`line ${i + 1}: a ${s[9]} stated before any finding`);
        else last.fixes.push({ kind: s[9] as 'fix' | 'suggestion', title: s[10], after: (s[11] ?? '').trim(), line: i + 1 });
        continue;
      }
      const target = s[1].length ? i - s[1].length : only ? i - 1 : i;
      const anchor =
        s[5] !== undefined
          ? { text: s[5].endsWith('...') ? s[5].slice(0, -3) : s[5], nth: s[6] ? Number(s[6]) : 1, prefix: s[5].endsWith('...') }
          : s[7] !== undefined
            ? { column: Number(s[7]) }
            : undefined;
      if (!s[8]) malformed.push(`line ${i + 1}: an expected ${s[3]} finding states no message`);
      expectations.push({
        line: target,
        severity: s[2],
        ruleId: s[3],
        tags: s[4] ? s[4].split(',').map((t) => t.trim()) : [],
        message: s[8] || undefined,
        anchor,
        fixes: [],
        related: [],
        written: i + 1,
      });
    }
    if (current.includes('//~')) malformed.push(`line ${i + 1}: unreadable annotation: ${line.trim()}`);
    if (current !== line) lines[i] = only ? '' : current;
  });
  for (const key of Object.keys(header))
    if (!['cpus', 'baseline', 'rules', 'requestHosts', 'named', 'secrets'].includes(key))
      malformed.push(`header: unknown option ${key} (every rule's findings are checked)`);
  const dir = path.dirname(file);
  const ext = path.extname(file);
  const base = path.basename(file, ext);
  const fixedFile = path.join(dir, `${base}.fixed${ext}`);
  const options: AnalyzeOptions = { fileName: path.basename(file) };
  if (typeof header.cpus === 'number') options.cpus = header.cpus;
  if (typeof header.baseline === 'string') {
    options.baselineText = fs.readFileSync(path.join(dir, header.baseline), 'utf8');
    options.baselineLabel = header.baseline;
  }
  if (header.rules) options.rules = header.rules as AnalyzeOptions['rules'];
  if (Array.isArray(header.requestHosts)) options.requestHosts = header.requestHosts as string[];
  if (header.named === true) options.named = true;
  return {
    file,
    fileName: path.basename(file),
    text: lines.join(eol),
    options,
    expectations,
    malformed,
    secrets: Array.isArray(header.secrets) ? (header.secrets as string[]) : [],
    fixed: fs.existsSync(fixedFile) ? fs.readFileSync(fixedFile, 'utf8') : undefined,
  };
}

/** Lists fixtures under a folder; `.fixed.` and `.base.` files are companions, not fixtures. */
export function listFixtures(dir: string, names = /\.(jsonc?|http|rest|md|sh|bash)$/): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const n of fs.readdirSync(d).sort()) {
      const p = path.join(d, n);
      if (fs.statSync(p).isDirectory()) walk(p);
      else if (names.test(n) && !/\.(fixed|base)\.[a-z]+$/.test(n)) out.push(p);
    }
  };
  walk(dir);
  return out;
}

/** Offsets at which each line of `text` starts. */
const lineStarts = (text: string): number[] => {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
};

/** The line of `text` at index `line`, without its line break. */
const lineText = (text: string, starts: number[], line: number): string =>
  text.slice(starts[line], (starts[line + 1] ?? text.length + 1) - 1).replace(/\r$/, '');

/** Where an expectation places its finding: offset, and length when it is stated. */
function placeOf(fx: Fixture, starts: number[], e: Expectation): { offset: number; length?: number } | string {
  const a = e.anchor;
  if (!a) return 'says not where (`text` or @column)';
  if (e.line < 0 || e.line >= starts.length) return 'refers to a line that does not exist';
  if ('column' in a) return { offset: starts[e.line] + a.column - 1 };
  const text = lineText(fx.text, starts, e.line);
  let at = -1;
  for (let n = 0; n < a.nth; n++) {
    at = text.indexOf(a.text, at + 1);
    if (at < 0) return `\`${a.text}\`${a.nth > 1 ? `#${a.nth}` : ''} is not on the line`;
  }
  return { offset: starts[e.line] + at, length: a.prefix ? undefined : a.text.length };
}

/**
 * The lines a set of edits changes, as they read after it: the lines of the result between the
 * lines it shares with `before` at its start and at its end, joined by \n, the first one trimmed.
 */
export function changedLines(before: string, after: string): string {
  const a = before.split(/\r?\n/);
  const b = after.split(/\r?\n/);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return b
    .slice(head, b.length - tail)
    .join('\\n')
    .trim();
}

/** What a finding offers to write, each as a fixture states it. */
function offered(text: string, f: Finding): Array<{ kind: 'fix' | 'suggestion'; fix: Fix }> {
  return [
    ...(f.fix ? [{ kind: 'fix' as const, fix: f.fix }] : []),
    ...(f.suggestions ?? []).map((fix) => ({ kind: 'suggestion' as const, fix })),
  ];
}

/** Tags as a fixture states them after the rule id (`[unnecessary]`), or nothing. */
const tagsText = (tags: readonly string[] | undefined): string => (tags?.length ? `[${tags.join(', ')}]` : '');

/** A finding as a fixture would state it, for messages. */
export function stated(text: string, f: Finding): string {
  const inLine = text.slice(f.offset, f.offset + f.length);
  const where = f.length && !inLine.includes('\n') ? `\`${inLine}\`` : `@${f.range.start.character + 1}`;
  const fixes = offered(text, f)
    .map(({ kind, fix }) => `\n      //~ ${kind}: ${fix.title} => ${changedLines(text, applyEdits(text, fix.edits))}`)
    .join('');
  const related = relatedOf(f)
    .map((r) => `\n      //~ ${r}`)
    .join('');
  return `line ${f.range.start.line + 1}: ${f.severity} ${f.ruleId}${tagsText(f.tags)} ${where}: ${f.message}${fixes}${related}`;
}

const showRelated = (r: { line: number; column: number; message: string }): string => `related ${r.line}:${r.column}: ${r.message}`;

/** A finding's related information as a fixture states it: where it starts (0:0 for no place), `[baseline]` when there. */
const relatedOf = (f: Finding): string[] =>
  (f.related ?? []).map((r) =>
    showRelated({
      line: r.range ? r.range.start.line + 1 : 0,
      column: r.range ? r.range.start.character + 1 : 0,
      message: r.inBaseline ? `${r.message} [baseline]` : r.message,
    }),
  );

/** How the fixes and suggestions a finding offers differ from those an expectation states. */
function fixProblems(text: string, name: string, e: Expectation, f: Finding): string[] {
  const problems: string[] = [];
  const actual = offered(text, f);
  for (let k = 0; k < Math.max(actual.length, e.fixes.length); k++) {
    const want = e.fixes[k];
    const got = actual[k];
    const gotAfter = got && changedLines(text, applyEdits(text, got.fix.edits));
    if (!want) problems.push(`${name}: ${got!.kind} not stated: ${got!.fix.title} => ${gotAfter}`);
    else if (!got) problems.push(`${name}: ${want.kind} stated on line ${want.line} is not offered: ${want.title}`);
    else if (want.kind !== got.kind || want.title !== got.fix.title || want.after !== gotAfter) {
      problems.push(
        `${name}: ${want.kind} stated on line ${want.line} differs:\n      stated:  ${want.kind}: ${want.title} => ${want.after}\n      offered: ${got.kind}: ${got.fix.title} => ${gotAfter}`,
      );
    }
  }
  return problems;
}

/** How a finding's related information differs from what an expectation states. */
function relatedProblems(name: string, e: Expectation, f: Finding): string[] {
  const stated = e.related.map(showRelated);
  const given = relatedOf(f);
  return stated.join('\n') === given.join('\n')
    ? []
    : [
        `${name}: related information differs:\n      stated:  ${stated.join(' | ') || '(none)'}\n      given:   ${given.join(' | ') || '(none)'}`,
      ];
}

/** Differences between expected and actual findings, as readable lines (empty when they agree). */
export function compare(fx: Fixture, findings: Finding[]): string[] {
  const starts = lineStarts(fx.text);
  const unmatched = [...findings];
  const problems: string[] = [...fx.malformed];
  for (const e of fx.expectations) {
    const name = `line ${e.line + 1}: ${e.severity} ${e.ruleId}: ${e.message ?? '(no message stated)'}`;
    const place = placeOf(fx, starts, e);
    if (typeof place === 'string') {
      problems.push(`${name} (annotation on line ${e.written}) ${place}`);
      continue;
    }
    const same = (f: Finding): boolean =>
      f.ruleId === e.ruleId && f.severity === e.severity && f.message === e.message && tagsText(f.tags) === tagsText(e.tags);
    const candidates = unmatched.filter(
      (f) => same(f) && f.offset === place.offset && (place.length === undefined || f.length === place.length),
    );
    if (!candidates.length) {
      const reworded = unmatched.find((f) => f.ruleId === e.ruleId && f.severity === e.severity && f.offset === place.offset);
      if (reworded) {
        unmatched.splice(unmatched.indexOf(reworded), 1);
        problems.push(
          `${name}: reported with another message or tags:\n      stated:   ${tagsText(e.tags)} ${e.message}\n      reported: ${tagsText(reworded.tags)} ${reworded.message}`,
        );
        continue;
      }
      const near = unmatched.find((f) => same(f) && f.range.start.line === e.line);
      problems.push(near ? `${name}: reported at another place: ${stated(fx.text, near)}` : `${name}: not reported`);
      continue;
    }
    // Several findings at one place (missing-required on one object): the one whose fixes are those stated.
    const judged = candidates.map((f) => ({ f, fixProblems: fixProblems(fx.text, name, e, f) }));
    const best = judged.find((j) => !j.fixProblems.length) ?? judged[0];
    unmatched.splice(unmatched.indexOf(best.f), 1);
    problems.push(...best.fixProblems, ...relatedProblems(name, e, best.f));
  }
  for (const f of unmatched) problems.push(`unexpected ${stated(fx.text, f)}`);
  for (const f of findings) {
    const shown = [
      f.message,
      ...(f.related ?? []).map((r) => r.message),
      ...offered(fx.text, f).flatMap(({ fix }) => [fix.title, ...fix.edits.map((e) => e.newText)]),
    ];
    for (const secret of fx.secrets)
      if (shown.some((t) => t.includes(secret)))
        problems.push(`line ${f.range.start.line + 1}: ${f.ruleId} shows the secret ${secret.slice(0, 2)}…`);
  }
  return problems;
}
