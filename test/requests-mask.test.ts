/**
 * Credentials in request files are masked where output quotes their lines; everything else stays as
 * written, so that a diff still reads as the file.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { maskRequestCredentials } from '../server/src/core/requests/mask';

const CASES: Array<[string, string]> = [
  ['@host = https://search.example.com:9200', '@host = https://search.example.com:9200'],
  ['@admin_password = s3cret', '@admin_password = ***'],
  ['GET https://admin:s3cret@search.example.com/_cluster/health?flat_settings=true', 'GET https://***@search.example.com/_cluster/health?flat_settings=true'],
  ['GET {{host}}/_search?access_token=s3cret&pretty', 'GET {{host}}/_search?access_token=***&pretty'],
  ['Content-Type: application/json', 'Content-Type: application/json'],
  ['Authorization: Basic czNjcmV0', 'Authorization: ***'],
  ['Cookie: session=s3cret', 'Cookie: ***'],
  ['X-Api-Key: s3cret', 'X-Api-Key: ***'],
  ['{ "persistent": { "search.max_buckets": 20000, "password": "s3cret" } }', '{ "persistent": { "search.max_buckets": 20000, "password": *** } }'],
  ['curl -u admin:s3cret -XPUT "$ES/_cluster/settings"', 'curl -u *** -XPUT "$ES/_cluster/settings"'],
  [`curl --user='admin:s3cret' -H 'Authorization: Bearer s3cret' "$ES/_nodes"`, `curl --user=*** -H 'Authorization: ***' "$ES/_nodes"`],
  ['export ES_PASSWORD="s3cret"; ES_URL=https://search.example.com', 'export ES_PASSWORD=***; ES_URL=https://search.example.com'],
  ['# search-config-disable-next-line blocked-endpoint -- shown on purpose', '# search-config-disable-next-line blocked-endpoint -- shown on purpose'],
];

test('credentials are masked, and nothing else changes', () => {
  for (const [line, want] of CASES) assert.equal(maskRequestCredentials(line), want, line);
  const text = CASES.map(([line]) => line).join('\r\n');
  const masked = maskRequestCredentials(text);
  assert.equal(masked.split('\r\n').length, CASES.length, 'line breaks are kept');
  assert.ok(!masked.includes('s3cret') && !masked.includes('czNjcmV0'));
});
