/**
 * unknown-field for a key that belongs in another object: the message, and the suggestion that moves
 * it (to the top level, into an object that exists, into a new one), applied. A move is never offered
 * for a secret field, whatever its value. (The rule fixtures state findings line by line; a move
 * changes several lines, so its result is compared here as the whole text.)
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyze, applyEdits } from '../../../server/src/core';

function unknownField(text: string): Array<{ message: string; suggestions: Array<[string, string]> }> {
  return analyze(text, { fileName: 'c.json' })
    .findings.filter((f) => f.ruleId === 'unknown-field')
    .map((f) => ({
      message: f.message,
      suggestions: (f.suggestions ?? []).map((s): [string, string] => [s.title, JSON.stringify(JSON.parse(applyEdits(text, s.edits)))]),
    }));
}

test('a typo of a top-level field inside an object: moved to the top level under its right name', () => {
  assert.deepEqual(unknownField('{"search": {"static_ipz": true}}'), [
    {
      message: 'Unknown field "static_ipz" in search: did you mean static_ips (in another object)?',
      suggestions: [['Move "static_ipz" to the top level as "static_ips"', '{"search":{},"static_ips":true}']],
    },
  ]);
});

test('a typo of a field of an object that exists: moved into it', () => {
  assert.deepEqual(unknownField('{"search": {}, "search_dashboards": {"http_max_content_lenght": 5}}'), [
    {
      message:
        'Unknown field "http_max_content_lenght" in search_dashboards: did you mean search.http_max_content_length (in another object)?',
      suggestions: [
        [
          'Move "http_max_content_lenght" into search as "http_max_content_length"',
          '{"search":{"http_max_content_length":5},"search_dashboards":{}}',
        ],
      ],
    },
  ]);
});

test('a field whose object is not written: moved into a new one', () => {
  assert.deepEqual(unknownField('{"search": {"prometheus": {}}}'), [
    {
      message:
        'Unknown field "prometheus" in search: "prometheus" belongs in privatelink_access (privatelink_access.prometheus): move it there.',
      suggestions: [['Move "prometheus" into a new privatelink_access object', '{"search":{},"privatelink_access":{"prometheus":{}}}']],
    },
  ]);
});

test('a secret field at the wrong level: named, never moved, even when its value is no text', () => {
  assert.deepEqual(unknownField('{"client_secret": 5}'), [
    {
      message: 'Unknown field "client_secret" at the top level: "client_secret" belongs in openid (openid.client_secret): move it there.',
      suggestions: [],
    },
  ]);
});

test('several objects equally likely: each named, and no suggestion guesses which', () => {
  assert.deepEqual(unknownField('{"search_dashboards": {"metrics": {}}}'), [
    {
      message: 'Unknown field "metrics" in search_dashboards: did you mean private_access.metrics or public_access.metrics?',
      suggestions: [],
    },
  ]);
});

test('a field of list items at the wrong level: named, never moved (which item would it go into?)', () => {
  assert.deepEqual(unknownField('{"search": {"network": 5}}'), [
    {
      message: 'Unknown field "network" in search: "network" belongs in ip_filter[] (ip_filter[].network): move it there.',
      suggestions: [],
    },
  ]);
});
