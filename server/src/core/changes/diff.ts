import { maskCredentials } from '../credentials';
import { containsUnknown, display, schemaChain, type DiffSide } from './display';
import { parseDocument } from '../formats';
import { isPlan } from '../formats/terraform-plan/document';
import { formatPath } from '../paths';
import { rootSchema, schemaAt, typesOf, type SchemaNode } from '../schema';
import type { Segment } from '../types';
import { hasOwn, isObject, UNKNOWN_VALUE } from '../values';

export { display, mayShow, NOT_KNOWN, type DiffSide } from './display';

/**
 * What changes between two versions of a configuration, and what each change does to a
 * running service. Pure: texts in, classified changes out. Values are shown only through
 * `display`, which masks secrets and the values of keys the schema does not know.
 */

export type ChangeKind = 'added' | 'removed' | 'changed';
/** Most consequential first: the order in which changes and headlines are listed. */
export const CHANGE_CLASSES = ['replacesService', 'restartsEngine', 'createOnly', 'deprecated', 'secret', 'unknown', 'plain'] as const;
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

/** How one comparison runs: the sides' formats, and whether the new side is a service that does not exist yet. */
interface Walk {
  out: ConfigChange[];
  before: DiffSide;
  after: DiffSide;
  /** A new service: nothing restarts, and every create-only value is read. */
  created: boolean;
  /** The fields (dotted) whose change makes the Terraform provider replace the service: the reason it is new. */
  replacing: ReadonlySet<string>;
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

function classify(
  path: Segment[],
  kind: ChangeKind,
  before: unknown,
  after: unknown,
  walk: Walk,
): { classes: ChangeClass[]; notes: string[] } {
  const created = walk.created;
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
  // A service being created has no engine to restart, and reads its create-only fields.
  if (!created && known.some((s) => s.restartsEngine) && !keepsValue) {
    classes.push('restartsEngine');
    notes.push('Restarts all engine instances when applied.');
  }
  const replaces =
    walk.replacing.has(formatPath(path)) ||
    (!created && walk.after.appliedByTerraform && kind !== 'removed' && known.some((s) => s.replacesInTerraform));
  if (replaces) {
    // The provider forces a new resource for it: not ignored, as the API ignores it, but a replacement.
    classes.push('replacesService');
    notes.push(
      'The Terraform provider replaces the service when it changes: applying this destroys the service, with its data, and creates a new one.',
    );
  } else if (!created && known.some((s) => s.createOnly)) {
    classes.push('createOnly');
    notes.push('Has no effect on an existing service: it is read only when a new service is created.');
  }
  const deprecatedValue =
    kind !== 'removed' && after !== UNKNOWN_VALUE && own?.deprecatedValues?.some((v) => JSON.stringify(v) === JSON.stringify(after));
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
  // A service being created keeps nothing of the one it replaces.
  else if (keepsValue && !created && keepsWhatMatters(before, path, own!, walk)) notes.push(notResetNote(path, own!));
  if (!classes.length) classes.push('plain');
  classes.sort((a, b) => CHANGE_CLASSES.indexOf(a) - CHANGE_CLASSES.indexOf(b));
  return { classes, notes };
}

/**
 * Whether the value a removed field keeps on the service is worth saying, as removed-field says it:
 * not when it was null or the field's default (the service keeps what it would have had anyway), nor
 * when an expression gave it (its value is not known until plan). A plan's state holds every value:
 * one not read there (labelled) is a sensitive one, set but not shown.
 */
function keepsWhatMatters(before: unknown, path: Segment[], schema: SchemaNode, walk: Walk): boolean {
  if (before === null) return false;
  if (before === UNKNOWN_VALUE) return !!walk.before.unknownLabel;
  return schema.default === undefined || !same(walk, before, schema.default, path, path);
}

/**
 * The API merges the configuration it receives: a field no longer written keeps its value on the
 * service (an item removed from an array is not this case: the array is replaced whole).
 */
function notResetNote(path: Segment[], schema: SchemaNode): string {
  const reset =
    schema.default === undefined
      ? 'the schema gives no default, so set it explicitly to the value the service should have'
      : `write its default: ${display(schema.default, path)}`;
  return `Not reset on the service: the API merges the configuration, so the old value stays. To reset it, ${reset}.`;
}

const UNKNOWN_NOTE = 'Written as an expression: its value is known only when Terraform plans (search-config lint on the plan checks it).';

/** `oldPath`: where the old value stands in the old document (an array item may have moved). */
function change(walk: Walk, path: Segment[], oldPath: Segment[], kind: ChangeKind, before: unknown, after: unknown): ConfigChange {
  // A key is printed as written, unless it holds a credential (a URL pasted as a key).
  const c: ConfigChange = { path: maskCredentials(formatPath(path)), segments: path, kind, ...classify(path, kind, before, after, walk) };
  if (kind !== 'added') c.before = display(before, oldPath, walk.before);
  if (kind !== 'removed') c.after = display(after, path, walk.after);
  // A plan's own unknown values are said so by their label; an expression's value comes with a plan.
  if ((containsUnknown(before) && !walk.before.unknownLabel) || (containsUnknown(after) && !walk.after.unknownLabel))
    c.notes.push(UNKNOWN_NOTE);
  return c;
}

/** Equal values. A value the text does not determine equals only the same expression at the same place. */
function same(walk: Walk, a: unknown, b: unknown, oldPath: Segment[], path: Segment[]): boolean {
  if (a === UNKNOWN_VALUE || b === UNKNOWN_VALUE) {
    if (a !== b) return false;
    const was = walk.before.expressionAt?.(oldPath),
      now = walk.after.expressionAt?.(path);
    return was !== undefined && was === now;
  }
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => same(walk, x, b[i], [...oldPath, i], [...path, i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a),
      kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => hasOwn(b, k) && same(walk, a[k], b[k], [...oldPath, k], [...path, k]));
  }
  return false;
}

/**
 * The member that identifies an item of an array of objects (`network` of an ip_filter entry,
 * `pattern` of an index pattern): the first required string member of the item schema.
 */
function identityKey(itemSchema: SchemaNode | undefined): string | undefined {
  return itemSchema?.required?.find((k) => typesOf(itemSchema.properties?.[k] ?? {}).includes('string'));
}

/** An unknown value identifies by its expression, so that `var.a` and `var.b` are two items. */
function identity(item: unknown, key: string | undefined, expression: string | undefined): string {
  if (item === UNKNOWN_VALUE) return `expr:${expression ?? ''}`;
  if (typeof item === 'string' && key) return `id:${item}`;
  if (isObject(item) && key && typeof item[key] === 'string') return `id:${item[key]}`;
  return `json:${JSON.stringify(item)}`;
}

/**
 * Arrays are compared as collections: items are matched by identity (their value, or their
 * identifying member), so inserting one entry reports one addition, not a change of every later index.
 */
function diffArrays(walk: Walk, before: unknown[], after: unknown[], oldPath: Segment[], path: Segment[]): void {
  const { out } = walk;
  const key = identityKey(schemaAt([...path, 0]));
  const unmatchedOld = new Map<string, number[]>();
  before.forEach((item, i) => {
    const id = identity(item, key, walk.before.expressionAt?.([...oldPath, i]));
    unmatchedOld.set(id, [...(unmatchedOld.get(id) ?? []), i]);
  });
  const matchedOldOrder: number[] = [];
  const pending: ConfigChange[] = [];
  const added: number[] = [];
  after.forEach((item, j) => {
    const queue = unmatchedOld.get(identity(item, key, walk.after.expressionAt?.([...path, j])));
    const i = queue?.shift();
    if (i === undefined) {
      added.push(j);
      return;
    }
    matchedOldOrder.push(i);
    diffInto({ ...walk, out: pending }, before[i], item, [...oldPath, i], [...path, j]);
  });
  const removed = [...unmatchedOld.values()].flat().sort((a, b) => a - b);
  for (const i of removed) out.push(change(walk, [...path, i], [...oldPath, i], 'removed', before[i], undefined));
  for (const j of added) out.push(change(walk, [...path, j], [...oldPath, j], 'added', undefined, after[j]));
  out.push(...pending);
  const reordered = matchedOldOrder.some((i, n) => n > 0 && i < matchedOldOrder[n - 1]);
  if (reordered && !removed.length && !added.length) {
    const c = change(walk, path, oldPath, 'changed', before, after);
    c.notes.push('Only the order of the items changed.');
    out.push(c);
  }
}

function diffObjects(
  walk: Walk,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  oldPath: Segment[],
  path: Segment[],
): void {
  for (const k of Object.keys(before)) if (!hasOwn(after, k)) removedOrAdded(walk, [...oldPath, k], before[k], 'removed');
  for (const k of Object.keys(after)) {
    if (!hasOwn(before, k)) removedOrAdded(walk, [...path, k], after[k], 'added');
    else diffInto(walk, before[k], after[k], [...oldPath, k], [...path, k]);
  }
}

/** An added or removed object is listed field by field, so that each field is classified on its own. */
function removedOrAdded(walk: Walk, path: Segment[], value: unknown, kind: 'added' | 'removed'): void {
  if (isObject(value) && value !== UNKNOWN_VALUE && Object.keys(value).length) {
    for (const k of Object.keys(value)) removedOrAdded(walk, [...path, k], value[k], kind);
    return;
  }
  walk.out.push(kind === 'added' ? change(walk, path, path, kind, undefined, value) : change(walk, path, path, kind, value, undefined));
}

function diffInto(walk: Walk, before: unknown, after: unknown, oldPath: Segment[], path: Segment[]): void {
  if (same(walk, before, after, oldPath, path)) return;
  const known = before !== UNKNOWN_VALUE && after !== UNKNOWN_VALUE;
  if (known && isObject(before) && isObject(after)) diffObjects(walk, before, after, oldPath, path);
  else if (known && Array.isArray(before) && Array.isArray(after)) diffArrays(walk, before, after, oldPath, path);
  else {
    const c = change(walk, path, oldPath, 'changed', before, after);
    if (before === UNKNOWN_VALUE && after === UNKNOWN_VALUE && !walk.after.unknownLabel) c.notes.unshift('The expression changed.');
    walk.out.push(c);
  }
}

/** Appends to `out` every difference between two values at `path`. */
export function diffValues(before: unknown, after: unknown, path: Segment[] = [], out: ConfigChange[] = []): ConfigChange[] {
  diffInto({ out, before: {}, after: {}, created: false, replacing: new Set() }, before, after, path, path);
  return out;
}

/** `plan`: the text is a Terraform plan, which is not compared as a configuration (see `error`). */
export interface ParsedConfig {
  value?: unknown;
  error?: string;
  plan?: true;
}

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
  if (isPlan(doc.value))
    return {
      plan: true,
      error:
        'it is a Terraform plan, not a configuration: a plan holds its own before and after, so `search-config diff PLAN` with the plan alone reports what it changes, and `search-config lint` on it what needs care (restart-required, create-only-field, removed-field)',
    };
  return { value: doc.value };
}

/**
 * Changes between two configuration values, most consequential first, in document order within a class.
 * `sides`: what the formats say about each side; `created`: the new side is a service that does not exist
 * yet; `replacing`: the fields (dotted) whose change makes Terraform replace the service, for which it is.
 */
export function diffConfigs(
  before: unknown,
  after: unknown,
  sides: { before?: DiffSide; after?: DiffSide; created?: boolean; replacing?: readonly string[] } = {},
): ConfigChange[] {
  const changes: ConfigChange[] = [];
  const walk: Walk = {
    out: changes,
    before: sides.before ?? {},
    after: sides.after ?? {},
    created: !!sides.created,
    replacing: new Set(sides.replacing),
  };
  diffInto(walk, before, after, [], []);
  const rank = (c: ConfigChange) => CHANGE_CLASSES.indexOf(c.classes[0]);
  return changes
    .map((c, i) => ({ c, i }))
    .sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i)
    .map(({ c }) => c);
}

export type ChangeCounts = Record<ChangeClass, number> & { total: number };

/**
 * Changed fields of one configuration, by class. The items of one list are one field: a whitelist
 * whose one entry was replaced (an item removed, an item added) is one changed field and one restart.
 */
export function countChanges(changes: readonly ConfigChange[]): ChangeCounts {
  const fields = new Map<string, Set<ChangeClass>>();
  for (const c of changes) {
    const field = JSON.stringify(c.segments.filter((s) => typeof s !== 'number'));
    let classes = fields.get(field);
    if (!classes) fields.set(field, (classes = new Set()));
    for (const cls of c.classes) classes.add(cls);
  }
  const counts = { total: fields.size } as ChangeCounts;
  for (const cls of CHANGE_CLASSES) counts[cls] = [...fields.values()].filter((classes) => classes.has(cls)).length;
  return counts;
}

/** The counts of several configurations added up. */
export function addCounts(all: readonly ChangeCounts[]): ChangeCounts {
  const sum = { total: 0 } as ChangeCounts;
  for (const cls of CHANGE_CLASSES) sum[cls] = 0;
  for (const counts of all) {
    sum.total += counts.total;
    for (const cls of CHANGE_CLASSES) sum[cls] += counts[cls];
  }
  return sum;
}
