import { CANARY_PREFIX } from '../support/secret-configs';
import type { Rng } from './rng';

/**
 * Plans, manifests and Terraform modules whose secrets come from sources that decide they are
 * never shown: a plan's before_sensitive and after_sensitive marks (on either side, or both), a
 * YAML alias of a secret field's value, a variable declared sensitive, a literal given to
 * sensitive(). Every such value is a canary; the fuzz checks that none appears in any finding,
 * dry-run text or change report.
 */

export interface SensitiveInput {
  kind: 'plan' | 'manifest' | 'terraform';
  fileName: string;
  text: string;
  canaries: string[];
  variables?: Array<{ fileName: string; text: string }>;
}

/** Fields of every kind a rule may quote: host names, strings with patterns, sizes with units, counts, enums. */
const FIELDS: ReadonlyArray<readonly string[]> = [
  ['custom_domain'],
  ['search_version'],
  ['search', 'email_sender_name'],
  ['search', 'http_max_content_length'],
  ['search', 'indices_query_bool_max_clause_count'],
  ['search', 'thread_pool_search_size'],
  ['saml', 'sp_entity_id'],
  ['openid', 'client_id'],
  ['search_dashboards', 'search_request_timeout'],
];

function canaryValue(rng: Rng, canaries: string[]): string | number {
  const tag = rng.int(0, 1e9).toString(36);
  // Numbers of 11 digits: no bound, default or line number of a generated input has as many.
  if (rng.chance(0.3)) {
    const n = Number(`9${rng.int(1000000000, 1999999999)}`);
    canaries.push(String(n));
    return n;
  }
  const s = `${CANARY_PREFIX}${tag}Q7x`;
  canaries.push(s);
  // Blanks, a scheme, a line break or an upper-case letter each make some field's value invalid.
  return rng.pick([s, `${s} x`, `https://${s}.example.com`, `${s}\nx`, `${s}.example.com`, `10${s}`]);
}

function setAt(root: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let cur = root;
  for (const seg of path.slice(0, -1)) cur = (cur[seg] ??= {}) as Record<string, unknown>;
  cur[path[path.length - 1]] = value;
}

/** A plan changing 1-3 resources; each canary is marked sensitive on at least one side. */
function plan(rng: Rng): SensitiveInput {
  const canaries: string[] = [];
  const changes = Array.from({ length: rng.int(1, 3) }, (_, i) => {
    const before: Record<string, unknown> = {},
      after: Record<string, unknown> = {};
    const beforeMarks: Record<string, unknown> = {},
      afterMarks: Record<string, unknown> = {};
    for (const path of FIELDS) {
      if (!rng.chance(0.5)) continue;
      const sensitive = rng.chance(0.7);
      const was = sensitive ? canaryValue(rng, canaries) : rng.pick(['example.com', 'alerts', 64, 104857600]);
      // The same value, a changed one, or none on one side.
      const now = rng.chance(0.5) ? was : sensitive ? canaryValue(rng, canaries) : rng.pick(['example.org', 128]);
      if (rng.chance(0.9)) setAt(before, path, was);
      if (rng.chance(0.9)) setAt(after, path, now);
      if (sensitive) {
        const side = rng.int(0, 2);
        if (side !== 1) setAt(beforeMarks, path, true);
        if (side !== 0) setAt(afterMarks, path, true);
      }
    }
    // A plan writes a block as a list of one object, and so its marks.
    const listed = (o: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v && typeof v === 'object' ? [v] : v]));
    return {
      address: `vendor_search.r${i}`,
      type: 'vendor_search',
      name: `r${i}`,
      change: {
        actions: ['update'],
        before: { search_user_config: [listed(before)] },
        after: { search_user_config: [listed(after)] },
        after_unknown: {},
        before_sensitive: { search_user_config: [listed(beforeMarks)] },
        after_sensitive: { search_user_config: [listed(afterMarks)] },
      },
    };
  });
  return {
    kind: 'plan',
    fileName: 'plan.json',
    text: JSON.stringify({ format_version: '1.2', resource_changes: changes }, null, rng.chance(0.5) ? 2 : undefined),
    canaries,
  };
}

/** A manifest with secrets anchored in secret fields and aliased into other fields, some as block scalars. */
function manifest(rng: Rng): SensitiveInput {
  const canaries: string[] = [];
  const lines = ['apiVersion: vendor.io/v1alpha1', 'kind: Search', 'metadata:', '  name: logs', 'spec:', '  userConfig:'];
  const anchors: string[] = [];
  const secret = (name: string): string => {
    const v = canaryValue(rng, canaries);
    anchors.push(name);
    if (typeof v === 'string' && v.includes('\n'))
      return `&${name} |\n${v
        .split('\n')
        .map((l) => `        ${l}`)
        .join('\n')}`;
    return `&${name} ${typeof v === 'number' || rng.chance(0.5) ? String(v) : JSON.stringify(v)}`;
  };
  lines.push('    openid:', `      client_secret: ${secret('a')}`, '    search:', `      email_sender_password: ${secret('b')}`);
  const alias = (): string => `*${rng.pick(anchors)}`;
  // Members of search first (under the key above), then the other fields, each block opened once.
  for (const path of FIELDS) if (path[0] === 'search' && rng.chance(0.5)) lines.push(`      ${path[1]}: ${alias()}`);
  for (const path of FIELDS) {
    if (path[0] === 'search' || path[0] === 'openid' || !rng.chance(0.5)) continue;
    if (path.length === 1) lines.push(`    ${path[0]}: ${alias()}`);
    else lines.push(`    ${path[0]}:`, `      ${path[1]}: ${alias()}`);
  }
  return { kind: 'manifest', fileName: 'search.yaml', text: `${lines.join('\n')}\n`, canaries };
}

/** A module whose configuration takes values from variables, some declared sensitive, given by defaults or .tfvars. */
function terraform(rng: Rng): SensitiveInput {
  const canaries: string[] = [];
  const declarations: string[] = [];
  const tfvars: string[] = [];
  const members: string[] = [];
  const nested = new Map<string, string[]>();
  FIELDS.forEach((path, i) => {
    if (!rng.chance(0.6)) return;
    const sensitive = rng.chance(0.7);
    const value = sensitive ? canaryValue(rng, canaries) : rng.pick(['example.com', 64]);
    const literal = typeof value === 'number' ? String(value) : JSON.stringify(value);
    // A literal given to sensitive() in the configuration itself, or a variable's value.
    const called = sensitive && rng.chance(0.3);
    const inTfvars = rng.chance(0.4);
    if (!called) {
      declarations.push(`variable "v${i}" {\n${sensitive ? '  sensitive = true\n' : ''}${inTfvars ? '' : `  default = ${literal}\n`}}\n`);
      if (inTfvars) tfvars.push(`v${i} = ${literal}\n`);
    }
    const member = `${path[path.length - 1]} = ${called ? `sensitive(${literal})` : `var.v${i}`}`;
    if (path.length === 1) members.push(`    ${member}`);
    else nested.set(path[0], [...(nested.get(path[0]) ?? []), `      ${member}`]);
  });
  const blocks = [...nested].map(([name, inner]) => `    ${name} {\n${inner.join('\n')}\n    }`);
  const resource = `resource "vendor_search" "a" {\n  search_user_config {\n${[...members, ...blocks].join('\n')}\n  }\n}\n`;
  // The declarations in the linted file or in a file of their own.
  const own = rng.chance(0.5);
  const text = own ? `${declarations.join('\n')}\n${resource}` : resource;
  const variables = [
    { fileName: 'variables.tf', text: own ? '' : declarations.join('\n') },
    { fileName: 'terraform.tfvars', text: tfvars.join('') },
  ];
  return { kind: 'terraform', fileName: 'main.tf', text, canaries, variables };
}

export function generateSensitive(rng: Rng): SensitiveInput {
  const r = rng.next();
  return r < 0.4 ? plan(rng) : r < 0.7 ? manifest(rng) : terraform(rng);
}
