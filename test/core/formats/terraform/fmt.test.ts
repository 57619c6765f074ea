import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyze, applyEdits, fixAll, RULES, type AnalysisResult } from '../../../../server/src/core';
import { fixAllAction, quickFixes } from '../../../../server/src/core/editor';
import { formatOf } from '../../../../server/src/core/formats/registry';
import { loadTerraformFromDisk } from '../../../../server/src/node/terraform-wasm';
import { fmtProblem, fmtProblems, requireTerraform } from '../../../support/terraform-fmt';
import { toJsonResult } from '../../../../server/src/cli/formatters/json';
import { REPO } from '../../../support/repo';

/**
 * Fixes leave a Terraform file as `terraform fmt` wants it. Each fixture here is a file
 * `terraform fmt -check` passes; after `--fix` (and the editor's fix-all) it must still pass,
 * and read as its `.fixed.tf` says. Terraform itself is the judge: it also refuses HCL it
 * cannot read, which the tree-sitter grammar sometimes accepts.
 */
const FIXTURES = path.join(REPO, 'test/fixtures/terraform-fmt');
const fixtures = fs
  .readdirSync(FIXTURES)
  .filter((n) => n.endsWith('.tf') && !n.endsWith('.fixed.tf'))
  .sort();

before(() => {
  requireTerraform();
  return loadTerraformFromDisk();
});

const crlf = (text: string): string => text.replace(/\r?\n/g, '\r\n');

/** The rules whose fixes the fixtures exercise: every fixable rule that can apply to a .tf file. */
const fixedRules = new Set<string>();

for (const name of fixtures) {
  for (const eol of ['LF', 'CRLF'] as const) {
    test(`terraform fmt accepts the fixed ${name} (${eol})`, () => {
      const read = fs.readFileSync(path.join(FIXTURES, name), 'utf8');
      const text = eol === 'CRLF' ? crlf(read) : read;
      const expected = fs.readFileSync(path.join(FIXTURES, name.replace(/\.tf$/, '.fixed.tf')), 'utf8');
      assert.equal(fmtProblem(text), undefined, `${name}: the fixture itself must be as terraform fmt writes it`);
      const options = { fileName: name };
      const first: AnalysisResult = analyze(text, options);
      for (const f of first.findings) if (f.fix) fixedRules.add(f.ruleId);
      const result = fixAll(text, options, first);
      assert.equal(result.refused, undefined, `${name}: ${result.refused}`);
      assert.ok(result.applied > 0, `${name}: some fix applies`);
      assert.equal(fmtProblem(result.text), undefined, `${name}: after fixing`);
      assert.equal(result.text, eol === 'CRLF' ? crlf(expected) : expected, `${name}: text after fixing`);
      assert.equal(fixAll(result.text, options).text, result.text, `${name}: fixing again changes nothing`);
      // The editor's fix-all (and fix-on-save) writes the same text.
      const action = fixAllAction(text, options, first);
      assert.ok(action, `${name}: the editor offers fix-all`);
      assert.equal(applyEdits(text, action.edits), result.text, `${name}: the editor's fix-all`);
    });
  }
}

test('each quick fix and suggestion the editor offers, accepted alone, leaves the file as terraform fmt writes it', () => {
  const accepted: Array<{ what: string; text: string }> = [];
  const offering = new Set<string>();
  const format = formatOf('main.tf');
  for (const name of fixtures) {
    const text = fs.readFileSync(path.join(FIXTURES, name), 'utf8');
    // The document as the language server hands it to the quick fixes of a .tf file.
    const doc = { text, comment: format.lineComment, applyEdits: format.applyEdits, layoutWindows: format.layoutWindows };
    const findings = analyze(text, { fileName: name }).findings;
    for (const f of findings) {
      for (const action of quickFixes(doc, [f], f)) {
        if (action.title.startsWith('Disable ')) continue;
        offering.add(`${f.ruleId} ${f.fix?.title === action.title ? 'fix' : 'suggestion'}`);
        accepted.push({ what: `${name}, ${f.ruleId}: ${action.title}`, text: applyEdits(text, action.edits) });
      }
    }
  }
  // Members inserted (missing-required's suggested placeholders), removed and renamed are among them.
  for (const wanted of ['missing-required suggestion', 'deprecated-field suggestion', 'unknown-field fix'])
    assert.ok(offering.has(wanted), `${wanted}: ${[...offering].join(', ')}`);
  const verdicts = fmtProblems(accepted.map((a) => a.text));
  assert.deepEqual(
    accepted.flatMap((a, i) => (verdicts[i] === undefined ? [] : [`${a.what}: ${verdicts[i]}`])),
    [],
  );
});

test('every quick fix for a selection of a whole file, far more than a menu shows, accepted alone, leaves the file as terraform fmt writes it', () => {
  // Each fixture's blocks, many times over in one file: hundreds of actions, each written over the
  // lines its alignment reaches, not over the whole file.
  const format = formatOf('main.tf');
  const accepted: Array<{ what: string; text: string }> = [];
  for (const name of fixtures) {
    const text = fs.readFileSync(path.join(FIXTURES, name), 'utf8').repeat(12);
    const doc = { text, comment: format.lineComment, applyEdits: format.applyEdits, layoutWindows: format.layoutWindows };
    const findings = analyze(text, { fileName: name }).findings;
    const actions = quickFixes(doc, findings, { offset: 0, length: text.length }).filter((a) => !a.title.startsWith('Disable '));
    assert.ok(actions.length >= 24, `${name}: ${actions.length} actions`);
    actions.forEach((a, i) => accepted.push({ what: `${name}, action ${i + 1}: ${a.title}`, text: applyEdits(text, a.edits) }));
  }
  assert.ok(accepted.length > 200, `${accepted.length} actions in all`);
  const verdicts = fmtProblems(accepted.map((a) => a.text));
  assert.deepEqual(
    accepted.flatMap((a, i) => (verdicts[i] === undefined ? [] : [`${a.what}: ${verdicts[i]}`])),
    [],
  );
});

test('each suggestion of the JSON output, applied alone, leaves the file as terraform fmt writes it', () => {
  const accepted: Array<{ what: string; text: string }> = [];
  for (const name of fixtures) {
    const text = fs.readFileSync(path.join(FIXTURES, name), 'utf8');
    const findings = analyze(text, { fileName: name }).findings;
    for (const m of toJsonResult({ file: name, displayPath: name, text, findings }).messages) {
      for (const s of m.suggestions ?? []) {
        const [from, to] = s.fix.range;
        accepted.push({ what: `${name}, ${m.ruleId}: ${s.desc}`, text: text.slice(0, from) + s.fix.text + text.slice(to) });
      }
    }
  }
  assert.ok(
    accepted.some((a) => a.what.includes('missing-required')),
    'missing-required suggests members',
  );
  const verdicts = fmtProblems(accepted.map((a) => a.text));
  assert.deepEqual(
    accepted.flatMap((a, i) => (verdicts[i] === undefined ? [] : [`${a.what}: ${verdicts[i]}`])),
    [],
  );
});

test('the fixtures exercise the fix of every fixable rule that applies to Terraform', () => {
  // invalid-json and yaml-trap are about JSON and YAML syntax: a .tf file never has them.
  const wanted = RULES.filter((r) => r.meta.fixable && r.meta.id !== 'invalid-json' && r.meta.id !== 'yaml-trap')
    .map((r) => r.meta.id)
    .sort();
  assert.deepEqual(
    wanted.filter((id) => !fixedRules.has(id)),
    [],
    'fixable rules no fixture here exercises',
  );
});

test('the judge of many texts at once names each one terraform fmt would change or refuses, from any working directory', () => {
  // Twelve texts, so that a name such as "1" is part of another ("11"); the test runs from a folder
  // unrelated to the temporary one, as CI runs the suite from its own clone.
  const clean = 'locals {\n  a = 1\n}\n';
  const texts = Array.from({ length: 12 }, () => clean);
  texts[1] = 'locals {\n  a = \n}\n';
  texts[11] = 'locals {\n  a   = 1\n}\n';
  const cwd = process.cwd();
  process.chdir(os.tmpdir());
  try {
    const verdicts = fmtProblems(texts);
    assert.deepEqual(
      verdicts.map((v, i) => (v === undefined ? `${i}: clean` : `${i}: ${v.split(':')[0]}`)),
      texts.map((_t, i) => (i === 1 ? '1: terraform refuses it' : i === 11 ? '11: terraform fmt would change it' : `${i}: clean`)),
    );
  } finally {
    process.chdir(cwd);
  }
});
