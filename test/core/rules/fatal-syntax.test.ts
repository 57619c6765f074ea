import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, type AnalyzeOptions } from '../../../server/src/core';
import { loadTerraformFromDisk } from '../../../server/src/node/terraform-wasm';

before(() => loadTerraformFromDisk());

/**
 * A syntax error after which a file is not read is ESLint's parse error: reported as an error whatever the
 * rule is set to, `off` included, and whatever a suppression comment says, so that a file nobody can read
 * never passes a CI run. What the file can be read past (a comment or a trailing comma in a .json file)
 * follows the settings and comments as every finding does.
 */
const summary = (text: string, options: AnalyzeOptions): string[] =>
  analyze(text, options).findings.map(
    (f) => `${f.ruleId} ${f.severity} ${f.range.start.line + 1}:${f.range.start.character + 1}${f.fatal ? ' fatal' : ''}`,
  );

const cases: Array<{ name: string; text: string; fileName: string; rule: string }> = [
  { name: 'JSON cut short', text: '{"static_ips": true,, "search_version": 3\n', fileName: 'a.search.json', rule: 'invalid-json' },
  {
    name: 'a Terraform block left open',
    text: 'resource "vendor_search" "a" {\n  search_user_config {\n    static_ips = true\n',
    fileName: 'main.tf',
    rule: 'invalid-syntax',
  },
  {
    name: 'a quote left open in a manifest',
    text: 'apiVersion: vendor.io/v1alpha1\nkind: Search\nmetadata:\n  name: a\nspec:\n  userConfig:\n    custom_domain: "abc\n',
    fileName: 'search.yaml',
    rule: 'invalid-syntax',
  },
];

for (const c of cases) {
  test(`${c.name}: reported as an error with ${c.rule} off, at warning, and under a comment that disables it`, () => {
    const reported = summary(c.text, { fileName: c.fileName });
    assert.ok(reported.length > 0 && reported.every((r) => r.startsWith(`${c.rule} error `) && r.endsWith(' fatal')), reported.join('\n'));
    assert.deepEqual(summary(c.text, { fileName: c.fileName, rules: { [c.rule]: 'off' } }), reported);
    assert.deepEqual(summary(c.text, { fileName: c.fileName, rules: { [c.rule]: 'warning' } }), reported);
    assert.deepEqual(summary(c.text, { fileName: c.fileName, rules: { 'invalid-json': 'off' } }), reported, 'the old id, off');
    const comment = c.fileName.endsWith('.json') ? null : `# search-config-disable ${c.rule}\n`;
    if (comment) {
      const shifted = summary(comment + c.text, { fileName: c.fileName }).filter((r) => !r.startsWith('unused-suppression'));
      assert.deepEqual(
        shifted.map((r) => r.replace(/ (\d+):/, (_, l: string) => ` ${Number(l) - 1}:`)),
        reported,
      );
    }
  });
}

test('in a .jsonc file a disable comment does not silence a fatal error, and reports that it silenced nothing', () => {
  const text = '// search-config-disable invalid-json\n{"static_ips": true,, "search_version": 3\n';
  assert.deepEqual(summary(text, { fileName: 'a.search.jsonc' }), ['unused-suppression warning 1:1', 'invalid-json error 2:21 fatal']);
});

test('what the parser reads past follows the settings: a comment in a .json file is silent with invalid-json off', () => {
  const text = '{\n  // chosen for the new query features\n  "search_version": "2.19"\n}\n';
  assert.deepEqual(summary(text, { fileName: 'a.search.json' }), ['invalid-json error 2:3']);
  assert.deepEqual(summary(text, { fileName: 'a.search.json', rules: { 'invalid-json': 'off' } }), []);
  assert.deepEqual(summary(text, { fileName: 'a.search.json', rules: { 'invalid-json': 'warning' } }), ['invalid-json warning 2:3']);
});
