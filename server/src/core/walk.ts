import { rootSchema, type SchemaNode } from './schema';
import type { Segment } from './types';
import { hasOwn, isObject } from './values';

export interface Visit { readonly path: Segment[]; readonly value: unknown; readonly schema: SchemaNode }

/**
 * A value the walk reached. Its path is spelled out only when a rule asks for it: a large
 * document has tens of thousands of values, and most are checked without being reported.
 */
class FieldVisit implements Visit {
  private spelled: Segment[] | undefined;
  /** Position in the walk, which is document order. */
  order = 0;
  constructor(private readonly parent: FieldVisit | undefined, private readonly segment: Segment, readonly value: unknown, readonly schema: SchemaNode) {}
  get path(): Segment[] {
    return (this.spelled ??= this.parent ? [...this.parent.path, this.segment] : [this.segment]);
  }
}

interface Walk {
  visits: readonly FieldVisit[];
  /** The visits of each schema node, in document order. */
  bySchema: Map<SchemaNode, FieldVisit[]>;
  selections: Map<(schema: SchemaNode) => boolean, readonly Visit[]>;
}

const walks = new WeakMap<object, Walk>();

/**
 * Every value of the document that the schema describes, parents first, without recursion.
 * Unknown keys are not entered: what the schema does not describe, no field rule can judge.
 * Most rules read this list, so it is computed once per parsed value and shared; the value of a
 * parsed document is never modified.
 */
export function knownFields(value: unknown): readonly Visit[] {
  return walkOf(value)?.visits ?? [];
}

/**
 * The known fields whose schema passes `where`, in document order. A rule that looks at a few
 * kinds of field reads just those instead of every value of a large document. `where` should
 * be a constant function: the answer is kept for the next rule that asks with it.
 */
export function knownFieldsWhere(value: unknown, where: (schema: SchemaNode) => boolean): readonly Visit[] {
  const walk = walkOf(value);
  if (!walk) return [];
  let selected = walk.selections.get(where);
  if (!selected) {
    const lists: FieldVisit[][] = [];
    for (const [schema, list] of walk.bySchema) if (where(schema)) lists.push(list);
    selected = lists.reduce(merge, []);
    walk.selections.set(where, selected);
  }
  return selected;
}

/** Two lists in document order as one. */
function merge(a: FieldVisit[], b: FieldVisit[]): FieldVisit[] {
  if (!a.length) return b;
  if (!b.length) return a;
  const out: FieldVisit[] = [];
  let i = 0, j = 0;
  while (i < a.length && j < b.length) out.push(a[i].order < b[j].order ? a[i++] : b[j++]);
  while (i < a.length) out.push(a[i++]);
  while (j < b.length) out.push(b[j++]);
  return out;
}

function walkOf(value: unknown): Walk | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  let walk = walks.get(value);
  if (!walk) { walk = walkKnownFields(value); walks.set(value, walk); }
  return walk;
}

function walkKnownFields(value: object): Walk {
  const visits: FieldVisit[] = [];
  const bySchema = new Map<SchemaNode, FieldVisit[]>();
  const stack: FieldVisit[] = [];
  pushChildren(stack, undefined, value, rootSchema);
  while (stack.length) {
    const v = stack.pop()!;
    v.order = visits.length;
    visits.push(v);
    const same = bySchema.get(v.schema);
    if (same) same.push(v); else bySchema.set(v.schema, [v]);
    pushChildren(stack, v, v.value, v.schema);
  }
  return { visits, bySchema, selections: new Map() };
}

/** Pushes the described members of a value in reverse, so that they come off the stack in order. */
function pushChildren(stack: FieldVisit[], parent: FieldVisit | undefined, value: unknown, schema: SchemaNode): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    const items = schema.items;
    if (items) for (let i = value.length - 1; i >= 0; i--) stack.push(new FieldVisit(parent, i, value[i], items));
    return;
  }
  const properties = schema.properties;
  if (!properties) return;
  const keys = Object.keys(value);
  for (let i = keys.length - 1; i >= 0; i--) {
    const k = keys[i];
    if (hasOwn(properties, k)) stack.push(new FieldVisit(parent, k, (value as Record<string, unknown>)[k], properties[k]));
  }
}

/** The value at a path, or undefined. */
export function valueAt(root: unknown, path: readonly Segment[]): unknown {
  let cur = root;
  for (const seg of path) {
    if (typeof seg === 'number') cur = Array.isArray(cur) ? cur[seg] : undefined;
    else cur = isObject(cur) && hasOwn(cur, seg) ? cur[seg] : undefined;
    if (cur === undefined) return undefined;
  }
  return cur;
}
