import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { runCli } from './support';

test('a plan fixture: fields in change.before and not in change.after are reported with their defaults, a sensitive old value never printed', async () => {
  const fixtures = path.join(__dirname, '../../../test/fixtures/terraform/plans');
  for (const format of ['stylish', 'json', 'sarif']) {
    const r = await runCli(['lint', '--format', format, 'removed-field.plan.json'], { cwd: fixtures });
    assert.equal(r.code, 1, r.err);
    assert.ok(!r.out.includes('hunter2'), `${format}: the secret is never printed`);
    if (format !== 'json') continue;
    const [result] = JSON.parse(r.out) as Array<{ messages: Array<{ ruleId: string; message: string }> }>;
    const removed = result.messages
      .filter((m) => m.ruleId === 'removed-field')
      .map((m) => m.message.replace(/ was removed.*write its default: (.*)\.$/, ' -> $1').replace(/ was removed.*/, ' -> (no default)'));
    assert.deepEqual(removed.sort(), [
      'module.eu.vendor_search.logs: ip_filter -> ["0.0.0.0/0","::/0"]',
      'module.eu.vendor_search.logs: openid.scope -> "openid profile email address phone"',
      'module.eu.vendor_search.logs: search.indices_query_bool_max_clause_count -> 1024',
      'module.eu.vendor_search.logs: search_dashboards.max_old_space_size -> 128',
    ]);
    // The required client_secret removed is one finding: missing-required, which stands for removed-field there.
    assert.deepEqual(
      result.messages.filter((m) => m.ruleId === 'missing-required').map((m) => m.message),
      [
        'module.eu.vendor_search.logs: openid is missing "client_secret" (secret of the OpenID Connect client), which the API requires. Add it.',
      ],
    );
  }
});

test('a plan that replaces a service: its fork field is said to destroy it, and nothing is said to restart or be kept', async () => {
  const fixtures = path.join(__dirname, '../../../test/fixtures/terraform/plans');
  const r = await runCli(['lint', '--format', 'json', 'replace.plan.json'], { cwd: fixtures });
  assert.equal(r.code, 0, r.err);
  const [result] = JSON.parse(r.out) as Array<{ messages: Array<{ ruleId: string; message: string }> }>;
  assert.deepEqual(
    result.messages.map((m) => `${m.ruleId}: ${m.message}`),
    [
      'create-only-field: vendor_search.forked: service_to_fork_from is set to "prod-search" but was not set in the state before the plan: the Terraform provider replaces the service when it changes, so applying this destroys the service, with its data, and creates a new one. To fork or restore, give the new service a resource of its own; otherwise revert it here.',
      'removed-field: vendor_search.updated: search.indices_query_bool_max_clause_count was removed (it is 4096 in the state before the plan), but removing a field does not reset it: the API merges the configuration, so the service keeps its old value. To reset it, write its default: 1024.',
      'restart-required: vendor_search.updated: Changing search.reindex_remote_whitelist restarts all engine instances (["a.example.com:9200"] -> ["b.example.com:9200"], compared with the state before the plan). Apply it in a maintenance window, or revert the change if it is not needed now.',
    ],
  );
});
