import { schemaAt, typesOf, type SchemaNode } from '../../schema';
import type { FieldPath } from '../../types';

/**
 * The provider's names for the API's keys. An HCL name cannot hold a dot, so the provider writes
 * a key that has dots (`cluster.search.request.slowlog`) with underscores
 * (`cluster_search_request_slowlog`) and sends the dotted key. The names come from the schema's
 * keys: there is no second list.
 */

/**
 * The name of the provider's block (in a .tf file), key (in Terraform's JSON syntax) and attribute
 * (in a plan) that holds the configuration.
 */
export const CONFIGURATION_BLOCK = 'search_user_config';

/** How the provider writes an API key in a .tf file and in a plan. */
export const providerName = (key: string): string => (key.includes('.') ? key.replace(/\./g, '_') : key);

/** Per object of the schema: the provider's name of each of its dotted keys. */
const dottedByName = new WeakMap<SchemaNode, ReadonlyMap<string, string>>();

function namesOf(schema: SchemaNode): ReadonlyMap<string, string> {
  let names = dottedByName.get(schema);
  if (!names) {
    const map = new Map<string, string>();
    for (const key of Object.keys(schema.properties ?? {})) if (key.includes('.')) map.set(providerName(key), key);
    dottedByName.set(schema, (names = map));
  }
  return names;
}

/**
 * The API key that a name written in Terraform stands for in the object at `path`: the dotted key
 * the provider spells so, else the name itself.
 */
export function apiKeyOf(path: FieldPath, name: string): string {
  const schema = schemaAt(path);
  if (!schema?.properties || Object.prototype.hasOwnProperty.call(schema.properties, name)) return name;
  return namesOf(schema).get(name) ?? name;
}

/**
 * Whether the provider takes the member written `name` in the object at `path` as a block: `once` for
 * an object (a nested block that may appear once: `search`, `openid`, the vendor's objects alike),
 * `repeats` for a list of objects (one block per item: `index_patterns`, `ip_filter_object`), undefined
 * for an argument (`name = value`) or a name the schema does not know. Every object of the
 * configuration is a block in the provider, none a map: an object written as an argument (`search =
 * { ... }`) is refused by Terraform ("Unsupported argument").
 */
export function providerBlockOf(path: FieldPath, name: string): 'once' | 'repeats' | undefined {
  // The three spellings of the API's ip_filter: only ip_filter_object is a block.
  if (path.length === 0 && (name === 'ip_filter' || name === 'ip_filter_string')) return undefined;
  const schema = schemaAt([...path, keyOf(path, name)]);
  if (!schema) return undefined;
  const types = typesOf(schema);
  if (types.includes('object')) return 'once';
  return types.includes('array') && !!schema.items && typesOf(schema.items).includes('object') ? 'repeats' : undefined;
}

/** The provider's spellings of the API's `ip_filter`. */
const IP_FILTER_SPELLINGS: Readonly<Record<string, string>> = {
  ip_filter_object: 'ip_filter',
  ip_filter_string: 'ip_filter',
  ip_filter: 'ip_filter',
};

/** The API's key for a name the provider writes in the object at `path` (`ip_filter_object`, `cluster_search_request_slowlog`). */
export const keyOf = (path: FieldPath, name: string): string =>
  path.length === 0 && Object.prototype.hasOwnProperty.call(IP_FILTER_SPELLINGS, name) ? IP_FILTER_SPELLINGS[name] : apiKeyOf(path, name);

/** The dotted key of the object at `path` that a key written with underscores stands for in Terraform, if any (for JSON and YAML's did-you-mean). */
export function dottedKeyOf(path: FieldPath, name: string): string | undefined {
  const schema = schemaAt(path);
  return schema?.properties ? namesOf(schema).get(name) : undefined;
}

/**
 * Names the provider still reads but deprecates, at the top of `search_user_config`, with what to
 * write instead. Changing between the spellings of the filter once dropped every filter of a
 * service (the provider's issues 987 and 1622): the advice says to make that change on its own.
 */
export const DEPRECATED_NAMES: Readonly<Record<string, string>> = {
  ip_filter:
    'write ip_filter_string = [...] for a list of CIDR blocks, or ip_filter_object blocks to give each a description. Make this change in an apply of its own and read its plan first: the provider has dropped every filter of a service when the spelling changed',
};

/**
 * Why the provider refuses a field set in more than one of its spellings (`ip_filter_object` and
 * `ip_filter_string` both set ip_filter): it takes one of them. `spellings` has two or more.
 */
export function spellingsRefused(spellings: readonly string[], key: string): string {
  const last = spellings[spellings.length - 1];
  const listed = spellings.length === 2 ? `${spellings[0]} and ${last} both` : `${spellings.slice(0, -1).join(', ')} and ${last} all`;
  return `${listed} set ${key}, and the provider refuses more than one of them`;
}

/**
 * Why a block that may appear once, written out beside a dynamic block of its type whose for_each is
 * known only at plan, is refused: unless the dynamic block makes none, when it is dead code.
 */
export const REFUSED_UNLESS_NONE_MADE =
  'a block that may appear once cannot appear twice, and Terraform refuses the file when it plans unless the dynamic block makes no block (its for_each is empty), when it does nothing';

/** Why a block that may appear once, made by a dynamic block whose for_each has several elements, is refused. */
export const MADE_PER_ELEMENT =
  'the for_each of its dynamic block makes one block per element, and a block that may appear once cannot appear twice: Terraform refuses the file when it plans (give for_each one element)';

/**
 * One setting of a key or block in a Terraform body, as both syntaxes' readers note it: the spelling
 * written, and for what a dynamic block makes, whether its for_each may be empty (`maybeNone`) or
 * whether this is a further element of a for_each written out (`made`: a second block for certain).
 */
export interface Setting {
  spelling: string;
  maybeNone?: boolean;
  made?: boolean;
  /** Written null: Terraform sends the argument as not set. */
  unset?: boolean;
}

/**
 * Whether the settings of one key are refused together: two or more, unless each is another spelling of
 * the field and at most one of them is set (`ip_filter = null` beside `ip_filter_string = [...]` sets
 * only the latter). One spelling written twice is refused whatever its values ("Attribute redefined").
 */
export function settingsClash(settings: readonly Setting[]): boolean {
  if (settings.length < 2) return false;
  if (new Set(settings.map((o) => o.spelling)).size < settings.length) return true;
  return settings.filter((o) => !o.unset).length > 1;
}

/** Whether another spelling of a field than `spelling` has set it: a null written after it then sets nothing. */
export const setInOtherSpelling = (settings: readonly Setting[] | undefined, spelling: string): boolean =>
  !!settings?.some((o) => o.spelling !== spelling && !o.unset);

/** Whether Terraform makes one of the settings (a dynamic block, or an element of its for_each): no fix removes one. */
export const madeByTerraform = (settings: readonly Setting[]): boolean => settings.some((o) => o.made || o.maybeNone !== undefined);

/**
 * Why Terraform refuses a key set more than once in one body: two spellings of one field, blocks made
 * by a for_each, or a block that a dynamic block may repeat; `plain` otherwise (the syntax's own words).
 */
export function whyRefused(settings: readonly Setting[], key: string, plain: string): string {
  const spellings = [...new Set(settings.map((o) => o.spelling))];
  if (spellings.length > 1) return spellingsRefused(spellings, key);
  if (settings.some((o) => o.made)) return MADE_PER_ELEMENT;
  // Only while at most one setting is certain may the file still be taken (the dynamic block making none).
  if (settings.some((o) => o.maybeNone) && settings.filter((o) => !o.maybeNone).length < 2) return REFUSED_UNLESS_NONE_MADE;
  return plain;
}
