import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { removeTree, runCli, tempTree } from './support';
import { planOf } from '../support/terraform-plans';

const PACKAGE_JSON = '{\n  "name": "web",\n  "version": "1.0.0",\n  "scripts": { "build": "tsc" }\n}\n';

test('a JSON file that is neither a configuration nor a plan: exit 2 with what it lacks, and --fix leaves it as it is', async () => {
  const files: Record<string, string> = {
    'package.json': PACKAGE_JSON,
    'tsconfig.json': '{ "compilerOptions": { "strict": true } }\n',
    'no-changes.json': '{ "format_version": "1.2", "terraform_version": "1.9.5", "planned_values": {} }\n',
    'state.json': '{ "format_version": "1.0", "terraform_version": "1.9.5", "values": { "root_module": {} } }\n',
    'object-changes.json': '{ "format_version": "1.2", "resource_changes": { "a": 1 } }\n',
    'no-version.json': '{ "resource_changes": [] }\n',
    'truncated.json': '{ "format_version": "1.2", "resource_changes": [\n  { "address": "vendor_search.logs"',
  };
  const expected: Record<string, RegExp> = {
    'package.json':
      /package\.json is neither a service configuration nor a Terraform plan: it looks like an npm package manifest .*"name", "version", "scripts"/,
    'tsconfig.json': /tsconfig\.json is neither a service configuration nor a Terraform plan: it looks like a TypeScript/,
    'no-changes.json': /no-changes\.json is an invalid Terraform plan: it has format_version but no resource_changes/,
    'state.json': /state\.json is neither a service configuration nor a Terraform plan: .* as a Terraform state has/,
    'object-changes.json': /object-changes\.json is an invalid Terraform plan: its resource_changes is an object/,
    'no-version.json': /no-version\.json is an invalid Terraform plan: it has resource_changes but no format_version/,
    'truncated.json': /truncated\.json is an invalid Terraform plan: it is not valid JSON \(\w+ at line 2, column \d+\)/,
  };
  const dir = tempTree(files);
  try {
    for (const name of Object.keys(files)) {
      const r = await runCli(['lint', '--fix', name], { cwd: dir });
      assert.equal(r.code, 2, `${name}: ${r.out}${r.err}`);
      assert.match(r.err, expected[name], name);
      assert.equal(r.out.trim(), '', `${name}: nothing of it is reported as findings`);
      assert.equal(fs.readFileSync(path.join(dir, name), 'utf8'), files[name], `${name} is left as it was`);
    }
  } finally {
    removeTree(dir);
  }
});

test('a configuration is still linted when named, whatever its name, even when all its fields are unknown; a plan is linted as a plan', async () => {
  const dir = tempTree({
    'some.json': '{ "thread_pool_index_size": 5 }\n',
    'mixed.json': '{ "name": "logs", "version": "1", "search_version": "2.19" }\n',
    'plan.json': planOf({ search: { http_max_content_length: 1024 } }),
    'empty.json': '{}\n',
  });
  try {
    const some = await runCli(['lint', 'some.json'], { cwd: dir });
    assert.equal(some.code, 1, some.err);
    assert.match(some.out, /Unknown field "thread_pool_index_size"/);
    const mixed = await runCli(['lint', 'mixed.json'], { cwd: dir });
    assert.equal(mixed.code, 1, mixed.err);
    assert.match(mixed.out, /Unknown field "name"/);
    const plan = await runCli(['lint', 'plan.json'], { cwd: dir });
    assert.equal(plan.code, 1, plan.err);
    assert.match(plan.out, /module\.eu\.vendor_search\.logs: search\.http_max_content_length/);
    assert.equal((await runCli(['lint', 'empty.json'], { cwd: dir })).code, 0);
  } finally {
    removeTree(dir);
  }
});

test('a plan named on the command line is linted as a plan whatever its name, extension or none, and from standard input', async () => {
  // "true" for a boolean has a fix in a .tf file; a plan is only read, so --fix must leave every name as it is.
  const plan = planOf({ search: { http_max_content_length: 1024 }, static_ips: 'true' });
  const names = ['tf.plan.json', 'plan.out.json', 'plan', 'plan.out', 'terraform-plan.txt'];
  const dir = tempTree(Object.fromEntries(names.map((n) => [n, plan])));
  const addressed = /^module\.eu\.vendor_search\.logs: search\.http_max_content_length/;
  try {
    for (const name of names) {
      const r = await runCli(['lint', '--format', 'json', name], { cwd: dir });
      assert.equal(r.code, 1, `${name}: ${r.err}`);
      const [report] = JSON.parse(r.out) as Array<{ messages: Array<{ ruleId: string; message: string }> }>;
      assert.ok(
        report.messages.some((m) => m.ruleId === 'unit-mismatch' && addressed.test(m.message)),
        `${name}: ${r.out}`,
      );
      assert.ok(
        report.messages.every((m) => m.message.startsWith('module.eu.vendor_search.logs: ')),
        `${name}: every finding names the resource`,
      );
      const fixed = await runCli(['lint', '--fix', name], { cwd: dir });
      assert.equal(fixed.code, 1, fixed.err);
      assert.equal(fs.readFileSync(path.join(dir, name), 'utf8'), plan, `${name}: a plan is never edited`);
    }
    const piped = await runCli(['lint', '-'], { cwd: dir, stdin: plan });
    assert.equal(piped.code, 1, piped.err);
    assert.match(piped.out, /module\.eu\.vendor_search\.logs: search\.http_max_content_length/);
  } finally {
    removeTree(dir);
  }
});
