import fs from 'node:fs';
import path from 'node:path';
import type { AnalyzeOptions, Finding } from '../../server/src/core';

/**
 * Fixture files carry their expected findings inline, next to the lines they concern:
 *
 *   "max_index_count": 5,          //~ warning deprecated-field: migrate
 *   //~^ hint unit-hint            (an annotation-only line refers to the line above)
 *   //! {"cpus": 4, "baseline": "name.base.json", "check": ["unit-hint"]}   (first line: options)
 *   //! {"named": true}   (the file is read as one the user named on the command line)
 *
 * Annotations are removed before analysis (an annotation-only line becomes an empty line, so
 * line numbers do not move). `check` lists the rules whose findings must all be annotated;
 * by default the rule named by the fixture's folder.
 */
export interface Expectation { line: number; severity: string; ruleId: string; message?: string }
export interface Fixture {
  file: string;
  fileName: string;
  text: string;
  options: AnalyzeOptions;
  check: string[] | 'all';
  expectations: Expectation[];
  /** Expected text after fixing, from `<name>.fixed.<ext>` when present. */
  fixed?: string;
}

const ANNOTATION = /\s*\/\/~(\^*)\s*(error|warning|info|hint)\s+([a-z-]+)(?::\s*(.*?))?\s*$/;

export function loadFixture(file: string): Fixture {
  const raw = fs.readFileSync(file, 'utf8');
  const eol = raw.includes('\r\n') ? '\r\n' : '\n';
  const lines = raw.split(/\r?\n/);
  let header: Record<string, unknown> = {};
  if (lines[0]?.startsWith('//! ')) { header = JSON.parse(lines[0].slice(4)); lines[0] = ''; }
  const expectations: Expectation[] = [];
  lines.forEach((line, i) => {
    let m: RegExpExecArray | null;
    let current = line;
    while ((m = ANNOTATION.exec(current))) {
      const only = current.slice(0, m.index).trim() === '';
      const target = m[1].length ? i - m[1].length : only ? i - 1 : i;
      expectations.push({ line: target, severity: m[2], ruleId: m[3], message: m[4] || undefined });
      current = current.slice(0, m.index);
    }
    if (current !== line) lines[i] = current.trim() === '' ? '' : current;
  });
  const dir = path.dirname(file);
  const ext = path.extname(file);
  const base = path.basename(file, ext);
  const fixedFile = path.join(dir, `${base}.fixed${ext}`);
  const options: AnalyzeOptions = { fileName: path.basename(file) };
  if (typeof header.cpus === 'number') options.cpus = header.cpus;
  if (typeof header.baseline === 'string') { options.baselineText = fs.readFileSync(path.join(dir, header.baseline), 'utf8'); options.baselineLabel = header.baseline; }
  if (header.rules) options.rules = header.rules as AnalyzeOptions['rules'];
  if (Array.isArray(header.requestHosts)) options.requestHosts = header.requestHosts as string[];
  if (header.named === true) options.named = true;
  const folderRule = path.basename(dir);
  return {
    file, fileName: path.basename(file), text: lines.join(eol), options,
    check: header.check === 'all' ? 'all' : Array.isArray(header.check) ? (header.check as string[]) : [folderRule],
    expectations,
    fixed: fs.existsSync(fixedFile) ? fs.readFileSync(fixedFile, 'utf8') : undefined,
  };
}

/** Lists fixtures under a folder; `.fixed.` and `.base.` files are companions, not fixtures. */
export function listFixtures(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const n of fs.readdirSync(d).sort()) {
      const p = path.join(d, n);
      if (fs.statSync(p).isDirectory()) walk(p);
      else if (/\.(jsonc?|http|rest|md|sh|bash)$/.test(n) && !/\.(fixed|base)\.[a-z]+$/.test(n)) out.push(p);
    }
  };
  walk(dir);
  return out;
}

/** Differences between expected and actual findings, as readable lines (empty when they agree). */
export function compare(fx: Fixture, findings: Finding[]): string[] {
  const relevant = findings.filter((f) => fx.check === 'all' || fx.check.includes(f.ruleId));
  const unmatched = [...relevant];
  const problems: string[] = [];
  for (const e of fx.expectations) {
    const i = unmatched.findIndex((f) => f.range.start.line === e.line && f.ruleId === e.ruleId && f.severity === e.severity && (!e.message || f.message.includes(e.message)));
    if (i >= 0) unmatched.splice(i, 1);
    else problems.push(`line ${e.line + 1}: expected ${e.severity} ${e.ruleId}${e.message ? `: ...${e.message}...` : ''}, not reported`);
  }
  for (const f of unmatched) problems.push(`line ${f.range.start.line + 1}: unexpected ${f.severity} ${f.ruleId}: ${f.message}`);
  return problems;
}
