/**
 * Credentials in request files are masked where output quotes their lines; everything else stays as
 * written, so that a diff still reads as the file. Every kind of credential is tried in every position
 * it can take (bare, in single or double quotes, JSON escaped in a double-quoted string, on a continued
 * line), with LF and CRLF line ends: the masked text must be exactly the line with the credential
 * replaced by `***`.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { maskRequestCredentials } from '../../../server/src/core/request-files/mask';
import { Rng } from '../../fuzz/rng';
import { assertLinear } from '../../support/growth';

const CANARY = 'cAnArY';
/** A credential value; the spaced one only where quotes keep it one word. */
const value = (n: number, spaced = false): string => `${CANARY}${n}${spaced ? ' and, more; text' : 'x9'}`;

/**
 * A line and what it must become: `before` and `after` as written, `secret` replaced by `***`. A line
 * that starts with blanks continues a curl command: the line before it is `curl -s \`.
 */
interface Case {
  before: string;
  secret: string;
  after: string;
}
const cases: Case[] = [];
const add = (before: string, secret: string, after: string): void => {
  cases.push({ before, secret, after });
};
const CONTINUED = 'curl -s \\';

type Quote = '' | "'" | '"';
const QUOTES: Quote[] = ['', "'", '"'];

/** Options whose whole value is the credential: the word after the flag, quotes included, is masked. */
const OPTIONS = [
  '-u',
  '-U',
  '-E',
  '-b',
  '--user',
  '--proxy-user',
  '--cert',
  '--cookie',
  '--oauth2-bearer',
  '--pass',
  '--proxy-pass',
  '--tlspassword',
  '--password',
  '--http-password',
  '--auth',
];
/** curl's boolean short flags combined before one that takes a credential. */
const CLUSTERS = ['-su', '-sSu', '-ksu', '-sU', '-kE', '-sb', '-vsSu'];

/** Credentials inside a word: the value only is masked, the rest of the word (and its quotes) stays. */
function innerWords(n: number, spaced: boolean): Array<[string, string, string]> {
  const v = value(n, spaced);
  const words: Array<[string, string, string]> = [
    ['password=', v, ''],
    ['user=ops&password=', v, '&remember=1'],
    ['client_secret=', v, ''],
    ['Authorization: ', `Bearer ${v}`, ''],
    ['Proxy-Authorization: ', `Basic ${v}`, ''],
    ['X-Api-Key: ', v, ''],
    ['X-Auth-Token: ', v, ''],
    ['Cookie: ', `session=${v}; theme=dark`, ''],
    ['Set-Cookie: ', `sid=${v}; Path=/`, ''],
  ];
  if (!spaced) {
    words.push(
      ['https://', `admin:${v}`, '@search.example.com:9200/_cluster/health'],
      ['http://', `${v}`, '@search.example.com/'],
      ['', `admin:${v}`, '@search.example.com:9200/_nodes'],
      ['https://s3.example.com/b/o?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=', v, '&X-Amz-Date=20250101T000000Z'],
      ['https://s3.example.com/b/o?X-Amz-Security-Token=', v, '&X-Amz-Expires=300'],
      ['https://s3.example.com/b/o?X-Amz-Expires=300&X-Amz-Signature=', v, ''],
      ['https://blob.example.com/c?sv=2024&sig=', v, '&se=2025'],
      ['https://h.example.com/x?signature=', v, '&v'],
      ['https://h.example.com/x?access_token=', v, '#top'],
      ['https://h.example.com/cb#access_token=', v, '&state=s'],
      ['https://h.example.com/x?api_key=', v, ''],
    );
  }
  return words;
}

let n = 0;
// Options, alone, combined and attached, in every quoting style; at the end of the line and before more.
for (const q of QUOTES) {
  for (const spaced of q ? [false, true] : [false]) {
    for (const flag of [...OPTIONS, ...CLUSTERS]) {
      const word = `${q}admin:${value(++n, spaced)}${q}`;
      add(`curl ${flag} `, word, ` "$ES/_cluster/health"`);
      add(`curl -s ${flag}${flag.startsWith('--') ? '=' : ''}`, word, '');
      add(`  ${flag} `, word, ' \\');
    }
    // Words holding a credential, as an argument of curl options or as the URL.
    for (const opt of ['-d', '--data', '--data-raw', '--data-urlencode', '-F', '--form', '-H', '--header', '']) {
      for (const [head, secret, tail] of innerWords(++n, spaced)) {
        if (!q && (/\s/.test(head + secret + tail) || /[&;#]/.test(head + tail))) continue;
        add(`curl -s ${opt}${opt ? ' ' : ''}${q}${head}`, secret, `${tail}${q} "$ES/_cluster/health"`);
        add(`  ${opt}${opt ? ' ' : ''}${q}${head}`, secret, `${tail}${q}`);
      }
    }
  }
}
// JSON bodies: in single quotes, and escaped inside a double-quoted shell string.
for (const key of ['password', 'secret_key', 'access_key', 'token', 'api_key', 'credentials', 'private_key', 'session']) {
  const v = value(++n);
  add(`curl -XPOST "$ES/_reindex" -d '{"source":{"remote":{"host":"https://h:9200","${key}":`, `"${v}"`, "}}}'");
  add(`curl -XPOST "$ES/_reindex" -d "{\\"source\\":{\\"remote\\":{\\"${key}\\":`, `\\"${v}\\"`, '}}}"');
  add(`curl -d "{\\"${key}\\": `, `\\"${v}\\"`, ', \\"size\\": 1}" "$ES/x"');
  add(`  "${key}": `, `"${value(++n, true)}"`, ',');
  add(`  { "${key}" : `, `${n}${n}${n}`, ' }');
}
// Variables named like credentials: shell, PowerShell and .http file variables, netrc lines.
for (const name of [
  'ES_CREDS',
  'AUTH',
  'API_KEY',
  'SECRET',
  'PASS',
  'PWD',
  'CREDENTIAL',
  'CREDENTIALS',
  'PRIVATE_KEY',
  'SESSION',
  'COOKIE',
  'ES_PASSWORD',
  'TOKEN',
  'es_token',
]) {
  add(`${name}=`, value(++n), '');
  add(`export ${name}=`, `"${value(++n, true)}"`, '');
  add(`${name}=`, `'${value(++n, true)}'`, ' curl -s "$ES/x"');
  add(`readonly ${name}=`, value(++n), '; curl -s "$ES/x"');
  add(`$env:${name} = `, `"${value(++n, true)}"`, '');
  add(`@${name} = `, value(++n, true), '');
  add(`@${name}=`, value(++n), '');
}
for (const name of ['bearer', 'password', 'admin_password', 'apiKey', 'sessionId']) add(`@${name} = `, value(++n, true), '');
add('machine search.example.com login admin password ', value(++n), '');
add('default login admin password ', value(++n), '');
add('  password ', value(++n), '');
add('Authorization: ', `Basic ${value(++n)}`, '');
add('Cookie: ', `a=${value(++n)}; b=c`, '');
// ANSI-C quoting.
add('curl -u ', `$'admin:${value(++n)}'`, ' "$ES/x"');
add("curl -d $'password=", value(++n, true), '\' "$ES/x"');
add('ES_PASSWORD=', `$'${value(++n, true)}'`, '');
add('password: ', value(++n, true), '');
add('  - api_key: ', value(++n, true), '');
add('GET https://search.example.com/_search?token=', value(++n), '&pretty');
add('GET https://', `elastic:${value(++n)}`, '@search.example.com/_cluster/health');

/** Lines that hold no credential: each must stay exactly as written. */
const PLAIN = [
  '@host = https://search.example.com:9200',
  'GET {{host}}/_cat/indices?v&h=index,docs.count&s=index',
  'Content-Type: application/json',
  'Accept: */*',
  'curl -XPUT "$ES/_cluster/settings" -H \'Content-Type: application/json\' -d \'{"persistent":{"search.max_buckets":20000}}\'',
  'curl -s -o out.json -w "%{http_code}" "https://search.example.com:9200/_snapshot/nightly?wait_for_completion=true"',
  'sort -u names.txt | grep -E "^x" > out',
  'export ES_URL=https://search.example.com ES_USER=ops',
  'Mail ops@example.com when it fails.',
  '{ "query": { "match": { "title": "secrets of search" } }, "size": 10 }',
  '# search-config-disable-next-line blocked-endpoint -- shown on purpose',
  '<!-- search-config-disable-next-line -->',
  '```sh',
  '',
];

const continues = (c: Case): boolean => c.before.startsWith('  -');
const lineOf = (c: Case): string => (continues(c) ? `${CONTINUED}\n` : '') + c.before + c.secret + c.after;
const wantOf = (c: Case): string => (continues(c) ? `${CONTINUED}\n` : '') + `${c.before}***${c.after}`;

test('every credential kind in every position is masked, and the rest of the line stays as written', () => {
  assert.ok(cases.length > 300, `${cases.length} cases`);
  for (const c of cases) {
    assert.ok(c.secret.toLowerCase().includes(CANARY.toLowerCase()) || /^\d+$/.test(c.secret), `case holds a credential: ${lineOf(c)}`);
    assert.equal(maskRequestCredentials(lineOf(c)), wantOf(c), lineOf(c));
  }
  for (const line of PLAIN) assert.equal(maskRequestCredentials(line), line);
});

test('a whole file is masked line by line, with LF and CRLF line ends kept', () => {
  const lines = [...cases.map(lineOf), ...PLAIN].flatMap((l) => l.split('\n'));
  const wants = [...cases.map(wantOf), ...PLAIN].flatMap((l) => l.split('\n'));
  for (const eol of ['\n', '\r\n']) {
    const masked = maskRequestCredentials(lines.join(eol) + eol);
    assert.equal(masked, wants.join(eol) + eol);
    assert.ok(!masked.toLowerCase().includes(CANARY.toLowerCase()));
  }
});

test('credentials stay masked when commands are chained, nested, wrapped and continued', () => {
  // Commands of the cases above, combined at random as scripts combine them: one after another on a
  // line, inside $( ) or backticks, after an if, continued over lines, in Markdown list items.
  const commands = cases.map(lineOf).filter((l) => /^(?:curl |[A-Za-z_]+=|export |readonly )/.test(l));
  const joins = ['; ', ' && ', ' || ', ' | tee out; ', ' & '];
  const wraps: Array<(c: string) => string> = [
    (c) => c,
    (c) => `RESP=$(${c})`,
    (c) => `echo "$(${c})"`,
    (c) => `until(${c}); do sleep 1; done`,
    (c) => `if ${c}; then echo ok; fi`,
    (c) => `    ${c}`,
    (c) => `- \`${c}\``,
    (c) => `sudo -E ${c}`,
    (c) => c.replace(/ -/, ' \\\n  -'),
  ];
  const rng = new Rng(20250101);
  let tried = 0;
  for (let i = 0; i < 3000; i++) {
    const parts = Array.from({ length: rng.int(1, 3) }, () => rng.pick(commands));
    let line = parts[0];
    for (const p of parts.slice(1)) line += rng.pick(joins) + p;
    const text = rng.pick(wraps)(line);
    for (const eol of ['\n', '\r\n']) {
      const masked = maskRequestCredentials(`# step ${i}${eol}${text.replace(/\n/g, eol)}${eol}`);
      tried++;
      assert.ok(!masked.toLowerCase().includes(CANARY.toLowerCase()), `a credential is shown in:\n${text}\n->\n${masked}`);
    }
  }
  assert.ok(tried >= 6000);
});

test('a credential split over the continuation lines of a .http URL is masked as the URL is sent', () => {
  const lines: Array<[string, string]> = [
    ['### The lines of the URL are joined when it is sent: each is trimmed, the line breaks left out', ''],
    [`GET https://admin:`, `GET https://***`],
    [`    ${value(1)}@search.example.com`, `    ***@search.example.com`],
    ['    /_snapshot?access_token=', '    /_snapshot?access_token='],
    [`\t${value(2)} HTTP/1.1`, '\t*** HTTP/1.1'],
    [`Authorization: Bearer ${value(3)}`, 'Authorization: ***'],
    ['    text/plain=', '    text/plain='],
    ['###', ''],
    ['PUT {{host}}/_snapshot/x?client_secret=', ''],
    [`    ${value(4)}`, '    ***'],
    ['Accept: application/json', ''],
    // Not a URL's continuation: a header, also indented, and a line after the HTTP version.
    ['GET /_cluster/health?token=', ''],
    ['    Accept: a', ''],
    ['GET /_cluster/health?token= HTTP/1.1', ''],
    ['    a', ''],
  ];
  for (const eol of ['\n', '\r\n']) {
    const masked = maskRequestCredentials(lines.map(([l]) => l).join(eol) + eol);
    assert.equal(masked, lines.map(([l, m]) => m || l).join(eol) + eol);
  }
});

test('masking reads each character a bounded number of times: work grows linearly with hostile input', () => {
  // Runs that make a naive pattern look back or forward over the whole line at every step.
  const hostile = (k: number): string[] => [
    'a.'.repeat(k),
    '-a'.repeat(k),
    'x:'.repeat(k) + '@',
    '@'.repeat(k),
    ':a@'.repeat(k),
    'p='.repeat(k),
    'password='.repeat(k),
    '"a":'.repeat(k),
    '\\"a\\":'.repeat(k),
    `"${'a'.repeat(k)}`,
    'password: '.repeat(k),
    '://'.repeat(k),
    ' -u'.repeat(k),
    `curl ${'-s '.repeat(k)}`,
    '\\'.repeat(k),
    '\'"'.repeat(k),
    `a${' '.repeat(k)}=`,
    `"${' '.repeat(k)}:`,
    `GET /?token=${'\n  /a:@'.repeat(k)}`,
    `GET /${'\n  ://'.repeat(k)}`,
    `GET /?${'\n  &token=a'.repeat(k)}`,
  ];
  // The same number of characters in 16, 4 and 1 pieces (test/support/growth.ts): linear work takes
  // about as long each way, quadratic work 16 times as long for the one long run.
  assertLinear('masking hostile runs', (k, s) => {
    const inputs = hostile(4_000 * k * s);
    return () => {
      for (const text of inputs) maskRequestCredentials(text);
    };
  });
});
