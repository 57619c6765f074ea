import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { analyze, fixAll, RULES } from '../../../server/src/core';
import { compare, listFixtures, loadFixture } from '../../support/fixtures';
import { REPO } from '../../support/repo';

const FIXTURES = path.join(REPO, 'test/fixtures/rules');

for (const file of listFixtures(FIXTURES)) {
  const name = path.relative(FIXTURES, file);
  test(`fixture ${name}`, () => {
    const fx = loadFixture(file);
    const { findings, internalErrors } = analyze(fx.text, fx.options);
    assert.deepEqual(internalErrors, []);
    const problems = compare(fx, findings);
    assert.deepEqual(problems, [], `${name}:\n  ${problems.join('\n  ')}`);
    if (fx.fixed !== undefined) {
      const result = fixAll(fx.text, fx.options);
      assert.equal(result.text, fx.fixed, `${name}: text after fixing`);
      assert.equal(fixAll(result.text, fx.options).text, result.text, `${name}: fixing again changes nothing`);
    }
  });
}
