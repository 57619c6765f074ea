import { closest, distance } from 'fastest-levenshtein';
import lintSchema from '../../../schemas/search-lint.schema.json';

/**
 * Sentences for the mistakes of a `.search-lint.json`, from the errors of its schema's validator: each
 * names the setting, what was found, what is expected (read from the schema), and a did-you-mean when
 * a known name or value is close. Pure: no I/O.
 */

export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

type Node = {
  type?: string;
  properties?: Record<string, Node>;
  items?: Node;
  enum?: unknown[];
  $ref?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  required?: string[];
  definitions?: Record<string, Node>;
};
const SCHEMA = lintSchema as Node;

/** ESLint's numeric severities and its spelling of warning, which its users bring along. */
const ESLINT_SEVERITIES: Record<string, string> = { 0: 'off', 1: 'warning', 2: 'error', warn: 'warning' };

/** The level ESLint's word or number for it stands for (`warn`, `2`), when `allowed` has it. */
function eslintLevel(written: string, allowed: readonly string[]): string | undefined {
  const eslint = ESLINT_SEVERITIES[written];
  return eslint && allowed.includes(eslint) ? eslint : undefined;
}

/** The level a mistaken one stands for (ESLint's `warn` or `2`, a slip of a name), among `allowed`. */
export function levelMeant(written: string, allowed: readonly string[]): string | undefined {
  return eslintLevel(written, allowed) ?? closeName(written, allowed);
}

const deref = (node: Node | undefined): Node | undefined =>
  node?.$ref ? SCHEMA.definitions?.[node.$ref.replace('#/definitions/', '')] : node;

/** The schema node at a JSON pointer of the settings file (list items by index). */
function schemaAt(pointer: string): Node | undefined {
  let node: Node | undefined = SCHEMA;
  for (const part of pointer.split('/').slice(1)) {
    node = deref(node);
    node = /^\d+$/.test(part) && node?.items ? node.items : node?.properties?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return deref(node);
}

const valueAt = (root: unknown, pointer: string): unknown =>
  pointer
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (v, part) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined),
      root,
    );

/** The closest of `names` to `wrong`, when it is close enough to be what was meant (case ignored). */
export function closeName(wrong: string, names: readonly string[]): string | undefined {
  if (!names.length) return undefined;
  const lower = wrong.toLowerCase();
  const exactButCase = names.find((n) => n.toLowerCase() === lower);
  if (exactButCase) return exactButCase;
  const best = closest(
    lower,
    names.map((n) => n.toLowerCase()),
  );
  const found = names.find((n) => n.toLowerCase() === best)!;
  return distance(lower, best) <= Math.max(2, Math.floor(Math.max(lower.length, best.length) / 3)) ? found : undefined;
}

const describe = (v: unknown): string => {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return `the string ${JSON.stringify(v)}`;
  return `${typeof v === 'number' ? 'the number' : typeof v} ${String(v)}`;
};

const oneOf = (list: readonly string[]): string =>
  list.length === 1 ? list[0] : `${list.slice(0, -1).join(', ')} or ${list[list.length - 1]}`;

const EXPECTED_TYPE: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'a string',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

/** What a setting takes, in words, from its schema node. */
function expectation(node: Node | undefined, label: string): string {
  if (!node) return 'a valid value';
  if (node.enum) return oneOf(node.enum.map((x) => JSON.stringify(x)));
  if (node.type === 'integer' || node.type === 'number') {
    const bounds =
      node.minimum !== undefined && node.maximum !== undefined
        ? ` from ${node.minimum} to ${node.maximum}`
        : node.minimum !== undefined
          ? ` of at least ${node.minimum}`
          : '';
    return `${EXPECTED_TYPE[node.type]}${bounds}`;
  }
  if (node.type === 'array' && node.items?.type === 'string')
    return `a list of glob patterns, such as ${label.endsWith('files') || label === 'ignores' ? '["**/*.search.json"]' : '["pattern"]'}`;
  if (node.type === 'object' && label.endsWith('rules')) return 'an object of rule ids and severities, such as { "unit-hint": "off" }';
  return EXPECTED_TYPE[node.type ?? ''] ?? 'a valid value';
}

/** One sentence (without the final full stop) for one validator error; `at` names the setting. */
export function schemaErrorSentence(e: SchemaError, root: unknown, at: string): string {
  const node = schemaAt(e.instancePath);
  const value = valueAt(root, e.instancePath);
  switch (e.keyword) {
    case 'additionalProperties': {
      const prop = String(e.params.additionalProperty);
      const known = Object.keys(schemaAt(e.instancePath)?.properties ?? {});
      const near = closeName(prop, known);
      return `${at} has the unknown setting "${prop}"${near ? `; did you mean "${near}"?` : `; the settings there are ${oneOf(known.map((k) => `"${k}"`))}`}`;
    }
    case 'enum': {
      const allowed = ((e.params.allowedValues as unknown[] | undefined) ?? node?.enum ?? []).map(String);
      // ESLint's words and numbers (`warn`, 2), and a slip of a name; a number is no slip of a name.
      const near = Array.isArray(value)
        ? undefined
        : typeof value === 'string'
          ? levelMeant(value, allowed)
          : eslintLevel(String(value), allowed);
      const shown = Array.isArray(value) ? `${describe(value)} (rules take no options here, only a severity)` : describe(value);
      return `${at} is ${shown}, but it must be ${oneOf(allowed.map((x) => `"${x}"`))}${near ? `; did you mean "${near}"?` : ''}`;
    }
    case 'type':
      return `${at} is ${describe(value)}, but it takes ${expectation(node, at)}`;
    case 'minimum':
    case 'maximum':
      return `${at} is ${String(value)}, but it takes ${expectation(node, at)}`;
    case 'minItems':
      return `${at} is an empty list, but it needs at least ${String(e.params.limit)} pattern${e.params.limit === 1 ? '' : 's'}; remove the setting to use the default`;
    case 'minLength':
      return `${at} is an empty string, but a pattern must not be empty`;
    case 'uniqueItems': {
      const list = Array.isArray(value) ? value : [];
      const j = Number(e.params.j);
      return `${at} lists ${JSON.stringify(list[j])} more than once; keep one`;
    }
    case 'required': {
      const missing = String(e.params.missingProperty);
      const present = value && typeof value === 'object' ? Object.keys(value) : [];
      // Only a name the schema does not know there can be a misspelling of the missing one.
      const known = node?.properties ?? {};
      const near = present.find((p) => !Object.hasOwn(known, p) && closeName(p, [missing]) === missing);
      return `${at} needs the setting "${missing}"${near ? `; did you mean "${missing}" instead of "${near}"?` : ''}`;
    }
    default:
      return `${at} ${e.message ?? 'is invalid'}`;
  }
}
