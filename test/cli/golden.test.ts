import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FORMATS } from '../../server/src/cli/args';
import { VERSION } from '../../server/src/core/version';
import { FIXTURES, GOLDEN, runCli } from './support';

/**
 * Every output format on one fixed input set. The expected outputs were written by running the
 * CLI and reviewed by eye; regenerate them with UPDATE_GOLDEN=1 after a deliberate change and
 * review the diff. The fixture's .search-lint.json turns on a stable subset of rules.
 */
const CASES: Array<{ name: string; argv: string[] }> = [
  ...FORMATS.map((f) => ({ name: `${f}`, argv: ['lint', '--format', f, '--min-severity', 'hint', 'golden'] })),
  { name: 'stylish-default-severity', argv: ['lint', 'golden'] },
  { name: 'stylish-quiet', argv: ['lint', '--quiet', 'golden'] },
  { name: 'stylish-rule-links', argv: ['lint', '--rule-links', '--min-severity', 'hint', 'golden'] },
  {
    name: 'json-errors-only',
    argv: ['lint', '--format', 'json', '--min-severity', 'error', 'golden/mistakes.search.jsonc', 'golden/clean.search.json'],
  },
];

/** Parts that depend on the machine or on other documentation, not on this interface. */
function normalise(name: string, text: string): string {
  if (!name.startsWith('sarif')) return text;
  const log = JSON.parse(text);
  for (const run of log.runs) {
    run.originalUriBaseIds['%SRCROOT%'].uri = run.originalUriBaseIds['%SRCROOT%'].uri.replace(
      pathToFileURL(FIXTURES).href,
      'file:///FIXTURES',
    );
    // Rule metadata is checked against the rule registry in sarif.test.ts; only the ids are pinned here.
    run.tool.driver.rules = run.tool.driver.rules.map((r: { id: string }) => r.id);
    run.tool.driver.version = run.tool.driver.version === VERSION ? '<version>' : run.tool.driver.version;
    run.tool.driver.semanticVersion = '<version>';
  }
  return JSON.stringify(log, null, 2) + '\n';
}

for (const c of CASES) {
  test(`golden output: ${c.name}`, async () => {
    const r = await runCli(c.argv, { cwd: FIXTURES });
    assert.equal(r.err, '', 'nothing on stderr');
    assert.equal(r.code, 1, 'the golden set has errors');
    const ext = c.name.startsWith('json') || c.name.startsWith('sarif') ? 'json' : c.name.startsWith('junit') ? 'xml' : 'txt';
    const file = path.join(GOLDEN, `${c.name}.${ext}`);
    const actual = normalise(c.name, r.out);
    if (process.env.UPDATE_GOLDEN) {
      fs.mkdirSync(GOLDEN, { recursive: true });
      fs.writeFileSync(file, actual);
    }
    assert.equal(actual, fs.readFileSync(file, 'utf8'), `${c.name}: output differs from ${path.relative(process.cwd(), file)}`);
    assert.ok(!actual.includes('CANARY'), 'no secret value in the output');
  });
}

test('golden set: files that are not configurations are left out of a directory search', async () => {
  const r = await runCli(['lint', '--format', 'json', 'golden'], { cwd: FIXTURES });
  const names = JSON.parse(r.out).map((f: { filePath: string }) => f.filePath);
  assert.ok(!names.includes('golden/other.json'));
  assert.ok(names.includes('golden/nested/search-config.json'));
});
