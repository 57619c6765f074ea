import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze } from '../../../server/src/core';

const only = (ids: string[]) => ({
  rules: Object.fromEntries(
    [
      'unit-hint',
      'unit-mismatch',
      'restart-required',
      'create-only-field',
      'no-effect',
      'secret-in-plain-text',
      'thread-pool-capped',
      'performance-risk',
    ].map((id) => [id, 'off' as const]),
  ),
  ids,
});

// Speed on these inputs is measured by the benchmark (npm run bench), never asserted here.
test('unknown-field reports every one of 100,000 unknown keys in one object', () => {
  const members = Array.from({ length: 100_000 }, (_, i) => `"custom_setting_${i}": "value-${i}"`);
  const text = `{ "search": { ${members.join(', ')}, "http_max_content_lenght": 104857600 } }`;
  const { findings, internalErrors } = analyze(text, { fileName: 'big.json', rules: only([]).rules });
  assert.deepEqual(internalErrors, []);
  const unknown = findings.filter((f) => f.ruleId === 'unknown-field');
  assert.equal(unknown.length, 100_001);
  assert.ok(unknown.some((f) => f.fix?.edits[0].newText === '"http_max_content_length"'));
});

test('duplicate-key reports every repetition of a key written 50,000 times', () => {
  const text = `{ ${Array.from({ length: 50_000 }, (_, i) => `"static_ips": ${i % 2 === 0}`).join(', ')} }`;
  const { findings } = analyze(text, { fileName: 'dup.json', rules: only([]).rules });
  assert.equal(findings.filter((f) => f.ruleId === 'duplicate-key').length, 49_999);
});

test('the value of an unknown key never appears in a finding', () => {
  const secret = 'sk-live-0123456789abcdef';
  const text = JSON.stringify({
    openid: {
      client_id: 'app',
      client_secret: '<CLIENT_SECRET>',
      connect_url: 'https://idp.example.com',
      client_secert: secret,
      token: secret,
    },
    api_key: secret,
    opensearch: { password: secret },
  });
  const { findings } = analyze(text, { fileName: 'secret.json' });
  assert.ok(findings.some((f) => f.ruleId === 'unknown-field'));
  for (const f of findings) {
    assert.ok(!f.message.includes(secret), `${f.ruleId}: ${f.message}`);
    for (const fix of [f.fix, ...(f.suggestions ?? [])]) assert.ok(!fix || !fix.title.includes(secret), `${f.ruleId}: ${fix?.title}`);
  }
});

test('a secret that breaks a pattern or length is never shown', () => {
  const secret = `line-one\nline-two-${'x'.repeat(2000)}`;
  const text = JSON.stringify({
    search: { email_sender_password: secret },
    openid: { enabled: false, client_id: 'app', client_secret: secret },
  });
  const { findings } = analyze(text, { fileName: 'secret.json' });
  const invalid = findings.filter((f) => f.ruleId === 'invalid-value');
  assert.ok(invalid.length >= 2);
  for (const f of invalid) assert.ok(!f.message.includes('line-one') && !/\d+ characters long/.test(f.message), f.message);
});
