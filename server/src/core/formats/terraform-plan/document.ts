import { schemaAt, typesOf } from '../../schema';
import type { FieldPath, Segment } from '../../types';
import { UNKNOWN_VALUE } from '../../values';
import { convertScalars } from '../conversion';
import { CONFIGURATION_BLOCK, keyOf, providerName } from '../terraform/names';
import type { ConfigDocument } from '../document';
import type { ParsedDocument } from '../json/document';

/**
 * A Terraform plan (`terraform show -json PLANFILE`): the values Terraform will send, after
 * variables, locals and modules are resolved. Each resource change whose `change.after` holds a
 * `search_user_config` is a configuration, located in the plan's own JSON text; `change.before`
 * is the configuration as deployed, for the change-aware rules.
 */
export interface PlanConfiguration {
  /** `module.eu.vendor_search.logs`. */
  address: string;
  after: ConfigDocument;
  /** The configuration as deployed, when the resource exists already. */
  before?: ConfigDocument;
  /** True when the plan replaces the resource (`["delete", "create"]`): `before` is the service destroyed. */
  replaced: boolean;
  /** True when the resource had a search_user_config block and has none after the plan (`after` is then empty). */
  blockRemoved?: boolean;
}

/** How a plan shows a block that is not written: an empty list (or null). */
const unset = (v: unknown): boolean => v === null || (Array.isArray(v) && v.length === 0);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A plan is recognised by its content, whatever the file's name. */
export const isPlan = (value: unknown): value is Record<string, unknown> =>
  isObject(value) && 'format_version' in value && Array.isArray(value.resource_changes);

export function planConfigurations(plan: ParsedDocument): PlanConfiguration[] {
  const out: PlanConfiguration[] = [];
  const changes = (plan.value as Record<string, unknown>).resource_changes as unknown[];
  changes.forEach((change, i) => {
    // A data source reads the service and sends it nothing; a deposed object (left by an earlier
    // replacement) is not the resource's current one, and is only destroyed.
    if (!isObject(change) || !isObject(change.change) || change.mode === 'data' || typeof change.deposed === 'string') return;
    const { after, before } = change.change;
    const address = typeof change.address === 'string' ? change.address : `resource_changes[${i}]`;
    const at = (side: string): Segment[] => ['resource_changes', i, 'change', side];
    // A value sensitive on either side is sensitive on both: a variable newly declared sensitive marks
    // only `after_sensitive`, and the same value before it must not be shown either.
    const sensitive = eitherMarked(change.change.before_sensitive, change.change.after_sensitive);
    const beforeDoc =
      isObject(before) && before[CONFIGURATION_BLOCK] !== undefined
        ? planDocument(plan, before[CONFIGURATION_BLOCK], [...at('before'), CONFIGURATION_BLOCK], undefined, sensitive)
        : undefined;
    let afterDoc =
      isObject(after) && after[CONFIGURATION_BLOCK] !== undefined
        ? planDocument(plan, after[CONFIGURATION_BLOCK], [...at('after'), CONFIGURATION_BLOCK], change.change.after_unknown, sensitive)
        : undefined;
    // The block removed from a resource that stays (an empty list, or null): Terraform updates the
    // service without it, which resets nothing, as with an emptied block.
    const blockRemoved = !afterDoc && !!beforeDoc && isObject(after) && unset(after[CONFIGURATION_BLOCK]);
    if (blockRemoved) afterDoc = planDocument(plan, {}, [...at('after'), CONFIGURATION_BLOCK], undefined, undefined);
    if (!afterDoc) return;
    const actions = Array.isArray(change.change.actions) ? change.change.actions : [];
    out.push({
      address,
      after: afterDoc,
      before: beforeDoc,
      replaced: actions.includes('delete') && actions.includes('create'),
      ...(blockRemoved ? { blockRemoved } : {}),
    });
  });
  return out;
}

/**
 * Two trees of sensitivity marks (`true` for a sensitive value, objects and arrays of marks for its
 * members) as one that marks what either marks. Deep input is bounded by the plan reader's depth limit.
 */
export function eitherMarked(a: unknown, b: unknown): unknown {
  if (a === true || b === true) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    const x = Array.isArray(a) ? a : [],
      y = Array.isArray(b) ? b : [];
    return Array.from({ length: Math.max(x.length, y.length) }, (_, i) => eitherMarked(x[i], y[i]));
  }
  if (isObject(a) || isObject(b)) {
    const x = isObject(a) ? a : {},
      y = isObject(b) ? b : {};
    const own = (o: Record<string, unknown>, k: string): unknown => (Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined);
    const out: Record<string, unknown> = {};
    for (const k of new Set([...Object.keys(x), ...Object.keys(y)])) {
      const v = eitherMarked(own(x, k), own(y, k));
      if (k === '__proto__') Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      else out[k] = v;
    }
    return out;
  }
  return a ?? b;
}

/** Reads `search_user_config` of one side of a change into a configuration document located in the plan's text. */
function planDocument(
  plan: ParsedDocument,
  raw: unknown,
  at: Segment[],
  unknownMarks: unknown,
  sensitiveMarks: unknown,
): ConfigDocument | undefined {
  const unknownRoot = isObject(unknownMarks) ? unknownMarks[CONFIGURATION_BLOCK] : unknownMarks;
  const sensitiveRoot = isObject(sensitiveMarks) ? sensitiveMarks[CONFIGURATION_BLOCK] : sensitiveMarks;
  const places = new Map<string, Segment[]>();
  const unknownPaths: Segment[][] = [];
  const sensitivePaths: Segment[][] = [];
  const spellings: Array<{ path: Segment[]; written: string }> = [];
  const key = (path: FieldPath): string => JSON.stringify(path);
  /** A block that appears at most once is a list of one object in a plan. */
  const single = (v: unknown): unknown => (Array.isArray(v) && v.length === 1 && isObject(v[0]) ? v[0] : v);
  const read = (value: unknown, path: Segment[], place: Segment[], unknown: unknown, sensitive: unknown): unknown => {
    places.set(key(path), place);
    // Values Terraform knows only at apply are not read. A value marked sensitive is judged, as one
    // from a sensitive variable is in a .tf file, and never printed (see ConfigDocument.sensitivePaths).
    if (unknown === true) {
      unknownPaths.push(path);
      return UNKNOWN_VALUE;
    }
    if (sensitive === true) sensitivePaths.push(path);
    if (Array.isArray(value)) {
      return value.map((item, i) =>
        read(
          item,
          [...path, i],
          [...place, i],
          Array.isArray(unknown) ? unknown[i] : undefined,
          Array.isArray(sensitive) ? sensitive[i] : undefined,
        ),
      );
    }
    if (!isObject(value)) return value;
    const object: Record<string, unknown> = {};
    const names = new Set([...Object.keys(value), ...(isObject(unknown) ? Object.keys(unknown) : [])]);
    for (const name of names) {
      const member = value[name];
      const u = isObject(unknown) ? unknown[name] : undefined;
      const s = isObject(sensitive) ? sensitive[name] : undefined;
      // Every attribute of the provider's schema is in a plan: unset ones are null or an empty list.
      if (u !== true && (member === null || member === undefined || (Array.isArray(member) && member.length === 0))) continue;
      const apiName = keyOf(path, name);
      if (apiName !== name && apiName.includes('.')) spellings.push({ path: [...path, apiName], written: name });
      const schema = schemaAt([...path, apiName]);
      const isBlock = schema ? typesOf(schema).includes('object') : Array.isArray(member) && member.length === 1 && isObject(member[0]);
      const unwrap = isBlock && Array.isArray(member) && member.length === 1 && isObject(member[0]);
      object[apiName] = read(
        unwrap ? single(member) : member,
        [...path, apiName],
        unwrap ? [...place, name, 0] : [...place, name],
        unwrap && Array.isArray(u) ? u[0] : u,
        unwrap && Array.isArray(s) ? s[0] : s,
      );
    }
    return object;
  };
  const written = read(
    single(raw),
    [],
    Array.isArray(raw) ? [...at, 0] : at,
    Array.isArray(unknownRoot) ? unknownRoot[0] : unknownRoot,
    Array.isArray(sensitiveRoot) ? sensitiveRoot[0] : sensitiveRoot,
  );
  if (!isObject(written)) return undefined;
  // A provider whose schema takes a string where the API takes a number (before its 4.0.0 every
  // value was a string) converts it before sending: the plan is judged as what is sent.
  const { value, conversions } = convertScalars(written);
  const placeOf = (path: FieldPath): Segment[] | undefined => places.get(key(path));
  return {
    format: 'terraform',
    text: plan.text,
    commentsAllowed: false,
    convertsScalars: true,
    appliedByTerraform: true,
    value,
    conversions: conversions.length ? conversions : undefined,
    spellings: spellings.length ? spellings : undefined,
    keyName: providerName,
    syntaxErrors: [],
    lines: plan.lines,
    unknownPaths: unknownPaths.length ? unknownPaths : undefined,
    sensitivePaths: sensitivePaths.length ? sensitivePaths : undefined,
    fromPlan: true,
    noDuplicateKeys: true,
    comments: () => [],
    rangeAt: (path) => {
      const p = placeOf(path);
      return p && plan.rangeAt(p);
    },
    locate(path, target) {
      for (let depth = path.length; depth >= 0; depth--) {
        const p = placeOf(path.slice(0, depth));
        if (p) return plan.locate(p, depth < path.length ? 'key' : target);
      }
      return plan.locate(at, 'key');
    },
    repeatedKeys: () => [],
    // A plan is read, never edited: the fix belongs in the .tf file.
    editsFor: () => undefined,
  };
}
