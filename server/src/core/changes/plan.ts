import type { DiffSide } from './diff';
import type { ConfigurationSet, NamedConfiguration } from './configurations';
import { parseDocument, type ConfigDocument } from '../formats';
import { isPlan, planConfigurations } from '../formats/terraform-plan/document';
import { notConfigurationReason } from '../formats/terraform-plan/not-configuration';
import { formatPath } from '../paths';
import { DEFAULT_MAX_DEPTH } from '../types';
import { withUnknownAt } from '../walk';

/**
 * A Terraform plan (`terraform show -json PLANFILE`) holds both versions of each resource:
 * `change.before` (the state) and `change.after` (what Terraform will send), read by the plan
 * reader lint uses. Values Terraform knows only at apply are shown as such; sensitive values are
 * compared (a change to one is reported) but never shown.
 */

const KNOWN_AFTER_APPLY = '(known after apply)';

/** What a plan says of a resource whose search_user_config is known only after apply. */
const KNOWN_AFTER_APPLY_BLOCK =
  'The plan knows this search_user_config only after apply (it is made of values Terraform computes then): what it changes cannot be told from the plan.';
/** A resource the plan removes from the state without destroying it (`["forget"]`). */
const FORGOTTEN =
  'The plan removes this resource from the Terraform state (a removed block with destroy = false) without destroying the service: it keeps running with its configuration, and Terraform no longer manages it.';
/** An object an earlier replacement left (create_before_destroy), which the plan destroys. */
const DEPOSED =
  'A deposed object, left by an earlier replacement that created its successor first: the plan destroys it. The resource itself is compared on its own.';

/** Whether a plan's value of a block holds one (an empty list or null holds none). */
const holds = (v: unknown): boolean => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0);
const SENSITIVE = '(sensitive value)';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The plan reader gives an unknown value for both a sensitive and an unknown value. A sensitive
 * one is written in the plan (an unknown one is absent): its text is compared, never shown.
 */
function planSide(doc: ConfigDocument): DiffSide {
  const unknown = new Set((doc.unknownPaths ?? []).map((p) => formatPath(p)));
  const written = (path: Parameters<NonNullable<DiffSide['expressionAt']>>[0]) =>
    unknown.has(formatPath(path)) ? doc.rangeAt([...path]) : undefined;
  return {
    appliedByTerraform: true,
    expressionAt(path) {
      if (!unknown.has(formatPath(path))) return undefined;
      const at = written(path);
      // Compared as values, not as text: the two sides may be written with other spacing.
      return at ? `sensitive:${canonical(doc.text.slice(at.offset, at.offset + at.length))}` : KNOWN_AFTER_APPLY;
    },
    unknownLabel: (path) => (written(path) ? SENSITIVE : KNOWN_AFTER_APPLY),
  };
}

/**
 * The document with each value the plan marks sensitive as one not known: lint judges those values
 * (never printing them), a change report compares their text and shows none (see planSide).
 */
function sensitiveHidden(doc: ConfigDocument): ConfigDocument {
  if (!doc.sensitivePaths?.length) return doc;
  const value = withUnknownAt(doc.value, doc.sensitivePaths);
  return { ...doc, value, unknownPaths: [...(doc.unknownPaths ?? []), ...doc.sensitivePaths] };
}

/** JSON text written the same way whatever its spacing; the text itself when it does not parse. */
function canonical(json: string): string {
  try {
    return JSON.stringify(JSON.parse(json));
  } catch {
    return json;
  }
}

export interface PlanSets {
  before: ConfigurationSet;
  after: ConfigurationSet;
}

/** Both versions of every resource of a plan that has a search_user_config; undefined when the text is no plan. */
export function readPlan(text: string): PlanSets | { error: string } | undefined {
  const plan = parseDocument(text, { fileName: 'plan.json', maxDepth: DEFAULT_MAX_DEPTH });
  if (plan.tooDeep || plan.syntaxErrors.length || !isPlan(plan.value)) {
    const reason = plan.tooDeep ? undefined : notConfigurationReason(plan);
    return reason?.startsWith('an invalid Terraform plan') ? { error: `it is ${reason}` } : undefined;
  }
  const before: NamedConfiguration[] = [],
    after: NamedConfiguration[] = [];
  for (const { address, after: now, before: was, replaced, blockRemoved } of planConfigurations(plan)) {
    const note = replaced
      ? 'The plan replaces this service: Terraform destroys it and creates a new one.'
      : blockRemoved
        ? 'The plan removes the search_user_config block, but not the resource: Terraform updates the service without destroying it, and removing the block resets nothing (the API merges the configuration).'
        : undefined;
    const shown = sensitiveHidden(now);
    after.push({ name: address, value: shown.value, side: planSide(shown), note, created: replaced });
    if (was) {
      const old = sensitiveHidden(was);
      before.push({ name: address, value: old.value, side: planSide(old) });
    }
  }
  const compared = new Set(after.map((c) => c.name));
  for (const change of (plan.value.resource_changes as unknown[]).filter(isObject)) {
    const c = change.change;
    // A data source reads the service: it sends no configuration, and the plan changes nothing of it.
    if (!isObject(c) || change.mode === 'data') continue;
    const address = typeof change.address === 'string' ? change.address : '(a resource without an address)';
    const had = isObject(c.before) && holds(c.before.search_user_config);
    // An object an earlier replacement left (create_before_destroy): not the resource's current object.
    if (typeof change.deposed === 'string') {
      if (had) before.push({ name: `${address} (deposed object ${change.deposed})`, value: {}, side: {}, removal: DEPOSED });
      continue;
    }
    if (compared.has(address)) continue;
    // The whole block known only after apply: what it holds cannot be told before.
    const unknown = c.after_unknown === true || (isObject(c.after_unknown) && c.after_unknown.search_user_config === true);
    if (isObject(c.after) && unknown) {
      if (had) before.push({ name: address, value: {}, side: {} });
      after.push({ name: address, value: {}, side: {}, note: KNOWN_AFTER_APPLY_BLOCK });
      continue;
    }
    // A resource the plan destroys (or forgets) has no after: its before alone says it had a configuration.
    const actions = Array.isArray(c.actions) ? c.actions : [];
    if (had) before.push({ name: address, value: {}, side: {}, ...(actions.includes('forget') ? { removal: FORGOTTEN } : {}) });
  }
  return {
    before: { format: 'terraform', plan: true, configurations: before },
    after: { format: 'terraform', plan: true, configurations: after },
  };
}
