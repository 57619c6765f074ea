import type { Node } from 'jsonc-parser';
import {
  parseDocument,
  rootSchema,
  type ParsedDocument,
  type SchemaNode,
  type FieldPath,
  credentialRanges,
  maskCredentials,
  isCredentialName,
  isPlaceholder,
  maskRequestCredentials,
  splitKeepingBreaks,
  analyze,
  type AnalysisResult,
  sensitiveTextRanges,
  sensitiveValuesOf,
  schemaShownFor,
} from '../core';
import { readConfigurations, secretValueRanges } from './terraform-secrets';

/**
 * The text with every string that may be a secret replaced by "***": values of secret fields
 * and every string below a key the schema does not know (it may be a misspelt secret field);
 * in every other string, the user info of URLs and credential parameters (`?token=`) become `***`,
 * and so they do in keys and comments. Used for the --fix-dry-run diff, the only output that shows
 * configuration lines. Request files, runbooks and scripts get their credentials masked instead.
 * `result`: the analysis of this very text, which says where its configurations' values are (the
 * caller's own, when it has one: a lint has both the original's and the fixed text's).
 */
export function maskSecrets(
  text: string,
  fileName: string,
  result: AnalysisResult = analyze(text, { fileName }),
  hidden?: Set<string>,
): string {
  if (result.format === 'requests') return maskRequestCredentials(text);
  const note = (ranges: Array<[number, number]>): void => {
    if (hidden) for (const [a, b] of ranges) hidden.add(text.slice(a, b));
  };
  if (result.format === 'terraform') {
    const ranges = terraformSecretRanges(text, result);
    if (!ranges) return maskCredentials(text.replace(/"(?:[^"\\\r\n]|\\.)*"/g, '"***"'));
    note(ranges);
    // A secret given by a variable is written where the variable's value is (a default in this file),
    // not at the field: the value itself is hidden wherever it stands.
    if (hidden) for (const c of readConfigurations(result) ?? []) for (const v of sensitiveValuesOf(c)) hideValue(hidden, v);
    return maskCredentials(
      replaceFromEnd(
        text,
        ranges.map(([a, b]): [number, number, string] => [a, b, maskKeepingLines(text.slice(a, b))]),
      ),
    );
  }
  if (result.format === 'yaml') {
    // Unread (a syntax error, a template): every value after a key is masked.
    if (result.syntaxErrors) return maskCredentials(text.replace(/((?::|^[ \t]*-)[ \t]+)(?![|>][-+0-9]*[ \t]*$)[^\s#].*$/gm, '$1***'));
    const ranges = result.configurations.flatMap(secretValueRanges);
    note(ranges);
    const masked = replaceFromEnd(
      text,
      ranges.map(([a, b]): [number, number, string] => [a, b, maskKeepingLines(text.slice(a, b))]),
    );
    // A secret field may be an alias (*name) of a value anchored elsewhere: anchored values are masked too.
    // Outside the configurations, a Kubernetes Secret's data and a key named as a credential may sit in
    // the same file (a Helm chart's output): their values are masked as well.
    return maskCredentials(maskYamlCredentialValues(maskAnchoredValues(masked)));
  }
  const doc = parseDocument(text, { fileName });
  const ranges = result.format === 'terraform-json' ? terraformJsonSecretRanges(doc, result) : secretRangesOf(doc);
  if (!ranges) return maskCredentials(text.replace(/"(?:[^"\\\r\n]|\\.)*"/g, '"***"'));
  note(ranges);
  const replacements = ranges.map(([start, end]): [number, number, string] => [start, end, '"***"']);
  for (const [start, end, newText] of credentialStrings(doc)) replacements.push([start, end, newText]);
  // Keys, comments and anything not read as a string value: their text is masked as it stands.
  return maskCredentials(replaceFromEnd(text, replacements));
}

/** A secret's value, as a quoted string and as the bare token it may be written as. */
function hideValue(hidden: Set<string>, v: string | number): void {
  const text = String(v);
  if (typeof v === 'string') hidden.add(JSON.stringify(v));
  if (IS_TOKEN.test(text)) hidden.add(text);
}

/** A quoted string on one line, in double or single quotes. */
const QUOTED = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\n]|'')*'/g;
/** A run of text no value delimiter breaks: a number, a word, a plain YAML scalar without blanks. */
const TOKEN = /[^\s"',:{}[\]=#]+/g;
const IS_TOKEN = /^[^\s"',:{}[\]=#]+$/;

/**
 * A masked text with every value `hidden` holds (as written, quotes included) masked wherever it
 * stands: a fix may carry a value from where it is masked (below an unknown key) to where it would
 * not be (the field the key was meant to be), and the two sides of a diff must hide the same. One
 * pass per kind of value, each a look-up in a set, so that a file of many hidden values is read in
 * linear time: quoted strings; numbers and words; and a plain YAML value with blanks or colons,
 * which is a line's whole value. An unquoted value is swept only when it has three characters or
 * more (a shorter one would mask parts of words).
 */
export function sweepHidden(text: string, hidden: ReadonlySet<string>): string {
  const quoted = new Set<string>(),
    tokens = new Set<string>(),
    lineValues = new Set<string>();
  for (const raw of hidden) {
    if (raw.length >= 2 && (raw[0] === '"' || raw[0] === "'") && raw[raw.length - 1] === raw[0]) quoted.add(raw);
    else if (raw.length >= 3 && !raw.includes('\n')) (IS_TOKEN.test(raw) ? tokens : lineValues).add(raw);
  }
  let out = text;
  // `"***"`, as the masks of every format write a value.
  if (quoted.size) out = out.replace(QUOTED, (m) => (quoted.has(m) ? '"***"' : m));
  if (tokens.size) out = out.replace(TOKEN, (m) => (tokens.has(m) ? '"***"' : m));
  if (lineValues.size)
    out = splitKeepingBreaks(out)
      .map((line) => maskLineValue(line, lineValues))
      .join('');
  return out;
}

/** A YAML line whose value (after `key: ` or `- `) is one of `values`, with that value masked. */
function maskLineValue(line: string, values: ReadonlySet<string>): string {
  const body = line.replace(/\r?\n$/, '');
  const colon = body.indexOf(': ');
  let start = colon >= 0 ? colon + 2 : body.trimStart().startsWith('- ') ? body.indexOf('- ') + 2 : -1;
  if (start < 0) return line;
  while (body[start] === ' ') start++;
  const value = body.slice(start).trimEnd();
  return values.has(value) ? `${body.slice(0, start)}"***"${line.slice(start + value.length)}` : line;
}

/**
 * The value after each YAML anchor (`&name value`) on a line replaced by `***`. Read by hand: a name
 * runs to its first blank or flow indicator, and the scan goes on after it, so each character is read
 * once (a pattern tried from every `&` of a long run would go over the run again each time).
 */
function maskAnchoredValues(text: string): string {
  const parts: string[] = [];
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '&') continue;
    let end = i + 1;
    while (end < text.length && !' \t\r\n,[]{}'.includes(text[end])) end++;
    if (end === i + 1) continue;
    let value = end;
    while (value < text.length && (text[value] === ' ' || text[value] === '\t')) value++;
    if (value === end || value >= text.length || ' \t\r\n#'.includes(text[value])) {
      i = end - 1;
      continue;
    }
    let eol = text.indexOf('\n', value);
    if (eol < 0) eol = text.length;
    if (text[eol - 1] === '\r') eol--;
    parts.push(text.slice(from, value), '***');
    from = eol;
    // A block scalar (`&name |`): its lines, more indented than the anchor's line, are emptied and
    // their line breaks kept, so that every later line keeps its number.
    if (text[value] === '|' || text[value] === '>') from = emptyBlockLines(text, text.lastIndexOf('\n', i) + 1, eol, parts);
    i = from - 1;
  }
  parts.push(text.slice(from));
  return parts.join('');
}

/** `key: value` on a line of a block mapping (or a list item's first key): the key and where its value starts. */
const YAML_MEMBER = /^([ \t]*(?:-[ \t]+)?)("[^"\n]*"|'[^'\n]*'|[^\s:#'"][^:\n]*?):(?:[ \t]+|\r?\n|$)/;

/**
 * The values of a YAML text that must not be shown though no configuration holds them: every value
 * of a key named as a credential (`password:`, `api_token:`), and every value below `data:` or
 * `stringData:` of a document of `kind: Secret`. A block scalar's lines are emptied, their line
 * breaks kept.
 */
function maskYamlCredentialValues(text: string): string {
  const lines = splitKeepingBreaks(text);
  let secretDocument = false;
  // The indentation of the Secret's `data:` key while inside it, else -1.
  let dataIndent = -1;
  // Inside a masked block scalar: the indentation its lines are deeper than, else -1.
  let blockIndent = -1;
  const startOfDocument = (i: number): boolean => {
    // `kind: Secret` anywhere at the top level of the document that starts at line i.
    for (let k = i; k < lines.length && !(k > i && /^---/.test(lines[k])); k++)
      if (/^kind:[ \t]*Secret[ \t]*(?:#.*)?\r?\n?$/.test(lines[k])) return true;
    return false;
  };
  secretDocument = startOfDocument(0);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^---/.test(line)) {
      secretDocument = startOfDocument(i + 1);
      dataIndent = blockIndent = -1;
      continue;
    }
    const indent = line.length - line.trimStart().length;
    const blank = line.trim() === '';
    if (blockIndent >= 0) {
      if (blank || indent > blockIndent) {
        lines[i] = line.replace(/[^\r\n]+/, '');
        continue;
      }
      blockIndent = -1;
    }
    if (blank || line.trimStart().startsWith('#')) continue;
    if (dataIndent >= 0 && indent <= dataIndent) dataIndent = -1;
    const m = YAML_MEMBER.exec(line);
    if (!m) continue;
    const key = m[2].replace(/^["']|["']$/g, '');
    if (secretDocument && indent === 0 && (key === 'data' || key === 'stringData')) {
      dataIndent = 0;
      continue;
    }
    if (dataIndent < 0 && !isCredentialName(key)) continue;
    const start = m[0].length;
    const rest = line.slice(start).replace(/\r?\n$/, '');
    // Nothing to hide, or masked already (a configuration's secret field, as its own mask writes it).
    if (!rest.trim() || rest.trimStart().startsWith('#') || /^["']?\*\*\*["']?(?:\s|$)/.test(rest.trimStart())) continue;
    const eol = line.slice(start + rest.length);
    if (/^[|>]/.test(rest.trimStart())) {
      blockIndent = indent;
      lines[i] = line.slice(0, start) + rest.trimStart()[0] + eol;
      continue;
    }
    lines[i] = line.slice(0, start) + '***' + eol;
  }
  return lines.join('');
}

/**
 * After a block scalar's header line (which starts at `lineStart` and ends at `eol`): the line break,
 * then each following line that is blank or more indented than the header line, as its line break
 * alone. Returns the offset of the text not taken (the first line of the next key, or the end).
 */
function emptyBlockLines(text: string, lineStart: number, eol: number, parts: string[]): number {
  let indent = 0;
  while (text[lineStart + indent] === ' ') indent++;
  let at = eol;
  for (;;) {
    const breakLength = text.startsWith('\r\n', at) ? 2 : text[at] === '\n' ? 1 : 0;
    if (!breakLength) return at;
    const next = at + breakLength;
    let end = text.indexOf('\n', next);
    if (end < 0) end = text.length;
    if (text[end - 1] === '\r') end--;
    let own = 0;
    while (text[next + own] === ' ') own++;
    const blank = next + own === end;
    if (!blank && own <= indent) return at;
    // An empty line at the very end of the text is no line of the block.
    if (next === text.length) return at;
    parts.push(text.slice(at, next));
    at = end;
  }
}

/**
 * What stands for a masked value: `"***"`, followed by as many line breaks as the value spans (a
 * heredoc, a block scalar), so that every later line keeps its number. What follows the value's
 * last line break (the indentation of the next key of a YAML block scalar) is kept when blank.
 */
export function maskKeepingLines(value: string): string {
  const breaks = value.match(/\r\n|\r|\n/g);
  if (!breaks) return '"***"';
  const rest = value.slice(Math.max(value.lastIndexOf('\n'), value.lastIndexOf('\r')) + 1);
  return `"***"${breaks.join('')}${/^[ \t]*$/.test(rest) ? rest : ''}`;
}

/**
 * The text with each range replaced. A range inside another (a secret field's URL, a `sensitive()`
 * call inside a secret field's template) is left to the outer one; ranges that overlap in part
 * are masked as one.
 */
function replaceFromEnd(text: string, replacements: Array<[number, number, string]>): string {
  replacements.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const kept: Array<[number, number, string]> = [];
  for (const r of replacements) {
    const last = kept[kept.length - 1];
    if (!last || r[0] >= last[1]) kept.push(r);
    else if (r[1] > last[1]) kept[kept.length - 1] = [last[0], r[1], maskKeepingLines(text.slice(last[0], r[1]))];
  }
  const parts: string[] = [];
  let at = 0;
  for (const [start, end, newText] of kept) {
    parts.push(text.slice(at, start), newText);
    at = end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/**
 * String values holding a credential, with their masked JSON text. Read from the parsed value rather
 * than the text, so that an escaped character (`\/`, `\u0040`) cannot hide a URL's user info.
 */
function credentialStrings(doc: ParsedDocument): Array<[number, number, string]> {
  const out: Array<[number, number, string]> = [];
  const stack: Node[] = doc.root ? [doc.root] : [];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === 'string') {
      const value = String(node.value);
      if (credentialRanges(value).length) out.push([node.offset, node.offset + node.length, JSON.stringify(maskCredentials(value))]);
      continue;
    }
    // A property's value only: its key is masked with the rest of the text.
    for (const child of node.children ?? []) {
      const value = child.type === 'property' ? child.children?.[1] : child;
      if (value) stack.push(value);
    }
  }
  return out;
}

/**
 * The same for a Terraform file, with what Terraform never shows anywhere in the file (`sensitive()`
 * calls, defaults of sensitive variables): undefined (mask every string) when it cannot be read.
 */
function terraformSecretRanges(text: string, result: AnalysisResult): Array<[number, number]> | undefined {
  const configurations = readConfigurations(result);
  if (!configurations || configurations.some((c) => c.syntaxErrors.length)) return undefined;
  const ranges = configurations.flatMap(secretValueRanges);
  if (configurations.length) ranges.push(...sensitiveTextRanges(text));
  return ranges;
}

/**
 * The same in Terraform's JSON syntax: inside each configuration, as in any configuration (secret
 * fields, unknown keys, values from sensitive variables); outside them (a provider's token, a
 * variable's default), every string and number, since no schema says what they are.
 */
function terraformJsonSecretRanges(doc: ParsedDocument, result: AnalysisResult): Array<[number, number]> | undefined {
  const everything = secretRangesOf(doc);
  const configurations = readConfigurations(result);
  if (!everything || !configurations) return everything;
  const roots = configurations.flatMap((c) => c.rangeAt([]) ?? []);
  const inside = ([start, end]: [number, number]): boolean => roots.some((r) => start >= r.offset && end <= r.offset + r.length);
  return [...everything.filter((r) => !inside(r)), ...configurations.flatMap(secretValueRanges)];
}

/**
 * Where the values that may be secrets are: strings and numbers in secret fields and below
 * unknown keys (a secret may be written as a number; a key that names a field of another object
 * exactly is read as that field). Undefined when the text does not parse.
 */
export function secretRangesOf(doc: ParsedDocument): Array<[number, number]> | undefined {
  if (!doc.root) return undefined;
  const ranges: Array<[number, number]> = [];
  // Each node carries its schema down the walk, rather than looking every path up from the root.
  const stack: Array<{ node: Node; path: FieldPath; schema: SchemaNode | undefined; unknown: boolean }> = [
    { node: doc.root, path: [], schema: rootSchema, unknown: false },
  ];
  while (stack.length) {
    const { node, path, schema, unknown } = stack.pop()!;
    if (node.type === 'string' || node.type === 'number') {
      if ((unknown || schema?.secret) && !isPlaceholder(node.value)) ranges.push([node.offset, node.offset + node.length]);
    } else if (node.type === 'object') {
      for (const prop of node.children ?? []) {
        const [key, value] = prop.children ?? [];
        if (!key || !value) continue;
        const k = String(key.value);
        // Below an unknown key everything may be a secret; a field written at the wrong level is that field.
        const child = unknown ? undefined : schemaShownFor(schema, path, k);
        stack.push({ node: value, path: [...path, k], schema: child, unknown: unknown || child === undefined });
      }
    } else if (node.type === 'array') {
      (node.children ?? []).forEach((child, i) => stack.push({ node: child, path: [...path, i], schema: schema?.items, unknown }));
    }
  }
  return ranges;
}

/** Lines with their end-of-line kept, so that a changed line ending shows as a change. */
const splitLines = splitKeepingBreaks;

type Op = { kind: ' ' | '-' | '+'; line: string };

/**
 * The lines to show of a diff: of the texts shown (secrets masked), but where the texts behind them (`real`,
 * line for line the same, only their values differ) say a line changed, so that a fix whose only change is
 * in a masked value still shows as a changed line. Undefined when nothing changed.
 */
function diffShown(before: string, after: string, real?: { before: string; after: string }): Op[] | undefined {
  const shownA = splitLines(before);
  const shownB = splitLines(after);
  const realA = real && splitLines(real.before);
  const realB = real && splitLines(real.after);
  if (!realA || !realB || realA.length !== shownA.length || realB.length !== shownB.length) {
    return before === after ? undefined : diffLines(shownA, shownB);
  }
  if (real!.before === real!.after) return undefined;
  let a = 0,
    b = 0;
  return diffLines(realA, realB).map((op) => {
    const line = op.kind === '+' ? shownB[b] : shownA[a];
    if (op.kind !== '+') a++;
    if (op.kind !== '-') b++;
    return { kind: op.kind, line };
  });
}

/**
 * Myers' O(ND) diff of two line lists. Fixes change few lines, so D stays small; each step keeps
 * only the diagonals it reached (O(D^2) memory), so a large file with few changes stays cheap.
 */
function diffLines(a: string[], b: string[]): Op[] {
  // Common leading and trailing lines need no search.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const ops: Op[] = a.slice(0, head).map((line) => ({ kind: ' ' as const, line }));
  for (const op of middleDiff(a.slice(head, a.length - tail), b.slice(head, b.length - tail))) ops.push(op);
  for (const line of a.slice(a.length - tail)) ops.push({ kind: ' ', line });
  return ops;
}

function middleDiff(a: string[], b: string[]): Op[] {
  const n = a.length,
    m = b.length,
    max = n + m;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  const at = (vd: Int32Array, d: number, k: number): number => vd[k + d + 1];
  let done = max === 0;
  for (let d = 0; d <= max && !done; d++) {
    // Before step d, diagonals -d+1..d-1 are set; k±1 reaches -d-1..d+1.
    trace.push(v.slice(max + 1 - d - 1, max + 1 + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[max + 1 + k - 1] < v[max + 1 + k + 1]) ? v[max + 1 + k + 1] : v[max + 1 + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[max + 1 + k] = x;
      if (x >= n && y >= m) {
        done = true;
        break;
      }
    }
  }
  const ops: Op[] = [];
  let x = n,
    y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const vd = trace[d];
    const k = x - y;
    const prevK = k === -d || (k !== d && at(vd, d, k - 1) < at(vd, d, k + 1)) ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : at(vd, d, prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      ops.push({ kind: ' ', line: a[--x] });
      y--;
    }
    if (d > 0) {
      if (x === prevX) ops.push({ kind: '+', line: b[--y] });
      else ops.push({ kind: '-', line: a[--x] });
    }
  }
  return ops.reverse();
}

const show = (line: string): string => {
  if (line.endsWith('\r\n')) return line.slice(0, -2) + '\n';
  return line.endsWith('\n') ? line : `${line}\n\\ No newline at end of file\n`;
};

/** A unified diff (3 lines of context) of two versions of one file; empty when they are equal. */
export function unifiedDiff(name: string, before: string, after: string, context = 3, real?: { before: string; after: string }): string {
  const ops = diffShown(before, after, real);
  if (!ops) return '';
  const hunks: string[] = [];
  let i = 0;
  // Line numbers at ops[counted], advanced as the hunks move forward.
  let counted = 0,
    aLine = 1,
    bLine = 1;
  while (i < ops.length) {
    if (ops[i].kind === ' ') {
      i++;
      continue;
    }
    const start = Math.max(0, i - context);
    let end = i;
    // Extend the hunk while the next change is within twice the context.
    for (;;) {
      while (end < ops.length && ops[end].kind !== ' ') end++;
      let next = end;
      while (next < ops.length && ops[next].kind === ' ') next++;
      if (next < ops.length && next - end <= 2 * context) {
        end = next;
        continue;
      }
      end = Math.min(ops.length, end + context);
      break;
    }
    for (; counted < start; counted++) {
      if (ops[counted].kind !== '+') aLine++;
      if (ops[counted].kind !== '-') bLine++;
    }
    const slice = ops.slice(start, end);
    const aCount = slice.filter((o) => o.kind !== '+').length;
    const bCount = slice.filter((o) => o.kind !== '-').length;
    hunks.push(
      `@@ -${aCount ? aLine : aLine - 1},${aCount} +${bCount ? bLine : bLine - 1},${bCount} @@\n` +
        slice.map((o) => o.kind + show(o.line)).join(''),
    );
    i = end;
  }
  return `--- a/${name}\n+++ b/${name}\n${hunks.join('')}`;
}
