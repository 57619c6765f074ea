/**
 * The drift test of the rule pages and `explain`: every example they show, in each format it is
 * shown in, gives the finding the page says (the rule's finding on an example under "Reported",
 * none under "Not reported"), and every Terraform example is as `terraform fmt` writes it.
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze } from '../../../server/src/core';
import { loadTerraformFromDisk } from '../../../server/src/node/terraform-wasm';
import { RULES } from '../../../server/src/core/rules';
import { exampleFormatsOf, exampleVariants, isJsonExample, type ExampleVariant } from '../../../server/src/core/rule-examples';
import { fmtProblems } from '../../support/terraform-fmt';
import { renderRulesDoc, ruleMarkdown } from '../../../server/src/core/docs';
import { ruleText } from '../../../server/src/core/explain';

before(() => loadTerraformFromDisk());

const findings = (id: string, v: ExampleVariant, cpus: number | undefined): string[] =>
  analyze(v.code, { fileName: v.fileName, baselineText: v.baseline, cpus })
    .findings.filter((f) => f.ruleId === id)
    .map((f) => `line ${f.range.start.line + 1}: ${f.message}`);

for (const rule of RULES) {
  const { meta } = rule;
  test(`every shown example of ${meta.id} gives the finding its page says, in each format`, () => {
    assert.ok(meta.examples.valid.length > 0 && meta.examples.invalid.length > 0, 'every rule has valid and invalid examples');
    const problems: string[] = [];
    for (const [kind, list] of [
      ['invalid', meta.examples.invalid],
      ['valid', meta.examples.valid],
    ] as const) {
      for (const ex of list) {
        const variants = exampleVariants(meta, ex);
        // A JSON configuration is shown in every format of its rule: none may be left out silently.
        if (isJsonExample(ex))
          assert.deepEqual(
            variants.map((v) => v.format),
            [...exampleFormatsOf(meta, ex)],
            `${meta.id}: every format of the example\n${ex.code}`,
          );
        for (const v of variants) {
          const got = findings(meta.id, v, ex.cpus);
          if (kind === 'invalid' && !got.length)
            problems.push(`${v.title} example under "Reported" gives no ${meta.id} finding:\n${v.code}`);
          if (kind === 'valid' && got.length) problems.push(`${v.title} example under "Not reported" gives ${got.join('; ')}:\n${v.code}`);
        }
      }
    }
    assert.deepEqual(problems, [], problems.join('\n\n'));
  });
}

test('every Terraform example written from a JSON example is as terraform fmt writes it', () => {
  const shown: Array<{ id: string; text: string }> = [];
  for (const { meta } of RULES) {
    for (const ex of [...meta.examples.invalid, ...meta.examples.valid].filter(isJsonExample)) {
      for (const v of exampleVariants(meta, ex).filter((x) => x.format === 'terraform')) {
        for (const text of [v.code, v.baseline]) if (text !== undefined) shown.push({ id: meta.id, text });
      }
    }
  }
  assert.ok(shown.length > 40, `only ${shown.length} Terraform examples`);
  const problems = fmtProblems(shown.map((s) => s.text))
    .map((p, i) => p && `${shown[i].id}: ${p}\n${shown[i].text}`)
    .filter(Boolean);
  assert.deepEqual(problems, [], problems.join('\n\n'));
});

test('the rule pages and explain show every form of every example, and say where a rule is shown in fewer formats', () => {
  const doc = renderRulesDoc();
  for (const rule of RULES) {
    const { meta } = rule;
    const section = ruleMarkdown(meta);
    const text = ruleText(rule);
    assert.ok(doc.includes(section), `${meta.id}: its section is in rules.md`);
    for (const ex of [...meta.examples.invalid, ...meta.examples.valid]) {
      for (const v of exampleVariants(meta, ex)) {
        assert.ok(
          section.includes(`**${v.title}**`) && section.includes(v.code.trimEnd()),
          `${meta.id}: ${v.title} form shown on the page\n${v.code}`,
        );
        const indented = (code: string): string =>
          code
            .trimEnd()
            .split('\n')
            .map((l) => `    ${l}`)
            .join('\n');
        const label = `${v.title}${v.fileName === 'example.json' && !ex.fileName ? '' : ` (${v.fileName})`}:\n\n`;
        const before = v.baseline === undefined ? '' : `Deployed configuration (baseline):\n\n${indented(v.baseline)}\n\nChanged to:\n\n`;
        assert.ok(
          text.includes(`${label}${before}${indented(v.code)}`),
          `${meta.id}: ${v.title} form shown by explain under its heading\n${v.code}`,
        );
      }
      if (ex.only) assert.ok(section.includes(ex.only.why), `${meta.id}: says why an example is shown in fewer formats`);
    }
    if (meta.exampleFormats) assert.ok(section.includes(`only: ${meta.exampleFormats.why}`), `${meta.id}: says which formats it reads`);
  }
  // The formats are really shown: the page of a rule about configurations holds all three.
  const page = ruleMarkdown(RULES.find((r) => r.meta.id === 'unit-mismatch')!.meta);
  for (const label of ['**JSON**:', '**Terraform** (`main.tf`):', '**Kubernetes** (`manifest.yaml`):'])
    assert.ok(page.includes(label), label);
  assert.match(page, /```hcl\nresource "vendor_search" "example" \{\n {2}search_user_config \{\n/);
  assert.match(page, /```yaml\napiVersion: vendor\.io\/v1alpha1\nkind: Search\n[^`]*\n {2}userConfig:\n/);
});
