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
  constructor(private readonly parent: FieldVisit | undefined, private readonly segment: Segment, readonly value: unknown, readonly schema: SchemaNode) {}
  get path(): Segment[] {
    return (this.spelled ??= this.parent ? [...this.parent.path, this.segment] : [this.segment]);
  }
}

const visitsByValue = new WeakMap<object, readonly Visit[]>();

/**
 * Every value of the document that the schema describes, parents first, without recursion.
 * Unknown keys are not entered: what the schema does not describe, no field rule can judge.
 * Most rules read this list, so it is computed once per parsed value and shared; the value of a
 * parsed document is never modified.
 */
export function knownFields(value: unknown): readonly Visit[] {
  if (value === null || typeof value !== 'object') return [];
  let visits = visitsByValue.get(value);
  if (!visits) { visits = walkKnownFields(value); visitsByValue.set(value, visits); }
  return visits;
}

function walkKnownFields(value: object): Visit[] {
  const out: FieldVisit[] = [];
  const stack: FieldVisit[] = [];
  pushChildren(stack, undefined, value, rootSchema);
  while (stack.length) {
    const v = stack.pop()!;
    out.push(v);
    pushChildren(stack, v, v.value, v.schema);
  }
  return out;
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
