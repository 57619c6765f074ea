import { maskCredentials } from '../credentials';
import { LineIndex } from '../lines';
import blockedEndpoint, { blockedMessage } from '../rules/blocked-endpoint';
import { unusedDirectiveReport } from '../suppress';
import type { AnalyzeOptions, Finding, SeveritySetting } from '../types';
import { scanCurl } from './curl';
import { scanHttpFile } from './http-file';
import { linesOf } from './lines';
import { fencedBlocks, scanMarkdown } from './markdown';
import { hostMatches, requestPath, verdictOf } from './match';
import type { FoundRequest, RequestFileKind } from './types';

export function findRequests(text: string, kind: RequestFileKind): FoundRequest[] {
  return kind === 'http' ? scanHttpFile(text) : kind === 'markdown' ? scanMarkdown(text) : scanCurl(text);
}

/** `search-config-disable-next-line [rule, …]` in a `#`, `//` or `<!-- -->` comment. */
const DIRECTIVE = /(?:^|\s)((?:#|\/\/|<!--)\s*search-config-disable-next-line\b([^\n]*?)(?:-->|--\s|$))/;

interface LineDirective {
  /** The line (0-based) whose findings it silences. */
  target: number;
  rules: string[] | 'all';
  /** The comment, up to its `-->` or the end of its line. */
  offset: number;
  length: number;
  used: boolean;
}

/**
 * The suppression comments of a request file. In Markdown a `#` or `//` line outside a fenced block is a
 * heading or prose, so there only `<!-- -->` comments count (one on the line before a fence speaks for
 * the block's first line), and `#` or `//` ones inside fences.
 */
function lineDirectives(text: string, kind: RequestFileKind): LineDirective[] {
  const out: LineDirective[] = [];
  if (!text.includes('search-config-disable-next-line')) return out;
  const blocks = kind === 'markdown' ? [...fencedBlocks(text)] : [];
  const fenced = new Set(blocks.flatMap((b) => b.inside.map((l) => l.index)));
  const openers = new Set(blocks.map((b) => b.open.index));
  for (const line of linesOf(text)) {
    const m = DIRECTIVE.exec(line.text);
    if (!m) continue;
    const from = m.index + m[0].length - m[1].length;
    const html = line.text.startsWith('<!--', from);
    if (kind === 'markdown' && !html && !fenced.has(line.index)) continue;
    const ids = m[2].replace(/-->.*$/, '').trim().split(/[\s,]+/).filter(Boolean);
    const close = html ? line.text.indexOf('-->', from) : -1;
    const to = close >= 0 ? close + 3 : line.text.length;
    const target = openers.has(line.index + 1) ? line.index + 2 : line.index + 1;
    out.push({ target, rules: ids.length ? ids : 'all', offset: line.offset + from, length: to - from, used: false });
  }
  return out;
}

/**
 * The findings of a request file, runbook or script: each request the service refuses. The rest of the
 * rules read configurations only.
 */
export function analyzeRequestText(text: string, kind: RequestFileKind, options: AnalyzeOptions, severity: SeveritySetting, unusedSeverity: SeveritySetting): Finding[] {
  const lines = new LineIndex(text);
  const directives = lineDirectives(text, kind);
  const findings: Finding[] = [];
  if (severity !== 'off') for (const req of findRequests(text, kind)) {
    const p = requestPath(req.resolved, req.format);
    if (p.host && options.requestHosts?.length && !hostMatches(p.host, options.requestHosts)) continue;
    const verdict = verdictOf(req.method, p);
    if (verdict.kind !== 'blocked') continue;
    const range = lines.rangeOf(req.offset, req.length);
    const off = directives.find((d) => d.target === range.start.line && (d.rules === 'all' || d.rules.includes(blockedEndpoint.meta.id)));
    if (off) { off.used = true; continue; }
    findings.push({ ruleId: blockedEndpoint.meta.id, severity, message: maskCredentials(blockedMessage(req, p.path, verdict.hierarchy)), path: '', offset: req.offset, length: req.length, range });
  }
  if (unusedSeverity !== 'off') {
    for (const d of directives) {
      if (d.used) continue;
      findings.push({ ruleId: 'unused-suppression', severity: unusedSeverity, path: '', offset: d.offset, length: d.length, range: lines.rangeOf(d.offset, d.length), ...unusedDirectiveReport(text, d.rules, true, d.offset, d.length) });
    }
    findings.sort((a, b) => a.offset - b.offset);
  }
  return findings;
}
