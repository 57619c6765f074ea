import { rootSchema, type SchemaNode } from './schema';
import type { Segment } from './types';
import { hasOwn, isObject } from './values';

export interface Visit { path: Segment[]; value: unknown; schema: SchemaNode }

// The visits of the value analysed last. Rules ask for them one after another while a document
// is analysed, so one entry is enough; a WeakMap keyed by every document's value made garbage
// collection markedly slower on runs over many files.
let last: { value: object; visits: readonly Visit[] } | undefined;

/**
 * Every value of the document that the schema describes, parents first, without recursion.
 * Unknown keys are not entered: what the schema does not describe, no field rule can judge.
 * Most rules read this list, so it is computed once per parsed value and shared; the value of a
 * parsed document is never modified.
 */
export function knownFields(value: unknown): readonly Visit[] {
  if (value === null || typeof value !== 'object') return walkKnownFields(value);
  if (last?.value !== value) last = { value, visits: walkKnownFields(value) };
  return last.visits;
}

function walkKnownFields(value: unknown): Visit[] {
  const out: Visit[] = [];
  const stack: Visit[] = [{ path: [], value, schema: rootSchema }];
  while (stack.length) {
    const v = stack.pop()!;
    if (v.path.length) out.push(v);
    const { schema } = v;
    if (isObject(v.value) && schema.properties) {
      const keys = Object.keys(v.value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i];
        if (hasOwn(schema.properties, k)) stack.push({ path: [...v.path, k], value: v.value[k], schema: schema.properties[k] });
      }
    } else if (Array.isArray(v.value) && schema.items) {
      for (let i = v.value.length - 1; i >= 0; i--) stack.push({ path: [...v.path, i], value: v.value[i], schema: schema.items });
    }
  }
  return out;
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
