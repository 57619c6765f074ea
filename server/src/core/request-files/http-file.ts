import { scanCurlSteps } from './curl';
import { Pacer, runToEnd, type Steps } from './steps';
import { LineTable, resolveVariables, type Line } from './lines';
import { CREDENTIAL_NAME } from '../credentials';
import { MAX_REQUEST_LINE, MAX_REQUESTS, type RequestScan, type Span } from './types';

/**
 * Requests of `.http` / `.rest` files, in the syntax VS Code's REST Client and JetBrains' HTTP Client
 * share: `###` separators (text after them is a title), `#` and `//` comment lines, `@name = value`
 * file variables and `{{name}}` references, `# @name` metadata, a request line `METHOD URL [HTTP/x]`
 * or a bare URL (a GET), headers up to a blank line, then the body; response handlers (`> …`), file
 * includes (`< file`) and pasted responses (`HTTP/1.1 200`) are not requests; JetBrains' pre-request
 * scripts before the request line (`< ./pre.js`, `< {% … %}` on one line or more) are skipped, and the
 * request after them is read. A block that starts
 * with `curl` is a curl command, as REST Client reads it. The URL runs to the end of the line (or to
 * ` HTTP/x`): it may hold blanks, as in `{{ host }}`. As JetBrains writes it, the path and query may
 * continue on indented lines right after the request line (see continuesUrl): each is trimmed and the
 * line breaks are not sent. Comments stand before the request line, between the headers and in the
 * body, as whole lines: a body line that starts with `#` or `//` is left out of the body, as REST Client
 * drops it before sending.
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
    const lead = t.trimStart();
    if (lead.startsWith('<') && !lead.startsWith('<>')) {
      // A JetBrains pre-request script before the request line: `< ./pre.js`, or `< {% … %}` up to the line that closes it.
      const open = lead.indexOf('{%');
      if (/^<\s*\{%/.test(lead) && !lead.includes('%}', open + 2)) {
        while (first + 1 < to && !lines.text(first + 1).includes('%}')) {
          first++;
          if (pacer.due(lines.offset(first))) yield;
        }
        first++;
      }
      continue;
    }
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
  // The URL's continuation lines, each trimmed, joined without the line breaks; an HTTP version ends the URL.
  let i = first + 1;
  let target = request.target;
  let end = request.offset + request.length;
  let size = target.length;
  for (let version = request.version; !version && i < to; i++) {
    if (pacer.due(lines.offset(i))) yield;
    const t = lines.text(i);
    if (!continuesUrl(t)) break;
    const piece = urlPart(t.trim());
    version = piece.version;
    size += piece.text.length;
    if (size <= MAX_REQUEST_LINE) target += piece.text;
    end = lines.offset(i) + (t.length - t.trimStart().length) + piece.text.length;
  }
  if (size > MAX_REQUEST_LINE) {
    scan.tooLong.push({ offset: request.offset, length: end - request.offset, what: 'url', size });
    return;
  }
  // Headers up to the first blank line (comment lines among them), then the body.
  for (; i < to; i++) {
    if (pacer.due(lines.offset(i))) yield;
    const t = lines.text(i);
    if (isBlank(t)) break;
    if (isComment(t) && t.includes('search-config-')) scan.comments.push(commentOf(lines.at(i)));
  }
  // The body, without its comment lines: REST Client drops every line that starts with `#` or `//`, and
  // JetBrains reads them as comments. The file's variables are put in, as both clients do before sending.
  const kept: string[] = [];
  for (let k = i + 1; k < to; k++) {
    if (pacer.due(lines.offset(k))) yield;
    const t = lines.text(k);
    if (!isComment(t)) kept.push(t);
  }
  const body = kept.join('\n').trim();
  scan.requests.push({
    method: request.method,
    target,
    format: 'http',
    offset: request.offset,
    length: end - request.offset,
    resolved: resolveVariables(target, vars),
    body: body && !/^\s*<@?\w*\s/.test(body) ? resolveVariables(body, vars) : undefined,
  });
}

/** `METHOD URL [HTTP/x.y]` or a bare URL; undefined for a line that is neither. `version`: the line ends with the HTTP version. */
export function requestLine(line: Line): { method: string; target: string; offset: number; length: number; version: boolean } | undefined {
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
  const { text: target, version } = urlPart(t.slice(from).trimEnd());
  if (!target) return undefined;
  // A bare word is no request: a bare request line must look like a URL.
  if (!method && !/^(https?:\/\/|\/|\{\{)/i.test(target)) return undefined;
  return { method: method ?? 'GET', target, offset: line.offset + from, length: target.length, version };
}

/** A line of the URL (without blanks at its end) without the ` HTTP/x.y` that may end it. */
function urlPart(text: string): { text: string; version: boolean } {
  const lastBlank = Math.max(text.lastIndexOf(' '), text.lastIndexOf('\t'));
  if (lastBlank > 0 && /^HTTP\/[\d.]+$/.test(text.slice(lastBlank + 1))) return { text: text.slice(0, lastBlank).trimEnd(), version: true };
  return { text, version: false };
}

/**
 * Whether a line right after the request line (or after another such line) continues its URL, as
 * JetBrains writes a long path or query: an indented line. Not one that reads as something else: a
 * comment, a header (`Name: value`, which REST Client also reads indented), a file variable, a body
 * file or response handler (`<`, `>`), or JSON (`{` but not `{{`, `[`), a body written without the
 * blank line before it. A line starting with `/`, `?`, `&` or `{{` is the URL's.
 */
export function continuesUrl(s: string): boolean {
  if (s[0] !== ' ' && s[0] !== '\t') return false;
  const t = s.trim();
  if (t === '' || t.startsWith('#') || t.startsWith('//')) return false;
  const c = t[0];
  if (c === '/' || c === '?' || c === '&' || t.startsWith('{{')) return true;
  if (c === '<' || c === '>' || c === '{' || c === '[' || c === '@') return false;
  return !isHeader(t);
}

/** `Name:` at the start: a header field name (RFC 9110 token characters), then a colon. */
function isHeader(t: string): boolean {
  let i = 0;
  while (i < t.length && isTokenChar(t.charCodeAt(i))) i++;
  return i > 0 && t[i] === ':';
}

/** Letters, digits and ``!#$%&'*+-.^_`|~``. */
const isTokenChar = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || "!#$%&'*+-.^_`|~".includes(String.fromCharCode(c));
