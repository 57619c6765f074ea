import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, applyEdits, fixAll, type AnalyzeOptions } from '../../../../server/src/core';
import { parseYamlText, readConfiguration } from '../../../../server/src/core/formats/yaml/read';
import { yamlEdits } from '../../../../server/src/core/formats/yaml/edits';

/**
 * YAML fixes write in the file's own style: its indentation step (2 or 4 spaces), its lists'
 * dashes under their key or one step in, the quotes it puts around strings (and a string that
 * was plain stays plain when it can), and its comments where they were. Each case states the
 * whole text after `--fix` and after accepting, one by one, the placeholders suggested for the
 * members still missing (missing-required offers them as suggestions, which --fix never applies).
 */
const cases: Array<{ name: string; text: string; fixed: string }> = [
  {
    name: 'four spaces, indented lists, double quotes, comments without a space after #',
    text:
      [
        'apiVersion: vendor.io/v1alpha1',
        'kind: Search',
        'metadata:',
        '    name: logs',
        'spec:',
        '    userConfig:',
        '        max_index_count: 5',
        '        custom_domain: "https://search.example.com/"',
        '        ip_filter:',
        '            - "10.0.0.1/8"',
        '        openid:',
        '            enabled: true',
        '            client_id: app    #the registered client',
        '        #limits of the old cluster',
        '        search:',
        '            http_max_header_size: 16kb',
      ].join('\n') + '\n',
    fixed:
      [
        'apiVersion: vendor.io/v1alpha1',
        'kind: Search',
        'metadata:',
        '    name: logs',
        'spec:',
        '    userConfig:',
        '        index_patterns:',
        '            - pattern: "*"',
        '              max_index_count: 5',
        '        custom_domain: "search.example.com"',
        '        ip_filter:',
        '            - "10.0.0.0/8"',
        '        openid:',
        '            enabled: true',
        '            client_id: app    #the registered client',
        '            connect_url: "<CONNECT_URL>"',
        '            client_secret: "<CLIENT_SECRET>"',
        '        #limits of the old cluster',
        '        search:',
        '            http_max_header_size: 16384',
      ].join('\n') + '\n',
  },
  {
    name: 'four spaces, lists under their key, single quotes and plain strings',
    text:
      [
        'apiVersion: vendor.io/v1alpha1',
        'kind: Search',
        'metadata:',
        '    name: logs',
        'spec:',
        '    userConfig:',
        '        max_index_count: 5',
        "        custom_domain: 'https://search.example.com/'",
        '        ip_filter:',
        '        - 10.0.0.1/8',
        '        openid:',
        '            enabled: true',
        "            client_id: 'app'",
      ].join('\n') + '\n',
    fixed:
      [
        'apiVersion: vendor.io/v1alpha1',
        'kind: Search',
        'metadata:',
        '    name: logs',
        'spec:',
        '    userConfig:',
        '        index_patterns:',
        "        - pattern: '*'",
        '          max_index_count: 5',
        "        custom_domain: 'search.example.com'",
        '        ip_filter:',
        '        - 10.0.0.0/8',
        '        openid:',
        '            enabled: true',
        "            client_id: 'app'",
        "            connect_url: '<CONNECT_URL>'",
        "            client_secret: '<CLIENT_SECRET>'",
      ].join('\n') + '\n',
  },
  {
    name: 'two spaces, lists under their key, single quotes, a comment after a value',
    text:
      [
        'apiVersion: vendor.io/v1',
        'kind: Search',
        'metadata:',
        '  name: logs',
        'spec:',
        '  userConfig:',
        '    max_index_count: 5',
        '    ip_filter:',
        "    - '10.0.0.1/8'",
        '    openid:',
        '      enabled: true',
        "      client_id: 'app' # registered",
        '    search:',
        "      http_max_header_size: '16kb'",
      ].join('\n') + '\n',
    fixed:
      [
        'apiVersion: vendor.io/v1',
        'kind: Search',
        'metadata:',
        '  name: logs',
        'spec:',
        '  userConfig:',
        '    index_patterns:',
        "    - pattern: '*'",
        '      max_index_count: 5',
        '    ip_filter:',
        "    - '10.0.0.0/8'",
        '    openid:',
        '      enabled: true',
        "      client_id: 'app' # registered",
        "      connect_url: '<CONNECT_URL>'",
        "      client_secret: '<CLIENT_SECRET>'",
        '    search:',
        '      http_max_header_size: 16384',
      ].join('\n') + '\n',
  },
  {
    name: 'flow mappings, written in flow style with spaces and plain keys',
    text:
      [
        'apiVersion: vendor.io/v1alpha1',
        'kind: Search',
        'metadata: {name: a}',
        'spec:',
        '  userConfig: {max_index_count: 5, search_version: "2.19", static_ips: true}',
      ].join('\n') + '\n',
    fixed:
      [
        'apiVersion: vendor.io/v1alpha1',
        'kind: Search',
        'metadata: {name: a}',
        'spec:',
        '  userConfig: {index_patterns: [{pattern: "*", max_index_count: 5}], search_version: "2.19", static_ips: true}',
      ].join('\n') + '\n',
  },
  {
    name: 'two spaces, list items written with three blanks after the dash (members lined up at a tab stop)',
    text:
      [
        'apiVersion: vendor.io/v1alpha1',
        'kind: Search',
        'metadata:',
        '  name: logs',
        'spec:',
        '  userConfig:',
        '    index_patterns:',
        '    -   pattern: "logs-*"',
        '        max_index_count: 3',
        '    max_index_count: 5',
      ].join('\n') + '\n',
    fixed:
      [
        'apiVersion: vendor.io/v1alpha1',
        'kind: Search',
        'metadata:',
        '  name: logs',
        'spec:',
        '  userConfig:',
        '    index_patterns:',
        '    -   pattern: "logs-*"',
        '        max_index_count: 3',
        '    -   pattern: "*"',
        '        max_index_count: 5',
      ].join('\n') + '\n',
  },
];

/** The text after `--fix`, then after each missing member's suggested placeholder is accepted. */
function fixedAndFilled(text: string, options: AnalyzeOptions): string {
  let out = fixAll(text, options).text;
  for (;;) {
    const missing = analyze(out, options).findings.find((f) => f.ruleId === 'missing-required' && f.suggestions?.length);
    if (!missing) return out;
    const before = out;
    out = applyEdits(out, missing.suggestions![0].edits);
    assert.notEqual(out, before, `the suggestion ${missing.suggestions![0].title} changes the text`);
  }
}

for (const c of cases) {
  test(`YAML fixes and accepted suggestions keep the file's style: ${c.name}`, () => {
    const options = { fileName: 'search.yaml' };
    const result = fixedAndFilled(c.text, options);
    assert.equal(result, c.fixed);
    assert.equal(fixAll(result, options).text, result, 'fixing again changes nothing');
  });
}

test('a value set for a key written alone: `: value` in a flow map; nothing after a `?`, whose value needs a line of its own', () => {
  const set = (text: string): string | undefined => {
    const { docs } = parseYamlText(text, 64);
    const r = readConfiguration(docs[0], [], text, { count: 0 });
    const edits = yamlEdits({ text, entries: r.entries }, [{ kind: 'set', path: ['a'], value: true }]);
    return edits && applyEdits(text, edits);
  };
  assert.equal(set('{b: 1, a}\n'), '{b: 1, a: true}\n');
  assert.equal(set('{a, b: 1}\n'), '{a: true, b: 1}\n');
  assert.equal(set('b: 1\n? a\n'), undefined);
  assert.equal(set('b: 1\na:\n'), 'b: 1\na: true\n');
});

test('a key renamed keeps its quotes, single or double; a plain key stays plain', () => {
  const text = 'search:\n  \'http_max_content_lenght\': 104857600\n  "thread_pool_serch_size": 8\n  thread_pool_get_sise: 4\n';
  assert.equal(
    fixAll(text, { fileName: 'a.search.yaml' }).text,
    'search:\n  \'http_max_content_length\': 104857600\n  "thread_pool_search_size": 8\n  thread_pool_get_size: 4\n',
  );
});
