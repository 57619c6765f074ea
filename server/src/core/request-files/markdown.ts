import { scanCurlSteps } from './curl';
import { Pacer, runToEnd, type Steps } from './steps';
import { LineTable, type Line } from './lines';
import { MAX_REQUEST_LINE, MAX_REQUESTS, mayBeDirective, type FoundRequest, type RequestScan, type Span } from './types';

/**
 * Requests in Markdown runbooks, only inside fenced code blocks (prose is never read): blocks tagged
 * `console`, `http` or `rest` hold Dev Tools console requests (`GET _cluster/health`, a JSON body on
 * the lines after; a full URL as in REST Client works too); blocks tagged `sh`, `bash`, `shell`, `zsh`
 * or `console` hold curl commands, with or without a `$ ` prompt. A block without a language is read
 * as console requests when its first line is one (`PUT _snapshot/repo`, method in capitals), and so
 * is a block of any other language (`json`, `bash`, `yaml`) when its first line is one with an API
 * path (`PUT _cluster/settings`, `GET /_cat/indices`, `PUT logs/_settings`): the tag is no proof. Fences
 * follow CommonMark: up to 3 spaces of indentation relative to the list item they stand in (so a fence
 * inside a list item may be indented 4 spaces or more), closed by a fence of the same kind at least as
 * long, or by the end of the list item; an unclosed fence runs to the end of the file, as Markdown
 * renders it. Comments count in the blocks of these languages only, and in prose as `<!-- … -->`
 * starting a line.
 */
const MAX_BODY = 1_048_576;
const CONSOLE_REQUEST = /^(\s*)(GET|POST|PUT|DELETE|HEAD|PATCH|get|post|put|delete|head|patch)\s+(\S+)/;
const UNTAGGED_REQUEST = /^\s*(?:GET|POST|PUT|DELETE|HEAD|PATCH)[ \t]+[\w/.{$%-]/;
/** The same in a block tagged with another language: the path is an API's (`_cluster/settings`, `/…`, a URL, `index/_doc`). */
const TAGGED_REQUEST = /^\s*(?:GET|POST|PUT|DELETE|HEAD|PATCH)[ \t]+(?:[/_]|https?:\/\/|[\w.{$%-]+\/_)/;
const SHELL_TAGS = new Set(['sh', 'bash', 'shell', 'zsh', 'console', 'shell-session', 'shellsession']);
const CONSOLE_TAGS = new Set(['console', 'http', 'rest']);

/** A fenced block: its opening fence, its tag (lower case), and its lines `from` to `to` (exclusive) between the fences. */
export interface FencedBlock {
  open: Line;
  tag: string;
  from: number;
  to: number;
}
export interface MarkdownScan extends RequestScan {
  /** `<!-- … -->` comments starting a line of prose. */
  htmlComments: Span[];
  /** Lines (0-based) that open a fenced block. */
  openers: Set<number>;
}

export const scanMarkdown = (text: string): MarkdownScan => runToEnd(scanMarkdownSteps(text));

/** scanMarkdown in slices (see steps.ts). */
export function* scanMarkdownSteps(text: string): Steps<MarkdownScan> {
  const pacer = new Pacer();
  const scan: MarkdownScan = { requests: [], comments: [], tooLong: [], htmlComments: [], openers: new Set() };
  const lines = new LineTable(text);
  for (const item of markdownBlocks(lines)) {
    if ('prose' in item) {
      const at = lines.offset(item.prose);
      if (pacer.due(at)) yield;
      let start = at;
      while (start < at + 3 && text[start] === ' ') start++;
      if (text.startsWith('<!--', start)) {
        const end = lines.end(item.prose);
        const close = text.indexOf('-->', start + 4);
        if (close >= 0 && close + 3 <= end) scan.htmlComments.push({ offset: start, length: close + 3 - start });
      }
      continue;
    }
    const { open, tag, from, to } = item;
    if (pacer.due(open.offset)) yield;
    if (scan.requests.length >= MAX_REQUESTS) {
      // Past the most requests a file may hold: the rest of it is not read.
      scan.requests.length = MAX_REQUESTS;
      if (!scan.tooLong.some((t) => t.what === 'requests'))
        scan.tooLong.push({ offset: open.offset, length: 0, what: 'requests', size: MAX_REQUESTS });
      break;
    }
    scan.openers.add(open.index);
    if (from >= to) continue;
    let first = from;
    while (first < to && lines.text(first).trim() === '') first++;
    // A block of another language (`json`, as OpenSearch's docs tag console text, `bash`, `yaml`, where
    // users paste it) holds console requests when its first line is one with an API path.
    const consoleBlock =
      CONSOLE_TAGS.has(tag) ||
      (first < to && (tag === '' ? UNTAGGED_REQUEST.test(lines.text(first)) : TAGGED_REQUEST.test(lines.text(first))));
    if (consoleBlock) yield* consoleRequests(lines, from, to, tag === '', scan);
    if (SHELL_TAGS.has(tag)) {
      const curl = yield* scanCurlSteps(text, lines.offset(from), lines.end(to - 1));
      scan.requests.push(...curl.requests);
      scan.tooLong.push(...curl.tooLong);
      // A `console` block holds both kinds: its `#` lines are comments either way.
      if (!consoleBlock) scan.comments.push(...curl.comments);
    }
  }
  scan.requests.sort((a, b) => a.offset - b.offset);
  const seen = new Set<number>();
  scan.comments = scan.comments.filter((c) => !seen.has(c.offset) && seen.add(c.offset)).sort((a, b) => a.offset - b.offset);
  return scan;
}

/** The fenced code blocks of a Markdown text: the opening fence, the tag (lower case) and the lines between the fences. */
export function* fencedBlocks(text: string): Generator<FencedBlock> {
  for (const item of markdownBlocks(new LineTable(text))) if (!('prose' in item)) yield item;
}

/** Columns of the line's indentation (a tab to the next multiple of 4) and where its text starts. */
function indentOf(t: string): { width: number; at: number } {
  let width = 0,
    at = 0;
  for (; at < t.length; at++) {
    if (t[at] === ' ') width++;
    else if (t[at] === '\t') width += 4 - (width % 4);
    else break;
  }
  return { width, at };
}

/** A list item's marker at `at` (`-`, `+`, `*`, `1.`, `1)`): the columns from the marker to the item's content, or 0. */
function listMarker(t: string, at: number): number {
  let j = at;
  if ('-+*'.includes(t[j] ?? 'x')) j++;
  else {
    while (j < t.length && j - at < 9 && t[j] >= '0' && t[j] <= '9') j++;
    if (j === at || (t[j] !== '.' && t[j] !== ')')) return 0;
    j++;
  }
  if (j < t.length && t[j] !== ' ' && t[j] !== '\t') return 0;
  let k = j;
  while (k < t.length && t[k] === ' ') k++;
  const spaces = k - j;
  return j - at + (spaces === 0 || spaces > 4 || k === t.length ? 1 : spaces);
}

/** The fence a line opens (run of ``` ` ``` or `~`, at least 3, and the tag after it), when it is indented `relative` columns into its container. */
function fenceOpen(t: string, at: number): { char: string; length: number; tag: string } | undefined {
  const char = t[at];
  if (char !== '`' && char !== '~') return undefined;
  let j = at;
  while (t[j] === char) j++;
  if (j - at < 3) return undefined;
  const info = t.slice(j);
  if (char === '`' && info.includes('`')) return undefined;
  const tag = /^\s*([\w+-]*)/.exec(info)![1].toLowerCase();
  return { char, length: j - at, tag };
}

/** Prose lines (by index) and fenced blocks, in order, each line read once; list items are tracked by their content column. */
function* markdownBlocks(lines: LineTable): Generator<FencedBlock | { prose: number }> {
  const items: number[] = [];
  const container = (): number => items[items.length - 1] ?? 0;
  for (let i = 0; i < lines.length; i++) {
    const t = lines.text(i);
    if (t.trim() === '') {
      yield { prose: i };
      continue;
    }
    const { width, at } = indentOf(t);
    while (items.length && width < container()) items.pop();
    const marker = width - container() <= 3 ? listMarker(t, at) : 0;
    let fenceAt = at,
      fenceWidth = width;
    if (marker) {
      items.push(width + marker);
      // A fence can open on the item's own line: `- ```sh`.
      const rest = indentOf(t.slice(at + marker));
      fenceAt = at + marker + rest.at;
      fenceWidth = width + marker + rest.width;
    }
    const open = fenceWidth - container() <= 3 ? fenceOpen(t, fenceAt) : undefined;
    if (!open) {
      yield { prose: i };
      continue;
    }
    const base = container();
    let close = i + 1;
    let ended = false;
    for (; close < lines.length; close++) {
      const c = lines.text(close);
      if (c.trim() === '') continue;
      const ind = indentOf(c);
      if (base > 0 && ind.width < base) break; // the list item ends, and the block with it
      if (ind.width - base > 3) continue;
      let j = ind.at;
      while (c[j] === open.char) j++;
      if (j - ind.at >= open.length && c.slice(j).trim() === '') {
        ended = true;
        break;
      }
    }
    yield { open: lines.at(i), tag: open.tag, from: i + 1, to: close };
    // The closing fence is consumed; a line that ended the list item is read again as prose.
    i = ended ? close : close - 1;
  }
}

/**
 * Dev Tools console requests: a method line, then the body up to the next method line. `#` and `//`
 * lines are comments unless they stand inside a string of the body. Lines past MAX_REQUEST_LINE are skipped.
 */
function* consoleRequests(lines: LineTable, from: number, to: number, untagged: boolean, scan: RequestScan): Steps<void> {
  const pacer = new Pacer(lines.offset(from));
  let inString = false;
  let current: { req: FoundRequest; body: string[]; size: number } | undefined;
  const finish = (): void => {
    if (!current) return;
    const body = current.body.join('\n').trim();
    if (scan.requests.length >= MAX_REQUESTS) {
      if (!scan.tooLong.some((t) => t.what === 'requests'))
        scan.tooLong.push({ offset: current.req.offset, length: 0, what: 'requests', size: MAX_REQUESTS });
      current = undefined;
      return;
    }
    scan.requests.push({ ...current.req, body: body || undefined });
    current = undefined;
  };
  for (let i = from; i < to; i++) {
    if (pacer.due(lines.offset(i))) yield;
    const line = lines.at(i);
    const t = line.text;
    if (t.length > MAX_REQUEST_LINE) {
      scan.tooLong.push({ offset: line.offset, length: t.length, what: 'line', size: t.length });
      continue;
    }
    const trimmed = t.trimStart();
    if (!inString && (trimmed.startsWith('#') || trimmed.startsWith('//'))) {
      const c = { offset: line.offset + t.length - trimmed.length, length: trimmed.length };
      if (mayBeDirective(line.text, t.length - trimmed.length, trimmed.length)) scan.comments.push(c);
      continue;
    }
    const m = inString ? null : CONSOLE_REQUEST.exec(t);
    if (m && (!untagged || m[2] === m[2].toUpperCase())) {
      finish();
      const [, indent, method, target] = m;
      if (target.startsWith('kbn:')) continue; // the dashboards' own API, not the engine
      const offset =
        line.offset +
        indent.length +
        method.length +
        (t.length - indent.length - method.length - t.slice(indent.length + method.length).trimStart().length);
      current = {
        req: { method: method.toUpperCase(), target, resolved: target, format: 'console', offset, length: target.length },
        body: [],
        size: 0,
      };
      continue;
    }
    // A body is read for the settings it sets: past MAX_BODY it is not kept (no configuration holds that much).
    if (current && (current.size += t.length + 1) <= MAX_BODY) current.body.push(t);
    for (let k = 0; k < t.length; k++) {
      if (t[k] === '\\' && inString) k++;
      else if (t[k] === '"') inString = !inString;
    }
  }
  finish();
}
