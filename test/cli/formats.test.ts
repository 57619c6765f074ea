import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FORMATS } from '../../server/src/cli/args';
import { escapeData, escapeProperty } from '../../server/src/cli/formatters/github';
import { escapeXml } from '../../server/src/cli/formatters/junit';
import { toJsonResult } from '../../server/src/cli/formatters/json';
import { applyEdits, analyze } from '../../server/src/core';
import { removeTree, runCli, tempTree } from './support';

test('github: %, CR and LF are escaped in messages; also : and , in properties', () => {
  assert.equal(escapeData('100% done\r\nnext'), '100%25 done%0D%0Anext');
  assert.equal(escapeProperty('a:b,c%'), 'a%3Ab%2Cc%25');
});

test('junit: markup characters and characters XML cannot hold are escaped', () => {
  assert.equal(escapeXml('<a href="x">&\'</a>'), '&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;');
  assert.equal(escapeXml('nul\u0000 lone\uD800 pair\uD83D\uDD0D'), 'nul\uFFFD lone\uFFFD pair\uD83D\uDD0D');
});

/** Secret canaries in a secret field, an unknown key, and a misplaced secret field. */
const SECRETS = `{
  "openid": { "enabled": false, "client_id": "id", "client_secret": "CANARY-openid-0001" },
  "search": { "email_sender_password": "CANARY-email-0002", "email_sender_passwrd": "CANARY-typo-0003" },
  "client_secret": "CANARY-toplevel-0004",
  "static_ips": "true"
}
`;

for (const format of FORMATS) {
  test(`${format}: no secret value appears in the output, with fixes and suggestions included`, async () => {
    const dir = tempTree({ 'a.search.json': SECRETS });
    try {
      for (const extra of [[], ['--fix-dry-run'], ['--min-severity', 'hint']]) {
        const r = await runCli(['lint', '--format', format, ...extra], { cwd: dir });
        assert.ok(r.out.length > 0);
        assert.ok(!/CANARY/.test(r.out + r.err), `${format} ${extra.join(' ')}:\n${r.out}`);
      }
    } finally {
      removeTree(dir);
    }
  });
}

test('json: each fix range and text reproduce the core fix on the file text', async () => {
  const text = '{\n  "search": { "http_max_content_length": "104857600" },\n  "search_version": 3.6,\n  "static_ips": "true"\n}\n';
  const dir = tempTree({ 'a.search.json': text });
  try {
    const r = await runCli(['lint', '--format', 'json'], { cwd: dir });
    const core = analyze(text, { fileName: 'a.search.json' }).findings.filter((f) => f.fix);
    const json = JSON.parse(r.out)[0].messages.filter((m: { fix?: unknown }) => m.fix);
    assert.equal(json.length, core.length);
    assert.ok(json.length >= 3);
    json.forEach((m: { fix: { range: [number, number]; text: string } }, i: number) => {
      const viaJson = text.slice(0, m.fix.range[0]) + m.fix.text + text.slice(m.fix.range[1]);
      assert.equal(viaJson, applyEdits(text, core[i].fix!.edits));
    });
  } finally {
    removeTree(dir);
  }
});

test('json: line and column are 1-based UTF-16 positions', async () => {
  const text = '{ "ip_filter": ["10.0.0.0/8"], "custom_domain": "\u{1F50D}", "static_ips": "no" }';
  const dir = tempTree({ 'a.search.json': text });
  try {
    const r = await runCli(['lint', '--format', 'json'], { cwd: dir });
    const m = JSON.parse(r.out)[0].messages.find((x: { ruleId: string }) => x.ruleId === 'type-mismatch');
    assert.equal(m.line, 1);
    assert.equal(m.column, text.indexOf('"no"') + 1);
    assert.equal(m.endColumn, text.indexOf('"no"') + 5);
  } finally {
    removeTree(dir);
  }
});

/** A small well-formedness check: balanced tags, quoted attributes, only known entities, no stray markup. */
function assertWellFormedXml(xml: string): void {
  const body = xml.replace(/^<\?xml [^?]*\?>\n/, '');
  const stack: string[] = [];
  const token = /<\/?([A-Za-z][\w.-]*)((?:\s+[\w.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let m: RegExpExecArray | null;
  let consumed = 0;
  while ((m = token.exec(body))) {
    consumed = token.lastIndex;
    if (m[4] !== undefined) {
      assert.ok(!/&(?!(amp|lt|gt|quot|apos);)/.test(m[4]), `bare & in text: ${m[4]}`);
      continue;
    }
    assert.ok(!/&(?!(amp|lt|gt|quot|apos);)/.test(m[2]), `bare & in attributes: ${m[2]}`);
    if (m[0].startsWith('</')) assert.equal(stack.pop(), m[1], `closing ${m[1]}`);
    else if (!m[3]) stack.push(m[1]);
  }
  assert.equal(consumed, body.length, `unparsed XML from: ${body.slice(consumed, consumed + 80)}`);
  assert.deepEqual(stack, [], 'every element closed');
}

test('junit: the report is well-formed XML even with markup and control characters in messages', async () => {
  const dir = tempTree({
    'a&b <c>.search.json': '{ "\u0001<x>&": 1, "static_ips": "true" }',
    'clean.search.json': '{ "service_log": true }',
  });
  try {
    const r = await runCli(['lint', '--format', 'junit'], { cwd: dir });
    assertWellFormedXml(r.out);
    assert.match(r.out, /<testsuite name="a&amp;b &lt;c&gt;.search.json" tests="\d+" failures="\d+"/);
    assert.match(r.out, /<testcase name="clean.search.json" classname="clean.search.json"\/>/);
  } finally {
    removeTree(dir);
  }
});

test('json: a fix whose span covers an earlier duplicate holding a secret is left out', () => {
  const text = '{ "openid": { "client_secret": "CANARY-earlier-duplicate", "client_secret": "<CLIENT_SECRET>" } }';
  const finding = {
    ruleId: 'duplicate-key',
    severity: 'error' as const,
    message: 'm',
    path: 'openid',
    offset: 0,
    length: 1,
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
    fix: {
      title: 't',
      edits: [
        { offset: 1, length: 0, newText: ' ' },
        { offset: text.length - 1, length: 0, newText: ' ' },
      ],
    },
  };
  const result = toJsonResult({ file: '/w/a.search.json', displayPath: 'a.search.json', text, findings: [finding] });
  assert.equal(result.messages[0].fix, undefined);
  assert.ok(!JSON.stringify(result).includes('CANARY'));
});
