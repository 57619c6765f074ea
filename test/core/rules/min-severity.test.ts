import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, SEVERITIES, severityRank, type Severity } from '../../../server/src/core';
import { loadCorpus } from '../../fuzz/corpus';

/** Skipping the rules that can only report milder findings must not change the findings that remain. */
test('minSeverity skips only what a filter on the findings would drop', () => {
  const corpus = loadCorpus();
  let skipped = 0;
  for (const seed of corpus) {
    const all = analyze(seed.text, { fileName: seed.fileName }).findings;
    for (const min of SEVERITIES) {
      const keep = (s: Severity) => severityRank(s) <= severityRank(min);
      const fast = analyze(seed.text, { fileName: seed.fileName, minSeverity: min }).findings.filter((f) => keep(f.severity));
      assert.deepEqual(
        fast,
        all.filter((f) => keep(f.severity)),
        `${seed.name} at ${min}`,
      );
      if (all.some((f) => !keep(f.severity))) skipped++;
    }
  }
  assert.ok(skipped > 10, 'the corpus should hold findings below some minimum severity');
});

test('with suppression comments every rule still runs, so unused suppressions stay exact', () => {
  const text = '{\n  // search-config-disable-next-line unit-hint -- known\n  "search": { "http_max_content_length": 104857600 }\n}\n';
  const findings = analyze(text, { fileName: 'x.search.jsonc', minSeverity: 'info' }).findings;
  assert.ok(!findings.some((f) => f.ruleId === 'unused-suppression'), JSON.stringify(findings));
});
