import { maskCredentials } from '../credentials';
import { LineIndex } from '../lines';
import blockedEndpoint, { blockedMessage } from '../rules/blocked-endpoint';
import { directiveScanOf, suppressIn } from '../check';
import type { CommentSpan, Suppressed } from '../suppress';
import type { AnalyzeOptions, Finding, SeveritySetting } from '../types';
import { scanCurlSteps } from './curl';
import { scanHttpFileSteps } from './http-file';
import { scanMarkdownSteps, type MarkdownScan } from './markdown';
import { Pacer, runToEnd, type Steps } from './steps';
import { hostMatches, requestPath, verdictOf } from './match';
import { MAX_COMMAND_LENGTH, MAX_REQUEST_LINE, type FoundRequest, type RequestFileKind, type RequestScan } from './types';

/** What the reader of the file's kind finds in it, in slices (see steps.ts). */
function* scanSteps(text: string, kind: RequestFileKind): Steps<RequestScan> {
  const memo = lastScan;
  if (memo && memo.kind === kind && memo.text === text) return memo.scan;
  const scan = yield* kind === 'http' ? scanHttpFileSteps(text) : kind === 'markdown' ? scanMarkdownSteps(text) : scanCurlSteps(text);
  lastScan = { text, kind, scan };
  return scan;
}

/**
 * The last text read: an editor asks for the analysis, then for hovers and quick fixes of the same
 * version, and each would read the whole text again.
 */
let lastScan: { text: string; kind: RequestFileKind; scan: RequestScan } | undefined;

/** Lets go of the last reading when it is of this text (its document was closed). */
export function forgetRequestScan(text: string): void {
  if (lastScan?.text === text) lastScan = undefined;
}

export const scanRequestText = (text: string, kind: RequestFileKind): RequestScan => runToEnd(scanSteps(text, kind));

export function findRequests(text: string, kind: RequestFileKind): FoundRequest[] {
  return scanRequestText(text, kind).requests;
}

/**
 * The comments of a request file that may hold suppression directives: only comments of the file's
 * own syntax, where it has comments (see the readers: never in a request body, a string, a
 * here-document or a code block of another language). In Markdown a `<!-- -->` comment on the line
 * before a fence speaks for the block's first line.
 */
function directiveComments(text: string, kind: RequestFileKind, scan: RequestScan, lines: LineIndex): CommentSpan[] {
  if (!text.includes('search-config-')) return [];
  const md = kind === 'markdown' ? (scan as MarkdownScan) : undefined;
  const out: CommentSpan[] = scan.comments.map((c) => ({ offset: c.offset, length: c.length }));
  for (const c of md?.htmlComments ?? []) {
    const line = lines.positionAt(c.offset).line;
    out.push(
      md!.openers.has(line + 1) ? { offset: c.offset, length: c.length, nextLine: line + 2 } : { offset: c.offset, length: c.length },
    );
  }
  return out.sort((a, b) => a.offset - b.offset);
}

/** The input-limit finding of a line or command the reader skipped. */
function limitFinding(t: RequestScan['tooLong'][number], severity: SeveritySetting, lines: LineIndex): Finding | undefined {
  if (severity === 'off') return undefined;
  const message =
    t.what === 'requests'
      ? `The file holds more than ${t.size} requests; from here on it was not read. A runbook or script holds a few dozen: check how the file was generated, or split it.`
      : t.what === 'line'
        ? `This line has ${t.size} characters, more than the ${MAX_REQUEST_LINE} a request line of a request file may have; it was not read. A request line is a few hundred characters: check how the file was generated.`
        : t.what === 'url'
          ? `This URL has ${t.size} characters (its continuation lines included), more than the ${MAX_REQUEST_LINE} a request line of a request file may have; it was not read. A request line is a few hundred characters: check how the file was generated.`
          : `This curl command has ${t.size} characters (continuation lines included), more than the ${MAX_COMMAND_LENGTH} a command of a script may have; it was not read. Put a long body in a file (curl -d @body.json).`;
  const length = Math.min(t.length, 1);
  return { ruleId: 'input-limit', severity, message, path: '', offset: t.offset, length, range: lines.rangeOf(t.offset, length) };
}

/**
 * The findings of a request file, runbook or script: each request the service refuses, and each line
 * or command too long to read. The rest of the rules read configurations only.
 */
export const analyzeRequestText = (
  text: string,
  kind: RequestFileKind,
  options: AnalyzeOptions,
  severity: SeveritySetting,
  unusedSeverity: SeveritySetting,
  limitSeverity: SeveritySetting = 'error',
): Finding[] => runToEnd(analyzeRequestSteps(text, kind, options, severity, unusedSeverity, limitSeverity)).findings;

/** analyzeRequestText in slices (see steps.ts). */
export function* analyzeRequestSteps(
  text: string,
  kind: RequestFileKind,
  options: AnalyzeOptions,
  severity: SeveritySetting,
  unusedSeverity: SeveritySetting,
  limitSeverity: SeveritySetting = 'error',
): Steps<{ findings: Finding[]; suppressed: Suppressed[] }> {
  const lines = new LineIndex(text);
  const scan = yield* scanSteps(text, kind);
  const directives = directiveScanOf(text, lines, directiveComments(text, kind, scan, lines));
  const findings: Finding[] = [];
  for (const t of scan.tooLong) {
    const f = limitFinding(t, limitSeverity, lines);
    if (f) findings.push(f);
  }
  const pacer = new Pacer();
  let judged = 0;
  if (severity !== 'off')
    for (const req of scan.requests) {
      // Judging reads each target again and compares it with the policy: paced by the characters read, and by the requests.
      if (pacer.due((judged += req.length + 64))) yield;
      const p = requestPath(req.resolved, req.format);
      if (p.host && options.requestHosts?.length && !hostMatches(p.host, options.requestHosts)) continue;
      const verdict = verdictOf(req.method, p);
      if (verdict.kind !== 'blocked') continue;
      const range = lines.rangeOf(req.offset, req.length);
      findings.push({
        ruleId: blockedEndpoint.meta.id,
        severity,
        message: maskCredentials(blockedMessage(req, p.path, verdict.hierarchy)),
        path: '',
        offset: req.offset,
        length: req.length,
        range,
      });
    }
  const { findings: kept, suppressed } = suppressIn(text, lines, directives, findings, {
    ...options,
    rules: { ...options.rules, 'unused-suppression': unusedSeverity },
  });
  // What a directive silenced is kept with it, as in every format: SARIF lists it with the reason.
  return { findings: kept.sort((a, b) => a.offset - b.offset), suppressed };
}
