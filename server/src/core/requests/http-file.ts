import { scanCurl } from './curl';
import { linesOf, resolveVariables, type Line } from './lines';
import { CREDENTIAL_NAME } from './mask';
import type { FoundRequest } from './types';

/**
 * Requests of `.http` / `.rest` files, in the syntax VS Code's REST Client and JetBrains' HTTP Client
 * share: `###` separators (text after them is a title), `#` and `//` comment lines, `@name = value`
 * file variables and `{{name}}` references, `# @name` metadata, a request line `METHOD URL [HTTP/x]`
 * or a bare URL (a GET), headers up to a blank line, then the body; response handlers (`> …`), file
 * includes (`< file`) and pasted responses (`HTTP/1.1 200`) are not requests. A block that starts
 * with `curl` is a curl command, as REST Client reads it.
 */
const SEPARATOR = /^#{3,}/;
const COMMENT = /^\s*(#|\/\/)/;
const VARIABLE_LINE = /^\s*@([^\s=]+)\s*=\s*(.*?)\s*$/;
const METHODS = /^(GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS|CONNECT|TRACE)$/i;
const REQUEST_LINE = /^(\s*)(?:([A-Za-z]+)\s+)?(\S+)(?:\s+HTTP\/[\d.]+)?\s*$/;

export function scanHttpFile(text: string): FoundRequest[] {
  const lines = linesOf(text);
  const vars = new Map<string, string>();
  for (const l of lines) {
    const m = VARIABLE_LINE.exec(l.text);
    // A credential is never put into a path: it would be shown in the message.
    if (m && !COMMENT.test(l.text) && !CREDENTIAL_NAME.test(m[1])) vars.set(m[1], m[2]);
  }
  const blocks: Line[][] = [[]];
  for (const l of lines) {
    if (SEPARATOR.test(l.text)) blocks.push([]);
    else blocks[blocks.length - 1].push(l);
  }
  const out: FoundRequest[] = [];
  for (const block of blocks) {
    const found = requestOfBlock(text, block, vars);
    if (found) out.push(...found);
  }
  return out;
}

function requestOfBlock(text: string, block: Line[], vars: ReadonlyMap<string, string>): FoundRequest[] | undefined {
  const first = block.findIndex((l) => l.text.trim() !== '' && !COMMENT.test(l.text) && !VARIABLE_LINE.test(l.text));
  if (first < 0) return undefined;
  const line = block[first];
  if (/^\s*HTTP\/[\d.]+/.test(line.text) || /^\s*[<>]/.test(line.text)) return undefined;
  if (/^\s*curl\b/i.test(line.text)) {
    const from = line.offset;
    const last = block[block.length - 1];
    return scanCurl(text.slice(0, last.offset + last.text.length), from).map((r) => ({ ...r, resolved: resolveVariables(r.target, vars) }));
  }
  const m = REQUEST_LINE.exec(line.text);
  if (!m) return undefined;
  const [, indent, method, target] = m;
  if (method && !METHODS.test(method)) return undefined;
  // A bare word is no request: a bare request line must look like a URL.
  if (!method && !/^(https?:\/\/|\/|\{\{)/i.test(target)) return undefined;
  const rest = block.slice(first + 1).filter((l) => !COMMENT.test(l.text));
  const blank = rest.findIndex((l) => l.text.trim() === '');
  const bodyLines = blank < 0 ? [] : rest.slice(blank + 1);
  const body = bodyLines.map((l) => l.text).join('\n').trim();
  const offset = line.offset + indent.length + (method ? method.length + line.text.slice(indent.length + method.length).search(/\S/) : 0);
  return [{
    method: (method ?? 'GET').toUpperCase(), target, resolved: resolveVariables(target, vars), format: 'http', offset, length: target.length,
    body: body && !/^\s*<@?\w*\s/.test(body) ? body : undefined,
  }];
}
