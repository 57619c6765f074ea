import { isCredentialName } from '../credentials';
import { scanShellSteps, type Assignment, type Word } from './shell';
import { runToEnd, type Steps } from './steps';
import { MAX_COMMAND_LENGTH, MAX_REQUESTS, type FoundRequest, type RequestScan } from './types';

/**
 * curl commands in shell text: the words as the shell splits them (see shell.ts: also inside `$(…)`,
 * backticks and subshells), then curl's own options read to find the method, the URLs and an inline
 * body. A URL held in a variable that the script assigns once, before the command, is read with the
 * variable's value put in; a variable assigned more than once, or not at all, stays a variable, and so
 * does a variable named like a credential (`$ES_PASSWORD`, `$TOKEN`): its value would be shown in the
 * finding's message.
 */

const SHORT_WITH_VALUE = new Set('AbcCdDeEFHKmoPQrtTuUwxXyYz');
const LONG_WITH_VALUE = new Set([
  'request',
  'url',
  'data',
  'data-raw',
  'data-binary',
  'data-ascii',
  'data-urlencode',
  'json',
  'header',
  'user',
  'output',
  'cookie',
  'cookie-jar',
  'user-agent',
  'referer',
  'cert',
  'key',
  'cacert',
  'capath',
  'form',
  'form-string',
  'config',
  'max-time',
  'connect-timeout',
  'retry',
  'retry-delay',
  'retry-max-time',
  'proxy',
  'proxy-user',
  'resolve',
  'write-out',
  'upload-file',
  'range',
  'continue-at',
  'dump-header',
  'limit-rate',
  'interface',
  'unix-socket',
  'aws-sigv4',
  'oauth2-bearer',
  'cert-type',
  'key-type',
  'pass',
  'noproxy',
  'connect-to',
  'variable',
  'expand-url',
  'max-filesize',
  'speed-limit',
  'speed-time',
  'local-port',
  'header-file',
]);
const BODY = new Set(['d', 'data', 'data-raw', 'data-binary', 'data-ascii', 'data-urlencode', 'json', 'F', 'form', 'form-string']);

/** What one part of a curl command (up to `--next`) says of its requests. */
interface CurlPart {
  method?: string;
  upload: boolean;
  head: boolean;
  get: boolean;
  data: boolean;
  body?: string;
  urls: Word[];
}
const newPart = (): CurlPart => ({ upload: false, head: false, get: false, data: false, urls: [] });

/**
 * The requests of one curl command. `--next` (`-:`) starts a new part: the method, data and headers
 * written before it are for the URLs before it only. In each part, the method curl sends (`-X` as
 * written; else `-T` PUT, `-I` HEAD, `-G` GET with the data put in the query string, whatever the order
 * of the options; else POST with data; else GET), each URL, and the inline body.
 */
function requestsOfCurl(words: Word[], at: number): FoundRequest[] {
  const parts: CurlPart[] = [newPart()];
  let part = parts[0];
  const next = (): void => {
    part = newPart();
    parts.push(part);
  };
  for (let i = at + 1; i < words.length; i++) {
    const w = words[i];
    const take = (inline: string): string | undefined => (inline !== '' ? inline : words[++i]?.value);
    const note = (name: string, value: string | undefined): void => {
      if (name === 'X' || name === 'request') part.method = value;
      else if (name === 'url' && value !== undefined) part.urls.push({ ...words[i], value });
      else if (name === 'T' || name === 'upload-file') part.upload = true;
      else if (BODY.has(name)) {
        part.data = true;
        if (value !== undefined && !value.startsWith('@') && name !== 'F' && !name.startsWith('form')) part.body = value;
      }
    };
    if (w.value === '--') {
      part.urls.push(...words.slice(i + 1));
      break;
    }
    if (w.value.startsWith('--')) {
      const name = w.value.slice(2);
      if (name === 'head') part.head = true;
      else if (name === 'get') part.get = true;
      else if (name === 'next') next();
      if (LONG_WITH_VALUE.has(name)) note(name, take(''));
      continue;
    }
    if (w.value.startsWith('-') && w.value.length > 1) {
      for (let k = 1; k < w.value.length; k++) {
        const f = w.value[k];
        if (f === 'I') part.head = true;
        else if (f === 'G') part.get = true;
        else if (f === ':') next();
        if (SHORT_WITH_VALUE.has(f)) {
          note(f, take(w.value.slice(k + 1)));
          break;
        }
      }
      continue;
    }
    part.urls.push(w);
  }
  return parts.flatMap((p) => {
    const method = p.method ?? (p.upload ? 'PUT' : p.head ? 'HEAD' : p.get ? 'GET' : p.data ? 'POST' : 'GET');
    // curl refuses a URL with a line break in it: such a word is a quote left open, not a URL.
    return p.urls
      .filter((u) => u.value !== '' && !u.value.includes('\n') && !u.value.includes('\r'))
      .map((u) => ({
        method,
        target: u.value,
        resolved: u.value,
        format: 'curl' as const,
        offset: u.offset,
        length: u.length,
        // With -G the data goes into the query string: there is no body.
        body: p.get ? undefined : p.body,
      }));
  });
}

const isCurl = (word: string): boolean => word === 'curl' || word.endsWith('/curl');

/** Every curl request in shell text between `from` and `to` (the whole text by default), with the comments and the commands too long to read. */
export const scanCurl = (text: string, from = 0, to = text.length): RequestScan => runToEnd(scanCurlSteps(text, from, to));

/** scanCurl in slices (see steps.ts). */
export function* scanCurlSteps(text: string, from = 0, to = text.length): Steps<RequestScan> {
  const shell = yield* scanShellSteps(text, isCurl, from, to);
  const requests: FoundRequest[] = [];
  for (const { words } of shell.commands) {
    const at = words.findIndex((w) => isCurl(w.value));
    for (const r of requestsOfCurl(words, at)) requests.push({ ...r, resolved: withVariables(r.target, r.offset, shell.assignments) });
  }
  const tooLong: RequestScan['tooLong'] = shell.tooLong.map((t) => ({ ...t, what: 'command' as const, size: t.length }));
  if (shell.tooMany !== undefined) tooLong.push({ offset: shell.tooMany, length: 0, what: 'requests', size: MAX_REQUESTS });
  return { requests, comments: shell.comments, tooLong };
}

/**
 * Whether a variable's value can stand in a URL as written: `${name:-default}` and other expansions
 * with an operator hold text that is not part of the URL (a default with its own `/`), so such a
 * value is not put in.
 */
function plainValue(value: string): boolean {
  for (let i = value.indexOf('${'); i >= 0; i = value.indexOf('${', i + 2)) {
    let j = i + 2;
    while (j < value.length && /\w/.test(value[j])) j++;
    if (value[j] !== '}') return false;
  }
  return true;
}

/**
 * `$name` and `${name}` replaced by the value of a variable assigned once, before `at`; others, and those
 * named like a credential (never put into a path: it is shown in messages), kept as written. Read once.
 */
export function withVariables(target: string, at: number, vars: ReadonlyMap<string, Assignment>): string {
  if (!vars.size || !target.includes('$')) return target;
  let out = '';
  let i = 0;
  while (i < target.length) {
    const c = target[i];
    if (c !== '$') {
      out += c;
      i++;
      continue;
    }
    const braced = target[i + 1] === '{';
    let j = braced ? i + 2 : i + 1;
    const nameStart = j;
    while (j < target.length && /\w/.test(target[j])) j++;
    const name = target.slice(nameStart, j);
    const closed = !braced || target[j] === '}';
    const v = name && closed && /^[A-Za-z_]/.test(name) && !isCredentialName(name) ? vars.get(name) : undefined;
    // Values put in many times could make a URL of gigabytes: past the command limit, they stay variables.
    if (v && v.count === 1 && v.offset < at && out.length + v.value.length <= MAX_COMMAND_LENGTH && plainValue(v.value)) {
      out += v.value;
      i = braced ? j + 1 : j;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}
