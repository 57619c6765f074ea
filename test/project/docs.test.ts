import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fieldBody, renderFieldsDoc, renderRulesDoc } from '../../server/src/core/docs';
import { RULES } from '../../server/src/core/rules';
import { ALL_FIELDS } from '../../server/src/core/schema';
import { defaultText } from '../../server/src/core/describe';
import { isPlaceholder } from '../../server/src/core/values';
import { REPO } from '../support/repo';

const ROOT = REPO;
const STALE = 'is out of date: run `npm run docs` and commit the result';

function firstDifference(a: string, b: string): string {
  const al = a.split('\n'),
    bl = b.split('\n');
  for (let i = 0; i < Math.max(al.length, bl.length); i++) {
    if (al[i] !== bl[i]) return `line ${i + 1}:\n  committed: ${JSON.stringify(al[i])}\n  generated: ${JSON.stringify(bl[i])}`;
  }
  return '';
}

for (const [file, render] of [
  ['docs/rules.md', renderRulesDoc],
  ['docs/fields.md', renderFieldsDoc],
] as const) {
  test(`${file} matches the rule metadata and the schema`, () => {
    const target = path.join(ROOT, file);
    assert.ok(fs.existsSync(target), `${file} is missing: run \`npm run docs\``);
    const committed = fs.readFileSync(target, 'utf8');
    const generated = render();
    if (committed !== generated) assert.fail(`${file} ${STALE}\nfirst difference at ${firstDifference(committed, generated)}`);
  });
}

test('rules.md has an index row and a section with anchor for every rule', () => {
  const doc = renderRulesDoc();
  for (const { meta } of RULES) {
    assert.match(doc, new RegExp(`^\\| \\[${meta.id}\\]\\(#${meta.id}\\) \\| ${meta.defaultSeverity} \\|`, 'm'), `index row of ${meta.id}`);
    assert.match(doc, new RegExp(`^## ${meta.id}$`, 'm'), `section of ${meta.id}`);
    for (const ex of [...meta.examples.valid, ...meta.examples.invalid])
      assert.ok(doc.includes(ex.code.trimEnd()), `example of ${meta.id} is shown`);
  }
});

test('fields.md documents every field of the schema once, with its default and engine setting', () => {
  const doc = renderFieldsDoc();
  for (const f of ALL_FIELDS) {
    const headings = doc.split('\n').filter((l) => l === `### \`${f.dotted}\``);
    assert.equal(headings.length, 1, `one section for ${f.dotted}`);
    const section = doc.slice(doc.indexOf(`### \`${f.dotted}\``)).split(/\n<a id=/)[0];
    if (f.schema.description) assert.ok(section.includes(f.schema.description), `description of ${f.dotted}`);
    const def = defaultText(f.schema);
    if (def !== undefined) assert.ok(section.includes(def), `default of ${f.dotted}`);
    if (f.schema.engineSetting) assert.ok(section.includes(f.schema.engineSetting), `engine setting of ${f.dotted}`);
    if (f.schema.restartsEngine) assert.match(section, /restarts all engine instances/, `restart note of ${f.dotted}`);
    if (f.schema.createOnly) assert.match(section, /new service is created/, `create-only note of ${f.dotted}`);
    if (f.schema.secret) assert.match(section, /Secret/, `secret note of ${f.dotted}`);
    if (f.schema.deprecated) assert.match(section, /Deprecated/, `deprecation note of ${f.dotted}`);
  }
});

test('generated docs never contain an example value of a secret field', () => {
  const doc = renderFieldsDoc();
  for (const f of ALL_FIELDS.filter((x) => x.schema.secret)) {
    for (const ex of f.schema.examples ?? [])
      if (typeof ex === 'string' && !isPlaceholder(ex)) assert.ok(!doc.includes(ex), `example of ${f.dotted} is not shown`);
  }
});

test('a field section carries no repeated title from the hover text', () => {
  for (const f of ALL_FIELDS) assert.ok(!fieldBody(f).includes(`**${f.dotted}**`), `${f.dotted}: the heading is the only title`);
});
