/**
 * Every JSON rule fixture, written as YAML (a `*.search.yaml` file, and the `spec.userConfig` of a
 * `kind: Search` manifest), gives the same rule ids at the same field paths: YAML users get the
 * same checks as JSON users.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { analyze, parseDocument } from '../../../../server/src/core';
import { listFixtures, loadFixture } from '../../../support/fixtures';
import { manifestOf, toYaml, type Raw } from '../../../support/yaml-convert';
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
  'yaml-trap',
]);

test("every JSON rule fixture written as *.search.yaml and as a manifest's spec.userConfig gives the same rule ids and field paths", () => {
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
    if (json.syntaxErrors.length || !json.noDuplicateKeys) {
      skipped.push(name);
      continue;
    }
    const raw: Raw = (at) => {
      const r = json.rangeAt(at);
      return r && json.text.slice(r.offset, r.offset + r.length);
    };
    const plain = toYaml(json.value, raw);
    const nested = toYaml(json.value, raw, '    ');
    if (!plain || !nested) {
      skipped.push(name);
      continue;
    }
    const ids = (text: string, fileName: string): string[] =>
      analyze(text, { ...fx.options, fileName, baselineText: undefined })
        .findings.filter((f) => !NOT_COMPARED.has(f.ruleId))
        .map((f) => `${f.ruleId} ${f.path}`)
        .sort();
    const expected = ids(fx.text, fx.fileName);
    for (const [label, text, fileName] of [
      ['*.search.yaml', plain, 'fixture.search.yaml'],
      ['manifest', manifestOf(nested), 'search.yaml'],
    ] as const) {
      const actual = ids(text, fileName);
      if (JSON.stringify(expected) !== JSON.stringify(actual))
        differences.push(`${name} (${label}):\n    JSON: ${expected.join(', ')}\n    YAML: ${actual.join(', ')}\n${text}`);
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
