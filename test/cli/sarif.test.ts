import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import Ajv04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { RULES } from '../../server/src/core';
import { FIXTURES, ROOT, runCli } from './support';

/** The official SARIF 2.1.0 schema (draft-04), vendored unchanged from an npm package; see test/schemas/README.md. */
function sarifValidator() {
  const schema = JSON.parse(fs.readFileSync(path.join(ROOT, 'test/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'));
  const ajv = new Ajv04({ allErrors: true, strict: false, unicodeRegExp: false }); // the official schema has a pattern that is invalid under the u flag;
  addFormats(ajv);
  return ajv.compile(schema);
}

test('sarif output validates against the official SARIF 2.1.0 schema', async () => {
  const validate = sarifValidator();
  for (const argv of [['golden'], ['golden/clean.search.json'], ['--min-severity', 'hint', 'golden']]) {
    const r = await runCli(['lint', '--format', 'sarif', ...argv], { cwd: FIXTURES });
    const log = JSON.parse(r.out);
    assert.ok(validate(log), `${argv.join(' ')}: ${JSON.stringify(validate.errors, null, 2)}`);
  }
});

test('the schema validator does reject a broken SARIF log (the check can fail)', () => {
  const validate = sarifValidator();
  assert.equal(validate({ version: '2.1.0', runs: [{ tool: { driver: {} }, results: [{ message: {}, level: 'fatal' }] }] }), false);
});

test('sarif rule metadata comes from each rule', async () => {
  const r = await runCli(['lint', '--format', 'sarif', 'golden'], { cwd: FIXTURES });
  const driver = JSON.parse(r.out).runs[0].tool.driver;
  assert.deepEqual(
    driver.rules.map((d: { id: string }) => d.id),
    RULES.map((x) => x.meta.id),
  );
  const level = { error: 'error', warning: 'warning', info: 'note', hint: 'note' } as const;
  for (const [i, rule] of RULES.entries()) {
    const d = driver.rules[i];
    assert.equal(d.shortDescription.text, rule.meta.summary);
    assert.equal(d.fullDescription.text, rule.meta.details);
    assert.equal(d.helpUri, `https://github.com/search-config/search-config/blob/main/docs/rules.md#${rule.meta.id}`);
    assert.equal(d.help.text, `${rule.meta.details}\n\nSee ${d.helpUri}, or run search-config explain ${rule.meta.id}.`);
    assert.equal(d.defaultConfiguration.level, level[rule.meta.defaultSeverity]);
  }
  const results = JSON.parse(r.out).runs[0].results;
  for (const res of results) {
    assert.equal(driver.rules[res.ruleIndex].id, res.ruleId, 'ruleIndex points at the rule');
    const region = res.locations[0].physicalLocation.region;
    assert.ok(region.startLine >= 1 && region.startColumn >= 1);
    assert.ok(!res.locations[0].physicalLocation.artifactLocation.uri.startsWith('/'), 'uris are relative to the working directory');
  }
});

test('a file name with #, ?, % or a blank, or a colon in its first segment, is one path in its artifact URI, resolved back to the file', async () => {
  const { removeTree, tempTree } = await import('./support');
  const names = ['x#1.search.json', 'a?b.search.json', 'c:d.search.json', 'dir #2/e f%.search.json'];
  const dir = tempTree(Object.fromEntries(names.map((n) => [n, '{ "max_index_count": 5 }\n'])));
  try {
    const r = await runCli(['lint', '--format', 'sarif', ...names], { cwd: dir });
    const run = JSON.parse(r.out).runs[0];
    const base = run.originalUriBaseIds['%SRCROOT%'].uri as string;
    const resolved = (run.results as Array<{ locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }> }>).map((x) =>
      decodeURIComponent(new URL(x.locations[0].physicalLocation.artifactLocation.uri, base).pathname),
    );
    assert.deepEqual(resolved.sort(), names.map((n) => path.join(fs.realpathSync(dir), n)).sort());
  } finally {
    removeTree(dir);
  }
});
