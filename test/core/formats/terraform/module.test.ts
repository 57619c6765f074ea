import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  analyze,
  fixAll,
  memberHoverAt,
  readModuleVariableFiles,
  type AnalyzeOptions,
  type ModuleDirectory,
} from '../../../../server/src/core';
import { loadTerraformFromDisk } from '../../../../server/src/node/terraform-wasm';
import { compare, loadFixture, type Fixture } from '../../../support/fixtures';
import { REPO } from '../../../support/repo';

// Each directory under test/fixtures/terraform-module is a module: each of its Terraform files is
// linted with the module's other files as the hosts give them (listed and read by the core's own
// readModuleVariableFiles), their annotations taken out as from the file linted.

const ROOT = path.join(REPO, 'test/fixtures/terraform-module');
const CONFIGURATION = /\.tf(?:\.json)?$/;

before(() => loadTerraformFromDisk());

/** The module directories: the root and every directory below it. */
function modulesUnder(dir: string): string[] {
  const below = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) => modulesUnder(path.join(dir, e.name)));
  return [dir, ...below];
}

/** A module's files as fixtures, by name, and the options of one of them with the others given as the CLI gives them. */
async function optionsIn(files: Map<string, Fixture>, name: string): Promise<AnalyzeOptions> {
  const directory: ModuleDirectory = {
    list: () => Promise.resolve([...files.keys()]),
    read: (file) => Promise.resolve(files.get(file)?.text),
  };
  return { ...files.get(name)!.options, terraformVariables: await readModuleVariableFiles(directory, name) };
}

const modules = modulesUnder(ROOT);
test('the module fixtures include one with override files', () =>
  assert.ok(
    modules.some((dir) => fs.readdirSync(dir).some((n) => /_override\.tf$/.test(n))),
    modules.join(', '),
  ));

for (const dir of modules) {
  const files = new Map(
    fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => [e.name, loadFixture(path.join(dir, e.name))] as const),
  );
  for (const name of [...files.keys()].filter((n) => CONFIGURATION.test(n)).sort()) {
    const label = path.relative(ROOT, path.join(dir, name)).split(path.sep).join('/');
    test(`terraform module fixture ${label}`, async () => {
      const fx = files.get(name)!;
      const options = await optionsIn(files, name);
      const { findings, internalErrors } = analyze(fx.text, options);
      assert.deepEqual(internalErrors, []);
      assert.deepEqual(fx.malformed, []);
      const problems = compare(fx, findings);
      assert.deepEqual(problems, [], `${label}:\n  ${problems.join('\n  ')}`);
    });
  }
}

test('a block an override file replaces is never edited by a fix; the same block, replaced by nothing, is', async () => {
  const dir = path.join(ROOT, 'overrides');
  const files = new Map(fs.readdirSync(dir).map((n) => [n, loadFixture(path.join(dir, n))] as const));
  const fx = files.get('main.tf')!;
  const options = await optionsIn(files, 'main.tf');
  const replaced = fx.text.slice(fx.text.indexOf('resource "vendor_search" "replaced"'), fx.text.indexOf('# Its override'));
  assert.match(replaced, /static_ipz/, 'the replaced block holds what a fix would rename');
  const fixed = fixAll(fx.text, options).text;
  assert.ok(fixed.includes(replaced), fixed);
  // Without the override file, the same block is judged and fixed.
  const alone = fixAll(fx.text, { ...fx.options }).text;
  assert.ok(!alone.includes(replaced), 'the block is fixed when nothing replaces it');
});

const OVERRIDE = {
  fileName: 'main_override.tf',
  text: 'resource "vendor_search" "a" {\n  search_user_config {\n    search_version = "2.19"\n  }\n}\n',
};
const summary = (findings: ReturnType<typeof analyze>['findings']): string[] =>
  findings.map((f) => `${f.range.start.line + 1}:${f.range.start.character + 1} ${f.severity} ${f.ruleId}`);

test('a syntax error in a replaced block is still reported: Terraform reads no file with one', () => {
  const text = 'resource "vendor_search" "a" {\n  search_user_config {\n    search_version = \n    static_ipz = true\n  }\n}\n';
  const { findings } = analyze(text, { fileName: 'main.tf', terraformVariables: [OVERRIDE] });
  assert.deepEqual(summary(findings), ['2:3 info no-effect', '3:20 error invalid-syntax']);
});

test("the finding takes no-effect's setting when it is milder than info, and none when it is off; the block is judged in neither case", () => {
  const text = 'resource "vendor_search" "a" {\n  search_user_config {\n    search_version = "1"\n  }\n}\n';
  const with_ = (rules: Record<string, 'off' | 'hint' | 'error'>): string[] =>
    summary(analyze(text, { fileName: 'main.tf', rules, terraformVariables: [OVERRIDE] }).findings);
  assert.deepEqual(with_({ 'no-effect': 'error' }), ['2:3 info no-effect']);
  assert.deepEqual(with_({ 'no-effect': 'hint' }), ['2:3 hint no-effect']);
  assert.deepEqual(with_({ 'no-effect': 'off' }), []);
  // A suppression comment silences it as any finding.
  const suppressed = `# search-config-disable-next-line no-effect\n${text.replace('resource "vendor_search" "a" {\n', '')}`;
  assert.deepEqual(
    summary(analyze(`resource "vendor_search" "a" {\n${suppressed}`, { fileName: 'main.tf', terraformVariables: [OVERRIDE] }).findings),
    [],
  );
});

test('a .tf.json file of the module is replaced as a .tf file is, and a .tf.json override file replaces a .tf block', () => {
  const json = `${JSON.stringify({ resource: { vendor_search: { a: { search_user_config: { search_version: '1' } } } } }, null, 2)}\n`;
  const fromTf = analyze(json, { fileName: 'cdk.tf.json', terraformVariables: [OVERRIDE] }).findings;
  assert.deepEqual(summary(fromTf), ['5:9 info no-effect']);
  assert.match(fromTf[0].message, /replaced by the one in main_override\.tf:2 \(a Terraform override file\)/);
  const tf = 'resource "vendor_search" "a" {\n  search_user_config {\n    search_version = "1"\n  }\n}\n';
  const fromJson = analyze(tf, { fileName: 'main.tf', terraformVariables: [{ fileName: 'override.tf.json', text: json }] }).findings;
  assert.deepEqual(summary(fromJson), ['2:3 info no-effect']);
  assert.match(fromJson[0].message, /replaced by the one in override\.tf\.json:5 /);
  // An empty array is no block in Terraform's JSON syntax: it replaces nothing.
  const none = JSON.stringify({ resource: { vendor_search: { a: { search_user_config: [], dynamic: { search_user_config: [] } } } } });
  assert.deepEqual(
    summary(analyze(tf, { fileName: 'main.tf', terraformVariables: [{ fileName: 'override.tf.json', text: none }] }).findings),
    ['3:22 warning deprecated-field'],
  );
});

test('an override file replaces only what is merged before it, and a file named like one only by its extension replaces nothing', () => {
  const text = 'resource "vendor_search" "a" {\n  search_user_config {\n    search_version = "1"\n  }\n}\n';
  // a_override.tf is merged before main_override.tf: its block is the one replaced, not the replacing one.
  assert.deepEqual(
    summary(analyze(text, { fileName: 'main_override.tf', terraformVariables: [{ ...OVERRIDE, fileName: 'a_override.tf' }] }).findings),
    ['3:22 warning deprecated-field'],
  );
  assert.deepEqual(summary(analyze(text, { fileName: 'a_override.tf', terraformVariables: [OVERRIDE] }).findings), ['2:3 info no-effect']);
  for (const fileName of ['override.tfvars', 'main_override.txt', 'overrides.tf'])
    assert.deepEqual(summary(analyze(text, { fileName: 'main.tf', terraformVariables: [{ ...OVERRIDE, fileName }] }).findings), [
      '3:22 warning deprecated-field',
    ]);
});

test("an override file's search_user_config argument replaces the block as a block does, whatever its value; a JSON string replaces nothing", () => {
  const text = 'resource "vendor_search" "a" {\n  search_user_config {\n    search_version = "1"\n  }\n}\n';
  const overriding = (override: { fileName: string; text: string }) =>
    analyze(text, { fileName: 'main.tf', terraformVariables: [override] }).findings;
  // The override's value is known only at plan: it still stands for the block, and main.tf's is not sent.
  const byVariable = overriding({
    fileName: 'main_override.tf',
    text: 'resource "vendor_search" "a" {\n  search_user_config = var.config\n}\n',
  });
  assert.deepEqual(summary(byVariable), ['2:3 info no-effect']);
  assert.match(byVariable[0].message, /replaced by the one in main_override\.tf:2 \(a Terraform override file\)/);
  // Another argument of the resource, and another resource's argument, replace nothing.
  const elsewhere = 'resource "vendor_search" "a" {\n  plan = "x"\n}\nresource "vendor_search" "b" {\n  search_user_config = {}\n}\n';
  assert.deepEqual(summary(overriding({ fileName: 'main_override.tf', text: elsewhere })), ['3:22 warning deprecated-field']);
  // In Terraform's JSON syntax a string there is an expression, which the provider's block refuses: it is no configuration.
  const json = JSON.stringify({ resource: { vendor_search: { a: { search_user_config: '${var.config}' } } } });
  assert.deepEqual(summary(overriding({ fileName: 'override.tf.json', text: json })), ['3:22 warning deprecated-field']);
});

test("the hover of a replaced block, in a .tf file and in Terraform's JSON syntax, names the override sent instead; that of a block judged does not", () => {
  const note =
    '**Not sent**: Terraform replaces this search_user_config block with the one in main_override.tf:2 (a Terraform override file), whose values are sent instead and judged there.';
  const json = `${JSON.stringify({ resource: { vendor_search: { a: { search_user_config: { search: { thread_pool_search_size: 8 } } } } } }, null, 2)}\n`;
  const tf = 'resource "vendor_search" "a" {\n  search_user_config {\n    search {\n      thread_pool_search_size = 8\n    }\n  }\n}\n';
  for (const [fileName, text, name] of [
    ['main.tf', tf, 'search_user_config'],
    ['cdk.tf.json', json, '"search_user_config"'],
  ] as const) {
    const hover = (overrides: Array<{ fileName: string; text: string }>, needle: string) => {
      const result = analyze(text, { fileName, terraformVariables: overrides });
      return memberHoverAt(result.configurations, text.indexOf(needle) + 2, result.replaced);
    };
    const block = hover([OVERRIDE], name);
    assert.equal(block?.markdown, `**search_user_config**\n\n${note}`, fileName);
    assert.deepEqual(block.range, { offset: text.indexOf(name), length: name.length }, fileName);
    const field = hover([OVERRIDE], 'thread_pool_search_size')?.markdown ?? '';
    assert.ok(
      field.startsWith(`**search.thread_pool_search_size**\n\n${note}\n\nNumber of threads in the search thread pool`),
      `${fileName}: ${field}`,
    );
    // Replaced by nothing, the block's name has no hover of its own, and its fields no note.
    assert.equal(hover([], name), undefined, fileName);
    assert.ok(!hover([], 'thread_pool_search_size')?.markdown.includes('Not sent'), fileName);
  }
});
