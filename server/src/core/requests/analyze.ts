import { LineIndex } from '../lines';
import blockedEndpoint, { blockedMessage } from '../rules/blocked-endpoint';
import type { AnalyzeOptions, Finding, Severity } from '../types';
import { scanCurl } from './curl';
import { scanHttpFile } from './http-file';
import { scanMarkdown } from './markdown';
import { hostMatches, requestPath, verdictOf } from './match';
import type { FoundRequest, RequestFileKind } from './types';

export function findRequests(text: string, kind: RequestFileKind): FoundRequest[] {
  return kind === 'http' ? scanHttpFile(text) : kind === 'markdown' ? scanMarkdown(text) : scanCurl(text);
}

/** `search-config-disable-next-line [rule, …]` in a `#`, `//` or `<!-- -->` comment: the lines it covers, per rule. */
const DIRECTIVE = /(?:^|\s)(?:#|\/\/|<!--)\s*search-config-disable-next-line\b([^\n]*?)(?:-->|--\s|$)/;

function suppressedLines(text: string): Map<number, string[] | 'all'> {
  const out = new Map<number, string[] | 'all'>();
  if (!text.includes('search-config-disable-next-line')) return out;
  text.split('\n').forEach((line, i) => {
    const m = DIRECTIVE.exec(line);
    if (!m) return;
    const ids = m[1].replace(/-->.*$/, '').trim().split(/[\s,]+/).filter(Boolean);
    out.set(i + 1, ids.length ? ids : 'all');
  });
  return out;
}

/**
 * The findings of a request file, runbook or script: each request the service refuses. The rest of the
 * rules read configurations only.
 */
export function analyzeRequestText(text: string, kind: RequestFileKind, options: AnalyzeOptions, severity: Severity): Finding[] {
  const lines = new LineIndex(text);
  const suppressed = suppressedLines(text);
  const findings: Finding[] = [];
  for (const req of findRequests(text, kind)) {
    const p = requestPath(req.resolved, req.format);
    if (p.host && options.requestHosts?.length && !hostMatches(p.host, options.requestHosts)) continue;
    const verdict = verdictOf(req.method, p);
    if (verdict.kind !== 'blocked') continue;
    const range = lines.rangeOf(req.offset, req.length);
    const off = suppressed.get(range.start.line);
    if (off === 'all' || off?.includes(blockedEndpoint.meta.id)) continue;
    findings.push({ ruleId: blockedEndpoint.meta.id, severity, message: blockedMessage(req, p.path, verdict.hierarchy), path: '', offset: req.offset, length: req.length, range });
  }
  return findings;
}
