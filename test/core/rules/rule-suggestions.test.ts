import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { analyze, applyEdits } from '../../../server/src/core';
import { listFixtures, loadFixture } from '../../support/fixtures';
import { REPO } from '../../support/repo';

/**
 * Every suggestion offered in the fixtures of these rules, applied on its own, must give
 * a document without new syntax errors in which the finding it answers is gone.
 */
const RULE_IDS = ['duplicate-key', 'unknown-field', 'invalid-value', 'setting-cannot-be-enabled', 'missing-required', 'insecure-url'];
const FIXTURES = path.join(REPO, 'test/fixtures/rules');

for (const ruleId of RULE_IDS) {
  test(`suggestions of ${ruleId} resolve their finding`, () => {
    let tried = 0;
    for (const file of listFixtures(path.join(FIXTURES, ruleId))) {
      const fx = loadFixture(file);
      const before = analyze(fx.text, fx.options);
      for (const finding of before.findings.filter((f) => f.ruleId === ruleId)) {
        for (const s of finding.suggestions ?? []) {
          tried++;
          const text = applyEdits(fx.text, s.edits);
          const after = analyze(text, fx.options);
          const where = `${path.basename(file)}: ${s.title}`;
          assert.ok(after.doc.syntaxErrors.length <= before.doc.syntaxErrors.length, `${where} breaks the syntax:\n${text}`);
          const still = after.findings.filter((f) => f.ruleId === ruleId && f.path === finding.path && f.message === finding.message);
          assert.deepEqual(
            still.map((f) => f.message),
            [],
            `${where} leaves the finding in place:\n${text}`,
          );
        }
      }
    }
    assert.ok(tried > 0, `the fixtures of ${ruleId} offer at least one suggestion`);
  });
}
