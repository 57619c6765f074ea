import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentCache } from '../../server/src/lsp/documents';
import { DEFAULT_MAX_FILE_SIZE } from '../../server/src/core/types';
import { complete, hoverAt } from '../../server/src/core/editor';

test('a document past the size limit: input-limit only, and the editor features see an empty document', () => {
  const filler = '"x",'.repeat(Math.ceil(DEFAULT_MAX_FILE_SIZE / 4));
  const text = `{ "ip_filter": [${filler}"y"], "search": { "http_max_content_length": 10 } }`;
  const doc = TextDocument.create('file:///w/huge.search.json', 'json', 1, text);
  const cache = new DocumentCache();
  const parsed = cache.parsed(doc);
  assert.equal(parsed.value, undefined);
  const offset = text.indexOf('http_max_content_length') + 3;
  // An empty document offers only the skeleton of a configuration, never the fields of this one.
  assert.deepEqual(
    complete(parsed, offset, { snippets: true }).map((i) => i.label),
    ['{}'],
  );
  assert.equal(hoverAt(parsed, offset), undefined);
  const result = cache.analysis(doc, { fileName: 'huge.search.json' }, 'none');
  assert.deepEqual(
    result.findings.map((f) => f.ruleId),
    ['input-limit'],
  );
});
