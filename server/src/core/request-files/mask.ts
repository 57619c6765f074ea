import { partitionPoint } from '../bisect';
import {
  bareUserInfoRanges,
  credentialRanges,
  isCredentialName,
  isNameChar,
  maskRanges,
  schemeUserInfoRanges,
  type MaskRange,
} from '../credentials';
import { continuesUrl, requestLine } from './http-file';

/**
 * Request files, runbooks and scripts with their credentials replaced by `***`, for output that quotes
 * their lines (the diff of `--fix-dry-run`). Masked, on every line and in every shell quoting style:
 * - the user info of URLs, with a scheme or without (`curl admin:pw@host:9200/`);
 * - values named like a credential (see `CREDENTIAL_NAME`): `name=value` (query and form parameters,
 *   shell and `.env` assignments, `@name = value` file variables), `Name: value` (headers, also inside
 *   `curl -H '…'`, YAML) and JSON members, also JSON escaped inside a double-quoted shell string;
 * - the values of curl's `-u`/`--user`, `-U`/`--proxy-user`, `-E`/`--cert`, `-b`/`--cookie`, also in
 *   combined short flags (`-su admin:pw`, `-uadmin:pw`), and of every long option named like a credential
 *   (`--oauth2-bearer`, `--pass`, `--password`, `--auth`…);
 * - the password and account of netrc lines;
 * - in a `.http` request whose URL continues on indented lines, the credentials of the URL as sent (the
 *   lines joined): user info or a `token=` parameter whose value stands on the next line.
 * Line breaks and everything else are kept, so that a diff of the masked texts has the same lines as the
 * real one. Each line is read by scanners that look at every character a bounded number of times.
 */
export { CREDENTIAL_NAME } from '../credentials';

export function maskRequestCredentials(text: string): string {
  let curl = false;
  let continued = false;
  const raws = text.split('\n');
  // A CRLF file's `\r` is set aside: it would otherwise end the last value of the line.
  const lines = raws.map((raw) => (raw.endsWith('\r') ? raw.slice(0, -1) : raw));
  const urlRanges = continuedUrlRanges(lines);
  return lines
    .map((line, i) => {
      // Short curl flags are read on the lines of a curl command, continued lines included.
      curl = CURL_WORD.test(line) || (curl && continued);
      continued = line.endsWith('\\');
      const masked = maskLine(line, curl, urlRanges.get(i));
      return line.length < raws[i].length ? `${masked}\r` : masked;
    })
    .join('\n');
}
const CURL_WORD = /(?:^|[^\w-])curl(?![\w-])/;

/**
 * The credentials of `.http` URLs continued on indented lines (see continuesUrl), by line: the request
 * line and its continuation lines are joined as they are sent (each trimmed, the line breaks left out)
 * and read as one text, so that user info or a `name=value` parameter split over two lines is found,
 * then each range is cut back into the lines it covers. Every line is joined at most once.
 */
function continuedUrlRanges(lines: readonly string[]): Map<number, MaskRange[]> {
  const out = new Map<number, MaskRange[]>();
  for (let i = 0; i < lines.length;) {
    const first = requestLine({ text: lines[i], offset: 0, index: i });
    let j = i + 1;
    if (first && !first.version) while (j < lines.length && continuesUrl(lines[j])) j++;
    if (j - i < 2) {
      i = j;
      continue;
    }
    // Where each line's part starts in the joined text, and in its line.
    const pieces: Array<{ line: number; at: number; column: number; length: number }> = [];
    let joined = '';
    for (let k = i; k < j; k++) {
      const column = k === i ? first!.offset : lines[k].length - lines[k].trimStart().length;
      const part = k === i ? first!.target : lines[k].trim();
      pieces.push({ line: k, at: joined.length, column, length: part.length });
      joined += part;
    }
    // Ranges of one kind (user info, named values) do not overlap (see credentialRanges): each is cut from the piece
    // it starts in, found by bisection, to the piece it ends in, so the work stays linear in the lines and credentials.
    for (const [start, end] of credentialRanges(joined)) {
      const from = Math.max(0, partitionPoint(pieces.length, (k) => pieces[k].at <= start) - 1);
      for (let k = from; k < pieces.length && pieces[k].at < end; k++) {
        const p = pieces[k];
        const a = Math.max(start, p.at);
        const b = Math.min(end, p.at + p.length);
        if (a >= b) continue;
        const ranges = out.get(p.line) ?? [];
        ranges.push([p.column + a - p.at, p.column + b - p.at]);
        out.set(p.line, ranges);
      }
    }
    i = j;
  }
  return out;
}

function maskLine(line: string, curl: boolean, known: MaskRange[] = []): string {
  const ranges: MaskRange[] = [...known];
  if (line.includes('@')) {
    schemeUserInfoRanges(line, ranges);
    bareUserInfoRanges(line, ranges);
  }
  const quotes = quoteStates(line);
  const start = firstNonSpace(line);
  if (line.includes('=')) assignmentRanges(line, quotes, start, ranges);
  if (line.includes(':')) memberRanges(line, quotes, start, ranges);
  if (line.includes('-')) optionRanges(line, quotes, curl, ranges);
  netrcRanges(line, quotes, ranges);
  return maskRanges(line, ranges);
}

const DQ = 34,
  SQ = 39,
  BACKSLASH = 92,
  BACKTICK = 96;
const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 12 || c === 11;

function firstNonSpace(line: string): number {
  let i = 0;
  while (i < line.length && isSpace(line.charCodeAt(i))) i++;
  return i;
}

/**
 * For each character, the quote (`"` or `'`) of the shell string it is inside, 0 outside. A
 * backslash escapes the next character outside single quotes, and `$( … )` or backticks inside a
 * double-quoted string start a command of their own, unquoted until they close, as in the shell.
 */
function quoteStates(line: string): Uint8Array {
  const states = new Uint8Array(line.length + 1);
  // Open contexts, innermost last: a quote, `(` for `$(` or a backtick.
  const open: number[] = [];
  let q = 0;
  const top = (): number => (open.length ? open[open.length - 1] : 0);
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    states[i] = q;
    const t = top();
    if (t === SQ) {
      if (c === SQ) open.pop();
    } else if (c === BACKSLASH) {
      states[++i] = q;
      continue;
    } else if (c === 36 && line.charCodeAt(i + 1) === 40) {
      open.push(40);
      states[++i] = q;
    } else if (c === 41 && t === 40) open.pop();
    else if (c === BACKTICK) {
      if (t === BACKTICK) open.pop();
      else open.push(BACKTICK);
    } else if (c === DQ) {
      if (t === DQ) open.pop();
      else open.push(DQ);
    } else if (c === SQ && t !== DQ) open.push(SQ);
    const n = top();
    q = n === DQ || n === SQ ? n : 0;
  }
  states[line.length] = q;
  return states;
}

/** After the quote at `open`, the index after its closing quote (a backslash escapes in `"…"`), or the line's end. */
function afterQuoted(line: string, open: number): number {
  const q = line.charCodeAt(open);
  for (let i = open + 1; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === BACKSLASH && q === DQ) i++;
    else if (c === q) return i + 1;
  }
  return line.length;
}

/** After `\"…\"` starting at `open` (JSON inside a double-quoted shell string), or the line's end. */
function afterEscapedQuoted(line: string, open: number): number {
  const close = line.indexOf('\\"', open + 2);
  return close < 0 ? line.length : close + 2;
}

const endsBareValue = (c: number): boolean => isSpace(c) || c === DQ || c === SQ || c === 96 || c === 38 || c === 59 || c === 124;

/**
 * Where a value starting at `v` ends: a quoted value at its closing quote; inside a quoted shell
 * string, at the string's end (or `&`, for form fields); at the start of a line (a header, a file
 * variable) at the line's end; otherwise at white space or a shell operator.
 */
function valueEnd(line: string, v: number, quotes: Uint8Array, wholeLine: boolean, ampersandEnds: boolean, hashEnds = false): number {
  const c = line.charCodeAt(v);
  if (c === DQ || c === SQ) return afterQuoted(line, v);
  if (c === BACKSLASH && line.charCodeAt(v + 1) === DQ) return afterEscapedQuoted(line, v);
  if (c === 36 && line.charCodeAt(v + 1) === SQ) return afterQuoted(line, v + 1);
  const q = quotes[v];
  let e = v;
  if (q) {
    for (; e < line.length; e++) {
      const d = line.charCodeAt(e);
      if (d === q || (ampersandEnds && d === 38) || (hashEnds && d === 35) || (d === BACKSLASH && line.charCodeAt(e + 1) === q)) break;
      if (d === BACKSLASH && q === DQ) e++;
    }
    return Math.min(e, line.length);
  }
  if (wholeLine) return line.length;
  while (e < line.length && !endsBareValue(line.charCodeAt(e)) && !(hashEnds && line.charCodeAt(e) === 35)) e++;
  return e;
}

/** Words that may stand before `name = value` at the start of a line (shell, PowerShell, JavaScript). */
const DECLARATIONS = new Set(['export', 'local', 'readonly', 'declare', 'set', 'let', 'const', 'var', '$env:', '$']);

/**
 * `name=value` whose name says it holds a credential: query and form parameters, assignments,
 * `@name = value` file variables and `name = value` settings (those two run to the end of the line).
 * A name is read back from its `=` and stops at the previous `=`: each character is read back once.
 */
function assignmentRanges(line: string, quotes: Uint8Array, start: number, into: MaskRange[]): void {
  let from = 0;
  for (;;) {
    const eq = line.indexOf('=', from);
    if (eq < 0) return;
    from = eq + 1;
    let nameEnd = eq;
    while (nameEnd > 0 && isSpace(line.charCodeAt(nameEnd - 1))) nameEnd--;
    let nameStart = nameEnd;
    while (nameStart > 0 && isNameChar(line.charCodeAt(nameStart - 1))) nameStart--;
    if (nameStart === nameEnd || !isCredentialName(line.slice(nameStart, nameEnd))) continue;
    // At the start of a line, after `@` or a declaration word: a setting, whose value may hold blanks.
    let head = nameStart;
    if (head > start && line.charCodeAt(head - 1) === 64) head--;
    const setting = head === start || (head - start <= 12 && DECLARATIONS.has(line.slice(start, head).trim()));
    const spaced = nameEnd < eq;
    if (spaced && !setting) continue;
    let v = eq + 1;
    if (spaced || line.charCodeAt(head) === 64) while (v < line.length && isSpace(line.charCodeAt(v))) v++;
    // A URL parameter (after `?`, `&` or a fragment's `#`) ends where the fragment starts.
    const parameter = nameStart > 0 && [63, 38, 35].includes(line.charCodeAt(nameStart - 1));
    const end = valueEnd(line, v, quotes, setting && (spaced || line.charCodeAt(head) === 64), true, parameter);
    if (end > v) into.push([v, end]);
    from = Math.max(from, end);
  }
}

const MAX_KEY = 256;
/** Authorization schemes: the credential is the word after them. */
const AUTH_SCHEME = /^(?:basic|bearer|digest|token|negotiate|ntlm|apikey|aws4-hmac-sha256)$/i;

/**
 * `Name: value` (headers, YAML) and JSON members `"name": value`, also escaped as `\"name\":\"value\"`
 * inside a double-quoted shell string, whose name says they hold a credential. An object or array
 * value is left: its own members are judged by their names.
 */
function memberRanges(line: string, quotes: Uint8Array, start: number, into: MaskRange[]): void {
  let from = 0;
  for (;;) {
    const colon = line.indexOf(':', from);
    if (colon < 0) return;
    from = colon + 1;
    let k = colon;
    while (k > 0 && isSpace(line.charCodeAt(k - 1))) k--;
    if (k === 0) continue;
    const last = line.charCodeAt(k - 1);
    let name: string;
    let json = false;
    let escaped = false;
    let nameStart: number;
    if (last === DQ || last === SQ) {
      // A quoted key: back to its opening quote, at most MAX_KEY characters (keys are short).
      json = true;
      escaped = k >= 2 && line.charCodeAt(k - 2) === BACKSLASH;
      let o = k - 2;
      const floor = Math.max(0, k - 2 - MAX_KEY);
      while (o >= floor && line.charCodeAt(o) !== last) o--;
      if (o < floor) continue;
      name = line.slice(o + 1, k - 1);
      nameStart = o;
    } else {
      nameStart = k;
      while (nameStart > 0 && isNameChar(line.charCodeAt(nameStart - 1))) nameStart--;
      if (nameStart === k) continue;
      const b = nameStart > 0 ? line.charCodeAt(nameStart - 1) : 32;
      if (!(isSpace(b) || b === DQ || b === SQ || b === 123 || b === 44 || b === 40 || b === 59)) continue;
      name = line.slice(nameStart, k);
    }
    if (!isCredentialName(name)) continue;
    let v = colon + 1;
    while (v < line.length && isSpace(line.charCodeAt(v))) v++;
    if (v >= line.length) continue;
    const c = line.charCodeAt(v);
    if (c === 123 || c === 91) continue;
    let end: number;
    if (json) {
      if (escaped && c === BACKSLASH && line.charCodeAt(v + 1) === DQ) end = afterEscapedQuoted(line, v);
      else if (c === DQ || c === SQ) end = afterQuoted(line, v);
      else {
        end = v;
        while (end < line.length) {
          const d = line.charCodeAt(end);
          if (d === 44 || d === 125 || d === 93 || isSpace(d) || d === DQ || d === SQ || d === BACKSLASH) break;
          end++;
        }
      }
    } else {
      // A header or YAML line (also a YAML list item) runs to the end of the line.
      const lineStart = nameStart === start || (nameStart === start + 2 && line.startsWith('- ', start));
      end = valueEnd(line, v, quotes, lineStart, false);
      // Elsewhere a bare value ends at a blank, but `Bearer <token>` is one credential.
      if (end < line.length && AUTH_SCHEME.test(line.slice(v, end))) {
        let e = end;
        while (e < line.length && isSpace(line.charCodeAt(e))) e++;
        end = valueEnd(line, e, quotes, false, false);
      }
    }
    if (end > v) into.push([v, end]);
    from = Math.max(from, end);
  }
}

/** Shell words of the line: runs of characters outside quotes' white space, with where they start and end. */
function words(line: string, quotes: Uint8Array): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let i = 0;
  while (i < line.length) {
    while (i < line.length && isSpace(line.charCodeAt(i)) && !quotes[i]) i++;
    const s = i;
    while (i < line.length && !(isSpace(line.charCodeAt(i)) && !quotes[i])) i++;
    if (i > s) out.push([s, i]);
  }
  return out;
}

/** Long options whose value is a credential though their name does not say so. */
const CREDENTIAL_OPTIONS = new Set(['user', 'proxy-user', 'cookie', 'cert', 'proxy-cert', 'http-user', 'ftp-user']);
/** Options named like a credential that take no value. */
const FLAG_OPTIONS = new Set([
  'anyauth',
  'proxy-anyauth',
  'ssl-auto-client-cert',
  'proxy-ssl-auto-client-cert',
  'auth-no-challenge',
  'sasl-ir',
]);
/** curl's short options that take a value; of them, the credentials. */
const SHORT_WITH_VALUE = new Set('AbcCdDeEFHKmoPQrtTuUwxXyYz');
const SHORT_CREDENTIALS = new Set('ubUE');

/**
 * Values of curl's credential options: long options as `--user value` or `--user=value` (any command),
 * and short flags alone or combined (`-u v`, `-uv`, `-su v`, `-sSu v`) on the lines of a curl command:
 * in a cluster, the first flag that takes a value takes the rest of the word, or the next word.
 */
function optionRanges(line: string, quotes: Uint8Array, curl: boolean, into: MaskRange[]): void {
  const ws = words(line, quotes);
  for (let w = 0; w < ws.length; w++) {
    const [s, e] = ws[w];
    if (line.charCodeAt(s) !== 45) continue;
    const next = ws[w + 1];
    if (line.charCodeAt(s + 1) === 45) {
      const eq = line.indexOf('=', s);
      const nameEnd = eq >= 0 && eq < e ? eq : e;
      const name = line.slice(s + 2, nameEnd).toLowerCase();
      if (!name || FLAG_OPTIONS.has(name) || name.startsWith('no-')) continue;
      if (!CREDENTIAL_OPTIONS.has(name) && !isCredentialName(name)) continue;
      if (nameEnd < e) {
        if (nameEnd + 1 < e) into.push([nameEnd + 1, e]);
      } else if (next) {
        into.push(next);
        w++;
      }
      continue;
    }
    if (!curl) continue;
    for (let i = s + 1; i < e; i++) {
      const flag = line[i];
      if (!/[A-Za-z0-9#:]/.test(flag)) break;
      if (!SHORT_WITH_VALUE.has(flag)) continue;
      if (SHORT_CREDENTIALS.has(flag)) {
        if (i + 1 < e) into.push([i + 1, e]);
        else if (next) {
          into.push(next);
          w++;
        }
      }
      break;
    }
  }
}

const NETRC_WORDS = new Set(['machine', 'default', 'login', 'password', 'passwd', 'account', 'macdef']);
const NETRC_SECRETS = new Set(['password', 'passwd', 'account']);

/** netrc lines (`machine h login u password p`, also split over lines): the word after `password` or `account`. */
function netrcRanges(line: string, quotes: Uint8Array, into: MaskRange[]): void {
  const start = firstNonSpace(line);
  let e = start;
  while (e < line.length && !isSpace(line.charCodeAt(e))) e++;
  if (!NETRC_WORDS.has(line.slice(start, e))) return;
  const ws = words(line, quotes);
  for (let w = 0; w + 1 < ws.length; w++) {
    if (NETRC_SECRETS.has(line.slice(ws[w][0], ws[w][1]))) {
      into.push(ws[w + 1]);
      w++;
    }
  }
}
