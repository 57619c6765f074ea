import { analyze, fixAll, type AnalyzeOptions } from '../../server/src/core';
import { checkFinding, Lines, type Problem } from './invariants';
import type { Rng } from './rng';

/**
 * Request files, runbooks and scripts for the fuzz run: refused and allowed requests in every form
 * the readers know, runs of one character where they look for structure, nesting, suppression
 * comments, and text that only mentions one (in strings, bodies, here-documents, other blocks).
 * Every mention carries a token `KEEP<n>`: fixing must leave every one of them in the text.
 */
const D = 'search-config-disable-next-line';
export const CANARY = 'cAnArY-fUzZ-31';
const RUN_CHARS = [
  '{',
  '{{',
  '${',
  '$(',
  '`',
  '(',
  ')',
  '?',
  '#',
  '"',
  "'",
  '\\',
  '\\\n',
  '-',
  '- ',
  '```',
  '~~~',
  '<!--',
  '@',
  '=',
  ' ',
  '\t',
  '/',
  '%2e',
  '\r',
];
const PATHS = [
  '/_cluster/settings',
  '/_snapshot/repo',
  '/_cluster/health',
  '/_cat/repositories',
  '/my-index/_search',
  '/_nodes/stats',
  '_snapshot/x',
  '{{host}}/_snapshot',
  '$ES/_cluster/state',
];
const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'get', 'put', 'HEAD'];

/**
 * A run of one character, in hostile files only: a run can open a quote, a fence or a substitution
 * that changes what every later line is, so only files without runs are checked for `KEEP` tokens.
 */
let hostile = false;
function run(rng: Rng): string {
  if (!hostile) return '';
  const c = rng.pick(RUN_CHARS);
  return c.repeat(rng.chance(0.2) ? rng.int(1000, 6000) : rng.int(1, 60));
}

function target(rng: Rng): string {
  const p = rng.pick(PATHS);
  const host = rng.pick([
    '',
    'https://search.example.com',
    'http://localhost:9200',
    '$ES',
    '${ES}',
    '{{ host }}',
    `https://admin:${CANARY}@h`,
  ]);
  return `${host}${host && !p.startsWith('/') && !p.startsWith('{') && !p.startsWith('$') ? '/' : ''}${host.startsWith('{') && p.startsWith('{') ? p.slice(8) : p}${rng.chance(0.3) ? run(rng) : ''}`;
}

type Piece = (rng: Rng, keep: () => string) => string;

const HTTP_PIECES: Piece[] = [
  (r) => `${r.pick(METHODS)} ${target(r)}${r.chance(0.3) ? ' HTTP/1.1' : ''}\n`,
  (r) => `@host = https://search.example.com${r.chance(0.3) ? run(r) : ''}\n@password = ${CANARY}\n`,
  () => `# ${D} blocked-endpoint\n`,
  () => `// ${D}\n`,
  (r, keep) => `###\nPOST /my-index/_doc\nContent-Type: application/json\n\n{"note": "see // ${D} ${keep()}", "x": "${run(r)}"}\n`,
  (r, keep) => `###\nPUT /my-index/_doc/1\n\n# ${D} ${keep()}\n`,
  (r) => `###${r.chance(0.5) ? ' title' : ''}\n`,
  (r) => `curl -X ${r.pick(METHODS)} "${target(r)}"\n`,
  (r) => `${run(r)}\n`,
];

const SHELL_PIECES: Piece[] = [
  (r) => `curl -s -X${r.pick(METHODS)} "${target(r)}"${r.chance(0.2) ? ` -u admin:${CANARY}` : ''}\n`,
  (r) => `RESP=$(curl -s -XPUT "${target(r)}")\n`,
  (r) => `OUT=\`curl -XDELETE ${target(r)}\`\n`,
  (r) => `until(curl -fsS ${target(r)}); do sleep 1; done\n`,
  (r) => `url=${target(r)}\ncurl -X PUT $url\n`,
  () => `# ${D} blocked-endpoint\n`,
  (r, keep) => `echo "tip: # ${D} ${keep()}" >> NOTES\n`,
  (r, keep) => `printf '%s' '# ${D} ${keep()}'\n`,
  (r, keep) => `cat <<EOF\n# ${D} ${keep()}\nEOF\n`,
  (r, keep) => `echo "a\n# ${D} ${keep()}\n"\n`,
  (r) => `${'$('.repeat(r.int(1, 80))}curl ${target(r)}${')'.repeat(r.int(0, 80))}\n`,
  (r) => `curl ${target(r)} ${run(r)}\n`,
  (r) => `${run(r)}\n`,
];

const MARKDOWN_PIECES: Piece[] = [
  (r) =>
    `\`\`\`${r.pick(['console', 'http', ''])}\n${r.pick(METHODS)} ${target(r)}\n{ "persistent": { "search.max_buckets": 1 } }\n\`\`\`\n`,
  (r) => `\`\`\`${r.pick(['sh', 'bash', 'shell'])}\ncurl -XDELETE "${target(r)}"\n\`\`\`\n`,
  (r) => {
    const at = ' '.repeat(r.int(0, 14));
    return `${'  '.repeat(r.int(0, 6))}- item\n\n${at}\`\`\`console\n${at}PUT ${target(r)}\n${at}\`\`\`\n`;
  },
  () => `<!-- ${D} blocked-endpoint -->\n`,
  () => `\`\`\`console\n# ${D}\nGET _cluster/health\n\`\`\`\n`,
  (r, keep) => `\`\`\`jsonc\n{\n  // ${D} type-mismatch ${keep()}\n  "a": 1\n}\n\`\`\`\n`,
  (r, keep) => `Write \`# ${D}\` above it ${keep()}.\n\n# ${D} ${keep()}\n`,
  (r, keep) => `\`\`\`python\n# ${D} ${keep()}\n\`\`\`\n`,
  (r, keep) => `\`\`\`sh\necho "# ${D} ${keep()}"\n\`\`\`\n`,
  (r) => `${run(r)}\n`,
  (r) => (hostile ? `\`\`\`${r.pick(['console', 'sh', ''])}\n${run(r)}\n` : ''),
];

/** A request file of a random kind, made of random pieces. */
export function generateRequestFile(rng: Rng): { text: string; fileName: string; kept: string[] } {
  const kind = rng.pick(['http', 'sh', 'md'] as const);
  hostile = rng.chance(0.5);
  const pieces = kind === 'http' ? HTTP_PIECES : kind === 'sh' ? SHELL_PIECES : MARKDOWN_PIECES;
  const kept: string[] = [];
  const keep = (): string => {
    const token = `KEEP${kept.length}`;
    kept.push(token);
    return token;
  };
  let text = '';
  for (let i = rng.int(1, 25); i > 0; i--) text += rng.pick(pieces)(rng, keep);
  if (rng.chance(0.2)) text = text.replace(/\n/g, '\r\n');
  return { text, fileName: `fuzz.${kind}`, kept: hostile ? [] : kept };
}

/**
 * The checks of a request file: no exception, findings inside the text and within a size bound, no
 * credential in any message, and fixing removes nothing but what a finding names (every `KEEP` token
 * stays; each removed stretch is a suppression comment that a finding named).
 */
export function requestProblems(
  text: string,
  options: AnalyzeOptions,
  kept: readonly string[],
  timed: <T>(name: string, fn: () => T) => T,
): Problem[] {
  const out: Problem[] = [];
  const result = timed('analyze request file', () => analyze(text, options));
  for (const e of result.internalErrors) out.push({ kind: 'rule-threw', message: `rule ${e.ruleId} threw: ${e.message}` });
  const lines = new Lines(text);
  for (const f of result.findings) for (const p of checkFinding(lines, f)) out.push(p);
  const size = result.findings.reduce((n, f) => n + f.message.length, 0);
  if (result.findings.length > lines.starts.length * 4 + 10 || size > 2000 + 40 * text.length)
    out.push({
      kind: 'output-size',
      message: `${result.findings.length} findings, ${size} characters of messages for ${text.length} characters of input`,
    });
  if (result.findings.some((f) => f.message.includes(CANARY)))
    out.push({ kind: 'secret', message: "a credential appears in a finding's message" });
  const fixed = timed('fixAll request file', () => fixAll(text, options));
  for (const token of kept)
    if (!fixed.text.includes(token))
      out.push({ kind: 'fix-lost-data', message: `fixing deleted ${token}, which only mentions a suppression comment` });
  // What fixing removed must be what the unused-suppression findings named.
  const named = result.findings.filter((f) => f.ruleId === 'unused-suppression').sort((a, b) => b.offset - a.offset);
  let expected = text;
  for (const f of named)
    for (const e of f.fix?.edits ?? []) expected = expected.slice(0, e.offset) + e.newText + expected.slice(e.offset + e.length);
  if (fixed.text !== expected)
    out.push({ kind: 'fix-beyond-findings', message: 'fixing changed more than the suppression comments the findings named' });
  for (const f of named) {
    const comment = text.slice(f.offset, f.offset + f.length);
    if (!/^(#|\/\/|<!--)/.test(comment) || !comment.includes(D))
      out.push({ kind: 'fix-beyond-findings', message: `an unused-suppression finding names ${JSON.stringify(comment.slice(0, 80))}` });
  }
  return out;
}
