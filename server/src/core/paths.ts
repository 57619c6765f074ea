import type { FieldPath, Segment } from './types';

/** How field paths are written in messages and read back from the command line and directives. */

/** `search.http_max_content_length`, `ip_filter[2]`, `search["cluster.filecache.remote_data_ratio"]`. */
export function formatPath(path: FieldPath): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(seg)) out += out ? `.${seg}` : seg;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out;
}

export function parsePathString(s: string): Segment[] {
  const out: Segment[] = [];
  const re = /([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]|\./g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s))) {
    if (m[1] !== undefined) out.push(m[1]);
    else if (m[2] !== undefined) out.push(Number(m[2]));
    else if (m[3] !== undefined) out.push(JSON.parse(`"${m[3]}"`));
  }
  return out;
}

/** Whether two paths name the same field. */
export const samePath = (a: FieldPath, b: FieldPath): boolean => a.length === b.length && a.every((s, i) => s === b[i]);

/** Whether `path` is `at` or a path below it (`openid.client_secret` is within `openid`). */
export const withinPath = (path: FieldPath, at: FieldPath): boolean => path.length >= at.length && at.every((s, i) => s === path[i]);
