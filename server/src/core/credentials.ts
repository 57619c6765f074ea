/**
 * Credentials inside text that output quotes: the user info of URLs (`https://user:password@host`,
 * and `user:password@host` without a scheme) and `name=value` pairs whose name says they hold a
 * credential (`?token=…`, `&X-Amz-Signature=…`, `password=…`). Each is replaced by `***`, so that a
 * message, a report or a diff can quote a value without printing what would let someone in.
 *
 * Scanners rather than regular expressions: every character is looked at a bounded number of times
 * (each look back stops at a character the previous one stopped at), so the work stays linear in the
 * length of the text whatever it holds.
 */

/**
 * Names that say a value is a credential: passwords, secrets, tokens, keys, authorisation, bearer
 * tokens, cookies, credentials, sessions, signatures of signed URLs and private keys. When unsure,
 * a name counts (a masked value that was not secret costs less than a printed one that was).
 */
export const CREDENTIAL_NAME = /pass|pwd|secret|token|key|auth|bearer|cookie|cred|session|signature|private|jwt|^sig$|[-_.]sig$/i;

export const isCredentialName = (name: string): boolean => CREDENTIAL_NAME.test(name);

export const MASK = '***';

/** A half-open range [start, end) of the text to replace with `***`. */
export type MaskRange = [number, number];

const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11;
/** `"`, `'` and the backtick: they end a word as written in a shell line, a JSON string or Markdown. */
const isQuote = (c: number): boolean => c === 34 || c === 39 || c === 96;

/**
 * Characters that end the authority of a URL or a word holding user info: `/`, `?`, `#`, white
 * space, quotes, `<` and `>`. Anything else may be part of a password written without escaping.
 */
function endsAuthority(c: number): boolean {
  return c === 47 || c === 63 || c === 35 || isSpace(c) || isQuote(c) || c === 60 || c === 62;
}

/** A backslash before a quote (JSON escaped inside a shell string) also ends a word. */
const endsAt = (text: string, i: number, ends: (c: number) => boolean): boolean => {
  const c = text.charCodeAt(i);
  return ends(c) || (c === 92 && isQuote(text.charCodeAt(i + 1)));
};

/** The user info of every `scheme://user:password@host`: from after `://` up to the last `@` of the authority. */
export function schemeUserInfoRanges(text: string, into: MaskRange[]): void {
  let from = 0;
  for (;;) {
    const sep = text.indexOf('://', from);
    if (sep < 0) return;
    const start = sep + 3;
    let at = -1;
    let i = start;
    for (; i < text.length && !endsAt(text, i, endsAuthority); i++) if (text.charCodeAt(i) === 64) at = i;
    if (at > start) into.push([start, at]);
    from = i;
  }
}

/**
 * `user:password@host` without a scheme (`curl admin:pw@host:9200/`): a word with a `:` before its
 * first `@`. An e-mail address (`ops@example.com`) has no `:` there and stays as written.
 */
export function bareUserInfoRanges(text: string, into: MaskRange[]): void {
  let from = 0;
  for (;;) {
    const at = text.indexOf('@', from);
    if (at < 0) return;
    from = at + 1;
    // Back to the start of the word; a previous `@` also stops the walk, so no character is walked twice.
    let s = at;
    let colon = false;
    while (s > 0) {
      const c = text.charCodeAt(s - 1);
      if (c === 64 || c === 61 || endsAt(text, s - 1, endsAuthority)) break;
      if (c === 58) colon = true;
      s--;
    }
    if (colon) into.push([s, at]);
  }
}

/** Characters of a name in `name=value`: letters, digits, `_`, `-`, `.`, `[`, `]`. */
export function isNameChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45 || c === 46 || c === 91 || c === 93;
}

/** Characters that end an unquoted value: white space, quotes, `&`, `;` and `|`. */
function endsValue(c: number): boolean {
  return isSpace(c) || isQuote(c) || c === 38 || c === 59 || c === 124;
}

/**
 * The value of every `name=value` whose name says it is a credential (query and form parameters,
 * assignments): up to white space, a quote, `&`, `;` or the end. The name is read back from the `=`,
 * and a name stops at the previous `=`, so each character is read back at most once.
 */
export function namedValueRanges(text: string, into: MaskRange[]): void {
  let from = 0;
  for (;;) {
    const eq = text.indexOf('=', from);
    if (eq < 0) return;
    from = eq + 1;
    let s = eq;
    while (s > 0 && isNameChar(text.charCodeAt(s - 1))) s--;
    if (s === eq || !isCredentialName(text.slice(s, eq))) continue;
    // A URL parameter (after `?`, `&` or a fragment's `#`) ends where the fragment starts.
    const parameter = s > 0 && [63, 38, 35].includes(text.charCodeAt(s - 1));
    let e = eq + 1;
    while (e < text.length && !endsAt(text, e, endsValue) && !(parameter && text.charCodeAt(e) === 35)) e++;
    if (e > eq + 1) into.push([eq + 1, e]);
    from = Math.max(from, e);
  }
}

/** Every credential of the text as ranges, in no particular order. */
export function credentialRanges(text: string): MaskRange[] {
  const ranges: MaskRange[] = [];
  if (text.includes('@')) {
    schemeUserInfoRanges(text, ranges);
    bareUserInfoRanges(text, ranges);
  }
  if (text.includes('=')) namedValueRanges(text, ranges);
  return ranges;
}

/** The text with each range replaced by `***`; overlapping and touching ranges become one. */
export function maskRanges(text: string, ranges: MaskRange[]): string {
  if (!ranges.length) return text;
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  let out = '';
  let at = 0;
  let i = 0;
  while (i < ranges.length) {
    const start = ranges[i][0];
    let end = ranges[i][1];
    for (i++; i < ranges.length && ranges[i][0] <= end; i++) end = Math.max(end, ranges[i][1]);
    if (start < at) {
      at = Math.max(at, end);
      continue;
    }
    out += text.slice(at, start) + MASK;
    at = end;
  }
  return out + text.slice(at);
}

/** The text with the user info of its URLs and its credential parameters replaced by `***`. */
export function maskCredentials(text: string): string {
  // Every message and path of every finding comes here, and almost none has the characters of a credential.
  return mayHoldCredentials(text) ? maskRanges(text, credentialRanges(text)) : text;
}

/** A credential needs a `@` (user info) or a `=` (a named value): without either there is none to look for. */
const mayHoldCredentials = (text: string): boolean => text.includes('@') || text.includes('=');

/** Whether the text holds anything `maskCredentials` would hide. */
export const hasCredentials = (text: string): boolean => mayHoldCredentials(text) && credentialRanges(text).length > 0;
