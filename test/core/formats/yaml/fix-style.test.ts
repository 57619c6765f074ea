import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixAll } from '../../../../server/src/core';

/**
 * YAML fixes write in the file's own style: its indentation step (2 or 4 spaces), its lists'
 * dashes under their key or one step in, the quotes it puts around strings (and a string that
 * was plain stays plain when it can), and its comments where they were. Each case states the
 * whole text after `--fix`.
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
];

for (const c of cases) {
  test(`YAML fixes keep the file's style: ${c.name}`, () => {
    const options = { fileName: 'search.yaml' };
    const result = fixAll(c.text, options);
    assert.equal(result.text, c.fixed);
    assert.equal(fixAll(result.text, options).text, result.text, 'fixing again changes nothing');
  });
}
