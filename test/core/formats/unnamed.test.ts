/**
 * The name a text without one (standard input without --stdin-filename) is read under, from what it holds:
 * `helm template . | search-config lint -` must be read as manifests, `terraform show -json` as a plan,
 * `cdktf synth` output as Terraform's JSON syntax, a runbook's requests as requests. Each case is the text a
 * user pipes in and the name it must be read under; the boundaries of each test are cases of their own.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nameForContent } from '../../../server/src/core/formats/unnamed';

const MANIFEST = 'apiVersion: vendor.io/v1alpha1\nkind: Search\nmetadata:\n  name: logs\nspec:\n  userConfig:\n    static_ips: true\n';
const comments = (n: number): string => '# a note\n'.repeat(n);

const cases: Array<[string, string, string]> = [
  // HCL: a top-level block header at a line's start.
  ['a resource block', 'resource "vendor_search" "logs" {\n  search_user_config {}\n}\n', 'stdin.tf'],
  ['a terraform block first', 'terraform {\n  required_version = ">= 1.5"\n}\n', 'stdin.tf'],
  ['a manifest inside a heredoc of HCL', `locals {\n  m = <<EOT\n${MANIFEST}EOT\n}\n`, 'stdin.tf'],
  ['a YAML key named like a block type', 'resource: logs\n', 'stdin.yaml'],
  ['a block type in a sentence', 'note: the resource "vendor_search" block {\n', 'stdin.yaml'],
  ['two blanks after the block type', 'resource  "vendor_search" "logs" {\n}\n', 'stdin.tf'],
  ['a resource block after a byte order mark', '\uFEFFresource "vendor_search" "logs" {\n  search_user_config {}\n}\n', 'stdin.tf'],
  ['an indented first block', '  resource "vendor_search" "logs" {\n  search_user_config {}\n  }\n', 'stdin.tf'],
  ['an indented first block after a mark, a comment and a blank line', '\uFEFF# main\n\n\tmoved {\n}\n', 'stdin.tf'],
  ['an indented block header after the first line', 'note: |\n  resource "vendor_search" "logs" {\n', 'stdin.yaml'],
  // Manifests, in block, flow and JSON style.
  ['a block-style manifest', MANIFEST, 'stdin.yaml'],
  ['manifests after a comment and a document marker', `# generated\n---\n${MANIFEST}`, 'stdin.yaml'],
  [
    'a JSON-style manifest',
    '{"apiVersion": "vendor.io/v1alpha1", "kind": "Search", "metadata": {"name": "j"}, "spec": {"userConfig": {}}}',
    'stdin.yaml',
  ],
  ['a flow-style manifest', '{kind: Search, apiVersion: vendor.io/v1alpha1, spec: {userConfig: {}}}', 'stdin.yaml'],
  // A "kind" of another word, or no userConfig anywhere: not a manifest of ours.
  ['a JSON configuration with a member named kind', '{"kind": "Search", "search_version": "2.19"}', 'stdin.json'],
  ['a list of another kind', '{"kind": "SearchList", "spec": {"userConfig": {}}}', 'stdin.json'],
  // JSON: the first thing after blanks and comments is a brace or a bracket.
  ['a configuration', '{ "search_version": "2.19" }', 'stdin.json'],
  ['a list', '[1]', 'stdin.json'],
  ['JSON after blanks and a byte order mark', '\uFEFF \n\t{}', 'stdin.json'],
  ['JSON after a line comment', '// the logs service\n{}', 'stdin.json'],
  ['JSON after a block comment', '/* the logs service */ {}', 'stdin.json'],
  ['JSON after two comments', '// one\n/* two */\n{}', 'stdin.json'],
  ['a line comment never ended', '// only a comment', 'stdin.yaml'],
  ['a block comment never closed', '/* only a comment {', 'stdin.yaml'],
  ['a block comment whose opening is followed by a slash', '/*/ {}', 'stdin.yaml'],
  ['an empty text', '', 'stdin.yaml'],
  // Terraform's JSON syntax, and a plan, which has a format_version.
  ['Terraform JSON', '{"resource": {"vendor_search": {"x": {"search_user_config": {}}}}}', 'stdin.tf.json'],
  ['Terraform JSON without blanks', '{"resource":{"vendor_search":{"x":{"search_user_config":{}}}}}', 'stdin.tf.json'],
  [
    'Terraform JSON with blanks around the colon',
    '{"resource" :\n  {"vendor_search": {"x": {"search_user_config": {}}}}}',
    'stdin.tf.json',
  ],
  ['Terraform JSON of other resources', '{"resource": {"aws_s3_bucket": {"b": {"bucket": "logs"}}}}', 'stdin.json'],
  ['a configuration holding no resource', '{"search_user_config": {}}', 'stdin.json'],
  [
    'a plan',
    '{"format_version":"1.2","configuration":{"root_module":{"resource":{"x":{}}}},"planned_values":{"search_user_config":[]}}',
    'stdin.json',
  ],
  ['a plan with blanks', '{"format_version" : "1.2", "x": {"resource": {"search_user_config": []}}}', 'stdin.json'],
  // Requests, as the .http reader reads them: a method and a target of one word.
  ['a request', 'PUT https://search.example.com/_cluster/settings HTTP/1.1\n{"persistent": {}}\n', 'stdin.http'],
  ['a request after separators and comments', '### settings\n# why\n// more\n\nGET /_cat/indices\n', 'stdin.http'],
  ['an indented request', '   GET /_cat/indices\n', 'stdin.http'],
  ['an indented comment before a request', '  # why\nGET /_cat/indices\n', 'stdin.http'],
  ['a request line of two words at the very end', 'GET /a b', 'stdin.yaml'],
  ['a request after 63 comment lines', `${comments(63)}GET /_cat/indices\n`, 'stdin.http'],
  ['a request after 64 comment lines (only the first 64 lines are read)', `${comments(64)}GET /_cat/indices\n`, 'stdin.yaml'],
  ['a bare URL', 'https://search.example.com/_cat/indices\n', 'stdin.yaml'],
  ['a sentence that opens with Get', 'Get the indices first\n', 'stdin.yaml'],
  // Shell scripts and runbooks holding curl.
  ['a script with curl', '#!/bin/sh\nset -e\ncurl -X PUT https://search.example.com/_cluster/settings\n', 'stdin.sh'],
  ['a console line', '$ curl -s https://search.example.com/_cat/indices\n', 'stdin.sh'],
  ['curl that is not a command', 'note: run echo curl later\n', 'stdin.yaml'],
  ['a word ending in curl', 'mycurl -s https://search.example.com\n', 'stdin.yaml'],
  ['a console line with two blanks', '$  curl -s https://search.example.com/_cat/indices\n', 'stdin.sh'],
  // A configuration written in YAML: every top-level key a field, at least one.
  ['a YAML configuration', 'search_version: "2.19"\nstatic_ips: true\n', 'stdin.search.yaml'],
  ['quoted keys', '"search_version": "2.19"\n\'static_ips\': true\n', 'stdin.search.yaml'],
  ['a key that is no field', 'search_version: "2.19"\nreplicas: 3\n', 'stdin.yaml'],
  ['a key that is no field first', 'replicas: 3\nsearch_version: "2.19"\n', 'stdin.yaml'],
  ['a double-quoted key that is no field', 'search_version: "2.19"\n"replicas": 3\n', 'stdin.yaml'],
  ['a single-quoted key that is no field', "search_version: '2.19'\n'replicas': 3\n", 'stdin.yaml'],
  ['a blank before the colon', 'search_version : "2.19"\n', 'stdin.search.yaml'],
  ['blanks before the colons, a key no field', 'search_version : "2.19"\nreplicas : 3\n', 'stdin.yaml'],
  ['an inherited name is no field', 'constructor: 1\n', 'stdin.yaml'],
];

for (const [what, text, name] of cases) {
  test(`standard input: ${what} is read as ${name}`, () => {
    assert.equal(nameForContent(text), name);
  });
}
