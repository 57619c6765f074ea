/**
 * Request files from the outside world: credentials never reach any output, and huge, binary or
 * broken files are read in bounded time without a crash.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyze } from '../../../server/src/core';
import { FORMATS } from '../../../server/src/cli/args';
import { removeTree, runCli, tempTree } from '../../cli/support';

const CANARY = 'cAnArY-7f3a9';
const FILES: Record<string, string> = {
  'ops.http': `@password = ${CANARY}\n@repo_secret = ${CANARY}\n###\nDELETE https://search.example.com/_snapshot/{{repo_secret}}\n@token = Bearer-${CANARY}\n###\nDELETE https://admin:${CANARY}@search.example.com/_snapshot/nightly?auth=${CANARY}\nAuthorization: Basic {{password}}\nCookie: session=${CANARY}\n\n###\nPUT https://search.example.com/_cluster/settings\nAuthorization: {{token}}\n\n{ "persistent": { "search.max_buckets": "20000", "plugins.alerting.destination.secret": "${CANARY}" } }\n`,
  'runbook.md': `\`\`\`sh\ncurl -u admin:${CANARY} -H "Authorization: Bearer ${CANARY}" -XDELETE "https://user:${CANARY}@search.example.com/_snapshot/x"\n\`\`\`\n`,
  'backup.sh': `TOKEN=${CANARY}\ncurl --user "admin:${CANARY}" --oauth2-bearer "${CANARY}" -X PUT "https://search.example.com/_snapshot/r#${CANARY}" -d '{"password": "${CANARY}"}'\n`,
};

test('credentials in request files never appear in any output format', async () => {
  const dir = tempTree(FILES);
  try {
    for (const format of FORMATS) {
      const r = await runCli(['lint', '--format', format, ...Object.keys(FILES)], { cwd: dir });
      assert.equal(r.code, 1, `${format}: ${r.err}`);
      assert.ok(r.out.includes('blocked-endpoint'), `${format} reports the refused requests`);
      assert.ok(!r.out.includes(CANARY) && !r.err.includes(CANARY), `a credential appears in the ${format} output`);
    }
  } finally {
    removeTree(dir);
  }
});

test('the --fix-dry-run diff of a request file shows the fix and none of the credentials around it', async () => {
  // An unused suppression comment (fixable) with credentials of every kind on the lines around it.
  const files: Record<string, string> = {
    'ops.http': `@password = ${CANARY}\n# search-config-disable-next-line\n@api_token = "${CANARY}"\n###\nGET https://admin:${CANARY}@search.example.com/_cluster/health?access_token=${CANARY}&v\nAuthorization: Basic ${CANARY}\nCookie: session=${CANARY}\nX-Api-Key: ${CANARY}\n\n{ "password": "${CANARY}", "size": 1 }\n`,
    'restore.md': `\`\`\`sh\n# search-config-disable-next-line blocked-endpoint\n\nexport ES_PASSWORD='${CANARY}'\ncurl -u admin:${CANARY} -H "Authorization: Bearer ${CANARY}" --oauth2-bearer ${CANARY} "$ES/_cluster/health"\n\`\`\`\n`,
    'check.sh': `TOKEN=${CANARY} SECRET="${CANARY}" curl --user="admin:${CANARY}" -H 'Cookie: a=${CANARY}' "$ES/_nodes" # search-config-disable-next-line\ncurl -uadmin:${CANARY} "$ES/_cluster/stats"\n`,
    // Combined short flags, form and JSON bodies in every quoting, user info without a scheme,
    // variables named like credentials, signed URLs and a netrc, around a fixable comment.
    'restore.sh':
      [
        `ES_CREDS=admin:${CANARY}`,
        `export API_KEY="${CANARY} x"`,
        `PRIVATE_KEY='${CANARY}'`,
        `SESSION=${CANARY}; COOKIE=${CANARY}`,
        `curl -su admin:${CANARY} "$ES/_cluster/health"`,
        `curl -sSu "admin:${CANARY}" -d 'password=${CANARY}' "$ES/x"`,
        '# search-config-disable-next-line',
        `curl -d "{\\"password\\":\\"${CANARY}\\"}" --data-urlencode "client_secret=${CANARY}" -F 'token=${CANARY}' "$ES/x"`,
        `curl admin:${CANARY}@search.example.com:9200/_cat/indices \\`,
        `  -b "session=${CANARY}" -H "X-Api-Key: ${CANARY}" -E cert.pem:${CANARY}`,
        `curl "https://s3.example.com/b/o?X-Amz-Credential=${CANARY}&X-Amz-Security-Token=${CANARY}&X-Amz-Signature=${CANARY}"`,
        `curl "https://blob.example.com/c?sv=1&sig=${CANARY}&se=2"`,
        `machine search.example.com login admin password ${CANARY}`,
      ].join('\n') + '\n',
    'vars.http': `@bearer = ${CANARY}\n@es_creds = admin:${CANARY}\n# search-config-disable-next-line\n###\nGET https://search.example.com/_nodes\nProxy-Authorization: Basic ${CANARY}\nSet-Cookie: sid=${CANARY}\n`,
  };
  // The same files as Windows writes them, too.
  for (const [name, text] of Object.entries(files)) files[name.replace(/^/, 'crlf-')] = text.replace(/\n/g, '\r\n');
  const dir = tempTree(files);
  try {
    const r = await runCli(['lint', '--fix-dry-run', ...Object.keys(files)], { cwd: dir });
    for (const name of Object.keys(files)) assert.ok(r.out.includes(`+++ b/${name}`), `the diff covers ${name}:\n${r.out}`);
    assert.match(r.out, /^-# search-config-disable-next-line\r?$/m, 'the removed comment is shown');
    assert.ok(!r.out.includes(CANARY) && !r.err.includes(CANARY), `a credential appears in the diff:\n${r.out}`);
    assert.match(r.out, /Authorization: \*\*\*/, 'a masked header keeps its name');
    assert.match(
      r.out,
      /https:\/\/\*\*\*@search\.example\.com\/_cluster\/health\?access_token=\*\*\*&v/,
      'a masked URL keeps its host and path',
    );
  } finally {
    removeTree(dir);
  }
});

test('huge, binary and broken request files are read in bounded time without a crash', () => {
  const many = Array.from({ length: 100_000 }, (_, i) => `###\nDELETE {{host}}/_snapshot/s${i}\n`).join('');
  // [case, text, the file kind whose findings are counted, refused requests, lines or commands too long to read]
  const cases: Array<[string, string, string | undefined, number, number]> = [
    ['100,000 requests', many, 'x.http', 100_000, 0],
    ['100,000 curl lines', 'curl -X DELETE "$ES/_snapshot/x"\n'.repeat(100_000), 'x.sh', 100_000, 0],
    ['an unterminated fence', '```console\n' + 'PUT _snapshot/x\n'.repeat(50_000), 'x.md', 50_000, 0],
    ['an unterminated quote', `curl "${'a'.repeat(2_000_000)}`, 'x.sh', 0, 1],
    ['a long continued line', `curl ${'\\\n'.repeat(200_000)}-X DELETE $ES/_snapshot/x\n`, 'x.sh', 0, 1],
    ['a short continued line', `curl ${'\\\n'.repeat(2_000)}-X DELETE $ES/_snapshot/x\n`, 'x.sh', 1, 0],
    ['binary bytes', Buffer.from(Array.from({ length: 1_000_000 }, (_, i) => (i * 7919) % 256)).toString('latin1'), undefined, 0, 0],
    ['a line of 5 MB', `GET /${'a/'.repeat(2_500_000)}\n`, 'x.http', 0, 1],
  ];
  for (const [name, text, counted, blocked, limits] of cases) {
    for (const fileName of ['x.http', 'x.md', 'x.sh']) {
      const { findings, internalErrors } = analyze(text, { fileName });
      assert.deepEqual(internalErrors, [], `${name} in ${fileName}`);
      assert.ok(findings.length <= text.length / 10 + 10, `${name} in ${fileName}: ${findings.length} findings`);
      if (fileName !== counted) continue;
      assert.equal(findings.filter((f) => f.ruleId === 'blocked-endpoint').length, blocked, `${name} in ${fileName}`);
      assert.equal(findings.filter((f) => f.ruleId === 'input-limit').length, limits, `${name} in ${fileName}`);
    }
  }
});

test('a request file past maxFileSize is reported, not read', () => {
  const { findings } = analyze('GET /_snapshot\n'.repeat(100), { fileName: 'x.http', maxFileSize: 100 });
  assert.deepEqual(
    findings.map((f) => f.ruleId),
    ['input-limit'],
  );
});
