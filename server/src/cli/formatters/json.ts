import { applyEdits, parseDocument, schemaAt, type Finding, type Fix, type SchemaNode } from '../../core';
import { isPlaceholder } from '../../core/values';
import { secretRanges } from '../unified-diff';
import { countFindings, type FileReport, type Formatter } from './types';

/** ESLint's fix shape: one replacement of `range` (UTF-16 offsets into the text without a BOM). */
export interface JsonFix { range: [number, number]; text: string }

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
}

export interface JsonFileResult {
  filePath: string;
  messages: JsonMessage[];
  errorCount: number;
  warningCount: number;
  infoCount: number;
  hintCount: number;
}

/** Several edits become one replacement spanning all of them, as ESLint merges fixes. */
export function mergeFix(text: string, fix: Fix): JsonFix {
  const edits = fix.edits;
  if (!edits.length) return { range: [0, 0], text: '' };
  const start = Math.min(...edits.map((e) => e.offset));
  const end = Math.max(...edits.map((e) => e.offset + e.length));
  const shifted = edits.map((e) => ({ ...e, offset: e.offset - start }));
  return { range: [start, end], text: applyEdits(text.slice(start, end), shifted) };
}

export function toJsonResult(r: FileReport): JsonFileResult {
  const c = countFindings(r.findings);
  // A fix can carry text from the file (a quoted number, a moved property): one that would
  // print a value that may be a secret is left out of the report; the finding stays.
  let secrets: string[] | undefined;
  const safe = (fix: JsonFix): JsonFix | undefined => ((secrets ??= secretTexts(r.text, r.file)).some((t) => fix.text.includes(t)) ? undefined : fix);
  return {
    filePath: r.displayPath,
    messages: r.findings.map((f) => {
      const m: JsonMessage = {
        ruleId: f.ruleId, severity: f.severity, message: f.message, path: f.path,
        line: f.range.start.line + 1, column: f.range.start.character + 1,
        endLine: f.range.end.line + 1, endColumn: f.range.end.character + 1,
      };
      const fix = f.fix && safe(mergeFix(r.text, f.fix));
      if (fix) m.fix = fix;
      const suggestions = (f.suggestions ?? []).flatMap((s) => { const sfix = safe(mergeFix(r.text, s)); return sfix ? [{ desc: s.title, fix: sfix }] : []; });
      if (suggestions.length) m.suggestions = suggestions;
      return m;
    }),
    errorCount: c.error, warningCount: c.warning, infoCount: c.info, hintCount: c.hint,
  };
}

/**
 * The source text of every value that may be a secret (secret fields, anything below an unknown
 * key), worked out from the parsed value so that no parse tree is built for large files.
 */
function secretTexts(text: string, fileName: string): string[] {
  const doc = parseDocument(text, { fileName });
  // The parsed value keeps only the last of duplicate keys, and spells escapes out: in those
  // cases the values are read from the full parse tree instead.
  if (doc.noDuplicateKeys !== true || text.includes('\\u')) return (secretRanges(text, fileName) ?? []).map(([s, e]) => text.slice(s, e).replace(/^"|"$/g, '')).filter((t) => t.length >= 3);
  const out: string[] = [];
  // Each value is visited with its schema (as schemaAt would find it), so that no path is built.
  const stack: Array<{ value: unknown; schema: SchemaNode | undefined; unknown: boolean }> = [{ value: doc.value, schema: schemaAt([]), unknown: false }];
  while (stack.length) {
    const { value, schema, unknown } = stack.pop()!;
    if (typeof value === 'string' || typeof value === 'number') {
      if ((unknown || schema?.secret) && !isPlaceholder(value)) out.push(typeof value === 'string' ? JSON.stringify(value).slice(1, -1) : String(value));
    } else if (Array.isArray(value)) {
      const items = schema?.items;
      for (const v of value) if (v !== null && typeof v !== 'boolean') stack.push({ value: v, schema: items, unknown });
    } else if (value && typeof value === 'object') {
      const properties = schema?.properties;
      for (const k of Object.keys(value)) {
        const v = (value as Record<string, unknown>)[k];
        if (v === null || typeof v === 'boolean') continue;
        const member = properties && Object.prototype.hasOwnProperty.call(properties, k) ? properties[k] : undefined;
        stack.push({ value: v, schema: member, unknown: unknown || member === undefined });
      }
    }
  }
  return out.filter((t) => t.length >= 3);
}

const json: Formatter = (reports) => JSON.stringify(reports.map(toJsonResult)) + '\n';
export default json;
