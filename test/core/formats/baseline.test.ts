/**
 * Each format reads the deployed configuration once while it stays the same (the fixer and an editor
 * analyse again and again against one baseline): a different baseline, file name or depth is read
 * anew, and every result is the one a first reading gives.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { analyze } from '../../../server/src/core';
import { loadTerraformFromDisk } from '../../../server/src/node/terraform-wasm';

before(() => loadTerraformFromDisk());

const tf = (name: string) => `resource "vendor_search" "a" {\n  search_user_config {\n    recovery_basebackup_name = "${name}"\n  }\n}\n`;
const yaml = (name: string) =>
  `apiVersion: vendor.io/v1alpha1\nkind: Search\nmetadata:\n  name: a\nspec:\n  userConfig:\n    recovery_basebackup_name: ${name}\n`;
const json = (name: string) => `{ "recovery_basebackup_name": "${name}" }\n`;
const tfJson = (name: string) =>
  JSON.stringify({ resource: { vendor_search: { a: { search_user_config: { recovery_basebackup_name: name } } } } });

for (const [fileName, make] of [
  ['a.search.json', json],
  ['main.tf', tf],
  ['main.tf.json', tfJson],
  ['deploy.yaml', yaml],
] as const) {
  test(`${fileName}: the findings against a baseline are those of a first reading, as the baseline changes and comes back`, () => {
    const seen = (baselineText: string) =>
      analyze(make('backup-2'), { fileName, baselineText })
        .findings.map((f) => `${f.ruleId} ${f.path}`)
        .sort();
    const against = [make('backup-1'), make('backup-2'), make('backup-1')].map(seen);
    // A create-only field changed on a deployed service: reported against the other backup's name, not against its own.
    const changed = 'create-only-field recovery_basebackup_name';
    assert.ok(against[0].includes(changed), `${fileName}: ${JSON.stringify(against)}`);
    assert.ok(!against[1].includes(changed), `${fileName}: ${JSON.stringify(against)}`);
    assert.deepEqual(against[2], against[0]);
  });
}
