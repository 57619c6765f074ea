import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze } from '../../../../server/src/core';
import { planOf } from '../../../support/terraform-plans';

const findings = (text: string, fileName = 'plan.json') => analyze(text, { fileName }).findings;

test('a plan is recognised by its content whatever its name, and its findings name the resource address with its module', () => {
  const plan = planOf({ search: { http_max_content_length: 1024 } });
  for (const name of ['plan.json', 'tf.plan.json', 'whatever.search.json']) {
    const f = findings(plan, name).find((x) => x.ruleId === 'unit-mismatch');
    assert.ok(f, name);
    assert.match(f.message, /^module\.eu\.vendor_search\.logs: search\.http_max_content_length/);
    assert.equal(f.path, 'search.http_max_content_length');
    // The finding points at the value in the plan's own text.
    assert.equal(plan.slice(f.offset, f.offset + f.length), '1024');
  }
});

test('change.before against change.after gives restart-required and create-only findings without a git baseline', () => {
  const plan = planOf(
    { search: { reindex_remote_whitelist: ['new.example.com:9200'] }, service_to_fork_from: 'other-service' },
    { search: { reindex_remote_whitelist: ['old.example.com:9200'] } },
  );
  const ids = findings(plan).map((f) => `${f.ruleId} ${f.path}`);
  assert.ok(ids.includes('restart-required search.reindex_remote_whitelist'), ids.join(', '));
  assert.ok(ids.includes('create-only-field service_to_fork_from'), ids.join(', '));
  assert.deepEqual(
    findings(planOf({ search: { reindex_remote_whitelist: ['new.example.com:9200'] } })).filter((f) => f.ruleId === 'restart-required'),
    [],
    'a new resource restarts nothing',
  );
});

test('sensitive values are judged and never printed, a sensitive secret is no plain-text one; values unknown until apply are skipped', () => {
  const plan = planOf(
    {
      openid: { client_id: 'app', client_secret: 'hunter2-secret', connect_url: 'http://idp.example.com/x' },
      search: { http_max_content_length: 5 },
    },
    undefined,
    {
      after_sensitive: { search_user_config: [{ openid: [{ client_secret: true, connect_url: true }] }] },
      after_unknown: { search_user_config: [{ search: [{ http_max_content_length: true }] }] },
    },
  );
  const all = findings(plan);
  assert.ok(!JSON.stringify(all).includes('hunter2'), JSON.stringify(all));
  // The URL is judged as one from a sensitive variable is in a .tf file; the secret came from a
  // sensitive variable (no plain text to report), and the size is unknown.
  assert.deepEqual(
    all.map((f) => f.ruleId),
    ['insecure-url'],
  );
  assert.ok(!JSON.stringify(all).includes('idp.example.com'), JSON.stringify(all));
  const unmarked = findings(
    planOf({
      openid: { client_id: 'app', client_secret: 'hunter2-secret', connect_url: 'http://idp.example.com/x' },
      search: { http_max_content_length: 5 },
    }),
  );
  for (const id of ['insecure-url', 'unit-mismatch', 'secret-in-plain-text'])
    assert.ok(
      unmarked.some((f) => f.ruleId === id),
      `the same values unmarked are judged: ${id}`,
    );
  assert.ok(!JSON.stringify(unmarked.map((f) => f.message)).includes('hunter2'));
});

test('a value unknown until apply and absent from after is not a missing member', () => {
  const plan = planOf({ openid: { client_id: 'app', client_secret: '<CLIENT_SECRET>' } }, undefined, {
    after_unknown: { search_user_config: [{ openid: [{ connect_url: true }] }] },
  });
  assert.deepEqual(
    findings(plan).filter((f) => f.ruleId === 'missing-required'),
    [],
  );
  assert.equal(
    findings(planOf({ openid: { client_id: 'app', client_secret: '<CLIENT_SECRET>' } })).filter((f) => f.ruleId === 'missing-required')
      .length,
    1,
  );
});
