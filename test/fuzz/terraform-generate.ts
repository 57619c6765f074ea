import { rootSchema, typesOf, type SchemaNode } from '../../server/src/core/schema';
import { unknownKey, valueFor, type Tree } from './generate';
import type { Rng } from './rng';
import { terraformFmt } from '../support/terraform-fmt';

/**
 * Terraform files for the fix fuzz: a `search_user_config` block written from the schema (right
 * and wrong values, typos of keys, blocks on one line, comments, blank lines), then laid out by
 * `terraform fmt` itself. Fixing such a file must leave it as `terraform fmt` wants it.
 */

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** A JSON literal as HCL: strings with `${` and `%{` doubled so that they stay text; undefined when HCL has no spelling for it. */
function hclLiteral(t: Tree): string | undefined {
  if (t.kind === 'raw') {
    let v: unknown;
    try {
      v = JSON.parse(t.text);
    } catch {
      return /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(t.text) ? t.text : undefined;
    }
    if (typeof v === 'string')
      return /[\u0000-\u001f\u2028\u2029\ud800-\udfff]/.test(v) ? undefined : JSON.stringify(v).replace(/([$%])\{/g, '$1$1{');
    return JSON.stringify(v);
  }
  if (t.kind === 'array') {
    const items = t.items.map(hclLiteral);
    return items.every((i) => i !== undefined) ? `[${items.join(', ')}]` : undefined;
  }
  const members = t.members.filter((m) => IDENTIFIER.test(m.key)).map((m) => [m.key, hclLiteral(m.value)] as const);
  if (members.some(([, v]) => v === undefined)) return undefined;
  return members.length ? `{ ${members.map(([k, v]) => `${k} = ${v}`).join(', ')} }` : '{}';
}

const objectSchema = (s: SchemaNode | undefined): boolean =>
  !!s && (typesOf(s).includes('object') || (!typesOf(s).length && !!s.properties));

/** The body lines of a block for the object schema `s`, at `depth` levels of nesting. */
function body(rng: Rng, s: SchemaNode, depth: number): string[] {
  const props = Object.entries(s.properties ?? {});
  const out: string[] = [];
  const share = rng.pick([0.15, 0.3, 0.6]);
  for (const [key, child] of props) {
    if (!rng.chance(share)) continue;
    if (rng.chance(0.1)) out.push(rng.chance(0.5) ? '' : '# a note');
    // Misspelt now and then: the unknown-field rule's fix renames it.
    const name = rng.chance(0.05) ? unknownKey(rng, [key]) : key;
    if (!IDENTIFIER.test(name)) continue;
    if (objectSchema(child) && depth < 4 && rng.chance(0.8)) {
      out.push(...block(rng, name, child, depth));
      continue;
    }
    if (child.items && objectSchema(child.items) && depth < 4 && rng.chance(0.8)) {
      for (let i = rng.int(1, 2); i > 0; i--) out.push(...block(rng, name === 'ip_filter' ? 'ip_filter_object' : name, child.items, depth));
      continue;
    }
    const value = hclLiteral(valueFor(rng, child, depth + 2));
    if (value === undefined || value.length > 400) continue;
    out.push(`${name} = ${value}${rng.chance(0.1) ? ' # why' : ''}`);
  }
  return out;
}

function block(rng: Rng, name: string, s: SchemaNode, depth: number): string[] {
  const inner = body(rng, s, depth + 1);
  const attributes = inner.filter((l) => l !== '' && !l.startsWith('#') && !l.endsWith('{') && l !== '}');
  // A block holding one attribute is often written on one line, which HCL allows for nothing more.
  if (inner.length === attributes.length && attributes.length <= 1 && !attributes.some((a) => a.includes('#')) && rng.chance(0.6)) {
    return [`${name} { ${attributes[0] ?? ''} }`.replace('{  }', '{}')];
  }
  return [`${name} {`, ...inner.map((l) => (l ? `  ${l}` : l)), '}'];
}

export interface TerraformInput {
  text: string;
  fileName: string;
  /** True when `terraform fmt` would not change the text. */ fmtClean: boolean;
}

export function generateTerraform(rng: Rng): TerraformInput {
  const lines = [
    'resource "vendor_search" "fuzz" {',
    '  plan = "business-4"',
    ...block(rng, 'search_user_config', rootSchema, 0).map((l) => (l ? `  ${l}` : l)),
    '}',
    '',
  ];
  const eol = rng.chance(0.2) ? '\r\n' : '\n';
  const written = lines.join(eol);
  // Terraform lays the file out (or refuses it: the fuzz then still fixes it, without the oracle).
  const verdict = terraformFmt(written);
  if (verdict.kind === 'invalid') return { text: written, fileName: 'main.tf', fmtClean: false };
  return { text: verdict.kind === 'clean' ? written : verdict.formatted, fileName: rng.pick(['main.tf', 'search.tf']), fmtClean: true };
}
