/**
 * The summary's "N errors and M warnings potentially fixable with the --fix option" counts exactly
 * what --fix clears: over every fixture, the errors and warnings the counts call fixable are the
 * errors and warnings that are gone once the file is fixed.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import { analyze, fixAll, type Finding } from '../../server/src/core';
import { countFindings } from '../../server/src/cli/formatters/types';
import { loadTerraformFromDisk } from '../../server/src/node/terraform-wasm';
import { listFixtures, loadFixture } from '../support/fixtures';
import { REPO } from '../support/repo';

const ROOT = path.join(REPO, 'test/fixtures');
before(() => loadTerraformFromDisk());

/** Findings of `before` with no counterpart (rule, field, severity) left in `after`. */
function cleared(beforeFindings: readonly Finding[], after: readonly Finding[]): Finding[] {
  const left = new Map<string, number>();
  const key = (f: Finding): string => `${f.ruleId} ${f.path} ${f.severity}`;
  for (const f of after) left.set(key(f), (left.get(key(f)) ?? 0) + 1);
  return beforeFindings.filter((f) => {
    const n = left.get(key(f)) ?? 0;
    if (n) left.set(key(f), n - 1);
    return n === 0;
  });
}

test('over every fixture, the fixable counts are the errors and warnings --fix clears', () => {
  const files = [
    ...listFixtures(path.join(ROOT, 'rules')),
    ...listFixtures(path.join(ROOT, 'yaml'), /\.ya?ml$/),
    ...listFixtures(path.join(ROOT, 'terraform'), /\.tf$/),
    ...listFixtures(path.join(ROOT, 'terraform-fmt'), /\.tf$/),
  ];
  const differences: string[] = [];
  let fixable = 0;
  for (const file of files) {
    const fx = loadFixture(file);
    const first = analyze(fx.text, fx.options);
    const counts = countFindings(first.findings);
    const gone = cleared(first.findings, fixAll(fx.text, fx.options, first).result.findings);
    const errors = gone.filter((f) => f.severity === 'error').length;
    const warnings = gone.filter((f) => f.severity === 'warning').length;
    fixable += counts.fixableErrors + counts.fixableWarnings;
    if (counts.fixableErrors !== errors || counts.fixableWarnings !== warnings) {
      differences.push(
        `${path.relative(ROOT, file)}: counted ${counts.fixableErrors} errors and ${counts.fixableWarnings} warnings fixable; --fix clears ${errors} and ${warnings}: ${gone.map((f) => `${f.ruleId} ${f.path}`).join(', ')}`,
      );
    }
  }
  assert.deepEqual(differences, [], differences.join('\n'));
  assert.ok(files.length > 100 && fixable > 50, `${files.length} fixtures, ${fixable} fixable findings`);
});
