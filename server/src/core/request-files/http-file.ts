import { scanCurlSteps } from './curl';
import { Pacer, runToEnd, type Steps } from './steps';
import { LineTable, resolveVariables, type Line } from './lines';
import { CREDENTIAL_NAME } from './mask';
import { MAX_REQUEST_LINE, MAX_REQUESTS, type FoundRequest, type RequestScan, type Span } from './types';

/**
 * Requests of `.http` / `.rest` files, in the syntax VS Code's REST Client and JetBrains' HTTP Client
 * share: `###` separators (text after them is a title), `#` and `//` comment lines, `@name = value`
 * file variables and `{{name}}` references, `# @name` metadata, a request line `METHOD URL [HTTP/x]`
 * or a bare URL (a GET), headers up to a blank line, then the body; response handlers (`> …`), file
 * includes (`< file`) and pasted responses (`HTTP/1.1 200`) are not requests. A block that starts
 * with `curl` is a curl command, as REST Client reads it. The URL runs to the end of the line (or to
 * ` HTTP/x`): it may hold blanks, as in `{{ host }}`. Comments stand before the request line and
 * between the headers; a line of the body is the body's, whatever it starts with.
 * Every line is read by hand, once.
 */
const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'CONNECT', 'TRACE']);

const isBlank = (s: string): boolean => s.trim() === '';
function isComment(s: string): boolean {
  const t = s.trimStart();
  return t.startsWith('#') || t.startsWith('//');
}

/** `@name = value`: the name and the value (trimmed), or undefined for any other line. */
export function variableLine(s: string): { name: string; value: string } | undefined {
  const t = s.trimStart();
  if (!t.startsWith('@')) return undefined;
  let i = 1;
  while (i < t.length && t[i] !== '=' && !/\s/.test(t[i])) i++;
  const name = t.slice(1, i);
  const rest = t.slice(i).trimStart();
  if (!name || !rest.startsWith('=')) return undefined;
  return { name, value: rest.slice(1).trim() };
}

export const scanHttpFile = (text: string): RequestScan => runToEnd(scanHttpFileSteps(text));

/** scanHttpFile in slices (see steps.ts). */
export function* scanHttpFileSteps(text: string): Steps<RequestScan> {
  const lines = new LineTable(text);
  const vars = new Map<string, string>();
  for (let i = 0; i < lines.length; i++) {
    if (
      lines.end(i) - lines.offset(i) > MAX_REQUEST_LINE ||
      (!text.startsWith('@', lines.offset(i)) && !/^\s/.test(text[lines.offset(i)] ?? ''))
    )
      continue;
    const v = variableLine(lines.text(i));
    // A credential is never put into a path: it would be shown in the message.
    if (v && !CREDENTIAL_NAME.test(v.name)) vars.set(v.name, v.value);
  }
  const scan: RequestScan = { requests: [], comments: [], tooLong: [] };
  const pacer = new Pacer();
  let from = 0;
  for (let i = 0; i < lines.length; i++) {
    if (pacer.due(lines.offset(i))) yield;
    if (text.startsWith('###', lines.offset(i))) {
      yield* readBlock(text, lines, from, i, vars, scan, pacer);
      from = i + 1;
    }
  }
  yield* readBlock(text, lines, from, lines.length, vars, scan, pacer);
  return scan;
}

const commentOf = (l: Line): Span => {
  const start = l.text.length - l.text.trimStart().length;
  return { offset: l.offset + start, length: l.text.length - start };
};

/** The block of lines `from` to `to` (exclusive) between two separators. */
function* readBlock(
  text: string,
  lines: LineTable,
  from: number,
  to: number,
  vars: ReadonlyMap<string, string>,
  scan: RequestScan,
  pacer: Pacer,
): Steps<void> {
  let first = from;
  for (; first < to; first++) {
    if (pacer.due(lines.offset(first))) yield;
    const t = lines.text(first);
    if (isComment(t)) {
      if (t.includes('search-config-')) scan.comments.push(commentOf(lines.at(first)));
    } else if (!isBlank(t) && !variableLine(t)) break;
  }
  if (first >= to) return;
  const line = lines.at(first);
  if (line.text.length > MAX_REQUEST_LINE) {
    scan.tooLong.push({ offset: line.offset, length: line.text.length, what: 'line', size: line.text.length });
    return;
  }
  const head = line.text.trimStart();
  if (/^HTTP\/[\d.]/.test(head) || head.startsWith('<') || head.startsWith('>')) return;
  if (/^curl\b/i.test(head)) {
    const curl = yield* scanCurlSteps(text, line.offset, lines.end(to - 1));
    for (const r of curl.requests) scan.requests.push({ ...r, resolved: resolveVariables(r.resolved, vars) });
    scan.comments.push(...curl.comments);
    scan.tooLong.push(...curl.tooLong);
    return;
  }
  const request = requestLine(line);
  if (!request) return;
  if (scan.requests.length >= MAX_REQUESTS) {
    if (!scan.tooLong.some((t) => t.what === 'requests'))
      scan.tooLong.push({ offset: line.offset, length: 0, what: 'requests', size: MAX_REQUESTS });
    return;
  }
  // Headers up to the first blank line (comment lines among them), then the body.
  let i = first + 1;
  for (; i < to; i++) {
    if (pacer.due(lines.offset(i))) yield;
    const t = lines.text(i);
    if (isBlank(t)) break;
    if (isComment(t) && t.includes('search-config-')) scan.comments.push(commentOf(lines.at(i)));
  }
  const body = i + 1 < to ? text.slice(lines.offset(i + 1), lines.end(to - 1)).trim() : '';
  scan.requests.push({
    ...request,
    resolved: resolveVariables(request.target, vars),
    body: body && !/^\s*<@?\w*\s/.test(body) ? body : undefined,
  });
}

/** `METHOD URL [HTTP/x.y]` or a bare URL; undefined for a line that is neither. */
function requestLine(line: Line): Omit<FoundRequest, 'resolved'> | undefined {
  const t = line.text;
  let i = 0;
  while (i < t.length && /\s/.test(t[i])) i++;
  let j = i;
  while (j < t.length && /[A-Za-z]/.test(t[j])) j++;
  let method: string | undefined;
  let from = i;
  if (j > i && j < t.length && /\s/.test(t[j])) {
    method = t.slice(i, j).toUpperCase();
    if (!METHODS.has(method)) return undefined;
    from = j;
    while (from < t.length && /\s/.test(t[from])) from++;
  }
  let target = t.slice(from).trimEnd();
  const lastBlank = Math.max(target.lastIndexOf(' '), target.lastIndexOf('\t'));
  if (lastBlank > 0 && /^HTTP\/[\d.]+$/.test(target.slice(lastBlank + 1))) target = target.slice(0, lastBlank).trimEnd();
  if (!target) return undefined;
  // A bare word is no request: a bare request line must look like a URL.
  if (!method && !/^(https?:\/\/|\/|\{\{)/i.test(target)) return undefined;
  return { method: method ?? 'GET', target, format: 'http', offset: line.offset + from, length: target.length };
}
