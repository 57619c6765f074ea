import type { FoundRequest } from './types';

/**
 * curl command lines in shell text: words split as a shell does (quotes, backslash escapes, `\` at
 * the end of a line continuing the command, `#` comments, `;` `&&` `||` `|` `&` ending a command),
 * then curl's own options read to find the method, the URLs and an inline body. The text is read once
 * from start to end, so a long script costs linear time.
 */
interface Word { value: string; offset: number; length: number }

const SHORT_WITH_VALUE = new Set('AbcCdDeEFHKmoPQrtTuUwxXyYz');
const LONG_WITH_VALUE = new Set(['request', 'url', 'data', 'data-raw', 'data-binary', 'data-ascii', 'data-urlencode', 'json', 'header', 'user',
  'output', 'cookie', 'cookie-jar', 'user-agent', 'referer', 'cert', 'key', 'cacert', 'capath', 'form', 'form-string', 'config', 'max-time',
  'connect-timeout', 'retry', 'retry-delay', 'retry-max-time', 'proxy', 'proxy-user', 'resolve', 'write-out', 'upload-file', 'range',
  'continue-at', 'dump-header', 'limit-rate', 'interface', 'unix-socket', 'aws-sigv4', 'oauth2-bearer', 'cert-type', 'key-type', 'pass',
  'noproxy', 'connect-to', 'variable', 'expand-url', 'max-filesize', 'speed-limit', 'speed-time', 'local-port', 'header-file']);
const BODY = new Set(['d', 'data', 'data-raw', 'data-binary', 'data-ascii', 'data-urlencode', 'json', 'F', 'form', 'form-string']);

/** Commands of shell text, each a list of words, from offset `from` on. */
function commands(text: string, from: number, to: number): Word[][] {
  const out: Word[][] = [];
  let words: Word[] = [];
  let i = from;
  const end = (): void => { if (words.length) out.push(words); words = []; };
  while (i < to) {
    const c = text[i];
    if (c === '\n' || c === ';' || c === '|' || c === '&') { end(); i++; continue; }
    if (c === ' ' || c === '\t' || c === '\r') { i++; continue; }
    if (c === '\\' && (text[i + 1] === '\n' || (text[i + 1] === '\r' && text[i + 2] === '\n'))) { i += text[i + 1] === '\n' ? 2 : 3; continue; }
    if (c === '#') { while (i < to && text[i] !== '\n') i++; continue; }
    const start = i;
    let value = '';
    while (i < to) {
      const d = text[i];
      if (d === ' ' || d === '\t' || d === '\n' || d === '\r' || d === ';' || d === '|' || d === '&') break;
      if (d === '\\') {
        if (text[i + 1] === '\n') { i += 2; continue; }
        value += text[i + 1] ?? ''; i += 2; continue;
      }
      if (d === "'") {
        const close = text.indexOf("'", i + 1);
        const stop = close < 0 || close >= to ? to : close;
        value += text.slice(i + 1, stop); i = stop + 1; continue;
      }
      if (d === '"') {
        let j = i + 1;
        while (j < to && text[j] !== '"') { if (text[j] === '\\' && j + 1 < to) { value += text[j + 1]; j += 2; continue; } value += text[j++]; }
        i = j + 1; continue;
      }
      value += d; i++;
    }
    words.push({ value, offset: start, length: Math.min(i, to) - start });
  }
  end();
  return out;
}

function requestsOfCurl(words: Word[], at: number): FoundRequest[] {
  let method: string | undefined;
  let implied = 'GET';
  let body: string | undefined;
  const urls: Word[] = [];
  for (let i = at + 1; i < words.length; i++) {
    const w = words[i];
    const take = (inline: string): string | undefined => (inline !== '' ? inline : words[++i]?.value);
    const note = (name: string, value: string | undefined): void => {
      if (name === 'X' || name === 'request') method = value;
      else if (name === 'url' && value !== undefined) urls.push({ ...words[i], value });
      else if (name === 'T' || name === 'upload-file') implied = 'PUT';
      else if (BODY.has(name)) { if (implied === 'GET') implied = 'POST'; if (value !== undefined && !value.startsWith('@') && name !== 'F' && !name.startsWith('form')) body = value; }
    };
    if (w.value === '--') { urls.push(...words.slice(i + 1)); break; }
    if (w.value.startsWith('--')) {
      const name = w.value.slice(2);
      if (name === 'head') implied = 'HEAD';
      else if (name === 'get') implied = 'GET';
      if (LONG_WITH_VALUE.has(name)) note(name, take(''));
      continue;
    }
    if (w.value.startsWith('-') && w.value.length > 1) {
      for (let k = 1; k < w.value.length; k++) {
        const f = w.value[k];
        if (f === 'I') implied = 'HEAD';
        else if (f === 'G') implied = 'GET';
        if (SHORT_WITH_VALUE.has(f)) { note(f, take(w.value.slice(k + 1))); break; }
      }
      continue;
    }
    urls.push(w);
  }
  return urls.filter((u) => u.value !== '').map((u) => ({
    method: method ?? implied, target: u.value, resolved: u.value, format: 'curl' as const, offset: u.offset, length: u.length, body,
  }));
}

/** Every curl request in shell text between `from` and `to` (the whole text by default). */
export function scanCurl(text: string, from = 0, to = text.length): FoundRequest[] {
  const out: FoundRequest[] = [];
  for (const words of commands(text, from, to)) {
    for (let i = 0; i < words.length; i++) {
      if (words[i].value === 'curl' || words[i].value.endsWith('/curl')) { out.push(...requestsOfCurl(words, i)); break; }
    }
  }
  return out;
}
