import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { analyze, applyEdits, fixAll } from '../../../../server/src/core';
import { compare, loadFixture } from '../../../support/fixtures';
import { REPO } from '../../../support/repo';

const FIXTURES = path.join(REPO, 'test/fixtures/yaml');

const fixtures = fs
  .readdirSync(FIXTURES)
  .filter((n) => /\.ya?ml$/.test(n) && !n.includes('.fixed.'))
  .sort();

for (const name of fixtures) {
  test(`yaml fixture ${name}`, () => {
    const fx = loadFixture(path.join(FIXTURES, name));
    const { findings, internalErrors } = analyze(fx.text, fx.options);
    assert.deepEqual(internalErrors, []);
    const problems = compare(fx, findings);
    assert.deepEqual(problems, [], `${name}:\n  ${problems.join('\n  ')}`);
    if (fx.fixed !== undefined) {
      const result = fixAll(fx.text, fx.options);
      assert.equal(result.text, fx.fixed, `${name}: text after fixing`);
      assert.equal(fixAll(result.text, fx.options).text, result.text, `${name}: fixing again changes nothing`);
    }
  });
}

const manifest = (userConfig: string, name = 'logs'): string =>
  `apiVersion: vendor.io/v1alpha1\nkind: Search\nmetadata:\n  name: ${name}\nspec:\n  userConfig:\n${userConfig.replace(/^/gm, '    ')}\n`;

test('a YAML file that is neither *.search.yaml nor a kind: Search manifest is not parsed, and gives nothing', () => {
  const result = analyze('kind: Deployment\nspec:\n  replicas: [unclosed\n', { fileName: 'deploy.yaml' });
  assert.deepEqual(result.findings, []);
  assert.deepEqual(result.configurations, []);
  assert.equal(result.work, 0);
});

test('YAML has no coercion: a number where a string is required is a type-mismatch error', () => {
  const f = analyze('search_version: 2\n', { fileName: 'a.search.yaml' }).findings.find((x) => x.ruleId === 'type-mismatch');
  assert.equal(f?.severity, 'error');
  assert.equal(f?.path, 'search_version');
  assert.deepEqual(f?.range.start, { line: 0, character: 16 });
});

test('baselines match manifests by kind and metadata.name, whatever their order', () => {
  const whitelist = (hosts: string): string => `search:\n  reindex_remote_whitelist: [${hosts}]`;
  const before = `${manifest(whitelist('"a.example.com:443"'), 'a')}---\n${manifest(whitelist('"b.example.com:443"'), 'b')}`;
  const after = `${manifest(whitelist('"b.example.com:443"'), 'b')}---\n${manifest(whitelist('"c.example.com:443"'), 'a')}`;
  const restarts = analyze(after, { fileName: 'search.yaml', baselineText: before }).findings.filter(
    (f) => f.ruleId === 'restart-required',
  );
  assert.deepEqual(
    restarts.map((f) => f.message.split(':')[0]),
    ['Search/a'],
    'only the document whose value changed',
  );
});

test('a secret in a manifest never appears in a message or a fix title', () => {
  const text = manifest(
    'openid:\n  enabled: true\n  client_id: app\n  client_secret: hunter2-secret\n  connect_url: https://idp.example.com/.well-known/openid-configuration',
  );
  const { findings } = analyze(text, { fileName: 'search.yaml' });
  assert.ok(findings.some((f) => f.ruleId === 'secret-in-plain-text'));
  const shown = findings.flatMap((f) => [f.message, f.fix?.title, ...(f.suggestions ?? []).map((s) => s.title)]).join('\n');
  assert.ok(!shown.includes('hunter2'), shown);
});

test('a value an anchor shares with an alias is edited at neither end, but the keys that hold them can be renamed', () => {
  const text = 'search:\n  email_sender_username: &sender ops\n  email_sender_nam: *sender\n  email_sender_password: "<PASSWORD>"\n';
  const doc = analyze(text, { fileName: 'shared.search.yaml' }).configurations[0];
  for (const path of [
    ['search', 'email_sender_username'],
    ['search', 'email_sender_nam'],
  ]) {
    assert.equal(doc.editsFor([{ kind: 'set', path, value: 'alerts' }]), undefined, `set ${path.join('.')}`);
    assert.equal(doc.editsFor([{ kind: 'remove', path }]), undefined, `remove ${path.join('.')}`);
    assert.ok(doc.editsFor([{ kind: 'rename', path, to: 'email_sender_name' }]), `rename ${path.join('.')}`);
  }
  // A value no alias shares is edited as usual.
  assert.ok(doc.editsFor([{ kind: 'set', path: ['search', 'email_sender_password'], value: '<SMTP>' }]));
});

test('fix intents become YAML edits: set, remove, add and rename keep comments and indentation', () => {
  const text = manifest(
    '# limits\nsearch:\n    http_max_content_lenght: 100mb # old\n    email_sender_name: ops\nip_filter: ["10.0.0.0/8"]',
  );
  const result = analyze(text, { fileName: 'search.yaml' });
  const doc = result.configurations[0];
  const apply = (edits: ReturnType<typeof doc.editsFor>): string => {
    assert.ok(edits, 'the edit can be made');
    let out = text;
    for (const e of [...edits].sort((a, b) => b.offset - a.offset))
      out = out.slice(0, e.offset) + e.newText + out.slice(e.offset + e.length);
    return out;
  };
  assert.equal(
    apply(doc.editsFor([{ kind: 'rename', path: ['search', 'http_max_content_lenght'], to: 'http_max_content_length' }])),
    text.replace('lenght', 'length'),
  );
  assert.equal(
    apply(doc.editsFor([{ kind: 'set', path: ['search', 'http_max_content_lenght'], value: 104857600 }])),
    text.replace('100mb', '104857600'),
  );
  assert.equal(
    apply(doc.editsFor([{ kind: 'remove', path: ['search', 'email_sender_name'] }])),
    text.replace('        email_sender_name: ops\n', ''),
  );
  assert.equal(
    apply(doc.editsFor([{ kind: 'add', path: ['search'], key: 'email_sender_name', value: 'on' }])),
    text.replace('ops\n', 'ops\n        email_sender_name: "on"\n'),
  );
  assert.equal(
    apply(doc.editsFor([{ kind: 'append', path: ['ip_filter'], item: '192.168.0.0/16' }])),
    text.replace('"10.0.0.0/8"]', '"10.0.0.0/8", "192.168.0.0/16"]'),
  );
  assert.equal(
    apply(doc.editsFor([{ kind: 'add', path: [], key: 'openid', value: { enabled: false } }]))
      .split('\n')
      .slice(-3)
      .join('\n'),
    '    openid:\n      enabled: false\n',
  );
  assert.equal(doc.editsFor([{ kind: 'move', path: ['search'], to: ['x'] }]), undefined, 'a move is not offered');
});

test('removing the last member of a block map leaves an empty map, not null', () => {
  const text = 'search:\n  thread_pool_index_size: 4\nstatic_ips: true\n';
  const doc = analyze(text, { fileName: 'a.search.yaml' }).configurations[0];
  const [edit] = doc.editsFor([{ kind: 'remove', path: ['search', 'thread_pool_index_size'] }])!;
  const out = text.slice(0, edit.offset) + edit.newText + text.slice(edit.offset + edit.length);
  assert.equal(out, 'search:\n  {}\nstatic_ips: true\n');
  assert.deepEqual(analyze(out, { fileName: 'a.search.yaml' }).configurations[0].value, { search: {}, static_ips: true });
});

/** A billion-laughs document with `levels` levels of nine aliases each. */
function aliasBomb(levels: number): string {
  const lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]'];
  for (let i = 1; i <= levels; i++)
    lines.push(
      `a${i}: &a${i} [${Array(9)
        .fill(`*a${i - 1}`)
        .join(', ')}]`,
    );
  return `${lines.join('\n')}\n`;
}

test('hostile: an alias bomb gives an input-limit finding before anything is expanded; the work stays flat as it grows', () => {
  const works: number[] = [];
  for (const levels of [5, 20, 80]) {
    const result = analyze(aliasBomb(levels), { fileName: 'bomb.search.yaml' });
    assert.deepEqual(
      result.findings.map((f) => f.ruleId),
      ['input-limit'],
      `levels ${levels}`,
    );
    assert.match(result.findings[0].message, /alias bomb/);
    works.push(result.work!);
  }
  // The reading stops at the same alias however many levels follow it.
  assert.equal(works[2], works[1]);
  assert.ok(works[1] < 200, `work ${works.join(', ')}`);
  // The same bomb inside a manifest's userConfig.
  const inManifest = analyze(manifest(aliasBomb(20)), { fileName: 'search.yaml' });
  assert.deepEqual(
    inManifest.findings.map((f) => f.ruleId),
    ['input-limit'],
  );
});

test('hostile: aliases within the limits cost work in proportion to the file (x1, x4, x16)', () => {
  const works = [1, 4, 16].map((n) => {
    const text = `x-base: &base {pattern: "logs-*", max_index_count: 3}\nindex_patterns:\n${'  - *base\n'.repeat(5 * n)}`;
    return analyze(text, { fileName: 'a.search.yaml' }).work!;
  });
  assert.ok(works[1] / works[0] < 5 && works[2] / works[1] < 5, `work ${works.join(', ')}`);
});

test('hostile: deep nesting gives one input-limit finding, block or flow', () => {
  for (const text of [
    'a:\n' + Array.from({ length: 2000 }, (_, i) => `${' '.repeat(i + 1)}b:`).join('\n') + ' 1\n',
    `a: ${'['.repeat(5000)}${']'.repeat(5000)}\n`,
  ]) {
    const result = analyze(text, { fileName: 'deep.search.yaml' });
    assert.deepEqual(
      result.findings.map((f) => f.ruleId),
      ['input-limit'],
    );
    assert.match(result.findings[0].message, /nested/);
  }
});

test('hostile: long runs of one character give no crash, and no more findings as they grow (x1, x4, x16)', () => {
  for (const ch of [' ', '#', '-', '[', ':', '"', '\n', 'a', '&', '*', '{', "'"]) {
    const counts = [1, 4, 16].map((n) => {
      const text = `search_version: "2.19"\nx: ${ch.repeat(2000 * n)}\n`;
      const result = analyze(text, { fileName: 'runs.search.yaml' });
      assert.deepEqual(result.internalErrors, []);
      return result.findings.length;
    });
    assert.ok(counts[2] <= counts[0] + 1 && counts[2] <= 3, `${JSON.stringify(ch)}: findings ${counts.join(', ')}`);
  }
});

test('suppression comments work in YAML: # search-config-disable-next-line', () => {
  const text = 'search:\n  # search-config-disable-next-line unit-mismatch\n  http_max_content_length: 100mb\n';
  const ids = analyze(text, { fileName: 'a.search.yaml' }).findings.map((f) => f.ruleId);
  assert.deepEqual(ids, []);
  const unsuppressed = analyze(text.replace('# search-config', '# not search-config'), { fileName: 'a.search.yaml' }).findings.map(
    (f) => f.ruleId,
  );
  assert.deepEqual(unsuppressed.sort(), ['unit-mismatch']);
});

test('a yaml-trap message never quotes the value of a secret field, nor of a field the schema does not know', () => {
  const text = 'openid:\n  client_secret: 0755\nclient_secrt: on\n';
  const shown = analyze(text, { fileName: 'a.search.yaml' })
    .findings.map((f) => f.message)
    .join('\n');
  assert.ok(!/0755|\bon\b/.test(shown), shown);
});

test('a key written as a list or a map is reported, not silently dropped', () => {
  const text = 'static_ips: true\n? [a, b]\n: 1\n';
  const f = analyze(text, { fileName: 'a.search.yaml' }).findings.find((x) => x.ruleId === 'invalid-syntax');
  assert.match(f?.message ?? '', /A key here is a list or a map/);
  assert.equal(text.slice(f!.offset, f!.offset + f!.length), '[a, b]');
});

test('fixes and suggestions keep CRLF line endings, and fixing again changes nothing', () => {
  const text =
    'kind: Search\r\nmetadata:\r\n  name: a\r\nspec:\r\n  userConfig:\r\n    openid:\r\n      enabled: true\r\n      client_id: app\r\n    search:\r\n      http_max_content_length: 100mb\r\n';
  const options = { fileName: 'search.yaml' };
  const fixed = fixAll(text, options).text;
  assert.equal(fixed, text.replace('100mb', '104857600'));
  assert.equal(fixAll(fixed, options).text, fixed);
  // The members still missing are suggested, with the file's line ends.
  const missing = analyze(fixed, options).findings.find((f) => f.ruleId === 'missing-required');
  assert.equal(
    applyEdits(fixed, missing!.suggestions![0].edits),
    fixed.replace('      client_id: app\r\n', '      client_id: app\r\n      connect_url: "<CONNECT_URL>"\r\n'),
  );
});

test('hostile: merge keys are aliases like any other: a merge-key bomb stops at the alias limits, its work flat as it grows', () => {
  // Each level merges the one below twice: 2^levels members if it were expanded.
  const mergeBomb = (levels: number): string => {
    const lines = ['x-l0: &l0 {a: 1, b: 2}'];
    for (let i = 1; i <= levels; i++) lines.push(`x-l${i}: &l${i} {<<: [*l${i - 1}, *l${i - 1}], k${i}: ${i}}`);
    return `${lines.join('\n')}\nsearch:\n  <<: *l${levels}\n`;
  };
  const works: number[] = [];
  for (const levels of [20, 40, 80]) {
    const result = analyze(mergeBomb(levels), { fileName: 'bomb.search.yaml' });
    assert.deepEqual(
      result.findings.map((f) => f.ruleId),
      ['input-limit'],
      `levels ${levels}`,
    );
    works.push(result.work!);
  }
  assert.ok(works[2] - works[0] < 400, `work ${works.join(', ')}`);
  // The alias limit at its boundary: 100 aliases in merge lists are read, 101 are not.
  const aliases = (n: number): string => `x-a: &a {static_ips: true}\nsearch:\n  <<: [${Array(n).fill('*a').join(', ')}]\n`;
  assert.deepEqual(
    analyze(aliases(100), { fileName: 'a.search.yaml' }).findings.filter((f) => f.ruleId === 'input-limit'),
    [],
  );
  assert.deepEqual(
    analyze(aliases(101), { fileName: 'a.search.yaml' }).findings.map((f) => f.ruleId),
    ['input-limit'],
  );
});

test('a fix never edits what a merge key brings: it is written elsewhere', () => {
  const text = manifest('x-base: &base {static_ips: "true"}\n<<: *base').replace(
    '  userConfig:\n    x-base: &base {static_ips: "true"}\n',
    '  base: &base {static_ips: "true"}\n  userConfig:\n',
  );
  const result = analyze(text, { fileName: 'search.yaml' });
  const mismatch = result.findings.find((f) => f.ruleId === 'type-mismatch');
  assert.equal(mismatch?.path, 'static_ips');
  assert.equal(
    result.findings.find((f) => f.ruleId === 'unknown-field'),
    undefined,
    'no unknown field "<<"',
  );
  const doc = result.configurations[0];
  assert.equal(doc.editsFor([{ kind: 'set', path: ['static_ips'], value: true }]), undefined);
  assert.equal(doc.editsFor([{ kind: 'remove', path: ['static_ips'] }]), undefined);
  assert.equal(fixAll(text, { fileName: 'search.yaml' }).text, text, 'the file is left as it is');
});

test('a *.search.yaml template is not read: one info, and no finding on a value it never had', () => {
  for (const text of ['search_version: {{ .Values.version }}\n', 'static_ips: true\n---\nsearch_version: {{ .Values.version }}\n']) {
    const result = analyze(text, { fileName: 'a.search.yaml' });
    assert.deepEqual(
      result.findings.map((f) => [f.ruleId, f.severity, f.range.start.line]),
      [['input-limit', 'info', text.split('\n').findIndex((l) => l.includes('{{'))]],
      JSON.stringify(text),
    );
    assert.equal(result.configurations.length, text.includes('---') ? 1 : 0);
  }
});
