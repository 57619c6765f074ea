import { applyEdits, type Finding, type Fix } from '../../core';
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
  return {
    filePath: r.displayPath,
    messages: r.findings.map((f) => {
      const m: JsonMessage = {
        ruleId: f.ruleId, severity: f.severity, message: f.message, path: f.path,
        line: f.range.start.line + 1, column: f.range.start.character + 1,
        endLine: f.range.end.line + 1, endColumn: f.range.end.character + 1,
      };
      if (f.fix) m.fix = mergeFix(r.text, f.fix);
      if (f.suggestions?.length) m.suggestions = f.suggestions.map((s) => ({ desc: s.title, fix: mergeFix(r.text, s) }));
      return m;
    }),
    errorCount: c.error, warningCount: c.warning, infoCount: c.info, hintCount: c.hint,
  };
}

const json: Formatter = (reports) => JSON.stringify(reports.map(toJsonResult)) + '\n';
export default json;
