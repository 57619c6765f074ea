/**
 * Paths of hierarchical URIs (`file:`, `vscode-vfs:`, `vscode-remote:` ...) handled as text, so that
 * the same code serves a disk and a virtual workspace. Segments stay percent-encoded as the client
 * sent them; names are decoded only where a glob or a message needs them.
 */
const HIERARCHICAL = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)(\/[^?#]*)?$/i;

interface Split {
  root: string;
  segments: string[];
}

function split(uri: string): Split | undefined {
  const m = HIERARCHICAL.exec(uri);
  if (!m) return undefined;
  return { root: m[1], segments: (m[2] ?? '/').split('/').filter(Boolean) };
}

const join = (s: Split): string => `${s.root}/${s.segments.join('/')}`;

/** Whether a setting's value is a URI (`scheme:...`) rather than a path; `C:\\x` is a path. */
export const isUriReference = (p: string): boolean => /^[a-z][a-z0-9+.-]+:/i.test(p);

/** Whether the URI has a path that has parents and children (not `untitled:` or a query-only URI). */
export const isHierarchical = (uri: string): boolean => !!split(uri);

/** The URI with no trailing slash (but the root keeps its one). */
export function normalizeUri(uri: string): string {
  const s = split(uri);
  return s ? join(s) : uri;
}

/** The directory holding the resource; the root is its own parent. */
export function parentUri(uri: string): string {
  const s = split(uri);
  if (!s) return uri;
  return join({ root: s.root, segments: s.segments.slice(0, -1) });
}

/** A child of a directory URI, by its plain (decoded) name. */
export function childUri(dir: string, name: string): string {
  const s = split(dir);
  if (!s) return dir;
  return join({ root: s.root, segments: [...s.segments, encodeURIComponent(name)] });
}

/** The decoded `a/b/c.json` of `uri` below `dir`, or undefined when it is not below it. */
export function relativePath(dir: string, uri: string): string | undefined {
  const d = split(dir),
    u = split(uri);
  if (!d || !u || d.root.toLowerCase() !== u.root.toLowerCase() || u.segments.length < d.segments.length) return undefined;
  for (let i = 0; i < d.segments.length; i++) if (!sameSegment(d.segments[i], u.segments[i])) return undefined;
  return u.segments.slice(d.segments.length).map(safeDecode).join('/');
}

/**
 * A path from a setting, against a directory URI: a URI stays as it is, an absolute path keeps the
 * directory's scheme and authority, and a relative one is joined with `.` and `..` resolved.
 */
export function resolveAgainst(dir: string, p: string): string {
  if (isUriReference(p)) return p;
  const s = split(dir);
  if (!s) return p;
  const parts = p.replace(/\\/g, '/').split('/');
  const absolute = p.startsWith('/') || p.startsWith('\\') || /^[a-z]:[\\/]/i.test(p);
  const segments = absolute ? [] : [...s.segments];
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') segments.pop();
    else segments.push(encodeURIComponent(part).replace(/%3A/gi, ':'));
  }
  return join({ root: s.root, segments });
}

/** How a resource is named in messages: a file's path, any other resource's URI. */
export function displayName(uri: string): string {
  const s = split(uri);
  if (!s || s.root.toLowerCase() !== 'file://') return uri;
  return `/${s.segments.map(safeDecode).join('/')}`.replace(/^\/([a-z]:)/i, '$1');
}

/** Whether two URIs name the same resource, whatever the percent-encoding of either. */
export function sameUri(a: string, b: string): boolean {
  const x = split(a),
    y = split(b);
  if (!x || !y) return a === b;
  return (
    x.root.toLowerCase() === y.root.toLowerCase() &&
    x.segments.length === y.segments.length &&
    x.segments.every((seg, i) => sameSegment(seg, y.segments[i]))
  );
}

const sameSegment = (a: string, b: string): boolean => a === b || safeDecode(a) === safeDecode(b);

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
