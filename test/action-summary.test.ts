/** The Action's job summary stays within GitHub's 1 MiB limit and says how many findings it left out. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { jobSummary, SUMMARY_LIMIT, type JsonReport } from '../server/src/action/summary';
import { readInputs } from '../server/src/action/inputs';

test('a summary of 30,000 findings is cut below the limit with a count of the rest', () => {
  const messages = Array.from({ length: 30_000 }, (_, i) => ({ ruleId: 'unknown-field', severity: 'warning', message: `"field_${i}" is not a field of the configuration | with a pipe`.padEnd(120, '.'), line: i + 1, column: 3 }));
  const report: JsonReport = { filePath: 'envs/prod.search.json', messages, errorCount: 0, warningCount: messages.length, infoCount: 0, hintCount: 0 };
  const text = jobSummary([report], ['### Search configuration changes\n\nsome changes\n'], { sarifFile: 'results.sarif' });
  assert.ok(Buffer.byteLength(text) <= SUMMARY_LIMIT, `${Buffer.byteLength(text)} bytes`);
  const shown = text.split('\n').filter((l) => l.startsWith('| `envs/')).length;
  assert.ok(shown > 1000 && shown < messages.length, String(shown));
  assert.match(text, new RegExp(`…and ${messages.length - shown} more findings not shown here .*results\\.sarif`));
  assert.match(text, /with a pipe/);
  assert.match(text, /\\\| with a pipe/, 'pipes in messages are escaped so that the table holds');
  assert.match(text, /### Search configuration changes/, 'the change impact is kept');
});

test('inputs: the pull request base is the default baseline; none turns it off; a bad flag is refused', () => {
  const event = { pull_request: { base: { sha: 'a'.repeat(40) } } };
  assert.equal((readInputs({}, event) as { baseline?: string }).baseline, `git:${'a'.repeat(40)}`);
  assert.equal((readInputs({ INPUT_BASELINE: 'none' }, event) as { baseline?: string }).baseline, undefined);
  assert.equal((readInputs({ INPUT_BASELINE: 'git:origin/main' }, undefined) as { baseline?: string }).baseline, 'git:origin/main');
  assert.equal((readInputs({}, { pull_request: { base: { sha: '--upload-pack=x' } } }) as { baseline?: string }).baseline, undefined);
  assert.deepEqual((readInputs({ INPUT_PATHS: ' a.search.json\n envs/ ' }, undefined) as { paths: string[] }).paths, ['a.search.json', 'envs/']);
  assert.match((readInputs({ 'INPUT_FAIL-ON-FINDINGS': 'maybe' }, undefined) as { error: string }).error, /fail-on-findings/);
});
