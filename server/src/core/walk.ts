import { rootSchema, type SchemaNode } from './schema';
import type { Segment } from './types';
import { hasOwn, isObject, UNKNOWN_VALUE } from './values';

export interface Visit {
  readonly path: Segment[];
  readonly value: unknown;
  readonly schema: SchemaNode;
}

/** A parent's path and one more segment: copied and pushed, as a spread steps through an iterator until V8 optimises it. */
function childPath(parent: readonly Segment[] | undefined, segment: Segment): Segment[] {
  const path = parent ? parent.slice() : [];
  path.push(segment);
  return path;
}

/**
 * A value the walk reached. Its path is spelled out only when a rule asks for it: a large
 * document has tens of thousands of values, and most are checked without being reported.
 */
class FieldVisit implements Visit {
  private spelled: Segment[] | undefined;
  constructor(
    private readonly parent: FieldVisit | undefined,
    private readonly segment: Segment,
    readonly value: unknown,
    readonly schema: SchemaNode,
  ) {}
  get path(): Segment[] {
    return (this.spelled ??= childPath(this.parent?.path, this.segment));
  }
}

/**
 * An entry of a list, or the one member of it that a question reads, handed to a caller that
 * keeps nothing (eachKnownField): one object serves every entry in turn, so that a list of a
 * hundred thousand entries allocates nothing for the entries that are only looked at.
 */
class ListEntryVisit implements Visit {
  private parent: FieldVisit | undefined;
  private index = 0;
  private member: string | undefined;
  value: unknown;
  schema: SchemaNode = rootSchema;
  set(parent: FieldVisit | undefined, index: number, member: string | undefined, value: unknown, schema: SchemaNode): this {
    this.parent = parent;
    this.index = index;
    this.member = member;
    this.value = value;
    this.schema = schema;
    return this;
  }
  get path(): Segment[] {
    const path = childPath(this.parent?.path, this.index);
    if (this.member !== undefined) path.push(this.member);
    return path;
  }
}

type Where = (schema: SchemaNode) => boolean;

/** Every schema node passes: the walk of all known fields. */
const everything: Where = () => true;

/** Per parsed value, the fields found for each question asked of it. */
const selections = new WeakMap<object, Map<Where, readonly Visit[]>>();

/**
 * The answers kept for a parsed value. The rules of one analysis ask about the same value one
 * after another: the last value asked about is kept at hand, which spares most lookups in the
 * weak map (each costs far more than a comparison).
 */
let recent: { value: object; byQuestion: Map<Where, readonly Visit[]> } | undefined;
const knownAnswers = (value: object): Map<Where, readonly Visit[]> | undefined =>
  recent?.value === value ? recent.byQuestion : selections.get(value);
function selectionsOf(value: object): Map<Where, readonly Visit[]> {
  if (recent?.value === value) return recent.byQuestion;
  let byQuestion = selections.get(value);
  if (!byQuestion) {
    byQuestion = new Map();
    selections.set(value, byQuestion);
  }
  recent = { value, byQuestion };
  return byQuestion;
}

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
  const byQuestion = selectionsOf(value);
  const found = byQuestion.get(where);
  if (found) return found;
  const shared = askedBits.has(where);
  if (shared && !byQuestion.has(SHARED_WALK_DONE)) {
    answerEveryAsked(value, byQuestion);
    return byQuestion.get(where)!;
  }
  if (!shared) ask(where);
  const out: Visit[] = [];
  walkKnownFields(value, planFor(where), (v) => {
    out.push(v);
  });
  byQuestion.set(where, out);
  return out;
}

/**
 * The questions asked so far in this process, a bit each. The rules ask the same few constant
 * questions of every document: from the second document on, one walk answers all of them, in
 * place of one walk per question, each reading the same objects again. The walk of everything
 * is left out: sharing it would make every later walk read every field, long lists included.
 */
const asked: Where[] = [];
const askedBits = new Map<Where, number>();
const MAX_SHARED = 31;
/** The plan of the walk answering every question asked; made again when a question is added. */
let everyAskedPlan: Plan | undefined;
/** Stands, among a value's answers, for the shared walk having run. */
const SHARED_WALK_DONE: Where = () => false;

function ask(where: Where): void {
  if (where === everything || asked.length === MAX_SHARED) return;
  askedBits.set(where, 1 << asked.length);
  asked.push(where);
  everyAskedPlan = undefined;
}

function answerEveryAsked(value: object, byQuestion: Map<Where, readonly Visit[]>): void {
  if (!everyAskedPlan) {
    const questions = asked.slice();
    const maskOf = (schema: SchemaNode): number => {
      let mask = 0;
      for (let i = 0; i < questions.length; i++) if (questions[i](schema)) mask |= 1 << i;
      return mask;
    };
    everyAskedPlan = planFor((schema) => maskOf(schema) !== 0, maskOf);
  }
  const answers: Visit[][] = asked.map(() => []);
  walkKnownFields(value, everyAskedPlan, (v, plan) => {
    for (let mask = plan.mask, i = 0; mask !== 0; mask >>>= 1, i++) if (mask & 1) answers[i].push(v);
  });
  for (let i = 0; i < asked.length; i++) byQuestion.set(asked[i], answers[i]);
  byQuestion.set(SHARED_WALK_DONE, []);
}

/**
 * Calls `each` with the known fields whose schema passes `where`, in document order, as
 * knownFieldsWhere lists them, but keeping none: for a question about the thousands of entries
 * of a long list, so that the fields it passes over are dropped at once. A visit is valid only
 * during its call (the entries of a list share one): copy what is kept.
 *
 * With `share`, the question joins the shared walk from the next document on, as with
 * knownFieldsWhere: worth it for a question that most documents answer with a few fields, and
 * a single document (a one-shot run over one large file) still keeps nothing.
 */
export function eachKnownField(value: unknown, where: Where, each: (visit: Visit) => void, share = false): void {
  if (value === null || typeof value !== 'object') return;
  const known = knownAnswers(value)?.get(where) ?? (share && askedBits.has(where) ? knownFieldsWhere(value, where) : undefined);
  if (known) {
    for (let i = 0; i < known.length; i++) each(known[i]);
    return;
  }
  if (share) ask(where);
  walkKnownFields(value, planFor(where), each, true);
}

/**
 * What a question needs to know about a schema node: whether the node matches, and which of its
 * members can lead to a match (the rest is never entered). Worked out only for the nodes that a
 * walk reaches, from the set of nodes on the way to a match.
 */
interface Plan {
  matches: boolean;
  items: Step | undefined;
  /** The properties that lead to a match, in the schema's order. */
  members: Step[];
  /** The same steps by key: an object's keys are looked up here, one by one. */
  byKey: Map<string, Step>;
  /** For the shared walk: which of the questions asked the node matches, a bit each. */
  mask: number;
}
interface Step {
  key: string;
  schema: SchemaNode;
  plan: () => Plan;
}

type Planner = (schema: SchemaNode) => Plan;
const planners = new WeakMap<Where, Planner>();

function planFor(where: Where, maskOf?: (schema: SchemaNode) => number): Plan {
  let planner = planners.get(where);
  if (!planner) {
    // Every node that matches, and every node above one, leads to a match.
    const leading = new Set<SchemaNode>();
    const above = schemaParents();
    for (const node of above.keys()) {
      if (!where(node)) continue;
      for (let n: SchemaNode | undefined = node; n && !leading.has(n); n = above.get(n)) leading.add(n);
    }
    const made = new Map<SchemaNode, Plan>();
    const plan: Planner = (schema) => {
      let p = made.get(schema);
      if (!p) {
        const { items, properties } = schema;
        const members: Step[] = [];
        for (const key in properties) {
          const member = properties[key];
          if (hasOwn(properties, key) && leading.has(member)) members.push({ key, schema: member, plan: () => plan(member) });
        }
        p = {
          matches: schema !== rootSchema && where(schema),
          items: items && leading.has(items) ? { key: '', schema: items, plan: () => plan(items) } : undefined,
          members,
          byKey: new Map(members.map((m) => [m.key, m])),
          mask: maskOf ? maskOf(schema) : 0,
        };
        made.set(schema, p);
      }
      return p;
    };
    planner = plan;
    planners.set(where, planner);
  }
  return planner(rootSchema);
}

let parents: Map<SchemaNode, SchemaNode> | undefined;
/** The node each schema node hangs from (by properties or items), for every node below the root. */
function schemaParents(): Map<SchemaNode, SchemaNode> {
  if (parents) return parents;
  parents = new Map();
  const stack = [rootSchema];
  while (stack.length) {
    const node = stack.pop()!;
    const children = Object.values(node.properties ?? {});
    if (node.items) children.push(node.items);
    for (const child of children) {
      parents.set(child, node);
      stack.push(child);
    }
  }
  return parents;
}

/** A container being read: its members are visited in order, one frame per level. */
class Frame {
  index = 0;
  keys: string[] | undefined;
  constructor(
    readonly visit: FieldVisit | undefined,
    readonly value: object,
    readonly schema: SchemaNode,
    readonly plan: Plan,
  ) {}
}

const enters = (plan: Plan, value: unknown): value is object =>
  value !== null && typeof value === 'object' && (!!plan.items || plan.members.length > 0);

/**
 * Emits the known fields that the plan's question matches, in document order, without
 * recursion. Only the containers being read are held, not a list of everything still to visit.
 * With `transient`, the list entries that are not entered share one visit (see ListEntryVisit).
 */
function walkKnownFields(value: object, root: Plan, emit: (visit: Visit, plan: Plan) => void, transient = false): void {
  const frames: Frame[] = [];
  if (enters(root, value)) frames.push(new Frame(undefined, value, rootSchema, root));
  while (frames.length) {
    const frame = frames[frames.length - 1];
    const { value: container, plan } = frame;
    let entered: Frame | undefined;
    if (Array.isArray(container)) {
      // Items share one schema: a tight loop, left only to enter an item.
      const items = plan.items;
      if (items) {
        const { schema } = items;
        const itemPlan = items.plan();
        // Items that are objects with one member to look at, itself a leaf for the question (an
        // ip_filter entry's network): read in place, without a frame of their own.
        const only = !itemPlan.items && itemPlan.members.length === 1 ? itemPlan.members[0] : undefined;
        const onlyPlan = only?.plan();
        const onlyLeaf = !!onlyPlan && !onlyPlan.items && !onlyPlan.members.length;
        const entry = transient ? new ListEntryVisit() : undefined;
        while (frame.index < container.length) {
          const i = frame.index++;
          const item = container[i];
          const entersItem = enters(itemPlan, item);
          const inPlace = entersItem && onlyLeaf && !Array.isArray(item) && !!schema.properties;
          const readInPlace = inPlace && onlyPlan!.matches && hasOwn(item, only!.key);
          if (entry && (!entersItem || inPlace)) {
            if (itemPlan.matches) emit(entry.set(frame.visit, i, undefined, item, schema), itemPlan);
            if (readInPlace)
              emit(entry.set(frame.visit, i, only!.key, (item as Record<string, unknown>)[only!.key], only!.schema), onlyPlan!);
            continue;
          }
          const v = new FieldVisit(frame.visit, i, item, schema);
          if (itemPlan.matches) emit(v, itemPlan);
          if (!entersItem) continue;
          if (inPlace) {
            if (readInPlace) emit(new FieldVisit(v, only!.key, (item as Record<string, unknown>)[only!.key], only!.schema), onlyPlan!);
            continue;
          }
          entered = new Frame(v, item, schema, itemPlan);
          break;
        }
      }
    } else {
      const step = nextMember(frame, container);
      if (step) {
        const v = new FieldVisit(frame.visit, step.key, (container as Record<string, unknown>)[step.key], step.schema);
        const stepPlan = step.plan();
        if (stepPlan.matches) emit(v, stepPlan);
        if (!enters(stepPlan, v.value)) continue;
        entered = new Frame(v, v.value, step.schema, stepPlan);
      }
    }
    if (entered) frames.push(entered);
    else frames.pop();
  }
}

/** The next member of an object that can lead to a match, in document order; undefined at the end. */
function nextMember(frame: Frame, value: object): Step | undefined {
  const { members } = frame.plan;
  const properties = frame.schema.properties;
  if (!properties || !members.length) return undefined;
  if (members.length === 1) {
    // One member can matter: no need to list the object's keys to keep document order.
    const step = members[0];
    return frame.index++ === 0 && hasOwn(value, step.key) ? step : undefined;
  }
  const keys = (frame.keys ??= describedKeys(value, properties));
  const { byKey } = frame.plan;
  while (frame.index < keys.length) {
    const step = byKey.get(keys[frame.index++]);
    if (step) return step;
  }
  return undefined;
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

/**
 * `root` with the value at each of `paths` (where there is one) not known: what a change report
 * compares but never shows (a value Terraform keeps sensitive). What it shares with `root` is not changed.
 */
export function withUnknownAt(root: unknown, paths: ReadonlyArray<readonly Segment[]>): unknown {
  // Each object or list on the way is copied once, the first time a path passes through it, and the
  // copy is then changed in place: a plan may mark thousands of items of one list sensitive, and a
  // copy per path would make that quadratic.
  const copies = new Set<unknown>();
  const own = <T extends object>(value: T, copy: () => T): T => {
    if (copies.has(value)) return value;
    const made = copy();
    copies.add(made);
    return made;
  };
  const at = (value: unknown, path: readonly Segment[], depth: number): unknown => {
    if (depth === path.length) return UNKNOWN_VALUE;
    const seg = path[depth];
    if (Array.isArray(value) && typeof seg === 'number' && seg < value.length) {
      const list = own(value, () => value.slice());
      list[seg] = at(list[seg], path, depth + 1);
      return list;
    }
    if (isObject(value) && typeof seg === 'string' && hasOwn(value, seg)) {
      const object = own(value, () => ({ ...value }));
      // Defined, not assigned: a computed key is an own property, `__proto__` too.
      Object.defineProperty(object, seg, {
        value: at(object[seg], path, depth + 1),
        writable: true,
        enumerable: true,
        configurable: true,
      });
      return object;
    }
    return value;
  };
  return paths.reduce((value, path) => at(value, path, 0), root);
}

/** True when the value at `path`, or one around it, is not known from the text (a Terraform expression). */
export function isUnknownAt(root: unknown, path: readonly Segment[]): boolean {
  let cur = root;
  for (let i = 0; ; i++) {
    if (cur === UNKNOWN_VALUE) return true;
    if (i === path.length || cur === undefined) return false;
    const seg = path[i];
    if (typeof seg === 'number') cur = Array.isArray(cur) ? cur[seg] : undefined;
    else cur = isObject(cur) && hasOwn(cur, seg) ? cur[seg] : undefined;
  }
}
