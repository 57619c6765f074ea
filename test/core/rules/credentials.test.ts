/**
 * The credential mask that every message, report and configuration diff goes through: the user info of
 * URLs and credential parameters become `***`, and nothing else changes.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { maskSecrets } from '../../../server/src/cli/unified-diff';
import { maskCredentials } from '../../../server/src/core/credentials';

const CASES: Array<[string, string]> = [
  ['http://admin:PW@idp/.well-known/openid-configuration', 'http://***@idp/.well-known/openid-configuration'],
  ['https://ghp_TOKEN@github.example.com/org/repo.git', 'https://***@github.example.com/org/repo.git'],
  ['https://user:p@ss:w0rd@idp.example.com:8443/x', 'https://***@idp.example.com:8443/x'],
  ['https://u:pw@[2001:db8::1]:9200/', 'https://***@[2001:db8::1]:9200/'],
  ['admin:PW@search.example.com:9200', '***@search.example.com:9200'],
  ['is "admin:PW@h:9200", which', 'is "***@h:9200", which'],
  [
    'https://s3.example.com/b/o?X-Amz-Credential=AK%2F1&X-Amz-Security-Token=T&X-Amz-Signature=S&X-Amz-Expires=300',
    'https://s3.example.com/b/o?X-Amz-Credential=***&X-Amz-Security-Token=***&X-Amz-Signature=***&X-Amz-Expires=300',
  ],
  ['https://blob.example.com/c?sv=2024&sig=S%2B1&se=2025', 'https://blob.example.com/c?sv=2024&sig=***&se=2025'],
  ['https://idp.example.com/cb#access_token=T&state=x', 'https://idp.example.com/cb#access_token=***&state=x'],
  ['https://h.example.com/x?token=T#frag', 'https://h.example.com/x?token=***#frag'],
  ['password=PW', 'password=***'],
  // Not credentials: kept exactly.
  ['https://idp.example.com/metadata?format=xml&v=2', 'https://idp.example.com/metadata?format=xml&v=2'],
  ['ops@example.com', 'ops@example.com'],
  ['https://registry.example.com/@scope/pkg', 'https://registry.example.com/@scope/pkg'],
  ['search.example.com:9200', 'search.example.com:9200'],
  ['openid.connect_url is a plain http:// URL: use https://.', 'openid.connect_url is a plain http:// URL: use https://.'],
];

test('URL user info and credential parameters are masked; everything else stays', () => {
  for (const [text, want] of CASES) assert.equal(maskCredentials(text), want, text);
});

test('the dry-run text of a configuration masks credentials however a string is escaped, and in keys and comments', () => {
  const text = [
    '{',
    '  // the old one was http://admin:CnryA@idp.example.com/x?token=CnryB',
    '  "openid": { "connect_url": "http:\\/\\/admin:CnryC\\u0040idp.example.com\\/x?sig=CnryD" },',
    '  /* https://CnryE@h.example.com */',
    '  "saml": { "idp_metadata_url": "https://idp.example.com/m?X-Amz-Signature=CnryF&v=1" }',
    '}',
  ].join('\n');
  const masked = maskSecrets(text, 'prod.search.jsonc');
  assert.ok(!masked.includes('Cnry'), masked);
  assert.match(masked, /"connect_url": "http:\/\/\*\*\*@idp\.example\.com\/x\?sig=\*\*\*"/);
  assert.match(masked, /"idp_metadata_url": "https:\/\/idp\.example\.com\/m\?X-Amz-Signature=\*\*\*&v=1"/);
  assert.equal(masked.split('\n').length, text.split('\n').length, 'lines are kept');
});

test('the mask reads each character a bounded number of times', () => {
  const hostile = (k: number): string[] => [
    'a.'.repeat(k),
    'x:'.repeat(k) + '@',
    '@'.repeat(k),
    ':a@'.repeat(k),
    '://a'.repeat(k),
    'p='.repeat(k),
    'password='.repeat(k),
    `https://${'a:'.repeat(k)}`,
  ];
  // CPU time per character of inputs 16 times longer, the same number of characters in all: linear
  // work keeps the ratio near 1, quadratic work makes it 16. Each cost is the least of a few
  // measurements, taken in turns: the least is the one the busy machine disturbed least.
  const once = (k: number): number => {
    const inputs = hostile(k);
    const t = process.cpuUsage();
    for (let r = 0; r < 64_000 / k; r++) for (const s of inputs) maskCredentials(s);
    const u = process.cpuUsage(t);
    return u.user + u.system;
  };
  once(1_000);
  let small = Infinity,
    large = Infinity;
  for (let i = 0; i < 5; i++) {
    small = Math.min(small, once(4_000));
    large = Math.min(large, once(64_000));
  }
  assert.ok(large < small * 5, `x16 input cost x${(large / small).toFixed(1)} per character`);
});
