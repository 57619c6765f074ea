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
