import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze } from '../../../../server/src/core';
import { DocumentState } from '../../../../server/src/core/document-state';
import { parseSearchDocuments } from '../../../../server/src/core/formats/yaml/incremental';

// A run over a manifest file parses only the documents that may be `kind: Search` ones. What it
// finds must be what a parse of every document finds: an open file whose documents have a syntax
// error is parsed whole (DocumentState counts it), which gives the reference here.

const search = (name: string | undefined, config: string): string =>
  `apiVersion: vendor.io/v1alpha1\nkind: Search\n${name ? `metadata:\n  name: ${name}\n` : ''}spec:\n  userConfig:\n${config}`;
const LOGS = search('logs', '    search_version: 2\n    search:\n      http_max_content_length: 100mb\n');
const NAMELESS = search(undefined, '    static_ips: yes\n');
const CONFIG_MAP = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  SEARCH_PORT: "9200"\n';

test('only the documents that can say kind: Search are parsed, and each keeps its place in the file', () => {
  const docs = [CONFIG_MAP, LOGS, 'kind: Namespace\n', CONFIG_MAP, NAMELESS];
  const text = docs.join('---\n');
  const picked = parseSearchDocuments(text, 256);
  assert.deepEqual(
    picked?.map((d) => d.index),
    [1, 4],
  );
  const many = [...Array.from({ length: 300 }, () => CONFIG_MAP), LOGS].join('---\n');
  assert.deepEqual(
    parseSearchDocuments(many, 256)?.map((d) => d.index),
    [300],
  );
  const labels = analyze(text, { fileName: 'deploy.yaml' }).findings.map((f) => f.message.split(':')[0]);
  assert.ok(labels.includes('Search/logs') && labels.includes('Search/(document 5, no metadata.name)'), labels.join(', '));
});

test('comment lines before the first marker are no document of their own, with CRLF line ends too', () => {
  const text = `# manifests\n---\n${CONFIG_MAP}---\n${NAMELESS}`.replace(/\n/g, '\r\n');
  const label = 'Search/(document 2, no metadata.name)';
  for (const result of [
    analyze(text, { fileName: 'deploy.yaml' }),
    analyze(text, { fileName: 'deploy.yaml' }, undefined, new DocumentState()),
  ]) {
    assert.ok(
      result.findings.length > 0 && result.findings.every((f) => f.message.startsWith(`${label}:`)),
      result.findings.map((f) => f.message).join('\n'),
    );
  }
});

const CASES: Record<string, string> = {
  'a flow collection left open in another document': `${CONFIG_MAP}data2: [a, b\n---\n${LOGS}---\n${NAMELESS}`,
  'a quote left open in another document ends at its marker, as kubectl cuts the file': `kind: ConfigMap\ndata:\n  a: "open\n---\n${LOGS}---\n${NAMELESS}`,
  'a quote closed on a later line in another document': `kind: ConfigMap\ndata:\n  a: "one\n    two"\n  b: it's\n---\n${LOGS}`,
  'a quoted key, an escaped quote and a quote in a comment in another document': `kind: ConfigMap\n"data": {a: "x\\"y"}\n# it's "here\nb: 'c' # "\n---\n${LOGS}`,
  'quoted flow items and a quote in a comment in another document': `kind: Deployment\nargs: ["--port", '9200'] # it's\nname: "app"\n---\n${LOGS}---\n${NAMELESS}`,
  'a single quote left open at the end of the file': `${LOGS}---\nkind: ConfigMap\nnote: 'open\n`,
  'tabs and bad indentation in another document': `kind: ConfigMap\ndata:\n\ta: b\n  c: d\n   e: f\n---\n${LOGS}`,
  'another document nested deeper than allowed': `kind: ConfigMap\ndata: ${'['.repeat(300)}${']'.repeat(300)}\n---\n${LOGS}`,
  'a leading comment and CRLF line ends': `# manifests\n---\n${CONFIG_MAP}---\n${NAMELESS}`.replace(/\n/g, '\r\n'),
  'an alias to an anchor of another document': `kind: ConfigMap\ndata: &shared\n  a: b\n---\n${LOGS}    other: *shared\n`,
  'kind: Search written with escapes': `${LOGS}---\n"\\x6bind": "Se\\x61rch"\nspec:\n  userConfig:\n    search_version: 3\n`,
  'a Search document with a syntax error': `${CONFIG_MAP}---\n${LOGS}    extra: [\n---\n${NAMELESS}`,
};

for (const [name, text] of Object.entries(CASES)) {
  test(`a manifest file gives what a parse of all its documents gives: ${name}`, () => {
    const options = { fileName: 'deploy.yaml' };
    const state = new DocumentState();
    const reference = analyze(text, options, undefined, state);
    const fresh = analyze(text, options);
    assert.deepEqual(fresh.findings, reference.findings);
    assert.deepEqual(fresh.internalErrors, reference.internalErrors);
    assert.ok(fresh.findings.length > 0);
  });
}
