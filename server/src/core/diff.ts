import { maskCredentials } from './credentials';
import { parseDocument } from './formats';
import { isPlan } from './formats/terraform-plan/document';
import { formatPath } from './paths';
import { rootSchema, schemaAt, typesOf, type SchemaNode } from './schema';
import type { Segment } from './types';
import { hasOwn, isObject, show, showNumber } from './values';

/**
 * What changes between two versions of a configuration, and what each change does to a
 * running service. Pure: texts in, classified changes out. Values are shown only through
 * `display`, which masks secrets and the values of keys the schema does not know.
 */

export type ChangeKind = 'added' | 'removed' | 'changed';
/** Most consequential first: the order in which changes and headlines are listed. */
export const CHANGE_CLASSES = ['restartsEngine', 'createOnly', 'deprecated', 'secret', 'unknown', 'plain'] as const;
export type ChangeClass = (typeof CHANGE_CLASSES)[number];

export interface ConfigChange {
  /** Dotted path in the new document (in the old one for removals): `search.reindex_remote_whitelist[1]`. */
  path: string;
  segments: Segment[];
  kind: ChangeKind;
  /** The old and new value as they may be shown: secrets masked. Absent for additions / removals. */
  before?: string;
  after?: string;
  /** Never empty; `plain` only when nothing else applies. */
  classes: ChangeClass[];
  /** What the change does, one sentence per class that applies. */
  notes: string[];
}

const MASKED_UNKNOWN = '(value not described by the schema, not shown)';
const SECRET_MASK = '(a hidden secret value)';
const COMPACT_LIMIT = 80;

/** Schema nodes from the root's child down to `path`; `undefined` from the first unknown segment on. */
function schemaChain(path: readonly Segment[]): Array<SchemaNode | undefined> {
  const out: Array<SchemaNode | undefined> = [];
  for (let i = 1; i <= path.length; i++) out.push(schemaAt(path.slice(0, i)));
  return out;
}

/** True when the value (and everything inside it) may be printed: no secret, no unknown key. */
function printable(value: unknown, path: Segment[]): boolean {
  const schema = schemaAt(path);
  if (!schema || schema.secret) return false;
  if (Array.isArray(value)) return value.every((v, i) => printable(v, [...path, i]));
  if (isObject(value)) return Object.keys(value).every((k) => printable(value[k], [...path, k]));
  return true;
}

/** A value as a change report may show it. */
export function display(value: unknown, path: Segment[]): string {
  const chain = schemaChain(path);
  if (chain.some((s) => s === undefined)) return MASKED_UNKNOWN;
  const schema = chain[chain.length - 1];
  if (chain.some((s) => s?.secret)) return typeof value === 'string' ? show(value, { secret: true }) : SECRET_MASK;
  if (typeof value === 'object' && value !== null && printable(value, path)) {
    const json = maskCredentials(JSON.stringify(value));
    if (json.length <= COMPACT_LIMIT) return json;
  }
  return typeof value === 'number' ? showNumber(value, schema) : show(value, schema);
}

/**
 * Whether the path leaves the schema where the schema lists every member (a key the service
 * rejects), rather than inside a vendor-only value whose contents the schema does not describe.
 */
function isRejectedKey(path: readonly Segment[], chain: ReadonlyArray<SchemaNode | undefined>): boolean {
  const firstUnknown = chain.findIndex((s) => s === undefined);
  if (firstUnknown < 0) return false;
  const parent = firstUnknown === 0 ? rootSchema : chain[firstUnknown - 1]!;
  return typeof path[firstUnknown] === 'number' ? !!parent.items : parent.additionalProperties === false;
}

function classify(path: Segment[], kind: ChangeKind, after: unknown): { classes: ChangeClass[]; notes: string[] } {
  const chain = schemaChain(path);
  const known = chain.filter((s): s is SchemaNode => s !== undefined);
  const classes: ChangeClass[] = [];
  const notes: string[] = [];
  if (isRejectedKey(path, chain)) {
    classes.push('unknown');
    notes.push('Not a field of the service configuration; the service rejects it.');
  } else if (known.length < chain.length) notes.push('Inside a value the schema does not describe; its contents are not shown.');
  const own = chain[chain.length - 1];
  const deprecatedNode = known.find((s) => s.deprecated);
  // A field no longer written keeps its value on the service (the API merges the configuration).
  const keepsValue = kind === 'removed' && !!own && !deprecatedNode && !own.createOnly && !path.some((s) => typeof s === 'number');
  if (known.some((s) => s.restartsEngine) && !keepsValue) {
    classes.push('restartsEngine');
    notes.push('Restarts all engine instances when applied.');
  }
  if (known.some((s) => s.createOnly)) {
    classes.push('createOnly');
    notes.push('Has no effect on an existing service: it is read only when a new service is created.');
  }
  const deprecatedValue = kind !== 'removed' && own?.deprecatedValues?.some((v) => JSON.stringify(v) === JSON.stringify(after));
  if (kind !== 'removed' && deprecatedNode) {
    classes.push('deprecated');
    notes.push(deprecatedNode.deprecationMessage ?? 'The field is deprecated.');
  } else if (deprecatedValue) {
    classes.push('deprecated');
    notes.push(own?.deprecatedValuesMessage ?? `${JSON.stringify(after)} is a deprecated value.`);
  }
  if (known.some((s) => s.secret)) {
    classes.push('secret');
    notes.push('A secret changed; its value is not shown.');
  }
  if (kind === 'removed' && deprecatedNode === own && own?.deprecated) notes.push('Removes a deprecated field.');
  else if (keepsValue) notes.push(notResetNote(path, own!));
  if (!classes.length) classes.push('plain');
  classes.sort((a, b) => CHANGE_CLASSES.indexOf(a) - CHANGE_CLASSES.indexOf(b));
  return { classes, notes };
}

/**
 * The API merges the configuration it receives: a field no longer written keeps its value on the
 * service (an item removed from an array is not this case: the array is replaced whole).
 */
function notResetNote(path: Segment[], schema: SchemaNode): string {
  const reset = schema.default === undefined
    ? 'the schema gives no default, so set it explicitly to the value the service should have'
    : `write its default: ${display(schema.default, path)}`;
  return `Not reset on the service: the API merges the configuration, so the old value stays. To reset it, ${reset}.`;
}

function change(path: Segment[], kind: ChangeKind, before: unknown, after: unknown): ConfigChange {
  // A key is printed as written, unless it holds a credential (a URL pasted as a key).
  const c: ConfigChange = { path: maskCredentials(formatPath(path)), segments: path, kind, ...classify(path, kind, after) };
  if (kind !== 'added') c.before = display(before, path);
  if (kind !== 'removed') c.after = display(after, path);
  return c;
}

const same = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a), kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => hasOwn(b, k) && same(a[k], b[k]));
  }
  return false;
};

/**
 * The member that identifies an item of an array of objects (`network` of an ip_filter entry,
 * `pattern` of an index pattern): the first required string member of the item schema.
 */
function identityKey(itemSchema: SchemaNode | undefined): string | undefined {
  return itemSchema?.required?.find((k) => typesOf(itemSchema.properties?.[k] ?? {}).includes('string'));
}

function identity(item: unknown, key: string | undefined): string {
  if (typeof item === 'string' && key) return `id:${item}`;
  if (isObject(item) && key && typeof item[key] === 'string') return `id:${item[key]}`;
  return `json:${JSON.stringify(item)}`;
}

/**
 * Arrays are compared as collections: items are matched by identity (their value, or their
 * identifying member), so inserting one entry reports one addition, not a change of every later index.
 */
function diffArrays(before: unknown[], after: unknown[], path: Segment[], out: ConfigChange[]): void {
  const key = identityKey(schemaAt([...path, 0]));
  const unmatchedOld = new Map<string, number[]>();
  before.forEach((item, i) => {
    const id = identity(item, key);
    unmatchedOld.set(id, [...(unmatchedOld.get(id) ?? []), i]);
  });
  const matchedOldOrder: number[] = [];
  const pending: ConfigChange[] = [];
  const added: number[] = [];
  after.forEach((item, j) => {
    const queue = unmatchedOld.get(identity(item, key));
    const i = queue?.shift();
    if (i === undefined) { added.push(j); return; }
    matchedOldOrder.push(i);
    diffValues(before[i], item, [...path, j], pending);
  });
  const removed = [...unmatchedOld.values()].flat().sort((a, b) => a - b);
  for (const i of removed) out.push(change([...path, i], 'removed', before[i], undefined));
  for (const j of added) out.push(change([...path, j], 'added', undefined, after[j]));
  out.push(...pending);
  const reordered = matchedOldOrder.some((i, n) => n > 0 && i < matchedOldOrder[n - 1]);
  if (reordered && !removed.length && !added.length) {
    const c = change(path, 'changed', before, after);
    c.notes.push('Only the order of the items changed.');
    out.push(c);
  }
}

function diffObjects(before: Record<string, unknown>, after: Record<string, unknown>, path: Segment[], out: ConfigChange[]): void {
  for (const k of Object.keys(before)) if (!hasOwn(after, k)) removedOrAdded([...path, k], before[k], 'removed', out);
  for (const k of Object.keys(after)) {
    if (!hasOwn(before, k)) removedOrAdded([...path, k], after[k], 'added', out);
    else diffValues(before[k], after[k], [...path, k], out);
  }
}

/** An added or removed object is listed field by field, so that each field is classified on its own. */
function removedOrAdded(path: Segment[], value: unknown, kind: 'added' | 'removed', out: ConfigChange[]): void {
  if (isObject(value) && Object.keys(value).length) {
    for (const k of Object.keys(value)) removedOrAdded([...path, k], value[k], kind, out);
    return;
  }
  out.push(kind === 'added' ? change(path, kind, undefined, value) : change(path, kind, value, undefined));
}

/** Appends to `out` every difference between two values at `path`. */
export function diffValues(before: unknown, after: unknown, path: Segment[] = [], out: ConfigChange[] = []): ConfigChange[] {
  if (same(before, after)) return out;
  if (isObject(before) && isObject(after)) diffObjects(before, after, path, out);
  else if (Array.isArray(before) && Array.isArray(after)) diffArrays(before, after, path, out);
  else out.push(change(path, 'changed', before, after));
  return out;
}

/** `plan`: the text is a Terraform plan, which is not compared as a configuration (see `error`). */
export interface ParsedConfig { value?: unknown; error?: string; plan?: true }

/** Reads a configuration for comparison; comments and trailing commas do not matter here. */
export function parseConfig(text: string): ParsedConfig {
  const doc = parseDocument(text, { fileName: 'config.jsonc' });
  if (doc.tooDeep) return { error: `nested deeper than ${doc.tooDeep.depth - 1} levels` };
  const first = doc.syntaxErrors[0];
  if (first) {
    const pos = doc.lines.positionAt(first.offset);
    return { error: `syntax error at line ${pos.line + 1}, column ${pos.character + 1} (${first.code})` };
  }
  if (!isObject(doc.value)) return { error: 'the configuration must be a JSON object' };
  // A plan's top-level keys compared as fields would be a list of "unknown fields" added or removed.
  // What a plan changes is in the plan itself, each resource's change.before against change.after.
  if (isPlan(doc.value)) return { plan: true, error: 'it is a Terraform plan, not a configuration: a plan holds its own before and after, and `search-config lint` on it reports what the plan changes that needs care (restart-required, create-only-field, removed-field)' };
  return { value: doc.value };
}

/** Changes between two configuration values, most consequential first, in document order within a class. */
export function diffConfigs(before: unknown, after: unknown): ConfigChange[] {
  const changes = diffValues(before, after);
  const rank = (c: ConfigChange) => CHANGE_CLASSES.indexOf(c.classes[0]);
  return changes.map((c, i) => ({ c, i })).sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i).map(({ c }) => c);
}

export type ChangeCounts = Record<ChangeClass, number> & { total: number };

export function countChanges(changes: readonly ConfigChange[]): ChangeCounts {
  const counts = { total: changes.length } as ChangeCounts;
  for (const cls of CHANGE_CLASSES) counts[cls] = changes.filter((c) => c.classes.includes(cls)).length;
  return counts;
}
