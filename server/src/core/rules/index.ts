import type { Rule } from '../rule';
import invalidJson from './invalid-json';
import duplicateKey from './duplicate-key';
import unknownField from './unknown-field';
import undocumentedField from './undocumented-field';
import typeMismatch from './type-mismatch';
import invalidValue from './invalid-value';
import deprecatedField from './deprecated-field';
import settingCannotBeEnabled from './setting-cannot-be-enabled';
import missingRequired from './missing-required';
import unitHint from './unit-hint';
import unitMismatch from './unit-mismatch';
import restartRequired from './restart-required';
import createOnlyField from './create-only-field';
import removedField from './removed-field';
import noEffect from './no-effect';
import secretInPlainText from './secret-in-plain-text';
import invalidCidr from './invalid-cidr';
import ipFilterOpen from './ip-filter-open';
import insecureUrl from './insecure-url';
import threadPoolCapped from './thread-pool-capped';
import performanceRisk from './performance-risk';
import unusedSuppression from './unused-suppression';
import inputLimit from './input-limit';
import blockedEndpoint from './blocked-endpoint';
import yamlTrap from './yaml-trap';
import invalidSuppression from './invalid-suppression';
import invalidSyntax from './invalid-syntax';
import type { RuleNames } from '../suppress';

/** Every rule, in the order the docs list them. Rule ids are a public interface: never rename one. */
export const RULES: readonly Rule[] = [
  invalidJson,
  invalidSyntax,
  duplicateKey,
  unknownField,
  undocumentedField,
  typeMismatch,
  invalidValue,
  deprecatedField,
  settingCannotBeEnabled,
  missingRequired,
  unitHint,
  unitMismatch,
  restartRequired,
  createOnlyField,
  removedField,
  noEffect,
  secretInPlainText,
  invalidCidr,
  ipFilterOpen,
  insecureUrl,
  threadPoolCapped,
  performanceRisk,
  unusedSuppression,
  invalidSuppression,
  inputLimit,
  blockedEndpoint,
  yamlTrap,
];

export const RULES_BY_ID: ReadonlyMap<string, Rule> = new Map(RULES.map((r) => [r.meta.id, r]));

/**
 * Rules that took over part of an older rule: a setting or a suppression comment naming the older
 * id applies to them too, so that configurations written before keep working.
 */
export const RULE_ALIASES: Readonly<Record<string, string>> = { 'invalid-syntax': 'invalid-json' };

/** Rule ids as suppression comments name them (an id no rule has is reported there). */
export const RULE_NAMES: RuleNames = {
  idOf: (name) => (RULES_BY_ID.has(name) ? name : undefined),
  alsoOf: (id) => Object.keys(RULE_ALIASES).filter((k) => RULE_ALIASES[k] === id),
  all: RULES.map((r) => r.meta.id),
};
