/**
 * One mistake, one finding: where several rules judge the same value, the most specific one
 * reports it (rules/precedence.ts), with the gravest severity of those it stands for, and what
 * the others would have said in its message and fix. Syntax errors of Terraform and YAML files
 * are reported once, as invalid-syntax; settings and suppression comments naming invalid-json
 * still apply to them.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { analyze, fixAll } from '../../../server/src/core';
import { EXPLAINS_ONLY, oneFindingPerMistake, SUPERSEDES, SUPERSEDES_ON_FIELD } from '../../../server/src/core/rules/precedence';
import type { Finding } from '../../../server/src/core/types';
import { loadTerraformFromDisk } from '../../../server/src/node/terraform-wasm';

before(() => loadTerraformFromDisk());

const at = (text: string, fileName: string, rules?: Record<string, 'off' | 'error' | 'warning'>): string[] =>
  analyze(text, { fileName, rules }).findings.map((f) => `${f.range.start.line}:${f.range.start.character} ${f.severity} ${f.ruleId}`);

test('"100mb" for an integer: one error, with the unit and the value to write', () => {
  const text = '{\n  "search": {"http_max_content_length": "100mb"}\n}\n';
  assert.deepEqual(at(text, 'a.search.json'), ['1:40 error unit-mismatch']);
  const [f] = analyze(text, { fileName: 'a.search.json' }).findings;
  assert.match(f.message, /takes an integer in bytes.*write 104857600/);
  assert.equal(fixAll(text, { fileName: 'a.search.json' }).text, text.replace('"100mb"', '104857600'));
});

test('30 for a millisecond timeout: one finding (no invalid-value, no unit-hint beside it)', () => {
  const text = '{\n  "search_dashboards": {"search_request_timeout": 30}\n}\n';
  assert.deepEqual(at(text, 'a.search.json'), ['1:50 error unit-mismatch']);
  assert.match(
    analyze(text, { fileName: 'a.search.json' }).findings[0].message,
    /outside the allowed range \(5000 to 120000 ms\).*write 30000/,
  );
});

test('static_ips: yes gives the YAML trap alone: a warning, since kubectl sends true; a word for text gives it alone as the error kubectl meets', () => {
  assert.deepEqual(at('static_ips: yes\n', 'a.search.yaml'), ['0:12 warning yaml-trap']);
  assert.deepEqual(at('search:\n  email_sender_name: no\n', 'a.search.yaml'), ['1:21 error yaml-trap']);
});

test('indices_queries_cache_size: 0.1 is one finding on its range', () => {
  assert.deepEqual(at('search:\n  indices_queries_cache_size: 0.1\n', 'a.search.yaml'), ['1:30 error unit-mismatch']);
  assert.deepEqual(at('{\n  "search": {"indices_queries_cache_size": 0.1}\n}\n', 'a.search.json'), ['1:43 error unit-mismatch']);
});

test('with the specific rule off, the general ones report as before', () => {
  const text = '{\n  "search": {"http_max_content_length": "100mb"}\n}\n';
  assert.deepEqual(at(text, 'a.search.json', { 'unit-mismatch': 'off' }), ['1:40 error type-mismatch']);
});

test('a truncated Terraform file reports its syntax error once, as invalid-syntax: an error whatever it or its old id invalid-json is set to, and whatever a comment says', () => {
  const text = 'resource "vendor_search" "a" {\n  search_user_config {\n    static_ips = true\n';
  assert.deepEqual(at(text, 'main.tf'), ['3:0 error invalid-syntax']);
  assert.deepEqual(at(text, 'main.tf', { 'invalid-json': 'off' }), ['3:0 error invalid-syntax']);
  assert.deepEqual(at(text, 'main.tf', { 'invalid-json': 'warning' }), ['3:0 error invalid-syntax']);
  assert.deepEqual(
    at('a: [\n', 'a.search.yaml').filter((f) => f.endsWith('syntax') || f.endsWith('json')),
    ['1:0 error invalid-syntax'],
  );
  assert.deepEqual(
    at('# search-config-disable invalid-json\na: [\n', 'a.search.yaml').filter((f) => !f.endsWith('unknown-field')),
    ['0:0 warning unused-suppression', '2:0 error invalid-syntax'],
  );
  // What is no syntax error (a configuration that is a list) follows the old id's setting.
  assert.deepEqual(at('- static_ips\n', 'a.search.yaml'), ['0:0 error invalid-syntax']);
  assert.deepEqual(at('- static_ips\n', 'a.search.yaml', { 'invalid-json': 'off' }), []);
});

test('a required field the baseline had is one finding, missing-required; a setting that cannot be enabled is not also reported deprecated', () => {
  const baselineText =
    '{ "openid": { "client_id": "app", "client_secret": "<CLIENT_SECRET>", "connect_url": "https://idp.example.com/x" } }';
  const removed = analyze('{ "openid": { "client_id": "app", "connect_url": "https://idp.example.com/x" } }', {
    fileName: 'a.json',
    baselineText,
  }).findings;
  assert.deepEqual(
    removed.map((f) => `${f.severity} ${f.ruleId} ${f.path}`),
    ['error missing-required openid'],
  );
  assert.deepEqual(at('{ "disable_replication_factor_adjustment": true }', 'a.json'), ['0:43 error setting-cannot-be-enabled']);
});

/** A finding as a rule gives it, at an offset and length of its own choosing. */
const made = (ruleId: string, severity: Finding['severity'], path: string, offset: number, length = 4): Finding => ({
  ruleId,
  severity,
  message: `${ruleId} at ${path}`,
  path,
  offset,
  length,
  range: { start: { line: 0, character: offset }, end: { line: 0, character: offset + length } },
});

test('a finding another has silenced silences nothing itself: unit-mismatch stands for invalid-value, not for the performance risk invalid-value would have stood for', () => {
  const unit = made('unit-mismatch', 'warning', 'search.x', 10);
  const range = made('invalid-value', 'error', 'search.x', 10);
  const risk = made('performance-risk', 'info', 'search.x', 10);
  const kept = oneFindingPerMistake([unit, range, risk]);
  assert.deepEqual(
    kept.map((f) => `${f.ruleId} ${f.severity}`),
    ['unit-mismatch error', 'performance-risk info'],
  );
});

test('a field-wide winner silences every finding of the rules it stands for on that field, however many', () => {
  const winner = made('setting-cannot-be-enabled', 'error', 'disable_replication_factor_adjustment', 40, 4);
  const onKey = made('deprecated-field', 'warning', 'disable_replication_factor_adjustment', 2, 37);
  const onValue = made('deprecated-field', 'warning', 'disable_replication_factor_adjustment', 40, 4);
  const elsewhere = made('deprecated-field', 'warning', 'max_index_count', 60, 15);
  assert.deepEqual(
    oneFindingPerMistake([onKey, winner, onValue, elsewhere]).map((f) => `${f.ruleId} ${f.path}`),
    ['setting-cannot-be-enabled disable_replication_factor_adjustment', 'deprecated-field max_index_count'],
  );
});

test('a finding two others stand for gives its severity to both: a unit hint a team made an error, beside a deprecation and a performance risk', () => {
  const hint = made('unit-hint', 'error', 'search.x', 10);
  const deprecated = made('deprecated-field', 'warning', 'search.x', 10);
  const risk = made('performance-risk', 'info', 'search.x', 10);
  assert.deepEqual(
    oneFindingPerMistake([hint, deprecated, risk]).map((f) => `${f.ruleId} ${f.severity}`),
    ['deprecated-field error', 'performance-risk error'],
  );
});

test('no rule stands for itself, so that a finding is never its own loser', () => {
  for (const [winner, losers] of Object.entries(SUPERSEDES)) assert.ok(!losers.includes(winner), winner);
  for (const [winner, tables] of Object.entries(SUPERSEDES_ON_FIELD)) {
    for (const table of tables) assert.ok(!table.rules.includes(winner), winner);
  }
  for (const rule of EXPLAINS_ONLY) assert.ok(!(rule in SUPERSEDES) && !(rule in SUPERSEDES_ON_FIELD), rule);
});

test('a key misspelt at the top level answers the member missing there; a finding whose field cannot be read silences nothing', () => {
  const typo = {
    ...made('unknown-field', 'warning', 'conect_url', 2, 12),
    message: 'Unknown field "conect_url": did you mean "connect_url"?',
  };
  const missing = { ...made('missing-required', 'error', '', 0, 1), message: 'The configuration is missing "connect_url".' };
  assert.deepEqual(
    oneFindingPerMistake([missing, typo]).map((f) => `${f.ruleId} ${f.severity} ${f.path}`),
    ['unknown-field error conect_url'],
  );
  // No suggestion in the one, no member named in the other: neither stands for the other.
  const unknown = { ...made('unknown-field', 'warning', 'colour', 20, 8), message: 'Unknown field "colour".' };
  const unread = { ...made('missing-required', 'error', '', 0, 1), message: 'The configuration lacks a member.' };
  assert.deepEqual(
    oneFindingPerMistake([unread, unknown]).map((f) => `${f.ruleId} ${f.severity}`),
    ['missing-required error', 'unknown-field warning'],
  );
});
