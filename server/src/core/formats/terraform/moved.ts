/**
 * Terraform's `moved { from = ADDRESS  to = ADDRESS }` blocks: a resource renamed with one keeps its
 * service (Terraform updates it at its new address), where a rename without one destroys the service and
 * creates another. Addresses are compared as written, without blanks.
 */

export interface Move {
  from: string;
  to: string;
}

/** Whitespace is no part of an address (`vendor_search . a` is `vendor_search.a`). */
export const addressText = (written: string): string => written.replace(/\s+/g, '');

/**
 * The address the resource at `address` had before moved blocks renamed it, the first of those
 * `had` knows, following the moves back (a chain of renames, as Terraform follows it); undefined when
 * no move leads there from an address `had` knows.
 */
export function formerAddress(moves: readonly Move[], address: string, had: (address: string) => boolean): string | undefined {
  const back = new Map<string, string>();
  for (const m of moves) if (!back.has(m.to)) back.set(m.to, m.from);
  const seen = new Set([address]);
  for (let at = back.get(address); at !== undefined && !seen.has(at); at = back.get(at)) {
    if (had(at)) return at;
    seen.add(at);
  }
  return undefined;
}

/** The address moved blocks give the resource at `address`: the last of the chain of renames from it (itself when none). */
export function laterAddress(moves: readonly Move[], address: string): string {
  const next = new Map<string, string>();
  for (const m of moves) if (!next.has(m.from)) next.set(m.from, m.to);
  const seen = new Set([address]);
  let at = address;
  for (let to = next.get(at); to !== undefined && !seen.has(to); to = next.get(to)) seen.add((at = to));
  return at;
}

/** Terraform's JSON syntax: the objects a level stands for (an object, or each object of an array). */
const objects = (v: unknown): Array<Record<string, unknown>> =>
  (Array.isArray(v) ? v : [v]).filter((o): o is Record<string, unknown> => typeof o === 'object' && o !== null && !Array.isArray(o));

/** Every resource address of a file in Terraform's JSON syntax, read as a value. */
export function jsonResources(value: unknown): Set<string> {
  const out = new Set<string>();
  for (const top of objects(value))
    for (const types of objects(top.resource))
      for (const [type, byName] of Object.entries(types))
        for (const names of objects(byName)) for (const name of Object.keys(names)) out.add(`${type}.${name}`);
  return out;
}

/** The moves of a file in Terraform's JSON syntax: `"moved": [{ "from": "...", "to": "..." }]` (or one object). */
export function jsonMoves(value: unknown): Move[] {
  const out: Move[] = [];
  for (const top of objects(value))
    for (const move of objects(top.moved))
      if (typeof move.from === 'string' && typeof move.to === 'string')
        out.push({ from: addressText(move.from), to: addressText(move.to) });
  return out;
}
