import { distance } from 'fastest-levenshtein';
import { parsePathString } from './paths';
import { fieldBody, ruleMarkdown, ruleRequirements } from './docs';
import { boundsText, defaultText, notes, typeText } from './describe';
import type { Rule } from './rule';
import { RULES, RULES_BY_ID } from './rules';
import { ALL_FIELDS, BY_ENGINE_SETTING, fieldByName, keysAt, schemaAt, type FieldInfo } from './schema';
import { suggestKey } from './suggest';
import type { RuleExample, Segment } from './types';
import { exampleVariants } from './rule-examples';

/**
 * What `search-config explain NAME` shows: the field or rule a name refers to, found by its
 * documented path, an engine setting name, a vendor product name or a close spelling, and its
 * documentation as plain terminal text or JSON.
 */

export type Topic =
  | { kind: 'field'; field: FieldInfo; /** How the name was understood when it is not the field's own name. */ via?: string }
  | { kind: 'rule'; rule: Rule }
  | { kind: 'unknown'; suggestions: string[] };

type Resolution = { field: FieldInfo; corrected: boolean } | { suggestions: string[] } | undefined;

/**
 * Walks a path key by key. Unambiguous renamings (engine setting, product name, wrong level,
 * spelling variants) are followed; a typo is only suggested, never silently corrected.
 */
function resolveSegments(segments: Segment[]): Resolution {
  let path: string[] = [];
  let corrected = false;
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i];
    if (typeof seg === 'number' || seg === '[]') {
      if (!schemaAt(path)?.items) return undefined;
      path = [...path, '[]'];
      continue;
    }
    const keys = keysAt(path.map((s) => (s === '[]' ? 0 : s)));
    // Keys that contain dots (`search["cluster.filecache.remote_data_ratio"]`) arrive split.
    let joined = -1;
    for (let j = segments.length; j > i + 1 && joined < 0; j--) {
      const parts = segments.slice(i, j);
      if (parts.every((p) => typeof p === 'string') && keys.includes(parts.join('.'))) joined = j;
    }
    if (joined > 0) {
      path = [...path, segments.slice(i, joined).join('.')];
      i = joined - 1;
      continue;
    }
    if (keys.includes(seg)) {
      path = [...path, seg];
      continue;
    }
    const suggestion = suggestKey(
      path.map((s) => (s === '[]' ? 0 : s)),
      seg,
    );
    if (!suggestion.list.length) return undefined;
    if (!suggestion.clear || suggestion.list[0].reason === 'typo') return { suggestions: suggestion.list.map((x) => x.field) };
    const best = suggestion.list[0];
    const target = best.moves ? fieldByName(best.field) : undefined;
    path = target ? [...target.path] : [...path, best.key];
    corrected = true;
  }
  const field = fieldByName(ALL_FIELDS.find((f) => f.path.join('\u0000') === path.join('\u0000'))?.dotted ?? '');
  return field ? { field, corrected } : undefined;
}

const CANDIDATES: readonly string[] = [...RULES.map((r) => r.meta.id), ...ALL_FIELDS.map((f) => f.dotted), ...BY_ENGINE_SETTING.keys()];

/** Names close to an unknown one, best first: close spellings, then names that contain it. */
export function closestNames(name: string, limit = 3): string[] {
  const n = name.trim().toLowerCase();
  const max = Math.max(2, Math.floor(n.length / 3));
  const scored = CANDIDATES.map((c) => ({ c, d: distance(n, c.toLowerCase()) })).filter((x) => x.d <= max);
  scored.sort((a, b) => a.d - b.d || a.c.localeCompare(b.c));
  const out = scored.map((x) => x.c);
  const last = n
    .split(/[.[\]"]+/)
    .filter(Boolean)
    .pop();
  if (last && last.length >= 3) for (const c of CANDIDATES) if (c.toLowerCase().includes(last)) out.push(c);
  return [...new Set(out)].slice(0, limit);
}

export function resolveTopic(name: string): Topic {
  const trimmed = name.trim();
  const rule = RULES_BY_ID.get(trimmed);
  if (rule) return { kind: 'rule', rule };
  const direct = fieldByName(trimmed);
  if (direct) return { kind: 'field', field: direct };
  const engine = BY_ENGINE_SETTING.get(trimmed);
  if (engine) return { kind: 'field', field: engine, via: `${trimmed} is the engine setting of ${engine.dotted}` };
  const resolved = resolveSegments(parsePathString(trimmed.replace(/\[\]/g, '[0]')));
  if (resolved && 'suggestions' in resolved)
    return { kind: 'unknown', suggestions: [...new Set([...closestNames(trimmed), ...resolved.suggestions])].slice(0, 3) };
  if (resolved)
    return {
      kind: 'field',
      field: resolved.field,
      via: resolved.corrected ? `${trimmed} is understood as ${resolved.field.dotted}` : undefined,
    };
  // A bare key that only one field has: `max_old_space_size`.
  const byKey = ALL_FIELDS.filter((f) => f.key === trimmed);
  if (byKey.length === 1) return { kind: 'field', field: byKey[0], via: `${trimmed} is understood as ${byKey[0].dotted}` };
  return { kind: 'unknown', suggestions: byKey.length > 1 ? byKey.map((f) => f.dotted) : closestNames(trimmed) };
}

/**
 * Code spans (`` `x` ``, ``` ``x`y`` ```) as their trimmed content. A run of backticks that no run of
 * the same length closes stays as written; once a length has no closing run, later runs of it have none
 * either, so the text is read once.
 */
function withoutCodeSpans(s: string): string {
  const unclosed = new Set<number>();
  let out = '';
  let i = 0;
  while (i < s.length) {
    if (s[i] !== '`') {
      out += s[i++];
      continue;
    }
    let n = i;
    while (n < s.length && s[n] === '`') n++;
    const ticks = n - i;
    let close = -1;
    for (let j = n; !unclosed.has(ticks) && j < s.length;) {
      if (s[j] !== '`') {
        j++;
        continue;
      }
      let k = j;
      while (k < s.length && s[k] === '`') k++;
      if (k - j === ticks) {
        close = j;
        break;
      }
      j = k;
    }
    if (close < 0) {
      unclosed.add(ticks);
      out += s.slice(i, n);
      i = n;
      continue;
    }
    out += s.slice(n, close).trim();
    i = close + ticks;
  }
  return out;
}

/** Markdown as plain terminal text: no emphasis markers or backticks, code blocks indented, tables as lines. */
export function markdownToText(md: string): string {
  const out: string[] = [];
  let fence: string | undefined;
  let tableHeader: string[] | undefined;
  const inline = (s: string): string => withoutCodeSpans(s.replace(/\[([^[\]]+)\]\([^()]+\)/g, '$1').replace(/\*\*([^*]+)\*\*/g, '$1'));
  const cells = (row: string): string[] =>
    row
      .replace(/^\||\|$/g, '')
      .split(/(?<!\\)\|/)
      .map((c) => inline(c.replace(/\\\|/g, '|').trim()));
  for (const line of md.split('\n')) {
    const open = /^(`{3,})/.exec(line);
    if (fence) {
      if (open && line.trim() === fence) {
        fence = undefined;
        continue;
      }
      out.push(`    ${line}`);
      continue;
    }
    if (open) {
      fence = open[1];
      continue;
    }
    if (/^<!--.*-->$|^<a id=/.test(line.trim())) continue;
    if (line.startsWith('|')) {
      if (/^\|[\s|:-]+\|$/.test(line)) continue;
      const row = cells(line);
      if (!tableHeader) tableHeader = row;
      else out.push(row.map((c, i) => `${tableHeader![i] ?? ''}: ${c}`).join(' · '));
      continue;
    }
    tableHeader = undefined;
    const heading = /^#+[ \t]/.test(line) ? line.replace(/^#+/, '').trim() : undefined;
    // A line in emphasis (`_Example 1 of 2:_`) is a label of what follows.
    out.push(heading !== undefined ? `${inline(heading)}:` : inline(line.replace(/^- /, '  - ').replace(/^_([^_`]+)_$/, '$1')));
  }
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}

export function fieldText(field: FieldInfo, via?: string): string {
  const head = [`${field.dotted} (field)`];
  if (via) head.push(`(${via})`);
  const children = ALL_FIELDS.filter((f) => f.parent === field).map((f) => f.dotted);
  const members = children.length ? `\nFields:\n${children.map((c) => `  ${c}`).join('\n')}\n` : '';
  return `${head.join('\n')}\n\n${markdownToText(fieldBody(field))}${members}`;
}

export function ruleText(rule: Rule): string {
  const body = markdownToText(ruleMarkdown(rule.meta)).replace(/^[^\n]*\n/, '');
  return `${rule.meta.id} (rule)\n${body}`;
}

/** The documentation of a topic as a JSON-friendly object; the same facts as the text. */
export function topicJson(topic: Topic): unknown {
  if (topic.kind === 'rule') {
    const { meta } = topic.rule;
    // Each example with its forms: the text in each format it is shown in, and the file it is read as.
    const forms = (list: readonly RuleExample[]): unknown[] =>
      list.map((ex) => ({
        ...ex,
        forms: exampleVariants(meta, ex).map((v) => ({
          format: v.format,
          fileName: v.fileName,
          code: v.code,
          ...(v.baseline === undefined ? {} : { baseline: v.baseline }),
        })),
      }));
    return {
      kind: 'rule',
      id: meta.id,
      defaultSeverity: meta.defaultSeverity,
      fixable: meta.fixable,
      needs: ruleRequirements(meta),
      summary: meta.summary,
      details: meta.details,
      exampleFormats: meta.exampleFormats,
      examples: { invalid: forms(meta.examples.invalid), valid: forms(meta.examples.valid) },
    };
  }
  if (topic.kind === 'unknown') return { kind: 'unknown', suggestions: topic.suggestions };
  const { field, via } = topic;
  const s = field.schema;
  return {
    kind: 'field',
    field: field.dotted,
    understoodAs: via,
    description: s.description,
    type: typeText(s),
    enum: s.enum,
    default: defaultText(s),
    unit: s.unit,
    bounds: boundsText(s),
    engineSetting: s.engineSetting,
    deprecated: !!s.deprecated,
    replacedBy: s.replacedBy,
    deprecatedValues: s.deprecatedValues,
    restartsEngine: !!s.restartsEngine,
    createOnly: !!s.createOnly,
    secret: !!s.secret,
    vendorOnly: !!s.vendorOnly,
    requires: s.requires,
    notes: notes(s, field.key).map((n) => markdownToText(n).trim()),
    children: ALL_FIELDS.filter((f) => f.parent === field).map((f) => f.dotted),
  };
}
