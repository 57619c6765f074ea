/**
 * Each input limit at its exact boundary: a file at the limit is analysed, one a step past it is
 * reported (input-limit) and not analysed. The bombs far past the limits are tested elsewhere;
 * these catch a limit that is off by one. The limits are read from the code, never written here.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { analyze, DEFAULT_MAX_DEPTH, DEFAULT_MAX_FILE_SIZE, type AnalyzeOptions } from '../../server/src/core';
import { MAX_TERRAFORM_SIZE } from '../../server/src/core/formats/terraform/document';
import { YAML_CONFIG_LIMITS } from '../../server/src/core/formats/yaml/read';
import { loadTerraformFromDisk } from '../../server/src/node/terraform-wasm';

before(() => loadTerraformFromDisk());

const limitFindings = (text: string, options: AnalyzeOptions) => analyze(text, options).findings.filter((f) => f.ruleId === 'input-limit');
/** The file at the limit (`n`) gives no input-limit finding and is read; one past it (`n + 1`) gives one. */
function boundary(what: string, make: (n: number) => string, n: number, options: AnalyzeOptions, read: (text: string) => boolean): void {
  const at = make(n),
    past = make(n + 1);
  assert.deepEqual(
    limitFindings(at, options).map((f) => f.message),
    [],
    `${what}: ${n} is within the limit`,
  );
  assert.ok(read(at), `${what}: the file at the limit is analysed`);
  assert.equal(limitFindings(past, options).length, 1, `${what}: ${n + 1} is past the limit`);
  assert.ok(!read(past), `${what}: the file past the limit is not analysed`);
}

const manifest = (config: string): string =>
  `apiVersion: vendor.io/v1alpha1\nkind: Search\nmetadata:\n  name: logs\nspec:\n  userConfig:\n${config}`;

test('YAML: as many aliases as the limit are read, one more is not', () => {
  const make = (n: number) => manifest(`    ip_filter: &open ["10.0.0.0/8"]\n    unknown_lists:\n${'      - *open\n'.repeat(n)}`);
  const read = (text: string) => analyze(text, { fileName: 'deploy.yaml' }).configurations.length === 1;
  boundary('aliases', make, YAML_CONFIG_LIMITS.aliases, { fileName: 'deploy.yaml' }, read);
});

test('a file of as many characters as the size limit is read, one more is not', () => {
  // Blanks after the value: the file's size is all that changes.
  const make = (n: number) => `{"static_ipz": true}${' '.repeat(n - 20)}`;
  const read = (text: string) => analyze(text, { fileName: 'a.search.json' }).findings.some((f) => f.ruleId === 'unknown-field');
  assert.equal(make(100).length, 100);
  boundary('file size', make, DEFAULT_MAX_FILE_SIZE, { fileName: 'a.search.json' }, read);
});

test('a .tf file of as many characters as the HCL parser reads is read, one more is not', () => {
  const block = 'resource "vendor_search" "s" {\n  search_user_config {\n    static_ipz = true\n  }\n}\n';
  const make = (n: number) => `${block}#${'x'.repeat(n - block.length - 2)}\n`;
  assert.equal(make(1000).length, 1000);
  const read = (text: string) => analyze(text, { fileName: 'main.tf' }).findings.some((f) => f.ruleId === 'unknown-field');
  boundary('Terraform size', make, MAX_TERRAFORM_SIZE, { fileName: 'main.tf' }, read);
});

test('JSON nested as deep as the depth limit is read, one level more is not', () => {
  // The configuration object and n - 1 lists in an unknown field: n levels of nesting.
  const make = (n: number) => `{"static_ipz": ${'['.repeat(n - 1)}${']'.repeat(n - 1)}}`;
  const read = (text: string) => analyze(text, { fileName: 'a.search.json' }).findings.some((f) => f.ruleId === 'unknown-field');
  boundary('JSON depth', make, DEFAULT_MAX_DEPTH, { fileName: 'a.search.json' }, read);
});

test('YAML nested as deep as the depth limit is read, one level more is not', () => {
  // The manifest's root, spec and userConfig maps, then lists in an unknown field: n levels of nesting.
  const make = (n: number) => manifest(`    static_ipz: ${'['.repeat(n - 3)}${']'.repeat(n - 3)}\n`);
  const read = (text: string) => analyze(text, { fileName: 'deploy.yaml' }).findings.some((f) => f.ruleId === 'unknown-field');
  boundary('YAML depth', make, DEFAULT_MAX_DEPTH, { fileName: 'deploy.yaml' }, read);
});

test('Terraform nested as deep as the depth limit is read, one level more is not', () => {
  // The resource's and search_user_config's braces, then lists in an unknown field: n levels of nesting.
  const make = (n: number) =>
    `resource "vendor_search" "s" {\n  search_user_config {\n    static_ipz = ${'['.repeat(n - 2)}${']'.repeat(n - 2)}\n  }\n}\n`;
  const read = (text: string) => analyze(text, { fileName: 'main.tf' }).findings.some((f) => f.ruleId === 'unknown-field');
  boundary('Terraform depth', make, DEFAULT_MAX_DEPTH, { fileName: 'main.tf' }, read);
});
