/**
 * Every JSON rule fixture, written as YAML (a `*.search.yaml` file, and the `spec.userConfig` of a
 * `kind: Search` manifest), gives the same rule ids at the same field paths: YAML users get the
 * same checks as JSON users.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { analyze, parseDocument } from '../server/src/core';
import { listFixtures, loadFixture } from './support/fixtures';

const FIXTURES = path.resolve(__dirname, '../../test/fixtures/rules');

/** Rules about JSON's own syntax, or that need what a converted fixture cannot carry (a baseline, comments, duplicate keys). */
const NOT_COMPARED = new Set(['invalid-json', 'duplicate-key', 'unused-suppression', 'input-limit', 'restart-required', 'create-only-field', 'blocked-endpoint', 'yaml-trap']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const RESERVED = /^(?:y|yes|n|no|on|off|true|false|null)$/i;
const key = (k: string): string => (PLAIN_KEY.test(k) && !RESERVED.test(k) ? k : JSON.stringify(k));

/** The text of a number as the JSON fixture writes it: beyond 2^53 the parsed double is not what was written. */
type Raw = (path: Array<string | number>) => string | undefined;

function scalar(v: unknown, at: Array<string | number>, raw: Raw): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number') return raw(at) ?? String(v);
  if (Array.isArray(v)) return '[]';
  if (isObject(v)) return '{}';
  return String(v);
}

/** A value in block style: maps as indented members, lists as dashes, strings always quoted. */
function block(v: unknown, at: Array<string | number>, indent: string, raw: Raw, out: string[]): void {
  if (isObject(v)) {
    for (const [k, x] of Object.entries(v)) {
      if ((isObject(x) && Object.keys(x).length) || (Array.isArray(x) && x.length)) { out.push(`${indent}${key(k)}:`); block(x, [...at, k], `${indent}  `, raw, out); }
      else out.push(`${indent}${key(k)}: ${scalar(x, [...at, k], raw)}`);
    }
  } else if (Array.isArray(v)) {
    v.forEach((x, i) => {
      if ((isObject(x) && Object.keys(x).length) || (Array.isArray(x) && x.length)) {
        const inner: string[] = [];
        block(x, [...at, i], `${indent}  `, raw, inner);
        out.push(`${indent}- ${inner[0].trimStart()}`, ...inner.slice(1));
      } else out.push(`${indent}- ${scalar(x, [...at, i], raw)}`);
    });
  }
}

function toYaml(value: unknown, raw: Raw, indent = ''): string | undefined {
  if (!isObject(value)) return undefined;
  if (!Object.keys(value).length) return `${indent}{}\n`;
  const out: string[] = [];
  block(value, [], indent, raw, out);
  return `${out.join('\n')}\n`;
}

const manifestOf = (userConfig: string): string => `apiVersion: vendor.io/v1alpha1\nkind: Search\nmetadata:\n  name: fixture\nspec:\n  cloudName: google-europe-west1\n  userConfig:\n${userConfig}`;

test('every JSON rule fixture written as *.search.yaml and as a manifest\'s spec.userConfig gives the same rule ids and field paths', () => {
  let compared = 0;
  const skipped: string[] = [];
  const differences: string[] = [];
  for (const file of listFixtures(FIXTURES)) {
    const name = path.relative(FIXTURES, file);
    const fx = loadFixture(file);
    if (!/\.jsonc?$/.test(file) || fx.options.baselineText !== undefined) { skipped.push(name); continue; }
    const json = parseDocument(fx.text, { fileName: fx.fileName });
    if (json.syntaxErrors.length || !json.noDuplicateKeys) { skipped.push(name); continue; }
    const raw: Raw = (at) => { const r = json.rangeAt(at); return r && json.text.slice(r.offset, r.offset + r.length); };
    const plain = toYaml(json.value, raw);
    const nested = toYaml(json.value, raw, '    ');
    if (!plain || !nested) { skipped.push(name); continue; }
    const ids = (text: string, fileName: string): string[] => analyze(text, { ...fx.options, fileName, baselineText: undefined })
      .findings.filter((f) => !NOT_COMPARED.has(f.ruleId)).map((f) => `${f.ruleId} ${f.path}`).sort();
    const expected = ids(fx.text, fx.fileName);
    for (const [label, text, fileName] of [['*.search.yaml', plain, 'fixture.search.yaml'], ['manifest', manifestOf(nested), 'search.yaml']] as const) {
      const actual = ids(text, fileName);
      if (JSON.stringify(expected) !== JSON.stringify(actual)) differences.push(`${name} (${label}):\n    JSON: ${expected.join(', ')}\n    YAML: ${actual.join(', ')}\n${text}`);
    }
    compared++;
  }
  assert.deepEqual(differences, [], differences.join('\n'));
  // The comparison must cover the fixtures, not skip its way to a pass.
  assert.ok(compared >= 55, `only ${compared} fixtures compared; skipped: ${skipped.join(', ')}`);
});

test('the findings of a converted fixture point at the YAML text of their field', () => {
  const text = manifestOf('    search:\n      http_max_content_length: "100mb"\n');
  const f = analyze(text, { fileName: 'search.yaml' }).findings.find((x) => x.ruleId === 'unit-mismatch')!;
  assert.equal(text.slice(f.offset, f.offset + f.length), '"100mb"');
  assert.equal(f.path, 'search.http_max_content_length');
  assert.match(f.message, /^Search\/fixture: /);
});
