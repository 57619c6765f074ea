import { parseTree, type ParseError } from 'jsonc-parser';
import type { Finding, Range, TextEdit } from '../../server/src/core';

/**
 * Checks that do not trust the code under test: positions are recomputed here from the
 * text with an independent line splitter, and validity of JSON is judged by jsonc-parser
 * directly rather than by the analyzer.
 */

export interface Problem {
  kind: string;
  message: string;
}

/** Line start offsets with \r\n, \r and \n as line ends, as LSP counts them. */
export class Lines {
  readonly starts: number[] = [0];
  constructor(readonly text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (c === '\r' && text[i + 1] === '\n') {
        i++;
        this.starts.push(i + 1);
      } else if (c === '\n' || c === '\r') this.starts.push(i + 1);
    }
  }
  /** Length of a line without its line end. */
  lineLength(line: number): number {
    const start = this.starts[line];
    let end = line + 1 < this.starts.length ? this.starts[line + 1] : this.text.length;
    while (end > start && (this.text[end - 1] === '\n' || this.text[end - 1] === '\r')) end--;
    return end - start;
  }
  position(offset: number): { line: number; character: number } {
    let line = 0;
    let lo = 0,
      hi = this.starts.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.starts[mid] <= offset) {
        line = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return { line, character: offset - this.starts[line] };
  }
}

export function checkRange(lines: Lines, range: Range | undefined, where: string): Problem[] {
  if (!range) return [{ kind: 'range', message: `${where}: no range` }];
  const out: Problem[] = [];
  for (const [name, p] of [
    ['start', range.start],
    ['end', range.end],
  ] as const) {
    if (!Number.isInteger(p?.line) || !Number.isInteger(p?.character) || p.line < 0 || p.character < 0) {
      out.push({ kind: 'range', message: `${where}: ${name} ${JSON.stringify(p)} is not a valid position` });
      continue;
    }
    if (p.line >= lines.starts.length)
      out.push({ kind: 'range', message: `${where}: ${name} line ${p.line} beyond the ${lines.starts.length} lines of the document` });
    else if (p.character > lines.lineLength(p.line))
      out.push({
        kind: 'range',
        message: `${where}: ${name} character ${p.character} beyond the ${lines.lineLength(p.line)} characters of line ${p.line}`,
      });
  }
  if (
    !out.length &&
    (range.start.line > range.end.line || (range.start.line === range.end.line && range.start.character > range.end.character))
  ) {
    out.push({ kind: 'range', message: `${where}: range ends before it starts ${JSON.stringify(range)}` });
  }
  return out;
}

function checkEdits(text: string, edits: readonly TextEdit[], where: string): Problem[] {
  const out: Problem[] = [];
  // Insertions first among edits at one offset: an insertion touching a replacement does not overlap it.
  const sorted = [...edits].sort((a, b) => a.offset - b.offset || a.length - b.length);
  sorted.forEach((e, i) => {
    if (!Number.isInteger(e.offset) || !Number.isInteger(e.length) || e.offset < 0 || e.length < 0 || e.offset + e.length > text.length)
      out.push({
        kind: 'edit',
        message: `${where}: edit ${JSON.stringify({ offset: e.offset, length: e.length })} outside the ${text.length} characters of the document`,
      });
    if (typeof e.newText !== 'string') out.push({ kind: 'edit', message: `${where}: edit without replacement text` });
    const prev = sorted[i - 1];
    if (prev && prev.offset + prev.length > e.offset) out.push({ kind: 'edit', message: `${where}: overlapping edits in one fix` });
  });
  return out;
}

/** A finding is well-formed: inside the document, its range agrees with its offset, its fixes are sane. */
export function checkFinding(lines: Lines, f: Finding): Problem[] {
  const where = `${f.ruleId} at ${f.path || '(root)'}`;
  const out = checkRange(lines, f.range, where);
  const text = lines.text;
  if (f.offset < 0 || f.length < 0 || f.offset + f.length > text.length)
    out.push({ kind: 'range', message: `${where}: offset ${f.offset}+${f.length} outside the ${text.length} characters of the document` });
  else if (!out.length) {
    const start = lines.position(f.offset),
      end = lines.position(f.offset + f.length);
    if (
      start.line !== f.range.start.line ||
      start.character !== f.range.start.character ||
      end.line !== f.range.end.line ||
      end.character !== f.range.end.character
    ) {
      out.push({
        kind: 'range',
        message: `${where}: range ${JSON.stringify(f.range)} does not match offset ${f.offset}+${f.length} (${JSON.stringify({ start, end })})`,
      });
    }
  }
  if (typeof f.message !== 'string' || !f.message.trim()) out.push({ kind: 'message', message: `${where}: empty message` });
  for (const fix of [...(f.fix ? [f.fix] : []), ...(f.suggestions ?? [])])
    out.push(...checkEdits(text, fix.edits, `${where} fix "${fix.title}"`));
  return out;
}

/** Syntax errors as jsonc-parser sees them, in the dialect of the file. */
export function syntaxErrorCount(text: string, jsonc: boolean): number {
  const errors: ParseError[] = [];
  parseTree(text, errors, { allowTrailingComma: jsonc, disallowComments: !jsonc, allowEmptyContent: false });
  return errors.length;
}

const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort().join(',');
/** Prototype pollution leaves traces on Object.prototype; none may appear. */
export function checkPrototype(): Problem[] {
  const out: Problem[] = [];
  const now = Object.getOwnPropertyNames(Object.prototype).sort().join(',');
  if (now !== PROTOTYPE_KEYS) out.push({ kind: 'prototype', message: `Object.prototype changed: ${now}` });
  const probe = {} as Record<string, unknown>;
  for (const k of ['polluted', 'a', 'x', 'pattern'])
    if (probe[k] !== undefined) out.push({ kind: 'prototype', message: `({}).${k} is defined` });
  return out;
}
