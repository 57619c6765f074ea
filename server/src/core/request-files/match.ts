import policy from '../../../../schemas/endpoint-policy.json';
import { cutAtFirst } from '../text-scan';

export interface AllowedEndpoint {
  method: string;
  path: string;
  match: 'exact' | 'prefix';
  description: string;
}
export interface BlockedHierarchy {
  prefix: string;
  instead: string;
}

export const ENDPOINT_POLICY = policy as { source: string; description?: string; allowed: AllowedEndpoint[]; blocked: BlockedHierarchy[] };

export type Verdict =
  | { kind: 'allowed'; endpoint: AllowedEndpoint }
  | { kind: 'blocked'; hierarchy: BlockedHierarchy }
  | { kind: 'outside' }
  /** A variable or an unknown host part stands where the path is decided: nothing can be said. */
  | { kind: 'unknown' };

export interface RequestPath {
  path: string;
  host?: string;
}

/**
 * Whether the text holds a variable: `{{name}}` (`{{` and `}}` with no `}` between), `${…}` or `$name`.
 * Read once: where the next `}` is is remembered, not searched again from every `{{`.
 */
export function hasVariable(text: string): boolean {
  let close = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '$') {
      const d = text[i + 1];
      if (d !== undefined && /[A-Za-z_]/.test(d)) return true;
      if (d !== '{') continue;
    } else if (c !== '{' || text[i + 1] !== '{') continue;
    if (close < i + 2) {
      close = text.indexOf('}', i + 2);
      if (close < 0) close = text.length;
    }
    if (close >= text.length) continue;
    if (c === '$' || text[close + 1] === '}') return true;
  }
  return false;
}
const UNRESERVED = /%(2[DdEe]|5[Ff]|7[Ee]|3[0-9]|[46][1-9A-Fa-f]|[57][0-9Aa])/g;

/**
 * The path the engine would route, from a request target as written: host and scheme (or a host
 * variable such as `{{host}}`, `$ES`, `${ES_URL}`) dropped, query and fragment cut, then normalised as
 * an HTTP client does before sending: `\` read as `/`, percent-escapes of unreserved characters
 * decoded, `.` and `..` segments removed (also as `%2e`), repeated `/` merged, a trailing `/` dropped
 * (the engine's router splits on `/` and ignores empty trailing segments). Case is kept: the engine's
 * routes are case-sensitive. `%2F` stays encoded: it is not a separator for the engine.
 */
export function requestPath(target: string, format: 'http' | 'console' | 'curl'): RequestPath {
  let rest = target.trim();
  let host: string | undefined;
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(rest);
  if (scheme) {
    const end = rest.slice(scheme[0].length).search(/[/?#]/);
    const authority = end < 0 ? rest.slice(scheme[0].length) : rest.slice(scheme[0].length, scheme[0].length + end);
    host = authority.replace(/^[^@]*@/, '').replace(/:\d+$/, '');
    rest = end < 0 ? '/' : rest.slice(scheme[0].length + end);
  } else if (!rest.startsWith('/')) {
    // `{{host}}/path`, `$ES/path`, `localhost:9200/path` (curl), or a console path without its `/`.
    const first = /^[^/?#]*/.exec(rest)![0];
    // No host name starts with `_`: `PUT _cluster/settings` in a .http file is a path, as in the console.
    const pathFirst = format === 'console' || (format === 'http' && first.startsWith('_'));
    const variable = hasVariable(first);
    const isHost = variable || (!pathFirst && first.length > 0) || /:\d+$/.test(first);
    if (isHost) {
      host = variable ? undefined : first.replace(/^[^@]*@/, '').replace(/:\d+$/, '');
      rest = rest.slice(first.length) || '/';
    } else {
      rest = `/${rest}`;
    }
  }
  if (format === 'console') rest = withoutTrailingComment(rest);
  // A blank before the query or fragment (`PUT https://h/_snapshot/y # note`) is not part of the path.
  rest = cutAtFirst(rest, '?#')
    .trimEnd()
    .replace(/\\/g, '/')
    .replace(UNRESERVED, (e) => String.fromCharCode(parseInt(e.slice(1), 16)));
  const segments: string[] = [];
  for (const s of rest.split('/')) {
    if (s === '' || s === '.') continue;
    if (s === '..') {
      segments.pop();
      continue;
    }
    segments.push(s);
  }
  const path = `/${segments.join('/')}`;
  return { path, host };
}

/** A console line's target without a `//` or `#` comment after it (a blank, then the comment). */
function withoutTrailingComment(target: string): string {
  for (let i = 1; i < target.length; i++) {
    if ((target[i] === '#' || (target[i] === '/' && target[i + 1] === '/')) && /\s/.test(target[i - 1]))
      return target.slice(0, i).trimEnd();
  }
  return target;
}

/** The policy's paths split into segments once: every request is compared with each of them. */
const SEGMENTS = new Map<string, string[]>();
function segmentsOf(policyPath: string): string[] {
  let s = SEGMENTS.get(policyPath);
  if (!s) {
    s = policyPath.split('/');
    SEGMENTS.set(policyPath, s);
  }
  return s;
}

/** Whether a path lies at or below a prefix, segment by segment: yes, no, or maybe (a variable decides). */
function below(have: readonly string[], want: readonly string[]): 'yes' | 'no' | 'maybe' {
  if (have.length < want.length) return 'no';
  let answer: 'yes' | 'maybe' = 'yes';
  for (let i = 0; i < want.length; i++) {
    if (hasVariable(have[i])) answer = 'maybe';
    else if (have[i] !== want[i]) return 'no';
  }
  return answer;
}

/**
 * The service's answer to a request: an allowed endpoint (which wins over a blocked hierarchy it lies
 * in), a blocked hierarchy (any method, any deeper path), or outside the policy. When a variable stands
 * in a segment that decides, the answer is unknown.
 */
export function verdictOf(method: string, p: RequestPath): Verdict {
  const m = method.toUpperCase();
  let maybeAllowed = false;
  const have = p.path.split('/');
  for (const e of ENDPOINT_POLICY.allowed) {
    if (e.method !== m) continue;
    const want = segmentsOf(e.path);
    const r = below(have, want);
    if (e.match === 'exact' && r !== 'no' && have.length !== want.length) continue;
    if (r === 'yes') return { kind: 'allowed', endpoint: e };
    if (r === 'maybe') maybeAllowed = true;
  }
  for (const b of ENDPOINT_POLICY.blocked) {
    const r = below(have, segmentsOf(b.prefix));
    if (r === 'maybe' || (r === 'yes' && maybeAllowed)) return { kind: 'unknown' };
    if (r === 'yes') return { kind: 'blocked', hierarchy: b };
  }
  return { kind: 'outside' };
}

/** Whether a host name matches one of the patterns (`*` for any run of characters within the name). */
export function hostMatches(host: string, patterns: readonly string[]): boolean {
  const h = host.toLowerCase();
  return patterns.some((p) => wildcardMatch(h, p.toLowerCase()));
}

/**
 * `*` matching any run of characters, the rest literally. Matched by hand, going back only to the last
 * `*` (at most host length x pattern length steps): a pattern such as `*a*a*a*` made into a regular
 * expression would backtrack polynomially on a long host name.
 */
function wildcardMatch(text: string, pattern: string): boolean {
  let t = 0,
    p = 0,
    star = -1,
    resume = 0;
  while (t < text.length) {
    if (p < pattern.length && pattern[p] !== '*' && pattern[p] === text[t]) {
      t++;
      p++;
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      resume = t;
    } else if (star >= 0) {
      p = star + 1;
      t = ++resume;
    } else return false;
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}
