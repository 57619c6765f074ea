/**
 * How a request is judged: the path the engine would route (normalised as a client sends it) against the
 * endpoint policy of schemas/endpoint-policy.json. The table is the reference's list of cases.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import Ajv from 'ajv';
import fs from 'node:fs';
import path from 'node:path';
import { analyze, ENDPOINT_POLICY, requestHover, requestPath, verdictOf } from '../../../server/src/core';
import { REPO } from '../../support/repo';

const ROOT = REPO;

const TABLE: Array<[string, string, 'http' | 'console' | 'curl', string, 'allowed' | 'blocked' | 'outside' | 'unknown']> = [
  ['GET', '_cluster/health', 'console', '/_cluster/health', 'allowed'],
  ['GET', '/_cluster/health/my-index?level=shards', 'http', '/_cluster/health/my-index', 'allowed'],
  ['GET', '/_cluster/settings/?flat_settings=true', 'http', '/_cluster/settings', 'allowed'],
  ['PUT', '/_cluster/settings', 'http', '/_cluster/settings', 'blocked'],
  ['GET', '/_cluster/state', 'http', '/_cluster/state', 'blocked'],
  ['PUT', '$ES/_snapshot/repo', 'curl', '/_snapshot/repo', 'blocked'],
  ['GET', '/_cat/repositories?v', 'http', '/_cat/repositories', 'blocked'],
  ['GET', '/_cat/snapshots/repo', 'http', '/_cat/snapshots/repo', 'outside'],
  ['GET', '/foo/../_snapshot', 'http', '/_snapshot', 'blocked'],
  ['GET', '/foo/%2e%2e/_snapshot', 'http', '/_snapshot', 'blocked'],
  ['GET', '//_snapshot', 'http', '/_snapshot', 'blocked'],
  ['GET', '/%5Fsnapshot/x', 'http', '/_snapshot/x', 'blocked'],
  ['GET', '/_snapshots', 'http', '/_snapshots', 'outside'],
  ['GET', '/_CLUSTER/settings', 'http', '/_CLUSTER/settings', 'outside'],
  ['POST', '/_nodes/reload_secure_settings', 'http', '/_nodes/reload_secure_settings', 'outside'],
  ['GET', '/_cluster\\settings', 'http', '/_cluster/settings', 'allowed'],
  ['GET', 'https://user:pw@search.example.com:9243/_cluster/settings#frag', 'http', '/_cluster/settings', 'allowed'],
  ['POST', '/_cluster/health', 'http', '/_cluster/health', 'blocked'],
  ['GET', 'localhost:9200/_snapshot', 'curl', '/_snapshot', 'blocked'],
  ['GET', '${ES_URL}/_cat/repositories', 'curl', '/_cat/repositories', 'blocked'],
  ['GET', '_cluster/health // with a console comment', 'console', '/_cluster/health', 'allowed'],
  ['GET', '/_cluster%2Fsettings', 'http', '/_cluster%2Fsettings', 'outside'],
  ['PUT', '/_cluster/{{what}}', 'http', '/_cluster/{{what}}', 'blocked'], // only GET is allowed there: any PUT is refused
  ['GET', '/_cluster/{{what}}', 'http', '/_cluster/{{what}}', 'unknown'], // the variable may name an allowed endpoint
  ['GET', '/{{index}}/_search', 'http', '/{{index}}/_search', 'unknown'],
  ['DELETE', '/_snapshot/{{repo}}', 'http', '/_snapshot/{{repo}}', 'blocked'],
];

for (const [method, target, format, normalised, verdict] of TABLE) {
  test(`${method} ${target} (${format}) is ${verdict}`, () => {
    const p = requestPath(target, format);
    assert.equal(p.path, normalised);
    assert.equal(verdictOf(method, p).kind, verdict);
  });
}

test("the endpoint policy matches its schema and the spec's counts", () => {
  const ajv = new Ajv({ allErrors: true, strict: true });
  const schema = JSON.parse(fs.readFileSync(path.join(ROOT, 'schemas/endpoint-policy.schema.json'), 'utf8'));
  const validate = ajv.compile(schema);
  assert.ok(validate(ENDPOINT_POLICY), JSON.stringify(validate.errors));
  assert.equal(ENDPOINT_POLICY.allowed.length, 6);
  assert.ok(ENDPOINT_POLICY.allowed.every((e) => e.method === 'GET'));
  assert.deepEqual(ENDPOINT_POLICY.blocked.map((b) => b.prefix).sort(), ['/_cat/repositories', '/_cluster', '/_snapshot']);
});

test('a refused settings update names each field with its converted value, and the settings no field carries', () => {
  const text =
    'PUT _cluster/settings\n{ "persistent": { "http.max_content_length": "1gb", "indices.recovery.max_bytes_per_sec": "512kb" }, "transient": { "logger.org.opensearch": "DEBUG" } }\n';
  const [f] = analyze(`\`\`\`console\n${text}\`\`\`\n`, { fileName: 'runbook.md' }).findings;
  assert.equal(f.ruleId, 'blocked-endpoint');
  assert.match(f.message, /Set instead in the configuration: search\.http_max_content_length: 1073741824\. /);
  assert.match(
    f.message,
    /Cannot be carried over: indices\.recovery\.max_bytes_per_sec "512kb" is 0\.5 MB per second, not a whole number.*; logger\.org\.opensearch has no configuration field: it cannot be changed on the service\.$/,
  );
  const only = analyze('```console\nPUT _cluster/settings\n{ "transient": { "search.max_buckets": 20000 } }\n```\n', { fileName: 'a.md' })
    .findings[0];
  assert.match(
    only.message,
    /Set instead in the configuration: search\.search_max_buckets: 20000\.$/,
    'nothing is said of settings that are not there',
  );
});

test('a .http URL continued on indented lines is judged as sent: one finding over the whole URL, read on each of its lines', () => {
  for (const eol of ['\n', '\r\n']) {
    const text = [
      '### Register a repository',
      'PUT https://search.example.com',
      '    /_snapshot ',
      '\t/nightly',
      'Content-Type: application/json',
      '',
      '{ "type": "fs" }',
      '###',
      '# search-config-disable-next-line blocked-endpoint -- a comment above the request line speaks for its URL',
      'DELETE {{host}}',
      '    /_snapshot/old',
      '',
    ].join(eol);
    const findings = analyze(text, { fileName: 'ops.http' }).findings;
    assert.deepEqual(
      findings.map((f) => [f.ruleId, f.message.split(' is ')[0], text.slice(f.offset, f.offset + f.length).replace(/\r/g, '')]),
      [['blocked-endpoint', 'PUT /_snapshot/nightly', 'https://search.example.com\n    /_snapshot \n\t/nightly']],
    );
    const [f] = findings;
    assert.deepEqual(
      [f.range.start, f.range.end],
      [
        { line: 1, character: 4 },
        { line: 3, character: 9 },
      ],
    );
    for (const line of [1, 2, 3]) {
      const at = text.split(eol).slice(0, line).join(eol).length + eol.length + 2;
      assert.match(
        requestHover(text, 'http', at)?.markdown ?? '',
        /^`PUT \/_snapshot\/nightly` is \*\*refused\*\*/,
        `hover on line ${line + 1}`,
      );
    }
    const header = text.indexOf('Content-Type');
    assert.equal(requestHover(text, 'http', header), undefined, 'no hover on a header');
  }
});
