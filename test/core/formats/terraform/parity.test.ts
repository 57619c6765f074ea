/**
 * Every JSON rule fixture, written as the provider's `search_user_config` block, gives the same
 * rule ids at the same field paths: Terraform users get the same checks as JSON users.
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { analyze, parseDocument, schemaAt } from '../../../../server/src/core';
import { loadTerraformFromDisk } from '../../../../server/src/node/terraform-wasm';
import { convertScalars } from '../../../../server/src/core/formats/conversion';
import { dottedKeyOf, providerBlockOf } from '../../../../server/src/core/formats/terraform/names';
import { listFixtures, loadFixture } from '../../../support/fixtures';
import { planOf } from '../../../support/terraform-plans';
import { REPO } from '../../../support/repo';

const FIXTURES = path.join(REPO, 'test/fixtures/rules');

/** Rules about JSON's own syntax, or that need what a converted fixture cannot carry (a baseline, comments, duplicate keys). */
const NOT_COMPARED = new Set([
  'invalid-json',
  'duplicate-key',
  'unused-suppression',
  'input-limit',
  'restart-required',
  'create-only-field',
  'blocked-endpoint',
]);

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function quote(s: string): string {
  return `"${s.replace(/[\\"\n\r\t]/g, (c) => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : c === '\t' ? '\\t' : `\\${c}`)).replace(/([$%])\{/g, '$1$1{')}"`;
}

/** The text of a number as the JSON fixture writes it: beyond 2^53 the parsed double is not what was written. */
type Raw = (path: Array<string | number>) => string | undefined;

/** A value as an HCL expression. */
function expression(v: unknown, at: Array<string | number>, raw: Raw): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return quote(v);
  if (typeof v === 'number') return raw(at) ?? String(v);
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map((x, i) => expression(x, [...at, i], raw)).join(', ')}]`;
  return `{ ${Object.entries(v as Record<string, unknown>)
    .map(([k, x]) => `${IDENTIFIER.test(k) ? k : quote(k)} = ${expression(x, [...at, k], raw)}`)
    .join(', ')} }`;
}

/** The members of an object as the provider writes them: objects as blocks, lists of objects as repeated blocks. */
function members(value: Record<string, unknown>, at: Array<string | number>, indent: string, out: string[], raw: Raw): boolean {
  for (const [key, v] of Object.entries(value)) {
    if (!IDENTIFIER.test(key)) return false;
    const schema = schemaAt([...at, key]);
    if (isObject(v) && (!schema || schema.type === 'object' || (Array.isArray(schema.type) && schema.type.includes('object')))) {
      out.push(`${indent}${key} {`);
      if (!members(v, [...at, key], `${indent}  `, out, raw)) return false;
      out.push(`${indent}}`);
    } else if (
      Array.isArray(v) &&
      v.length &&
      v.every(isObject) &&
      schema?.items &&
      at.length === 0 &&
      (key === 'ip_filter' || key === 'index_patterns')
    ) {
      for (const [i, item] of v.entries()) {
        out.push(`${indent}${key === 'ip_filter' ? 'ip_filter_object' : key} {`);
        if (!members(item, [...at, key, i], `${indent}  `, out, raw)) return false;
        out.push(`${indent}}`);
      }
    } else {
      // A field the provider takes only as blocks, given what no block writes (an empty list, an object
      // where blocks repeat): as an argument, Terraform refuses it, so the same text says something else.
      if (!(at.length === 0 && key === 'ip_filter') && providerBlockOf(at, key)) return false;
      // The filter's list of strings has the provider's current name (`ip_filter` is its deprecated one).
      const name = at.length === 0 && key === 'ip_filter' ? 'ip_filter_string' : key;
      out.push(`${indent}${name} = ${expression(v, [...at, key], raw)}`);
    }
  }
  return true;
}

function toTerraform(value: unknown, raw: Raw): string | undefined {
  if (!isObject(value)) return undefined;
  const out = ['resource "vendor_search" "fixture" {', '  search_user_config {'];
  if (!members(value, [], '    ', out, raw)) return undefined;
  out.push('  }', '}', '');
  return out.join('\n');
}

before(() => loadTerraformFromDisk());

test('every JSON rule fixture written in Terraform gives the same rule ids and field paths', () => {
  let compared = 0;
  const skipped: string[] = [];
  const differences: string[] = [];
  for (const file of listFixtures(FIXTURES)) {
    const name = path.relative(FIXTURES, file);
    const fx = loadFixture(file);
    if (!/\.jsonc?$/.test(file) || fx.options.baselineText !== undefined) {
      skipped.push(name);
      continue;
    }
    const json = parseDocument(fx.text, { fileName: fx.fileName });
    const raw: Raw = (at) => {
      const r = json.rangeAt(at);
      return r && json.text.slice(r.offset, r.offset + r.length);
    };
    // A value of another type than its field's is sent as written in JSON, converted by Terraform, the
    // provider's name of a dotted key is that key there, and null or "" leaves an attribute unset (in JSON
    // it is sent): the same text says something else.
    const tf =
      json.syntaxErrors.length || !json.noDuplicateKeys || convertsAny(json.value) || holdsNull(json.value)
        ? undefined
        : toTerraform(json.value, raw);
    if (!tf) {
      skipped.push(name);
      continue;
    }
    const ids = (text: string, fileName: string): string[] =>
      analyze(text, { ...fx.options, fileName, baselineText: undefined })
        .findings.filter((f) => !NOT_COMPARED.has(f.ruleId))
        .map((f) => `${f.ruleId} ${f.path}`)
        .sort();
    const expected = ids(fx.text, fx.fileName);
    const actual = ids(tf, 'main.tf');
    compared++;
    if (JSON.stringify(expected) !== JSON.stringify(actual))
      differences.push(`${name}:\n    JSON:      ${expected.join(', ')}\n    Terraform: ${actual.join(', ')}\n${tf}`);
  }
  assert.deepEqual(differences, [], differences.join('\n'));
  // The comparison must cover the fixtures, not skip its way to a pass.
  assert.ok(compared >= 55, `only ${compared} fixtures compared; skipped: ${skipped.join(', ')}`);
});

/**
 * Whether Terraform would read a value of the configuration otherwise than JSON does: convert it to its
 * field's type, or leave it unset (a null, an empty string for a text attribute).
 */
const convertsAny = (value: unknown): boolean => {
  const converted = convertScalars(value);
  return converted.conversions.length > 0 || converted.value !== value || spellsDottedKey(value, []);
};

/** Whether a key is the provider's name of a dotted key: unknown in JSON, that very field in Terraform. */
function spellsDottedKey(value: unknown, at: Array<string | number>): boolean {
  if (Array.isArray(value)) return value.some((v, i) => spellsDottedKey(v, [...at, i]));
  if (!isObject(value)) return false;
  return Object.entries(value).some(([k, v]) => dottedKeyOf(at, k) !== undefined || spellsDottedKey(v, [...at, k]));
}

/**
 * Whether a value holds a null (which Terraform reads as unset), or with `emptyLists` an empty list too
 * (nulls and empty lists are how a plan shows what is not set): such fixtures cannot say the same there.
 */
const holdsNull = (v: unknown, emptyLists = false): boolean =>
  v === null ||
  (Array.isArray(v)
    ? (emptyLists && v.length === 0) || v.some((x) => holdsNull(x, emptyLists))
    : isObject(v) && Object.values(v).some((x) => holdsNull(x, emptyLists)));

const holdsInfinite = (v: unknown): boolean =>
  (typeof v === 'number' && !Number.isFinite(v)) ||
  (Array.isArray(v) ? v.some(holdsInfinite) : isObject(v) && Object.values(v).some(holdsInfinite));

test('every JSON rule fixture made into a Terraform plan gives the same rule ids and field paths', () => {
  let compared = 0;
  const differences: string[] = [];
  for (const file of listFixtures(FIXTURES)) {
    const fx = loadFixture(file);
    if (!/\.jsonc?$/.test(file) || fx.options.baselineText !== undefined) continue;
    const json = parseDocument(fx.text, { fileName: fx.fileName });
    if (
      json.syntaxErrors.length ||
      !json.noDuplicateKeys ||
      !isObject(json.value) ||
      holdsNull(json.value, true) ||
      json.text.match(/\d{16,}/) ||
      // A number beyond a double's range has no JSON text once parsed (a plan would hold null).
      holdsInfinite(json.value) ||
      convertsAny(json.value)
    )
      continue;
    const ids = (text: string, fileName: string): string[] =>
      analyze(text, { ...fx.options, fileName, baselineText: undefined })
        .findings.filter((f) => !NOT_COMPARED.has(f.ruleId))
        .map((f) => `${f.ruleId} ${f.path}`)
        .sort();
    const expected = ids(fx.text, fx.fileName);
    const actual = ids(planOf(json.value), 'plan.json');
    compared++;
    if (JSON.stringify(expected) !== JSON.stringify(actual))
      differences.push(`${path.relative(FIXTURES, file)}:\n    JSON: ${expected.join(', ')}\n    plan: ${actual.join(', ')}`);
  }
  assert.deepEqual(differences, [], differences.join('\n'));
  assert.ok(compared >= 50, `only ${compared} fixtures compared`);
});
