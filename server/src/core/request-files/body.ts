import { parse } from 'jsonc-parser';
import { flattenEngineSettings, type EngineSetting } from '../engine-settings';
import type { FoundRequest } from './types';

/**
 * The engine settings a request body sets, read as its client sends it (a `.http` body comes without its
 * comment lines and with the file's variables put in: see http-file.ts):
 * - in a `.http` body, a `{{name}}` left (no file variable defines it, or it is named like a credential)
 *   is filled in when the request is sent: a setting whose value or name holds one is `unknown`, not
 *   judged, and one written bare (`"search.max_buckets": {{rate}}`) is read as a value, so that the
 *   settings after it are still read;
 * - in a Dev Tools console body, `#` outside a string starts a comment to the end of the line, as
 *   `//` does (which the JSON reader skips itself).
 * The text is read once, from start to end.
 */
export function bodySettings(req: Pick<FoundRequest, 'body' | 'format'>): { settings: EngineSetting[]; unknown: EngineSetting[] } {
  if (!req.body) return { settings: [], unknown: [] };
  const http = req.format === 'http';
  const text = http || req.format === 'console' ? readable(req.body, http) : req.body;
  const value: unknown = parse(text, [], { allowTrailingComma: true, disallowComments: false });
  const all = flattenEngineSettings(value).settings;
  if (!http) return { settings: all, unknown: [] };
  const settings: EngineSetting[] = [];
  const unknown: EngineSetting[] = [];
  for (const s of all) (holdsVariable(s.key) || holdsVariable(s.value) ? unknown : settings).push(s);
  return { settings, unknown };
}

const holdsVariable = (v: unknown): boolean => typeof v === 'string' && /\{\{[^{}]*\}\}/.test(v);

/**
 * The body with what its client would not read as JSON replaced: in a `.http` body a bare `{{name}}`
 * becomes the string `"{{name}}"`; in a console body a `#` comment is cut (the line break kept).
 * Strings and `//` or `/* … *\/` comments are skipped as the JSON reader reads them.
 */
function readable(body: string, http: boolean): string {
  let out = '';
  let from = 0;
  let i = 0;
  while (i < body.length) {
    const c = body[i];
    if (c === '"') {
      i++;
      while (i < body.length && body[i] !== '"' && body[i] !== '\n') i += body[i] === '\\' ? 2 : 1;
      i++;
    } else if (c === '/' && body[i + 1] === '/') {
      const nl = body.indexOf('\n', i);
      i = nl < 0 ? body.length : nl;
    } else if (c === '/' && body[i + 1] === '*') {
      const close = body.indexOf('*/', i + 2);
      i = close < 0 ? body.length : close + 2;
    } else if (!http && c === '#') {
      const nl = body.indexOf('\n', i);
      const end = nl < 0 ? body.length : nl;
      out += body.slice(from, i);
      from = i = end;
    } else if (http && c === '{' && body[i + 1] === '{') {
      let close = i + 2;
      while (close < body.length && body[close] !== '}' && body[close] !== '{' && body[close] !== '\n') close++;
      if (body.startsWith('}}', close)) {
        out += body.slice(from, i) + JSON.stringify(body.slice(i, close + 2));
        from = i = close + 2;
      } else i++;
    } else i++;
  }
  return out + body.slice(from);
}
