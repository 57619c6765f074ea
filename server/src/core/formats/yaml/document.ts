import { startingWithin } from '../../file-facts';
import { shareSensitive } from '../../sensitive';
import { LineIndex } from '../../lines';
import { printable } from '../../values';
import type { FieldPath, OffsetRange } from '../../types';
import { locateMember, type Comment, type ConfigDocument, type FixIntent, type SyntaxProblem } from '../document';
import { yamlEdits } from './edits';
import { yamlComments } from './comments';
import { documentStarts, parseByDocument, parseSearchDocuments, YamlDocumentState } from './incremental';
import { holdsManifest, isSearchYamlName, OPERATOR_GROUP, SEARCH_KIND_LINE } from './names';
import { ManifestMembers } from './manifest-members';
import { isMap, isScalar, isSeq, type ParsedDocument } from './nodes';
import {
  LimitPassed,
  mergedAt,
  parseYamlText,
  pathKey,
  pathOfKey,
  readConfigurations,
  syntaxProblemsOf,
  type ConfigurationRead,
  type Entry,
  type MergedOver,
  type PlainScalar,
  type Sharing,
} from './read';

export { holdsManifest, isSearchYamlName, isYamlName, OPERATOR_GROUP } from './names';

/** One configuration of a YAML file: a `*.search.yaml` document, or the `spec.userConfig` of a `kind: Search` manifest. */
export interface YamlDocument extends ConfigDocument {
  readonly format: 'yaml';
  /** What names the configuration in findings: `Search/logs` for a manifest; empty for a lone `*.search.yaml` document. */
  readonly label: string;
  /** Scalars written without quotes that YAML 1.1 readers or a round trip read otherwise. */
  readonly plainScalars: readonly PlainScalar[];
  /** Aliases in the configuration, and its anchors that an alias names. */
  readonly sharing: readonly Sharing[];
  /** Keys written before a merge key that brings them with another value (see MergedOver). */
  readonly mergedOver: readonly MergedOver[];
  /** The member whose key or value holds `offset`, innermost first; undefined outside the configuration. */
  memberAt(offset: number): { path: FieldPath; range: OffsetRange } | undefined;
}

export interface YamlFileDocuments {
  configurations: YamlDocument[];
  /** Whether the file's documents are read as Kubernetes manifests (not a `*.search.yaml` configuration file). */
  manifests: boolean;
  /** Syntax problems of the documents that hold, or may hold, a configuration. */
  syntaxErrors: SyntaxProblem[];
  lines: LineIndex;
  tooDeep?: { depth: number; offset: number };
  /** A document past an alias limit: not analysed. */
  limits: Array<{ message: string; offset: number }>;
  /** Where the first `{{` of a Helm template is, when the file's documents cannot be told apart: none is read. */
  template?: number;
  /**
   * Documents that are, or may be, configurations and were not read, with why: a template document
   * (`always`: said in every run), a `kind: Search` of another API group, one without `spec.userConfig`
   * (said when the file was named).
   */
  skipped: Array<{ message: string; offset: number; length: number; always: boolean }>;
  /**
   * Manifests written after a `...` end marker without a `---` line: YAML starts a document there, but
   * kubectl, Helm and kustomize cut a file into documents at `---` lines only and read the first
   * document of each piece, so these are never applied. Not read, and said (yaml-trap).
   */
  ignoredAfterEnd: Array<{ label: string; end: number }>;
  /** `spec` or `userConfig` written twice in one manifest: kubectl refuses it (each block is still read). */
  repeated: Array<{ label: string; key: string; occurrences: OffsetRange[] }>;
  /** Nodes converted: the work done, for tests of hostile input. */
  work: number;
  /** The file's comments, in every document (found when first asked): where its suppression directives are. */
  comments(): Comment[];
}

/** A configuration in a manifest document: the `spec.userConfig` node, and the name it goes by. */
interface ManifestTarget {
  node: unknown;
  label: string;
}

/**
 * Reads every configuration of a YAML file; `fileName` says whether the documents are configurations or manifests.
 * `state`: what the previous version of the same file left (its documents parsed and read), for an
 * edit to cost the documents it changed. `named`: the file was named by the user, so it is parsed
 * whatever the text pre-filter says.
 */
export function parseYamlFile(
  text: string,
  fileName: string | undefined,
  maxDepth = 256,
  state?: YamlDocumentState,
  named = false,
): YamlFileDocuments {
  const lines = new LineIndex(text);
  const whole = isSearchYamlName(fileName);
  const empty: YamlFileDocuments = {
    configurations: [],
    manifests: !whole,
    syntaxErrors: [],
    lines,
    limits: [],
    skipped: [],
    ignoredAfterEnd: [],
    repeated: [],
    work: 0,
    comments: () => [],
  };
  if (!whole && !named && !holdsManifest(text)) return empty;
  // Template documents are read as blank lines (their offsets kept): the other documents of the file are read.
  const templates = templateDocuments(text);
  if (templates === 'file') return { ...empty, template: templateAt(text) };
  const source = templates.length ? blankedDocuments(text, templates) : text;
  const skipped: YamlFileDocuments['skipped'] = [];
  for (const t of templates) {
    if (!whole && !SEARCH_KIND_LINE.test(text.slice(t.start, t.end)) && !text.slice(t.start, t.end).includes('userConfig')) continue;
    const line = lines.positionAt(t.at).line + 1;
    skipped.push({
      offset: t.at,
      length: 2,
      always: true,
      message: `This document is a template ({{ }} at line ${line}, as in a Helm chart): its values are known only once it is rendered, so it was not analysed. Lint the rendered manifests instead: helm template . | search-config lint -`,
    });
  }
  // Documents are parsed one by one between their `---` lines, as kubectl cuts a file (see parseOne),
  // and a document is reused from the last analysis when it is the same. A run over one manifest file
  // (no state) parses only the documents that may be kind: Search.
  const byDocument = state
    ? parseByDocument(source, maxDepth, state)
    : whole
      ? parseByDocument(source, maxDepth, new YamlDocumentState())
      : undefined;
  if (state) {
    if (byDocument) state.piecewise++;
    else state.whole++;
  }
  const searchDocuments = !byDocument && !state && !whole ? parseSearchDocuments(source, maxDepth) : undefined;
  const { docs, tooDeep }: { docs: ParsedDocument[]; tooDeep?: { depth: number; offset: number } } = byDocument
    ? { docs: byDocument }
    : searchDocuments
      ? { docs: searchDocuments.map((d) => d.doc) }
      : parseYamlText(source, maxDepth);
  if (tooDeep) return { ...empty, tooDeep };
  // Where each document stands in the file: its label names it when it has no metadata.name.
  const fileIndex = (index: number): number => (searchDocuments ? searchDocuments[index].index : index);
  const work = { count: 0 };
  const out: YamlFileDocuments = { ...empty, skipped };
  // Comments are looked for only when asked (suppression directives): most analyses of a large file need them once.
  let found: Comment[] | undefined;
  const comments = (): Comment[] => (found ??= yamlComments(text, lines));
  out.comments = comments;
  docs.forEach((doc, index) => {
    const range = docRange(doc, text);
    const errors = firstPerLine(syntaxProblemsOf(doc), lines);
    // A template document reads as an empty one (no manifest): in a *.search.yaml file it is no configuration either.
    const blanked = templates.length > 0 && (docs.length === 1 || templates.some((t) => t.start <= range.offset && range.offset < t.end));
    let targets: ManifestTarget[];
    try {
      targets = whole
        ? !blanked && (docs.length === 1 || doc.contents !== null)
          ? [{ node: doc.contents, label: docs.length > 1 ? `document ${index + 1}` : '' }]
          : []
        : manifestTargets(doc.contents, `document ${fileIndex(index) + 1}`, out);
    } catch (err) {
      if (!(err instanceof LimitPassed)) throw err;
      out.syntaxErrors.push(...errors);
      out.limits.push({ message: err.message, offset: err.offset });
      return;
    }
    if (whole || targets.length || SEARCH_KIND_LINE.test(text.slice(range.offset, range.offset + range.length)))
      out.syntaxErrors.push(...errors);
    if (!targets.length) return;
    if (!whole && index > 0 && !startsWithMarker(doc)) {
      const end = text.lastIndexOf('\n...', range.offset) + 1;
      out.ignoredAfterEnd.push({ label: targets[0].label, end });
      return;
    }
    try {
      const outside: OffsetRange[] = [];
      const reads = readOnce(
        doc,
        targets.map((t) => t.node),
        text,
        work,
        byDocument && state,
        outside,
      );
      out.syntaxErrors.push(...outside.map((r) => ({ ...r, code: 'ALIAS_WITHOUT_ANCHOR' })));
      const made = targets.map((t, i) => configurationDocument(text, lines, t.label, reads[i], range, errors, comments));
      out.configurations.push(...made);
      if (reads.some((r) => r.sharesWith)) shareSecrets(reads, made);
    } catch (err) {
      if (!(err instanceof LimitPassed)) throw err;
      // The configurations of one manifest share its name; the items of a kind: List have one each.
      const label = targets.every((t) => t.label === targets[0].label) ? targets[0].label : '';
      out.limits.push({ message: `${label ? `${label}: ` : ''}${err.message}`, offset: err.offset });
    }
  });
  out.syntaxErrors.sort((a, b) => a.offset - b.offset);
  out.work = work.count;
  return out;
}

/** The configurations of a document that share values through anchors hide each other's secrets (see shareSensitive). */
function shareSecrets(reads: readonly ConfigurationRead[], made: readonly YamlDocument[]): void {
  const docsOf = (read: ConfigurationRead): YamlDocument[] => made.filter((_, i) => reads[i] === read);
  const done = new Set<ConfigurationRead>();
  for (const read of reads) {
    if (!read.sharesWith || done.has(read)) continue;
    const group = [read, ...read.sharesWith];
    for (const r of group) done.add(r);
    shareSensitive(group.flatMap(docsOf));
  }
}

/** readConfigurations, or what it gave for the same parsed document before (its text and offset unchanged). */
function readOnce(
  doc: ParsedDocument,
  targets: readonly unknown[],
  text: string,
  work: { count: number },
  state: YamlDocumentState | undefined | false,
  outside: OffsetRange[],
): ConfigurationRead[] {
  if (!state) return readConfigurations(doc, targets, text, work, outside);
  let byPath = state.reads.get(doc);
  if (!byPath) state.reads.set(doc, (byPath = new Map()));
  // The targets of a parsed document are always the same nodes: their count tells whole documents from manifests.
  const at = targets.length === 1 && targets[0] === doc.contents ? 'whole' : 'manifest';
  let known = byPath.get(at);
  if (!known) {
    const mine = { count: 0 };
    const found: OffsetRange[] = [];
    try {
      known = { reads: readConfigurations(doc, targets, text, mine, found), outside: found, work: mine.count };
    } catch (error) {
      if (!(error instanceof LimitPassed)) throw error;
      known = { error, work: mine.count };
    }
    byPath.set(at, known);
  }
  work.count += known.work;
  if (known.error) throw known.error;
  outside.push(...known.outside!);
  return known.reads!;
}

/**
 * Where a Go template action starts (Helm: `{{ .Values.x }}`, `{{- if ... }}`, `{{ include ... }}`).
 * `{{ client_secret }}` alone is a placeholder for a secret, which the YAML holds as text.
 */
const TEMPLATE_ACTION =
  /\{\{-?[ \t]*(?:[.$(]|(?:if|else|end|range|with|include|template|define|toYaml|tpl|default|required|quote|printf|block)\b)/;
export function templateAt(text: string): number | undefined {
  const m = TEMPLATE_ACTION.exec(text);
  return m ? m.index : undefined;
}

/**
 * The configurations of a manifest document: the `spec.userConfig` of a `kind: Search` of the operator's
 * API group, or of each such item of a `kind: List` (what `kubectl get -o yaml` writes). Every `spec` and
 * every `userConfig` written is read, and a repeated one is noted (kubectl refuses it); a Search of
 * another group, or without `spec.userConfig`, is noted as not read. Members are read as kubectl reads
 * them: through aliases (`spec: *base`) and merge keys (`<<: *base`); the configuration is then the
 * node the anchor marks, read where it is written.
 */
function manifestTargets(contents: unknown, where: string, out: Pick<YamlFileDocuments, 'skipped' | 'repeated'>): ManifestTarget[] {
  const targets: ManifestTarget[] = [];
  const members = new ManifestMembers(contents);
  const kind = members.value(contents, 'kind');
  if (isScalar(kind) && kind.value === 'List') {
    const items = members.value(contents, 'items');
    if (isSeq(items)) items.items.forEach((item, i) => manifest(members.resolve(item), `${where}, item ${i + 1}`, targets, out, members));
    return targets;
  }
  manifest(contents, where, targets, out, members);
  return targets;
}

function manifest(
  node: unknown,
  where: string,
  targets: ManifestTarget[],
  out: Pick<YamlFileDocuments, 'skipped' | 'repeated'>,
  members: ManifestMembers,
): void {
  const kind = members.value(node, 'kind');
  if (!isMap(node) || !isScalar(kind) || kind.value !== 'Search') return;
  const label = `Search/${manifestName(node, members) ?? `(${where}, no metadata.name)`}`;
  const at = (n: unknown): { offset: number; length: number } => {
    const r = (n as { range?: [number, number, number] } | undefined)?.range ?? kind.range ?? [0, 0, 0];
    return { offset: r[0], length: r[1] - r[0] };
  };
  // A manifest without apiVersion (a fragment, a patch) is read as the operator's: it names no other group.
  const apiVersion = members.value(node, 'apiVersion');
  if (apiVersion !== undefined) {
    const value = isScalar(apiVersion) ? apiVersion.value : undefined;
    const group = typeof value === 'string' && value.includes('/') ? value.slice(0, value.indexOf('/')) : undefined;
    if (group !== OPERATOR_GROUP) {
      const written = typeof value === 'string' ? `"${value.length > 80 ? `${value.slice(0, 77)}...` : value}"` : 'not a string';
      out.skipped.push({
        ...at(apiVersion),
        always: false,
        message: `${label}: apiVersion is ${written}: this kind: Search belongs to another API group than the operator's (${OPERATOR_GROUP}), so it was not read.`,
      });
      return;
    }
  }
  // What a merge key brings is one member, written elsewhere: only the members written in the map repeat.
  const specs = members.members(node, 'spec').pairs;
  if (specs.length > 1) out.repeated.push({ label, key: 'spec', occurrences: specs.map((p) => at(p.key)) });
  let found = false;
  for (const spec of specs) {
    const configs = members.members(spec.value, 'userConfig').pairs;
    if (configs.length > 1) out.repeated.push({ label, key: 'userConfig', occurrences: configs.map((p) => at(p.key)) });
    // An alias of no anchor stays the alias: readConfigurations reads it as null.
    for (const c of configs) {
      targets.push({ node: members.resolve(c.value) ?? c.value, label });
      found = true;
    }
  }
  if (!found)
    out.skipped.push({ ...at(kind), always: false, message: `${label} has no spec.userConfig: there is no configuration in it to check.` });
}

/**
 * The manifest's name, `namespace/name` when it says its namespace (as Kubernetes names a namespaced
 * object): two manifests of one name in two namespaces are two services, in a baseline and a diff too.
 */
function manifestName(node: unknown, members: ManifestMembers): string | undefined {
  const metadata = members.value(node, 'metadata');
  const text = (n: unknown): string | undefined =>
    isScalar(n) && (typeof n.value === 'string' || typeof n.value === 'number') ? String(n.value) : undefined;
  const name = text(members.value(metadata, 'name'));
  const namespace = text(members.value(metadata, 'namespace'));
  const shown = name !== undefined && namespace ? `${namespace}/${name}` : name;
  return shown === undefined ? undefined : printable(shown);
}

/**
 * The documents of a file that hold a Go template action, by where they start and end and where the
 * action is; 'file' when the documents cannot be told apart by their markers (none is read then).
 */
function templateDocuments(text: string): Array<{ start: number; end: number; at: number }> | 'file' {
  if (templateAt(text) === undefined) return [];
  const starts = documentStarts(text);
  if (!starts) return 'file';
  const out: Array<{ start: number; end: number; at: number }> = [];
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i],
      end = i + 1 < starts.length ? starts[i + 1] : text.length;
    const at = templateAt(text.slice(start, end));
    if (at !== undefined) out.push({ start, end, at: start + at });
  }
  return out;
}

/** The text with each template document's characters as blanks (its `---` marker and line ends kept): an empty document. */
function blankedDocuments(text: string, templates: ReadonlyArray<{ start: number; end: number }>): string {
  let out = '',
    from = 0;
  for (const t of templates) {
    const marker = text.startsWith('---', t.start) ? 3 : 0;
    out += text.slice(from, t.start + marker) + text.slice(t.start + marker, t.end).replace(/[^\r\n]/g, ' ');
    from = t.end;
  }
  return out + text.slice(from);
}

/**
 * Whether a document begins with a `---` line. Documents of a file with a `...` end marker are parsed
 * by the `yaml` package (see documentStarts), which notes the marker; the other readers cut the file at
 * `---` lines, where every document but the first starts.
 */
const startsWithMarker = (doc: ParsedDocument): boolean =>
  (doc as { directives?: { docStart?: true | null } }).directives?.docStart !== null;

function docRange(doc: ParsedDocument, text: string): OffsetRange {
  const r = doc.range ?? [0, text.length, text.length];
  return { offset: r[0], length: r[2] - r[0] };
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

/** Where the blank and comment lines just above `offset` start (and a `---` line holding a comment). */
function leadingCommentsStart(text: string, lines: LineIndex, offset: number): number {
  let line = lines.positionAt(offset).line;
  while (line > 0) {
    const above = text.slice(lines.lineStart(line - 1), lines.lineStart(line)).trim();
    if (above === '' || above.startsWith('#')) {
      line--;
      continue;
    }
    if (/^---\s+#/.test(above)) line--;
    break;
  }
  return lines.lineStart(line);
}

/**
 * Where the parser's reading of a document with a syntax error becomes a guess (see
 * ConfigDocument.readableUntil): at its first error, or on the line before when that line is a key
 * with nothing after it, whose value the broken lines below were to give (`search:` above a line
 * indented with a tab is read as null).
 */
function guessedFrom(text: string, lines: LineIndex, errors: readonly SyntaxProblem[], entries: ReadonlyMap<string, Entry>): number {
  const first = Math.min(...errors.map((e) => e.offset));
  let from = first;
  let line = lines.positionAt(first).line;
  while (line > 0) {
    const above = text.slice(lines.lineStart(line - 1), lines.lineStart(line)).trim();
    line--;
    if (above === '' || above.startsWith('#')) continue;
    const comment = above.search(/\s#/);
    if ((comment < 0 ? above : above.slice(0, comment)).trimEnd().endsWith(':')) from = lines.lineStart(line);
    break;
  }
  // A flow collection left open (`static_ips: [true`) runs on to the error: from its bracket on, what it holds is a guess.
  for (const e of entries.values()) {
    if (e.value.offset >= from || (e.shape !== 'flow-seq' && e.shape !== 'flow-map')) continue;
    const close = text[e.value.offset + e.value.length - 1];
    if (close !== (e.shape === 'flow-seq' ? ']' : '}')) from = e.value.offset;
  }
  return from;
}

const inside = (r: OffsetRange, offset: number): boolean => offset >= r.offset && offset <= r.offset + r.length;

function configurationDocument(
  text: string,
  lines: LineIndex,
  label: string,
  read: ConfigurationRead,
  docRange: OffsetRange,
  errors: SyntaxProblem[],
  fileComments: () => Comment[],
): YamlDocument {
  const entryOf = (path: FieldPath) => read.entries.get(pathKey(path));
  const root = entryOf([]);
  return {
    format: 'yaml',
    label,
    text,
    lines,
    commentsAllowed: true,
    value: read.value,
    syntaxErrors: [
      ...errors,
      ...read.keysNotText.map((r) => ({ ...r, code: 'KEY_NOT_TEXT' })),
      ...read.aliasesWithoutAnchor.map((a) => ({ ...a.range, code: 'ALIAS_WITHOUT_ANCHOR' })),
    ].sort((a, b) => a.offset - b.offset),
    ...(read.aliasesWithoutAnchor.length ? { unknownPaths: read.aliasesWithoutAnchor.map((a) => a.path) } : {}),
    ...(errors.length ? { readableUntil: guessedFrom(text, lines, errors, read.entries) } : {}),
    noDuplicateKeys: read.repeated.length === 0,
    plainScalars: read.plainScalars,
    sharing: read.sharing,
    mergedOver: read.mergedOver,
    comments: () => {
      // The comments above the document's first line (after its `---`) are its own too: a
      // `# search-config-disable-next-line` there speaks for that line. The file's comments are in
      // order of offset: each document takes its own by binary search (a pass over the file's
      // comments per document grows with their product).
      const from = leadingCommentsStart(text, lines, docRange.offset);
      const range = { offset: from, length: docRange.offset + docRange.length - from };
      return startingWithin(fileComments(), range);
    },
    rangeAt: (path) => entryOf(path)?.value,
    locate: (path, target) => locateMember(entryOf, path, target, root?.key ?? { offset: docRange.offset, length: 0 }),
    repeatedKeys: () => read.repeated,
    writtenElsewhere: (path) => mergedAt(read.entries, path),
    memberAt(offset) {
      let best: { path: FieldPath; range: OffsetRange } | undefined;
      for (const [key, entry] of read.entries) {
        const range =
          entry.key && inside(entry.key, offset)
            ? entry.key
            : entry.shape === 'scalar' && inside(entry.value, offset)
              ? entry.value
              : undefined;
        if (range && (!best || range.length < best.range.length)) best = { path: pathOfKey(key), range };
      }
      return best;
    },
    // A configuration written in an anchor that other manifests or fields use is not edited: the edit would change them too.
    // Nor is a value an anchor shares with an alias, at either end: an edit there would change the other field
    // too, or replace the alias and so unlink it, which no finding asked for.
    editsFor: (intents) =>
      read.shared || intents.some((intent) => touchesShared(read.sharing, intent))
        ? undefined
        : yamlEdits({ text, entries: read.entries }, intents),
  };
}

/** Whether a fix's edit would be made in a shared value: at or below an anchor an alias names, or an alias. Renaming the key that holds one leaves it alone. */
function touchesShared(sharing: readonly Sharing[], intent: FixIntent): boolean {
  return sharing.some(
    (s) =>
      s.path.length <= intent.path.length &&
      s.path.every((seg, i) => seg === intent.path[i]) &&
      !(intent.kind === 'rename' && intent.path.length === s.path.length),
  );
}
