import { startingWithin } from '../../file-facts';
import { LineIndex } from '../../lines';
import type { FieldPath, OffsetRange } from '../../types';
import { locateMember, type Comment, type ConfigDocument, type SyntaxProblem } from '../document';
import { yamlEdits } from './edits';
import { documentStarts, parseByDocument, parseSearchDocuments, type YamlDocumentState } from './incremental';
import { holdsManifest, isSearchYamlName, SEARCH_KIND_LINE } from './names';
import { hasMember, isScalar, memberValue, type ParsedDocument } from './nodes';
import { readPlainDocument } from './plain-reader';
import { LimitPassed, parseYamlText, pathKey, pathOfKey, readConfiguration, syntaxProblemOf, type ConfigurationRead, type PlainScalar, type Sharing } from './read';

export { holdsManifest, isSearchYamlName, isYamlName } from './names';

/** One configuration of a YAML file: a `*.search.yaml` document, or the `spec.userConfig` of a `kind: Search` manifest. */
export interface YamlDocument extends ConfigDocument {
  readonly format: 'yaml';
  /** What names the configuration in findings: `Search/logs` for a manifest; empty for a lone `*.search.yaml` document. */
  readonly label: string;
  /** Scalars written without quotes that YAML 1.1 readers or a round trip read otherwise. */
  readonly plainScalars: readonly PlainScalar[];
  /** Aliases in the configuration, and its anchors that an alias names. */
  readonly sharing: readonly Sharing[];
  /** The member whose key or value holds `offset`, innermost first; undefined outside the configuration. */
  memberAt(offset: number): { path: FieldPath; range: OffsetRange } | undefined;
}

export interface YamlFileDocuments {
  configurations: YamlDocument[];
  /** Syntax problems of the documents that hold, or may hold, a configuration. */
  syntaxErrors: SyntaxProblem[];
  lines: LineIndex;
  tooDeep?: { depth: number; offset: number };
  /** A document past an alias limit: not analysed. */
  limits: Array<{ message: string; offset: number }>;
  /** Where the first `{{` of a Helm template is: the file is not YAML until it is rendered. */
  template?: number;
  /** Nodes converted: the work done, for tests of hostile input. */
  work: number;
}


const MANIFEST_PATH = ['spec', 'userConfig'];

/**
 * Reads every configuration of a YAML file; `fileName` says whether the documents are configurations or manifests.
 * `state`: what the previous version of the same file left (its documents parsed and read), for an
 * edit to cost the documents it changed.
 */
export function parseYamlFile(text: string, fileName: string | undefined, maxDepth = 256, state?: YamlDocumentState): YamlFileDocuments {
  const lines = new LineIndex(text);
  const whole = isSearchYamlName(fileName);
  const empty: YamlFileDocuments = { configurations: [], syntaxErrors: [], lines, limits: [], work: 0 };
  if (!whole && !holdsManifest(text)) return empty;
  const template = templateAt(text);
  if (template !== undefined) return { ...empty, template };
  const byDocument = state && withoutYamlDebugOutput(() => parseByDocument(text, maxDepth, state));
  if (state) { if (byDocument) state.piecewise++; else state.whole++; }
  // A run over one file (no state) parses the documents of a manifest file that may be kind: Search only.
  const searchDocuments = !byDocument && !state && !whole ? withoutYamlDebugOutput(() => parseSearchDocuments(text, maxDepth)) : undefined;
  // A run over one `*.search.yaml` file of one document reads it with the plain block reader when it can.
  const plainWhole = whole && !state && documentStarts(text)?.length === 1 ? readPlainDocument(text, 0, maxDepth) : undefined;
  const { docs, tooDeep }: { docs: ParsedDocument[]; tooDeep?: { depth: number; offset: number } } = byDocument ? { docs: byDocument } : searchDocuments ? { docs: searchDocuments.map((d) => d.doc) }
    : plainWhole ? { docs: [plainWhole] } : withoutYamlDebugOutput(() => parseYamlText(text, maxDepth));
  if (tooDeep) return { ...empty, tooDeep };
  // Where each document stands in the file: its label names it when it has no metadata.name.
  const fileIndex = (index: number): number => (searchDocuments ? searchDocuments[index].index : index);
  const work = { count: 0 };
  const out: YamlFileDocuments = { ...empty };
  // Comments are looked for only when asked (suppression directives): most analyses of a large file need them once.
  let found: Comment[] | undefined;
  const comments = (): Comment[] => (found ??= commentsOf(text, lines));
  docs.forEach((doc, index) => {
    const range = docRange(doc, text);
    const errors = firstPerLine(doc.errors.map(syntaxProblemOf), lines);
    const isConfig = whole ? (docs.length === 1 || doc.contents !== null) : isSearchManifest(doc);
    if (whole || isConfig || SEARCH_KIND_LINE.test(text.slice(range.offset, range.offset + range.length))) out.syntaxErrors.push(...errors);
    if (!isConfig) return;
    const label = whole ? (docs.length > 1 ? `document ${index + 1}` : '') : `Search/${manifestName(doc) ?? `(document ${fileIndex(index) + 1}, no metadata.name)`}`;
    try {
      const read = readOnce(doc, whole ? [] : MANIFEST_PATH, text, work, byDocument && state);
      out.configurations.push(configurationDocument(text, lines, label, read, range, errors, comments));
    } catch (err) {
      if (!(err instanceof LimitPassed)) throw err;
      out.limits.push({ message: `${label ? `${label}: ` : ''}${err.message}`, offset: err.offset });
    }
  });
  out.syntaxErrors.sort((a, b) => a.offset - b.offset);
  out.work = work.count;
  return out;
}

/** readConfiguration, or what it gave for the same parsed document before (its text and offset unchanged). */
function readOnce(doc: ParsedDocument, path: readonly string[], text: string, work: { count: number }, state: YamlDocumentState | undefined | false): ConfigurationRead {
  if (!state) return readConfiguration(doc, path, text, work);
  let byPath = state.reads.get(doc);
  if (!byPath) state.reads.set(doc, (byPath = new Map()));
  const at = path.join('.');
  let known = byPath.get(at);
  if (!known) {
    const mine = { count: 0 };
    try {
      known = { read: readConfiguration(doc, path, text, mine), work: mine.count };
    } catch (error) {
      if (!(error instanceof LimitPassed)) throw error;
      known = { error, work: mine.count };
    }
    byPath.set(at, known);
  }
  work.count += known.work;
  if (known.error) throw known.error;
  return known.read!;
}

/**
 * Where a Go template action starts (Helm: `{{ .Values.x }}`, `{{- if ... }}`, `{{ include ... }}`).
 * `{{ client_secret }}` alone is a placeholder for a secret, which the YAML holds as text.
 */
const TEMPLATE_ACTION = /\{\{-?[ \t]*(?:[.$(]|(?:if|else|end|range|with|include|template|define|toYaml|tpl|default|required|quote|printf|block)\b)/;
export function templateAt(text: string): number | undefined {
  const m = TEMPLATE_ACTION.exec(text);
  return m ? m.index : undefined;
}

/** A `kind: Search` document with a `spec.userConfig`. */
function isSearchManifest(doc: ParsedDocument): boolean {
  const kind = memberValue(doc.contents, 'kind');
  return isScalar(kind) && kind.value === 'Search' && hasMember(memberValue(doc.contents, 'spec'), 'userConfig');
}

function manifestName(doc: ParsedDocument): string | undefined {
  const name = memberValue(memberValue(doc.contents, 'metadata'), 'name');
  return isScalar(name) && (typeof name.value === 'string' || typeof name.value === 'number') ? String(name.value) : undefined;
}

function docRange(doc: ParsedDocument, text: string): OffsetRange {
  const r = doc.range ?? [0, text.length, text.length];
  return { offset: r[0], length: r[2] - r[0] };
}

/**
 * yaml's parser and composer print every token they read when the environment has LOG_TOKENS or
 * LOG_STREAM set: the whole file, secrets included. They are unset while reading.
 */
function withoutYamlDebugOutput<T>(read: () => T): T {
  const env = typeof process !== 'undefined' ? process.env : undefined;
  if (!env || (env.LOG_TOKENS === undefined && env.LOG_STREAM === undefined)) return read();
  const saved = { LOG_TOKENS: env.LOG_TOKENS, LOG_STREAM: env.LOG_STREAM };
  delete env.LOG_TOKENS;
  delete env.LOG_STREAM;
  try { return read(); } finally {
    for (const [name, value] of Object.entries(saved)) if (value !== undefined) env[name] = value;
  }
}

/**
 * `#` comments: at the start of a line or after a blank, outside quotes on that line. Lines of
 * block scalars are left out later (a `#` there is text).
 */
function commentsOf(text: string, lines: LineIndex): Comment[] {
  const out: Comment[] = [];
  for (let line = 0; line < lines.lineCount; line++) {
    const start = lines.lineStart(line);
    const end = line + 1 < lines.lineCount ? lines.lineStart(line + 1) : text.length;
    let quote = '';
    for (let i = start; i < end; i++) {
      const c = text[i];
      if (quote) { if (c === quote) quote = ''; else if (c === '\\' && quote === '"') i++; continue; }
      if ((c === '"' || c === "'") && (i === start || /[\s:[{,-]/.test(text[i - 1]))) { quote = c; continue; }
      if (c === '#' && (i === start || text[i - 1] === ' ' || text[i - 1] === '\t')) {
        const raw = text.slice(i, end).replace(/\r?\n$/, '');
        out.push({ offset: i, length: raw.length, text: raw.slice(1).trim(), line });
        break;
      }
    }
  }
  return out;
}

/** Syntax problems a user can act on: the first of each line, and no more than MAX_SYNTAX_PROBLEMS (a broken run of quotes gives one per character). */
const MAX_SYNTAX_PROBLEMS = 20;
function firstPerLine(problems: SyntaxProblem[], lines: LineIndex): SyntaxProblem[] {
  const out: SyntaxProblem[] = [];
  let lastLine = -1;
  for (const p of problems) {
    const line = lines.positionAt(p.offset).line;
    if (line === lastLine) continue;
    lastLine = line;
    out.push(p);
    if (out.length === MAX_SYNTAX_PROBLEMS) break;
  }
  return out;
}

const inside = (r: OffsetRange, offset: number): boolean => offset >= r.offset && offset <= r.offset + r.length;

function configurationDocument(text: string, lines: LineIndex, label: string, read: ConfigurationRead, docRange: OffsetRange, errors: SyntaxProblem[], fileComments: () => Comment[]): YamlDocument {
  const entryOf = (path: FieldPath) => read.entries.get(pathKey(path));
  const root = entryOf([]);
  return {
    format: 'yaml', label, text, lines, commentsAllowed: true,
    value: read.value, syntaxErrors: [...errors, ...read.keysNotText.map((r) => ({ ...r, code: 'KEY_NOT_TEXT' }))],
    noDuplicateKeys: read.repeated.length === 0,
    plainScalars: read.plainScalars, sharing: read.sharing,
    // The file's comments are in order of offset: each document takes its own by binary search (a
    // pass over the file's comments per document grows with their product).
    comments: () => startingWithin(fileComments(), docRange).filter((c) => !read.blockScalars.some((b) => inside(b, c.offset))),
    rangeAt: (path) => entryOf(path)?.value,
    locate: (path, target) => locateMember(entryOf, path, target, root?.key ?? { offset: docRange.offset, length: 0 }),
    repeatedKeys: () => read.repeated,
    memberAt(offset) {
      let best: { path: FieldPath; range: OffsetRange } | undefined;
      for (const [key, entry] of read.entries) {
        const range = entry.key && inside(entry.key, offset) ? entry.key : entry.shape === 'scalar' && inside(entry.value, offset) ? entry.value : undefined;
        if (range && (!best || range.length < best.range.length)) best = { path: pathOfKey(key), range };
      }
      return best;
    },
    editsFor: (intents) => yamlEdits({ text, entries: read.entries }, intents),
  };
}
