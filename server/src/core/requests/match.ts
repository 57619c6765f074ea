import policy from '../../../../schemas/endpoint-policy.json';

export interface AllowedEndpoint { method: string; path: string; match: 'exact' | 'prefix'; description: string }
export interface BlockedHierarchy { prefix: string; instead: string }

export const ENDPOINT_POLICY = policy as { source: string; description?: string; allowed: AllowedEndpoint[]; blocked: BlockedHierarchy[] };

export type Verdict =
  | { kind: 'allowed'; endpoint: AllowedEndpoint }
  | { kind: 'blocked'; hierarchy: BlockedHierarchy }
  | { kind: 'outside' }
  /** A variable or an unknown host part stands where the path is decided: nothing can be said. */
  | { kind: 'unknown' };

export interface RequestPath { path: string; host?: string }

const VARIABLE = /\{\{[^}]*\}\}|\$\{[^}]*\}|\$[A-Za-z_][A-Za-z0-9_]*/;
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
    const isHost = VARIABLE.test(first) || (format !== 'console' && first.length > 0) || /:\d+$/.test(first);
    if (isHost) {
      host = VARIABLE.test(first) ? undefined : first.replace(/^[^@]*@/, '').replace(/:\d+$/, '');
      rest = rest.slice(first.length) || '/';
    } else {
      rest = `/${rest}`;
    }
  }
  if (format === 'console') rest = rest.replace(/\s+(\/\/|#).*$/, '');
  rest = rest.replace(/[?#].*$/, '').replace(/\\/g, '/').replace(UNRESERVED, (e) => String.fromCharCode(parseInt(e.slice(1), 16)));
  const segments: string[] = [];
  for (const s of rest.split('/')) {
    if (s === '' || s === '.') continue;
    if (s === '..') { segments.pop(); continue; }
    segments.push(s);
  }
  const path = `/${segments.join('/')}`;
  return { path, host };
}

/** Whether a path lies at or below a prefix, segment by segment: yes, no, or maybe (a variable decides). */
function below(path: string, prefix: string): 'yes' | 'no' | 'maybe' {
  const have = path.split('/');
  const want = prefix.split('/');
  if (have.length < want.length) return 'no';
  let answer: 'yes' | 'maybe' = 'yes';
  for (let i = 0; i < want.length; i++) {
    if (VARIABLE.test(have[i])) answer = 'maybe';
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
  for (const e of ENDPOINT_POLICY.allowed) {
    if (e.method !== m) continue;
    const r = below(p.path, e.path);
    if (e.match === 'exact' && r !== 'no' && p.path.split('/').length !== e.path.split('/').length) continue;
    if (r === 'yes') return { kind: 'allowed', endpoint: e };
    if (r === 'maybe') maybeAllowed = true;
  }
  for (const b of ENDPOINT_POLICY.blocked) {
    const r = below(p.path, b.prefix);
    if (r === 'maybe' || (r === 'yes' && maybeAllowed)) return { kind: 'unknown' };
    if (r === 'yes') return { kind: 'blocked', hierarchy: b };
  }
  return { kind: 'outside' };
}

/** Whether a host name matches one of the patterns (`*` for any run of characters within the name). */
export function hostMatches(host: string, patterns: readonly string[]): boolean {
  const h = host.toLowerCase();
  return patterns.some((p) => new RegExp(`^${p.toLowerCase().replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(h));
}
