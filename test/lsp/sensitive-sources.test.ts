import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver';
import { tempDir, TestClient, uriOf } from './harness';

/** Code actions without their edits: an edit may move the document's own text within the document. */
const withoutEdits = (actions: unknown): string => JSON.stringify(actions, (key, value) => (key === 'edit' ? undefined : value));

describe('a value copied from a secret never leaves the server', () => {
  it('diagnostics, hover and code-action titles hide a YAML alias of a secret in the fields it is copied to', async () => {
    // Secrets copied by aliases into fields that are no secrets: a number into a size in bytes (hover
    // converts it), digits in quotes into a count (a quick fix writes them as a number), a word into
    // a host name (where it is invalid).
    const [digits, quoted, word] = ['98765432101', '87654321012', 'CnryLspAliasQ7x'];
    const lines = [
      'apiVersion: vendor.io/v1alpha1',
      'kind: Search',
      'metadata:',
      '  name: logs',
      'spec:',
      '  userConfig:',
      '    openid:',
      `      client_secret: &digits ${digits}`,
      '    jwt:',
      `      signing_key: &quoted "${quoted}"`,
      '    search:',
      `      email_sender_password: &word ${word} x`,
      '      http_max_content_length: *digits',
      '      indices_query_bool_max_clause_count: *quoted',
      '    custom_domain: *word',
      '',
    ];
    const text = lines.join('\n');
    const dir = tempDir('sensitive-sources');
    const client = await TestClient.start({ folders: [dir], settings: { baseline: 'none' } });
    const seen: Record<'diagnostics' | 'hover' | 'code actions', string[]> = { diagnostics: [], hover: [], 'code actions': [] };
    try {
      const uri = uriOf(path.join(dir, 'search.yaml'));
      await client.open(uri, text, 'yaml');
      const diagnostics = await client.until(`diagnostics of ${uri}`, () => {
        const last = client.published.get(uri)?.at(-1);
        return last && last.diagnostics.length ? (last.diagnostics as Diagnostic[]) : undefined;
      });
      seen.diagnostics.push(JSON.stringify(diagnostics));
      assert.ok(
        diagnostics.some(
          (d) => d.code === 'type-mismatch' && d.range.start.line === lines.indexOf('      indices_query_bool_max_clause_count: *quoted'),
        ),
        'the copied count is checked',
      );
      for (let line = 0; line < lines.length; line++) {
        for (let character = 0; character <= lines[line].length; character += 2) {
          seen.hover.push(
            JSON.stringify(await client.request('textDocument/hover', { textDocument: { uri }, position: { line, character } })),
          );
        }
        const range = { start: { line, character: 0 }, end: { line, character: lines[line].length } };
        seen['code actions'].push(
          withoutEdits(
            await client.request('textDocument/codeAction', {
              textDocument: { uri },
              range,
              context: { diagnostics: diagnostics.filter((d) => d.range.start.line === line) },
            }),
          ),
        );
      }
      assert.match(seen.hover.join('\n'), /Current value: \(a hidden/, 'the hover over the copied size was asked for');
      assert.match(seen['code actions'].join('\n'), /Replace /, 'the quick fix of the copied count was offered');
      const leaks: string[] = [];
      for (const [surface, answers] of Object.entries(seen)) {
        const all = answers.join('\n');
        for (const secret of [digits, quoted, word]) {
          const at = all.indexOf(secret);
          if (at >= 0) leaks.push(`${surface}: ${secret} in ${all.slice(Math.max(0, at - 100), at + 30)}`);
        }
      }
      assert.deepEqual(leaks, []);
    } finally {
      await client.shutdown();
    }
  });
});
