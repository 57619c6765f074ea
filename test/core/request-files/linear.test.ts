/**
 * Hostile request files: runs of one character where a reader looks for structure (`{{`, `${`, `?`,
 * quotes, backslashes, `$(`, fences, list markers). Each is read at x1, x4 and x16 its length and the
 * CPU time is compared: linear reading grows 16 times, a quadratic one 256 times. CPU time, not
 * wall-clock time, and a generous bound, so a busy machine does not make the test fail (see
 * test/support/cpu-time.ts); speed itself is the benchmark's business.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyze } from '../../../server/src/core';
import { MAX_COMMAND_LENGTH, MAX_REQUEST_LINE, MAX_REQUESTS } from '../../../server/src/core/request-files/types';
import { hostMatches } from '../../../server/src/core/request-files/match';
import { assertLinear } from '../../support/growth';

/** A hostile line with `n` characters of runs, in the file kind it targets. */
type Case = [name: string, fileName: string, make: (n: number) => string];
const run = (c: string, n: number): string => c.repeat(Math.floor(n / c.length));
const CASES: Case[] = [
  ['.http: PUT / and a run of {', 'x.http', (n) => `PUT /${run('{', n)}\n`],
  ['.http: PUT / and a run of {{', 'x.http', (n) => `PUT /${run('{{', n)}\n`],
  ['.http: a run of ${ in the path', 'x.http', (n) => `GET /_snapshot/${run('${', n)}\n`],
  ['.http: {{ and blanks', 'x.http', (n) => `PUT {{ ${run(' ', n)}x\n`],
  ['.http: a file variable with blanks before its end', 'x.http', (n) => `@host = a${run(' ', n)}b\nGET {{host}}/_snapshot\n`],
  ['.http: a run of ? and #', 'x.http', (n) => `GET /_cluster/settings${run('?#', n)}\n`],
  ['.http: quotes and backslashes in a body', 'x.http', (n) => `PUT /_cluster/settings\n\n{"a": "${run('\\"', n)}"}\n`],
  ['.http: a curl block with {{', 'x.http', (n) => `curl http://h/${run('{{', n)}\n`],
  ['.http: a URL continued on many lines', 'x.http', (n) => `PUT /_snapshot\n${run('  /a\n', n)}`],
  ['.http: a request line and many indented headers', 'x.http', (n) => `PUT /_snapshot\n${run('  a: b\n', n)}`],
  ['.sh: curl and a run of {{', 'x.sh', (n) => `curl http://h/${run('{{', n)}\n`],
  ['.sh: curl and a run of ${', 'x.sh', (n) => `curl http://h/${run('${', n)}\n`],
  ['.sh: a quoted URL with many ? before a line break', 'x.sh', (n) => `curl "http://h/_snapshot${run('?', n)}\n"\n`],
  ['.sh: a run of quotes', 'x.sh', (n) => `curl http://h/${run('"\'', n)}\n`],
  ['.sh: a run of backslashes', 'x.sh', (n) => `curl http://h/${run('\\', n)}\n`],
  ['.sh: nested $(', 'x.sh', (n) => `curl ${run('$(', n)}\n`],
  ['.sh: nested backticks and subshells', 'x.sh', (n) => `curl ${run('`(', n)}\n`],
  ['.sh: variables', 'x.sh', (n) => `u=http://h/_snapshot\ncurl ${run('$u', n)}\n`],
  ['.sh: here-document markers', 'x.sh', (n) => `cat ${run('<<E ', n)}\ncurl $ES/_snapshot\n`],
  ['.sh: comments', 'x.sh', (n) => `curl $ES/_snapshot ${run('#', n)}\n`],
  ['.md: console PUT / and a run of {', 'x.md', (n) => `\`\`\`console\nPUT /${run('{', n)}\n\`\`\`\n`],
  ['.md: sh block with ${', 'x.md', (n) => `\`\`\`sh\ncurl http://h/${run('${', n)}\n\`\`\`\n`],
  ['.md: a run of backticks', 'x.md', (n) => `${run('`', n)}\nGET /_snapshot\n`],
  ['.md: list markers', 'x.md', (n) => `${run('- ', n)}\`\`\`console\nPUT _snapshot/x\n`],
  ['.md: html comment openers', 'x.md', (n) => `<!-- search-config-disable-next-line ${run('<!--', n)}\n`],
];

const LINES = 20;
const UNIT = 1000;
for (const [name, fileName, make] of CASES) {
  test(`linear: ${name}`, () => {
    // The hostile line repeated on many lines, so that even x1 takes measurable time; each line grows.
    assertLinear(name, (k, s) => {
      const text = make(UNIT * k).repeat(LINES * s);
      assert.ok(
        text.split('\n').every((l) => l.length <= MAX_REQUEST_LINE),
        'under the line limit: the readers read it',
      );
      return () => analyze(text, { fileName });
    });
  });
}

test('a request line or command past its limit is reported as input-limit, and the rest of the file is still read', () => {
  const long = `PUT /${'{'.repeat(MAX_REQUEST_LINE)}`;
  const http = analyze(`${long}\n###\nPUT /_cluster/settings\n`, { fileName: 'x.http' }).findings;
  assert.deepEqual(
    http.map((f) => [f.ruleId, f.range.start.line]),
    [
      ['input-limit', 0],
      ['blocked-endpoint', 2],
    ],
  );
  assert.match(http[0].message, new RegExp(`${long.length} characters, more than the ${MAX_REQUEST_LINE}`));
  const sh = analyze(`curl -d '${'x'.repeat(MAX_COMMAND_LENGTH)}' $ES/_snapshot/a\ncurl -X DELETE $ES/_snapshot/b\n`, {
    fileName: 'x.sh',
  }).findings;
  assert.deepEqual(
    sh.map((f) => [f.ruleId, f.range.start.line]),
    [
      ['input-limit', 0],
      ['blocked-endpoint', 1],
    ],
  );
  assert.match(sh[0].message, /curl -d @body\.json/);
  const md = analyze(`\`\`\`console\n${long}\nDELETE _snapshot/x\n\`\`\`\n`, { fileName: 'x.md' }).findings;
  assert.deepEqual(
    md.map((f) => [f.ruleId, f.range.start.line]),
    [
      ['input-limit', 1],
      ['blocked-endpoint', 2],
    ],
  );
  // A URL continued on indented lines counts as one request line, its continuation lines included.
  const piece = `    /${'a'.repeat(1000)}`;
  const continued = `PUT {{host}}/_snapshot\n${`${piece}\n`.repeat(17)}Accept: */*\n###\nDELETE /_snapshot/x\n`;
  const url = analyze(continued, { fileName: 'x.http' }).findings;
  assert.deepEqual(
    url.map((f) => [f.ruleId, f.range.start.line]),
    [
      ['input-limit', 0],
      ['blocked-endpoint', 20],
    ],
  );
  assert.equal(
    url[0].message,
    `This URL has ${'{{host}}/_snapshot'.length + 17 * 1001} characters (its continuation lines included), more than the ${MAX_REQUEST_LINE} a request line of a request file may have; it was not read. A request line is a few hundred characters: check how the file was generated.`,
  );
  assert.deepEqual(
    analyze(`PUT {{host}}/_snapshot\n${`${piece}\n`.repeat(16)}`, { fileName: 'x.http' }).findings.map((f) => f.ruleId),
    ['blocked-endpoint'],
    'just under the limit, it is read',
  );
  // A long line nobody reads as a request (prose, an echo) is no finding.
  assert.deepEqual(analyze(`${'word '.repeat(MAX_REQUEST_LINE)}\n`, { fileName: 'x.md' }).findings, []);
  assert.deepEqual(analyze(`echo ${'x'.repeat(MAX_COMMAND_LENGTH + 1)}\n`, { fileName: 'x.sh' }).findings, []);
  // input-limit can be turned off like any rule.
  assert.deepEqual(analyze(`${long}\n`, { fileName: 'x.http', rules: { 'input-limit': 'off' } }).findings, []);
});

test('lines just under the limit are read: a refused request with a long query is still found', () => {
  const target = `/_snapshot/x?${'a'.repeat(MAX_REQUEST_LINE - 30)}`;
  const f = analyze(`DELETE ${target}\n`, { fileName: 'x.http' }).findings;
  assert.deepEqual(
    f.map((x) => x.ruleId),
    ['blocked-endpoint'],
  );
});

test('requests.hosts patterns: * matches any run of characters, and a long host name costs linear time', () => {
  const cases: Array<[string, string, boolean]> = [
    ['prod.search.example.com', '*.search.example.com', true],
    ['search.example.com', '*.search.example.com', false],
    ['PROD.Search.Example.com', '*.search.example.com', true],
    ['localhost', 'localhost', true],
    ['localhost2', 'localhost', false],
    ['a.b.c', '*', true],
    ['es-01.internal', 'es-*.internal', true],
    ['es-01.internal.evil', 'es-*.internal', false],
    ['a+b.example', 'a+b.*', true],
    ['axb.example', 'a.b.*', false],
  ];
  for (const [host, pattern, expected] of cases) assert.equal(hostMatches(host, [pattern]), expected, `${host} ~ ${pattern}`);
  const pattern = '*a*a*a*a*a*b';
  assertLinear(`a host of a's against ${pattern}`, (k, s) => {
    const host = 'a'.repeat(2000 * k * s);
    return () => hostMatches(host, [pattern]);
  });
});

test('a file with more requests than any runbook holds is read up to the limit, and the rest is reported', () => {
  const over = MAX_REQUESTS + 10;
  const cases: Array<[string, string]> = [
    ['x.sh', 'curl a;'.repeat(over)],
    ['x.http', 'GET /a\n###\n'.repeat(over)],
    ['x.md', `\`\`\`console\n${'GET a\n'.repeat(over)}\`\`\`\n`],
  ];
  for (const [fileName, text] of cases) {
    const limits = analyze(text, { fileName }).findings.filter((f) => f.ruleId === 'input-limit');
    assert.equal(limits.length, 1, fileName);
    assert.match(limits[0].message, new RegExp(`more than ${MAX_REQUESTS} requests`));
  }
  assert.equal(
    analyze('curl -XDELETE $ES/_snapshot/x\n'.repeat(1000), { fileName: 'x.sh' }).findings.length,
    1000,
    'under the limit every request is read',
  );
});
