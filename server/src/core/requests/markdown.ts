import { scanCurl } from './curl';
import { linesOf, type Line } from './lines';
import type { FoundRequest } from './types';

/**
 * Requests in Markdown runbooks, only inside fenced code blocks (prose is never read): blocks tagged
 * `console` or `http` hold Dev Tools console requests (`GET _cluster/health`, a JSON body on the lines
 * after; a full URL as in REST Client works too); blocks tagged `sh`, `bash`, `shell`, `zsh` or
 * `console` hold curl command lines, with or without a `$ ` prompt. An unclosed fence runs to the end
 * of the file, as Markdown renders it.
 */
const FENCE = /^( {0,3})(`{3,}|~{3,})\s*([\w+-]*)/;
const CONSOLE_REQUEST = /^(\s*)(GET|POST|PUT|DELETE|HEAD|PATCH|get|post|put|delete|head|patch)\s+(\S+)/;
const SHELL_TAGS = new Set(['sh', 'bash', 'shell', 'zsh', 'console', 'shell-session', 'shellsession']);
const CONSOLE_TAGS = new Set(['console', 'http', 'rest']);

export function scanMarkdown(text: string): FoundRequest[] {
  const out: FoundRequest[] = [];
  for (const { tag, inside } of fencedBlocks(text)) {
    if (!inside.length) continue;
    if (CONSOLE_TAGS.has(tag)) out.push(...consoleRequests(inside));
    if (SHELL_TAGS.has(tag)) out.push(...scanCurl(text, inside[0].offset, inside[inside.length - 1].offset + inside[inside.length - 1].text.length));
  }
  return out.sort((a, b) => a.offset - b.offset);
}

/** The fenced code blocks of a Markdown text: the opening fence, the tag (lower case) and the lines between the fences. */
export function* fencedBlocks(text: string): Generator<{ open: Line; tag: string; inside: Line[] }> {
  const lines = linesOf(text);
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i].text);
    if (!open) continue;
    const [, , fence, rawTag] = open;
    let close = i + 1;
    const closing = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    while (close < lines.length && !closing.test(lines[close].text)) close++;
    yield { open: lines[i], tag: rawTag.toLowerCase(), inside: lines.slice(i + 1, close) };
    i = close;
  }
}

/** Dev Tools console requests: a method line, then the body up to the next method line. */
function consoleRequests(lines: Line[]): FoundRequest[] {
  const out: FoundRequest[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = CONSOLE_REQUEST.exec(lines[i].text);
    if (!m) continue;
    const [, indent, method, target] = m;
    if (target.startsWith('kbn:')) continue; // the dashboards' own API, not the engine
    let j = i + 1;
    while (j < lines.length && !CONSOLE_REQUEST.test(lines[j].text)) j++;
    const body = lines.slice(i + 1, j).map((l) => l.text).join('\n').trim();
    const offset = lines[i].offset + indent.length + method.length + lines[i].text.slice(indent.length + method.length).search(/\S/);
    out.push({ method: method.toUpperCase(), target, resolved: target, format: 'console', offset, length: target.length, body: body || undefined });
    i = j - 1;
  }
  return out;
}
