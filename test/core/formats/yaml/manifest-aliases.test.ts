/**
 * Manifests whose spec or userConfig is an alias, or comes in through a merge key (`<<`), as kubectl
 * reads them: the configuration is checked where it is written, its secrets stay hidden wherever an
 * alias puts them, no fix edits an anchor others use, and the alias limits hold through them.
 * The inline-expectation cases are in test/fixtures/yaml/manifest-aliases.yaml.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, fixAll, type Finding } from '../../../../server/src/core';
import { YAML_CONFIG_LIMITS } from '../../../../server/src/core/formats/yaml/read';
import { cpuTimed } from '../../../support/cpu-time';

const BOUND_MS = 5000;
const options = { fileName: 'search.yaml' };
const lineOf = (text: string, needle: string): number => text.slice(0, text.indexOf(needle)).split('\n').length - 1;
const shown = (findings: readonly Finding[]): string =>
  findings
    .flatMap((f) => [
      f.message,
      f.fix?.title,
      ...(f.suggestions ?? []).flatMap((s) => [s.title, ...s.edits.map((e) => e.newText)]),
      ...(f.fix?.edits ?? []).map((e) => e.newText),
      ...(f.related ?? []).map((r) => r.message),
    ])
    .join('\n');

test('userConfig written as an alias is read where its anchor is, and not edited there', () => {
  const text = [
    'apiVersion: vendor.io/v1alpha1',
    'kind: List',
    'items:',
    '- apiVersion: vendor.io/v1alpha1',
    '  kind: Search',
    '  metadata:',
    '    name: a',
    '  spec:',
    '    userConfig: &cfg',
    '      search:',
    '        http_max_content_lenght: 104857600',
    '- apiVersion: vendor.io/v1alpha1',
    '  kind: Search',
    '  metadata:',
    '    name: b',
    '  spec:',
    '    userConfig: *cfg',
    '',
  ].join('\n');
  const unknown = analyze(text, options).findings.filter((f) => f.ruleId === 'unknown-field');
  assert.deepEqual(
    unknown.map((f) => [f.message.split(':')[0], f.range.start.line]),
    [
      ['Search/a', lineOf(text, 'http_max')],
      ['Search/b', lineOf(text, 'http_max')],
    ],
  );
  assert.ok(
    unknown.every((f) => !f.fix),
    'the anchor is used by both manifests: a rename there would change both',
  );
  assert.equal(fixAll(text, options).text, text);
});

test('a secret aliased from one manifest into a field of another is hidden in both', () => {
  const secret = 'hunter2-aliased-secret';
  const text = [
    'apiVersion: vendor.io/v1alpha1',
    'kind: List',
    'items:',
    '- apiVersion: vendor.io/v1alpha1',
    '  kind: Search',
    '  metadata:',
    '    name: a',
    '  spec:',
    '    userConfig:',
    '      openid:',
    '        enabled: true',
    '        client_id: app',
    `        client_secret: &sec ${secret}`,
    '        connect_url: https://idp.example.com/.well-known/openid-configuration',
    '- apiVersion: vendor.io/v1alpha1',
    '  kind: Search',
    '  metadata:',
    '    name: b',
    '  spec:',
    '    userConfig:',
    '      custom_domain: *sec',
    '',
  ].join('\n');
  const { findings } = analyze(text, options);
  assert.ok(
    findings.some((f) => f.ruleId === 'invalid-value' && f.message.startsWith('Search/b: custom_domain')),
    'the copy is checked',
  );
  assert.ok(!shown(findings).includes(secret.slice(0, 8)), shown(findings));
});

test('a secret in a spec brought by an alias or a merge key is hidden, and the configuration is checked', () => {
  const secret = 'hunter3-merged-secret';
  for (const spec of ['spec: *base', 'spec:\n  <<: *base', '<<: {spec: *base}']) {
    const text = [
      'apiVersion: vendor.io/v1alpha1',
      'kind: Search',
      'metadata:',
      '  name: m',
      '  labels:',
      '    base: &base',
      '      userConfig:',
      '        openid:',
      `          client_secret: &s ${secret}`,
      '        custom_domain: *s',
      spec,
      '',
    ].join('\n');
    const { findings } = analyze(text, options);
    const ids = findings.map((f) => f.ruleId);
    assert.ok(ids.includes('secret-in-plain-text') && ids.includes('missing-required'), `${spec}: ${ids.join(', ')}`);
    assert.ok(!shown(findings).includes(secret.slice(0, 8)), shown(findings));
    assert.ok(
      findings.every((f) => !f.fix),
      `${spec}: nothing is fixed in the anchor`,
    );
  }
});

test('an alias bomb through spec stops at the alias limits, in linear time', () => {
  const levels = 30;
  const lines = [
    'apiVersion: vendor.io/v1alpha1',
    'kind: Search',
    'metadata:',
    '  name: bomb',
    '  labels:',
    '    l0: &l0 {userConfig: {static_ips: true}}',
  ];
  for (let i = 1; i <= levels; i++)
    lines.push(
      `    l${i}: &l${i} {<<: *l${i - 1}, more: [${Array(9)
        .fill(`*l${i - 1}`)
        .join(', ')}]}`,
    );
  lines.push(`spec: *l${levels}`, '');
  const text = lines.join('\n');
  const { value: result, ms } = cpuTimed(() => analyze(text, options));
  assert.deepEqual(
    result.findings.map((f) => f.ruleId),
    ['input-limit'],
  );
  assert.match(result.findings[0].message, /aliases/);
  assert.ok(ms < BOUND_MS, `${Math.round(ms)} ms`);
});

test('merge keys that reach one anchor many ways are looked through once each', () => {
  // Each level merges the one below twice: 2^levels ways down to the spec, each map visited once.
  const levels = YAML_CONFIG_LIMITS.aliases / 2 - 1;
  const lines = [
    'apiVersion: vendor.io/v1alpha1',
    'kind: Search',
    'metadata:',
    '  name: deep',
    '  labels:',
    '    m0: &m0 {spec: {userConfig: {static_ipz: true}}}',
  ];
  for (let i = 1; i <= levels; i++) lines.push(`    m${i}: &m${i} {<<: [*m${i - 1}, *m${i - 1}]}`);
  lines.push(`<<: *m${levels}`, '');
  const text = lines.join('\n');
  const { value: result, ms } = cpuTimed(() => analyze(text, options));
  assert.ok(ms < BOUND_MS, `${Math.round(ms)} ms`);
  // What the merges stand for in all is far past the limit on values: the document is not analysed, and says so.
  assert.deepEqual(
    result.findings.map((f) => f.ruleId),
    ['input-limit'],
  );
});

test('as many aliases as the limit through merge keys at the manifest level are read, one more is not', () => {
  const make = (n: number): string => {
    const lines = [
      'apiVersion: vendor.io/v1alpha1',
      'kind: Search',
      'metadata:',
      '  name: chain',
      '  labels:',
      '    c0: &c0 {spec: {userConfig: {static_ipz: true}}}',
    ];
    for (let i = 1; i < n; i++) lines.push(`    c${i}: &c${i} {<<: *c${i - 1}}`);
    lines.push(`<<: *c${n - 1}`, '');
    return lines.join('\n');
  };
  const n = YAML_CONFIG_LIMITS.aliases;
  assert.deepEqual(
    analyze(make(n), options).findings.map((f) => f.ruleId),
    ['unknown-field'],
    'at the limit: read',
  );
  assert.deepEqual(
    analyze(make(n + 1), options).findings.map((f) => f.ruleId),
    ['input-limit'],
    'one past: not read',
  );
});

test('an anchor written twice: an alias names the last one before it, as YAML readers read it', () => {
  const text = [
    'apiVersion: vendor.io/v1alpha1',
    'kind: Search',
    'metadata:',
    '  name: redefined',
    '  labels:',
    '    first: &cfg {static_ipz: true}',
    '    second: &cfg {static_ips: yes}',
    'spec:',
    '  userConfig: *cfg',
    '---',
    'apiVersion: vendor.io/v1alpha1',
    'kind: Search',
    'metadata:',
    '  name: before-the-second',
    '  labels:',
    '    first: &cfg {static_ipz: true}',
    'spec:',
    '  userConfig: *cfg',
    '  later: &cfg {static_ips: yes}',
    '',
  ].join('\n');
  const findings = analyze(text, options).findings.map((f) => `${f.range.start.line + 1} ${f.ruleId}: ${f.message.split(':')[1]}`);
  // The first document reads the second anchor (a YAML 1.1 trap on line 7), the second the first one (an
  // unknown field on line 16), and each anchor its alias names is said to be shared: never the other one.
  assert.deepEqual(findings, [
    '7 yaml-trap:  the configuration carries an anchor (&cfg) that an alias (line 9) names',
    '7 yaml-trap:  static_ips is written yes',
    '16 yaml-trap:  the configuration carries an anchor (&cfg) that an alias (line 18) names',
    '16 unknown-field:  Unknown field "static_ipz" at the top level',
  ]);
});
