import {
  applyEdits,
  formatOf,
  parseDocument,
  settler,
  schemaAt,
  type Finding,
  type Fix,
  type ParsedDocument,
  type SchemaNode,
  type FieldPath,
  type TextEdit,
  schemaShownFor,
  hasCredentials,
  hasOwn,
  isPlaceholder,
} from '../../core';
import { secretRangesOf } from '../unified-diff';
import { countFindings, type FileReport, type Formatter } from './types';

/** ESLint's fix shape: one replacement of `range` (UTF-16 offsets into the text without a BOM). */
export interface JsonFix {
  range: [number, number];
  text: string;
}

export interface JsonMessage {
  ruleId: string;
  severity: Finding['severity'];
  message: string;
  path: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  fix?: JsonFix;
  suggestions?: Array<{ desc: string; fix: JsonFix }>;
  /** As ESLint's parse errors: a syntax error after which the file is not read. */
  fatal?: true;
}

export interface JsonFileResult {
  filePath: string;
  messages: JsonMessage[];
  errorCount: number;
  warningCount: number;
  infoCount: number;
  hintCount: number;
  /** As ESLint's: messages with a `fix`, by severity; the syntax errors among the errors; what a directive silenced. */
  fixableErrorCount: number;
  fixableWarningCount: number;
  fatalErrorCount: number;
  suppressedMessages: Array<JsonMessage & { suppressions: Array<{ kind: 'directive'; justification: string }> }>;
  /** --fix-dry-run: the file's text after the fixes, as ESLint gives it; secret values masked as "***". */
  output?: string;
}

/** Several edits become one replacement spanning all of them, as ESLint merges fixes. */
export function mergeFix(text: string, fix: Fix): JsonFix {
  const edits = fix.edits;
  if (!edits.length) return { range: [0, 0], text: '' };
  // Most fixes are one edit, which is its own merged replacement.
  if (edits.length === 1) return { range: [edits[0].offset, edits[0].offset + edits[0].length], text: edits[0].newText };
  const start = Math.min(...edits.map((e) => e.offset));
  const end = Math.max(...edits.map((e) => e.offset + e.length));
  const shifted = edits.map((e) => ({ ...e, offset: e.offset - start }));
  return { range: [start, end], text: applyEdits(text.slice(start, end), shifted) };
}

export function toJsonResult(r: FileReport, c = countFindings(r.findings)): JsonFileResult {
  // A fix can carry text from the file (a quoted number, a moved property, a URL): one that would
  // print a value that may be a secret, or a credential of a URL, is left out of the report; the finding stays.
  let secrets: readonly string[] | undefined;
  const safe = (fix: JsonFix): JsonFix | undefined =>
    hasCredentials(fix.text) || (secrets ??= r.secrets ?? secretTexts(r.text, r.file)).some((t) => fix.text.includes(t)) ? undefined : fix;
  // A suggestion is applied alone, as the editor's quick fixes are: written as the format writes it
  // (a .tf file's block aligned as terraform fmt aligns it).
  const format = formatOf(r.file);
  let settleEdits: ((edits: TextEdit[]) => TextEdit[]) | undefined;
  const settle = (s: Fix): Fix => ({ ...s, edits: (settleEdits ??= settler(r.text, format.applyEdits, format.layoutWindows))(s.edits) });
  const messageOf = (f: Finding): JsonMessage => {
    const m: JsonMessage = {
      ruleId: f.ruleId,
      severity: f.severity,
      message: f.message,
      path: f.path,
      line: f.range.start.line + 1,
      column: f.range.start.character + 1,
      endLine: f.range.end.line + 1,
      endColumn: f.range.end.character + 1,
    };
    if (f.fatal) m.fatal = true;
    const fix = f.fix && safe(mergeFix(r.text, f.fix));
    if (fix) m.fix = fix;
    if (f.suggestions?.length) {
      const suggestions = f.suggestions.flatMap((s) => {
        const sfix = safe(mergeFix(r.text, settle(s)));
        return sfix ? [{ desc: s.title, fix: sfix }] : [];
      });
      if (suggestions.length) m.suggestions = suggestions;
    }
    return m;
  };
  const messages = r.findings.map(messageOf);
  const fixable = (severity: string): number => messages.filter((m) => m.fix && m.severity === severity).length;
  return {
    filePath: r.displayPath,
    messages,
    errorCount: c.error,
    warningCount: c.warning,
    infoCount: c.info,
    hintCount: c.hint,
    fixableErrorCount: fixable('error'),
    fixableWarningCount: fixable('warning'),
    // ESLint's fatal errors are the file's parse errors: here the syntax errors after which it is not read.
    fatalErrorCount: messages.filter((m) => m.fatal).length,
    // As ESLint: each silenced message with the comment that silenced it, and its reason ("" when none is written).
    suppressedMessages: (r.suppressed ?? []).map((s) => ({
      ...messageOf(s.finding),
      suppressions: [{ kind: 'directive' as const, justification: s.justification ?? '' }],
    })),
    ...(r.output !== undefined ? { output: r.output } : {}),
  };
}

/** The rules that report what a parser cannot read. */

/**
 * The source text of every value that may be a secret (secret fields, anything below an unknown
 * key), worked out from the parsed value so that no parse tree is built for large files.
 */
function secretTexts(text: string, fileName: string): string[] {
  return secretTextsOf(parseDocument(text, { fileName }));
}

/** The secret texts read from the full parse tree, which sees every value as written. */
export function treeSecretTexts(doc: ParsedDocument): string[] {
  const { text } = doc;
  return (secretRangesOf(doc) ?? []).map(([s, e]) => text.slice(s, e).replace(/^"|"$/g, '')).filter((t) => t.length >= 3);
}

/** As secretTexts, from a document already parsed (the lint's own parse of the same text). */
export function secretTextsOf(doc: ParsedDocument): string[] {
  const { text } = doc;
  // Read once: in the bundled CLI a function of the shared analyzer bundle is reached through getters
  // on every use, and these two run for every member of every document.
  const own = hasOwn,
    placeholder = isPlaceholder,
    memberOf = schemaShownFor;
  // The parsed value keeps only the last of duplicate keys, and spells escapes out: in those
  // cases the values are read from the full parse tree instead.
  if (doc.noDuplicateKeys !== true || text.includes('\\u')) return treeSecretTexts(doc);
  const out: string[] = [];
  // A number's double may print other digits than those written (beyond 2^53, a long fraction): then
  // the values are read from the tree, as written.
  let inexact = false;
  const take = (value: string | number): void => {
    if (placeholder(value)) return;
    if (typeof value === 'number' && !Number.isSafeInteger(value)) inexact = true;
    const t = typeof value === 'string' ? JSON.stringify(value).slice(1, -1) : String(value);
    if (t.length >= 3) out.push(t);
  };
  // Containers only are stacked, each with its path, its schema (as schemaAt would find it) and
  // whether it lies below an unknown key; their scalar members are judged on the spot.
  const values: unknown[] = [doc.value];
  const paths: FieldPath[] = [[]];
  const schemas: Array<SchemaNode | undefined> = [schemaAt([])];
  const unknowns: boolean[] = [false];
  if (doc.value === null || typeof doc.value !== 'object') {
    if ((typeof doc.value === 'string' || typeof doc.value === 'number') && schemaAt([])?.secret) take(doc.value);
    return out;
  }
  // `index`: the object's place in the list at `parent`. Its path is made only when a container below it
  // needs one (schemaOfMember makes its own for a key the schema lacks): a list of many thousands of
  // entries (an ip_filter) has keys its schema knows and scalar values only, and a path per entry was
  // most of this walk's garbage.
  const readObject = (
    value: object,
    parent: FieldPath,
    index: number | undefined,
    schema: SchemaNode | undefined,
    unknown: boolean,
  ): void => {
    let path = index === undefined ? parent : undefined;
    for (const k in value) {
      if (!own(value, k)) continue;
      const v = (value as Record<string, unknown>)[k];
      // Below an unknown key everything may be a secret; a field written at the wrong level is that field,
      // and so is a key that surely names a field holding no secret (see schemaShownFor).
      const member = unknown ? undefined : memberOf(schema, parent, k, index);
      if (typeof v === 'string' || typeof v === 'number') {
        if (unknown || !member || member.secret) take(v);
      } else if (v !== null && typeof v === 'object') {
        values.push(v);
        paths.push([...(path ??= [...parent, index as number]), k]);
        schemas.push(member);
        unknowns.push(unknown || !member);
      }
    }
  };
  while (values.length) {
    const value = values.pop() as object;
    const path = paths.pop()!;
    const schema = schemas.pop();
    const unknown = unknowns.pop()!;
    if (!Array.isArray(value)) {
      readObject(value, path, undefined, schema, unknown);
      continue;
    }
    const items = schema?.items;
    const secret = unknown || !!items?.secret;
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (typeof v === 'string' || typeof v === 'number') {
        if (secret) take(v);
      }
      // An object in a list (an ip_filter entry) is read at once rather than stacked.
      else if (v !== null && typeof v === 'object') {
        if (Array.isArray(v)) {
          values.push(v);
          paths.push([...path, i]);
          schemas.push(items);
          unknowns.push(unknown);
        } else readObject(v, path, i, items, unknown);
      }
    }
  }
  return inexact ? treeSecretTexts(doc) : out;
}

/** A file's report with its JSON result written, and only what the rest of the run needs kept. */
export function renderJsonEarly(r: FileReport): FileReport {
  const counts = countFindings(r.findings);
  return { file: r.file, displayPath: r.displayPath, text: '', findings: [], json: JSON.stringify(toJsonResult(r, counts)), counts };
}

// JSON.stringify of an array without indentation is its elements' texts between brackets, joined by commas.
const json: Formatter = (reports) => `[${reports.map((r) => r.json ?? JSON.stringify(toJsonResult(r))).join(',')}]\n`;
export default json;
