import { actionsAt, type EditorAction } from '../editor/actions';
import type { EditorCompletion } from '../editor/completion';
import { LineIndex } from '../lines';
import type { Finding, OffsetRange } from '../types';
import { convertEngineSettings, type Assignment } from '../engine-settings';
import { bodySettings } from './body';
import { findRequests } from './analyze';
import { ENDPOINT_POLICY, requestPath, verdictOf } from './match';
import type { RequestFileKind } from './types';

/**
 * Editor help in request files: hover on a request says how the service answers it, and completion
 * after a method offers the endpoints the service allows.
 */
export function requestHover(
  text: string,
  kind: RequestFileKind,
  offset: number,
): { markdown: string; range: { offset: number; length: number } } | undefined {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const lineEnd = text.indexOf('\n', offset) < 0 ? text.length : text.indexOf('\n', offset);
  // The request on the line, or whose URL continues on it (a `.http` URL continued on indented lines).
  const req = findRequests(text, kind).find((r) => r.offset <= lineEnd && r.offset + r.length >= lineStart);
  if (!req) return undefined;
  const p = requestPath(req.resolved, req.format);
  const verdict = verdictOf(req.method, p);
  const what = `\`${req.method.toUpperCase()} ${p.path}\``;
  const markdown =
    verdict.kind === 'allowed'
      ? `${what} is **allowed** by the service: ${verdict.endpoint.description}`
      : verdict.kind === 'blocked'
        ? `${what} is **refused** by the service: \`${verdict.hierarchy.prefix}\` is a blocked endpoint hierarchy. ${verdict.hierarchy.instead}`
        : verdict.kind === 'unknown'
          ? `${what}: a variable decides which endpoint this is, so whether the service allows it cannot be told here.`
          : `${what} is **not restricted** by the service's endpoint policy (it lies outside ${ENDPOINT_POLICY.blocked.map((b) => `\`${b.prefix}\``).join(', ')}).`;
  return { markdown, range: { offset: req.offset, length: req.length } };
}

const METHOD_THEN_TARGET = /^(\s*(?:\$\s*)?)(GET|POST|PUT|DELETE|HEAD|PATCH|get|post|put|delete|head|patch)\s+(\S*)$/;

/** After `GET ` (and a host such as `{{host}}` or `https://host`), the allowed endpoints for that method. */
export function requestCompletions(text: string, offset: number): EditorCompletion[] {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const m = METHOD_THEN_TARGET.exec(text.slice(lineStart, offset));
  if (!m) return [];
  const typed = m[3];
  // Only the path is completed: a host written before it stays.
  const host = /^(?:[a-z][a-z0-9+.-]*:\/\/[^/]*|\{\{[^}]*\}\}|\$\{[^}]*\}|\$[A-Za-z_]\w*)/i.exec(typed)?.[0] ?? '';
  const partial = typed.slice(host.length);
  const slash = host !== '' || partial.startsWith('/');
  const method = m[2].toUpperCase();
  return ENDPOINT_POLICY.allowed
    .filter((e) => e.method === method)
    .map((e, i) => {
      const insert = slash ? e.path : e.path.slice(1);
      return {
        label: insert,
        kind: 'value' as const,
        detail: `${e.method}: allowed by the service`,
        documentation: e.description,
        insertText: insert,
        isSnippet: false,
        replace: { offset: offset - partial.length, length: partial.length },
        filterText: insert,
        sortText: String(i).padStart(2, '0'),
      };
    });
}

/**
 * The configuration fields a refused settings update (`PUT /_cluster/settings`) on the line of `offset`
 * would set, converted from its body; empty for any other request.
 */
export function settingsUpdateAt(text: string, kind: RequestFileKind, offset: number): Assignment[] {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const nl = text.indexOf('\n', offset);
  const lineEnd = nl < 0 ? text.length : nl;
  const req = findRequests(text, kind).find((r) => r.offset >= lineStart && r.offset <= lineEnd);
  if (!req || req.method.toUpperCase() !== 'PUT' || requestPath(req.resolved, req.format).path !== '/_cluster/settings' || !req.body)
    return [];
  return convertEngineSettings(bodySettings(req).settings).assignments;
}

/** Quick fixes in a request file: each finding's own fix (an unused suppression removed), and for a refused request a comment that silences it. */
export function requestQuickFixes(text: string, findings: readonly Finding[], range: OffsetRange): EditorAction[] {
  return actionsAt(findings, range, (f) => disableRequestForLine(text, f));
}

/**
 * `# search-config-disable-next-line blocked-endpoint` above the request, indented like it (`#` is a
 * comment in `.http` files, shell scripts and the code blocks of runbooks). Not offered inside a command
 * continued with `\`, where a comment line would cut the command in two.
 */
function disableRequestForLine(text: string, f: Finding): EditorAction | undefined {
  if (f.ruleId !== 'blocked-endpoint') return undefined;
  const lineStart = text.lastIndexOf('\n', f.offset - 1) + 1;
  if (/\\\r?\n$/.test(text.slice(Math.max(0, lineStart - 3), lineStart))) return undefined;
  const indent = /^[ \t]*/.exec(text.slice(lineStart, lineStart + 200))![0];
  const newText = `${indent}# search-config-disable-next-line ${f.ruleId}${LineIndex.eolOf(text)}`;
  return {
    title: `Disable ${f.ruleId} for this line`,
    kind: 'quickfix',
    edits: [{ offset: lineStart, length: 0, newText }],
    findings: [f],
  };
}
