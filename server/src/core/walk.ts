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

type Where = (schema: SchemaNode) => boolean;

/** Every schema node passes: the walk of all known fields. */
const everything: Where = () => true;

/** Per parsed value, the fields found for each question asked of it. */
const selections = new WeakMap<object, Map<Where, readonly Visit[]>>();

/**
 * Every value of the document that the schema describes, parents first, without recursion.
 * Unknown keys are not entered: what the schema does not describe, no field rule can judge.
 * Computed once per parsed value and shared; the value of a parsed document is never modified.
 */
export function knownFields(value: unknown): readonly Visit[] {
  return knownFieldsWhere(value, everything);
}

/**
 * The known fields whose schema passes `where`, in document order, as `knownFields` filtered.
 * Only the parts of the document whose schema can hold such a field are walked: a rule about
 * URLs never reads the thousands of entries of a long ip_filter. `where` should be a constant
 * function: the answer is kept for the next rule that asks with it.
 */
export function knownFieldsWhere(value: unknown, where: Where): readonly Visit[] {
  if (value === null || typeof value !== 'object') return [];
  let byQuestion = selections.get(value);
  if (!byQuestion) { byQuestion = new Map(); selections.set(value, byQuestion); }
  let found = byQuestion.get(where);
  if (!found) { found = walkKnownFields(value, plannerFor(where)); byQuestion.set(where, found); }
  return found;
}

/**
 * What a question needs to know about a schema node, worked out once per node: whether the
 * node matches, and which of its members can lead to a match (the rest is never entered).
 */
interface Plan {
  matches: boolean;
  items: SchemaNode | undefined;
  /** Keys of the properties that lead to a match, in the schema's order. */
  keys: string[];
}

type Planner = (schema: SchemaNode) => Plan;

const planners = new WeakMap<Where, Planner>();

function plannerFor(where: Where): Planner {
  let planner = planners.get(where);
  if (planner) return planner;
  const plans = new Map<SchemaNode, Plan>();
  const leads = (schema: SchemaNode): boolean => { const p = plan(schema); return p.matches || !!p.items || p.keys.length > 0; };
  const plan = (schema: SchemaNode): Plan => {
    let p = plans.get(schema);
    if (!p) {
      const properties = schema.properties ?? {};
      p = {
        matches: where(schema),
        items: schema.items && leads(schema.items) ? schema.items : undefined,
        keys: Object.keys(properties).filter((k) => leads(properties[k])),
      };
      plans.set(schema, p);
    }
    return p;
  };
  planner = plan;
  planners.set(where, planner);
  return planner;
}

function walkKnownFields(value: object, plan: Planner): Visit[] {
  const out: FieldVisit[] = [];
  const stack: FieldVisit[] = [];
  pushChildren(stack, undefined, value, rootSchema, plan(rootSchema));
  while (stack.length) {
    const v = stack.pop()!;
    const p = plan(v.schema);
    if (p.matches) out.push(v);
    if (p.items || p.keys.length) pushChildren(stack, v, v.value, v.schema, p);
  }
  return out;
}

/** Pushes the members of a value that can lead to a match in reverse, so that they come off the stack in order. */
function pushChildren(stack: FieldVisit[], parent: FieldVisit | undefined, value: unknown, schema: SchemaNode, plan: Plan): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    const items = plan.items;
    if (items) for (let i = value.length - 1; i >= 0; i--) stack.push(new FieldVisit(parent, i, value[i], items));
    return;
  }
  const properties = schema.properties;
  const leading = plan.keys;
  if (!properties || !leading.length) return;
  if (leading.length === 1) {
    // One member can matter: no need to list the object's keys to keep document order.
    const k = leading[0];
    if (hasOwn(value, k)) stack.push(new FieldVisit(parent, k, (value as Record<string, unknown>)[k], properties[k]));
    return;
  }
  const keys = describedKeys(value, properties);
  for (let i = keys.length - 1; i >= 0; i--) {
    const k = keys[i];
    if (hasOwn(properties, k) && leading.includes(k)) stack.push(new FieldVisit(parent, k, (value as Record<string, unknown>)[k], properties[k]));
  }
}

/** The keys of large objects that the schema describes, kept for the next question. */
const describedKeysOf = new WeakMap<object, string[]>();

/**
 * The keys of an object, in order; for an object with many keys (100,000 unknown ones, say),
 * only those its schema describes, worked out once rather than for every question asked.
 */
function describedKeys(value: object, properties: Record<string, SchemaNode>): string[] {
  const known = describedKeysOf.get(value);
  if (known) return known;
  const keys = Object.keys(value);
  if (keys.length <= 64) return keys;
  const described = keys.filter((k) => hasOwn(properties, k));
  describedKeysOf.set(value, described);
  return described;
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
