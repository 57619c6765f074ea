import picomatch from 'picomatch';
import { closest, distance } from 'fastest-levenshtein';
import validateLintConfigSchema from '../generated/validate-lint-config';
import { RULES_BY_ID } from './rules';
import { schemaErrorSentence, type SchemaError } from './lint-config-messages';
import { parseDocument } from './formats';
import { trimEndChars } from './text-scan';
import { DEFAULT_MAX_DEPTH, type AnalyzeOptions, type SeveritySetting } from './types';

/**
 * `.search-lint.json`: which files are configurations, rule severities, CPU count and size
 * limit, with overrides by glob. Pure: the host reads the file and passes the parsed value.
 */
export interface LintSettings {
  rules?: Record<string, SeveritySetting>;
  cpus?: number;
  maxFileSize?: number;
}
export interface LintOverride extends LintSettings {
  files: string[];
  excludedFiles?: string[];
}
export interface LintConfig extends LintSettings {
  files?: string[];
  ignores?: string[];
  requests?: { files?: string[]; hosts?: string[] };
  overrides?: LintOverride[];
}

export const DEFAULT_FILE_PATTERNS: readonly string[] = ['*.search.json', '*.search.jsonc', 'search-config.json', 'search-config.jsonc'];
/** Never searched when a directory is linted. */
export const ALWAYS_SKIPPED_DIRECTORIES: readonly string[] = ['node_modules', '.git', '.terraform'];

export type LintConfigCheck = { ok: true; config: LintConfig } | { ok: false; problems: string[] };

const pointerLabel = (pointer: string): string =>
  pointer
    ? pointer
        .slice(1)
        .replace(/\//g, '.')
        .replace(/\.(\d+)(?=\.|$)/g, '[$1]')
    : 'the top level';

/** A full stop, unless the sentence already ends as a question. */
const sentence = (text: string): string => (text.endsWith('?') ? text : `${text}.`);

/** Validates a parsed `.search-lint.json` against its published schema; problems are sentences. */
export function checkLintConfig(value: unknown): LintConfigCheck {
  const problems: string[] = [];
  const ruleMaps: Array<[string, unknown]> = [];
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const v = value as Record<string, unknown>;
    ruleMaps.push(['rules', v.rules]);
    if (Array.isArray(v.overrides))
      v.overrides.forEach((o, i) => {
        if (o && typeof o === 'object') ruleMaps.push([`overrides[${i}].rules`, (o as Record<string, unknown>).rules]);
      });
  }
  // Unknown rule ids first, with a suggestion: the schema alone would only say "additional property".
  const unknownRules = new Set<string>();
  for (const [where, rules] of ruleMaps) {
    if (!rules || typeof rules !== 'object' || Array.isArray(rules)) continue;
    for (const id of Object.keys(rules)) {
      if (RULES_BY_ID.has(id)) continue;
      unknownRules.add(`${where}.${id}`);
      problems.push(sentence(`${where} names the unknown rule "${id}"${ruleSuggestion(id)}`));
    }
  }
  if (!validateLintConfigSchema(value)) {
    const seen = new Set<string>();
    for (const e of validateLintConfigSchema.errors ?? []) {
      const at = pointerLabel(e.instancePath);
      if (
        e.keyword === 'additionalProperties' &&
        unknownRules.has(`${at}.${String((e.params as { additionalProperty?: string }).additionalProperty)}`)
      )
        continue;
      const text = sentence(schemaErrorSentence(e as SchemaError, value, at));
      // The validator can say the same thing twice (a value checked by two routes): once is enough.
      if (!seen.has(text)) {
        seen.add(text);
        problems.push(text);
      }
    }
  }
  return problems.length ? { ok: false, problems } : { ok: true, config: value as LintConfig };
}

/** ", did you mean "x"?" for a mistyped rule id, or a pointer to the list. */
export const LINT_CONFIG_NAME = '.search-lint.json';

/**
 * The text of a `.search-lint.json`, checked. Comments are allowed, as editors allow them in settings;
 * the analyzer's parser is used for its depth limit and because it reads `__proto__` as an ordinary key.
 */
export function lintConfigFromText(text: string): LintConfigCheck {
  const doc = parseDocument(text.replace(/^\uFEFF/, ''), { fileName: `${LINT_CONFIG_NAME}c` });
  if (doc.tooDeep)
    return { ok: false, problems: [`is nested more than ${DEFAULT_MAX_DEPTH} levels deep (at offset ${doc.tooDeep.offset})`] };
  if (doc.syntaxErrors.length)
    return { ok: false, problems: doc.syntaxErrors.slice(0, 3).map((e) => `is not valid JSON (${e.code} at offset ${e.offset})`) };
  return checkLintConfig(doc.value as unknown);
}

export function ruleSuggestion(id: string): string {
  const ids = [...RULES_BY_ID.keys()];
  const best = closest(id, ids);
  const close = best && levenshteinOk(id, best);
  return close ? `; did you mean "${best}"?` : `; run 'search-config explain' or see docs/rules.md for the rule ids`;
}

function levenshteinOk(a: string, b: string): boolean {
  return distance(a, b) <= Math.max(2, Math.floor(Math.max(a.length, b.length) / 3));
}

type Matcher = (relativePath: string) => boolean;
const matcherCache = new Map<string, Matcher>();
const matchersByList = new WeakMap<readonly string[], Matcher>();
const matchersBelowByList = new WeakMap<readonly string[], Matcher>();

/**
 * A matcher for glob patterns relative to a base directory. As in .gitignore, a pattern without
 * a slash matches the name in any directory. With `below`, a pattern also matches everything
 * under a matching directory (for ignores).
 */
export function globMatcher(patterns: readonly string[], below = false): Matcher {
  // Asked once or twice for every file found, mostly with the same list: known by identity first.
  const byList = below ? matchersBelowByList : matchersByList;
  let m = byList.get(patterns);
  if (m) return m;
  const key = `${below}\0${patterns.join('\0')}`;
  m = matcherCache.get(key);
  if (m) {
    byList.set(patterns, m);
    return m;
  }
  const globs = patterns.flatMap((p) => {
    const trimmed = trimEndChars(p.replace(/^\.\//, ''), '/');
    const anchored = trimmed.includes('/') ? trimmed : `**/${trimmed}`;
    return below ? [anchored, `${anchored}/**`] : [anchored];
  });
  // Compiled on first use: most runs ask only the default patterns, which need no picomatch (below).
  let compiled: Matcher | undefined;
  const full: Matcher = (rel) => (compiled ??= picomatch(globs, { dot: true }))(rel);
  const byName = below ? undefined : nameTests(globs);
  if (byName) m = (rel) => (hasDotSegment(rel) ? full(rel) : byName(rel.slice(rel.lastIndexOf('/') + 1)));
  else {
    // Most names found in a search end in none of the patterns' literal endings (`.search.json`, `.http`):
    // those are answered without picomatch.
    const endings = below ? undefined : literalEndings(globs);
    m = endings ? (rel: string) => endings.some((e) => rel.endsWith(e)) && full(rel) : full;
  }
  matcherCache.set(key, m);
  byList.set(patterns, m);
  return m;
}

/**
 * A test of a file's name for globs that each name a file in any directory by its literal name
 * (`**\/search-config.json`) or literal ending (`**\/*.search.json`), as the default patterns do; undefined
 * for any other glob. It answers as picomatch does with `dot: true` (test/cli/file-search.test.ts
 * compares them), without compiling the globs, which is a good part of a short run's start.
 */
export function nameTests(globs: readonly string[]): ((name: string) => boolean) | undefined {
  const names: string[] = [];
  const endings: string[] = [];
  for (const glob of globs) {
    if (!glob.startsWith('**/')) return undefined;
    const star = glob[3] === '*';
    const literal = glob.slice(star ? 4 : 3);
    if (!literal || literal.includes('/') || GLOB_SYNTAX.test(literal)) return undefined;
    (star ? endings : names).push(literal);
  }
  return (name) => names.includes(name) || endings.some((e) => name.endsWith(e));
}

/** Whether a `/`-separated path has a `.` or `..` segment, which no picomatch glob matches. */
const hasDotSegment = (rel: string): boolean => rel.split('/').some((s) => s === '.' || s === '..');

/** Characters with a meaning in picomatch's globs (`"` quotes and is dropped); `.` and `-` are matched as they are. */
const GLOB_SYNTAX = /[*?[\]{}()!+@|\\^$,"]/;

/**
 * The literal text each glob ends with, or undefined when one of them could match a path not ending
 * in its literal text: a pattern that ends in glob syntax, or a negation. A path that ends in none of
 * them matches none of the globs, since a match ends with the glob's literal end.
 */
export function literalEndings(globs: readonly string[]): string[] | undefined {
  const endings: string[] = [];
  for (const glob of globs) {
    if (glob.startsWith('!')) return undefined;
    let i = glob.length;
    while (i > 0 && !GLOB_SYNTAX.test(glob[i - 1]) && glob[i - 1] !== '/') i--;
    const ending = glob.slice(i);
    if (!ending) return undefined;
    endings.push(ending);
  }
  return endings;
}

/** A file outside the settings file's directory (possible with --config) is matched by its path below the common part. */
const insideBase = (relativePath: string): string => relativePath.replace(/^(?:\.\.\/)+/, '');

/** Whether a file found in a directory search is a configuration to lint (path relative to the config's directory). */
export function isConfigurationFile(config: LintConfig | undefined, relativePath: string): boolean {
  return globMatcher(config?.files ?? DEFAULT_FILE_PATTERNS)(insideBase(relativePath));
}

/** Request files looked for in every directory search; runbooks and scripts only through `requests.files`. */
export const DEFAULT_REQUEST_PATTERNS: readonly string[] = ['*.http', '*.rest'];

/** Whether a file found in a directory search is a request file, runbook or script to check for refused requests. */
export function isRequestFile(config: LintConfig | undefined, relativePath: string): boolean {
  const rel = insideBase(relativePath);
  return globMatcher(DEFAULT_REQUEST_PATTERNS)(rel) || (!!config?.requests?.files?.length && globMatcher(config.requests.files)(rel));
}

/** Whether a path found in a directory search is ignored by `ignores`. */
export function isIgnored(config: LintConfig | undefined, relativePath: string): boolean {
  return !!config?.ignores?.length && globMatcher(config.ignores, true)(insideBase(relativePath));
}

/**
 * The analyzer options for one file: top-level settings, then each matching override in
 * order. `relativePath` is relative to the directory of the `.search-lint.json`, with `/`.
 */
export function resolveLintOptions(config: LintConfig | undefined, relativePath: string): AnalyzeOptions {
  const options: AnalyzeOptions = {};
  const apply = (s: LintSettings): void => {
    if (s.rules) options.rules = { ...options.rules, ...s.rules };
    if (s.cpus !== undefined) options.cpus = s.cpus;
    if (s.maxFileSize !== undefined) options.maxFileSize = s.maxFileSize;
  };
  if (!config) return options;
  if (config.requests?.hosts?.length) options.requestHosts = config.requests.hosts;
  apply(config);
  for (const o of config.overrides ?? []) {
    if (!globMatcher(o.files)(relativePath)) continue;
    if (o.excludedFiles?.length && globMatcher(o.excludedFiles)(relativePath)) continue;
    apply(o);
  }
  return options;
}
