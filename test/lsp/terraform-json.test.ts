import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { applyLspEdits, tempDir, TestClient, uriOf } from './harness';

/**
 * A .tf.json file (Terraform's JSON syntax) opened in the editor, with the language id editors give
 * it (`json`): the same findings as the CLI, by resource address; hover and quick fixes inside its
 * configurations; no suppression comment offered, since JSON has none.
 */

const tfJson = (config: unknown): string =>
  `${JSON.stringify({ resource: { vendor_search: { logs: { search_user_config: config } } } }, null, 2)}\n`;
type Action = {
  title: string;
  kind: string;
  edit: {
    changes: Record<
      string,
      Array<{ range: { start: { line: number; character: number }; end: { line: number; character: number } }; newText: string }>
    >;
  };
};
const positionOf = (text: string, at: number) => ({
  line: text.slice(0, at).split('\n').length - 1,
  character: at - text.lastIndexOf('\n', at - 1) - 1,
});

describe('a .tf.json file in the language server', () => {
  const dir = tempDir('terraform-json');
  let client: TestClient;
  before(async () => {
    client = await TestClient.start({ folders: [dir], settings: { baseline: 'none' } });
  });
  after(() => client.shutdown());

  it('gets the findings of its configurations, by resource address, and nothing about "resource"', async () => {
    const uri = uriOf(path.join(dir, 'main.tf.json'));
    const text = tfJson({ static_ipz: true, search: { http_max_content_length: '100mb' } });
    await client.open(uri, text, 'json');
    const ds = await client.until('diagnostics', () => {
      const d = client.published.get(uri)?.at(-1)?.diagnostics;
      return d?.length ? d : undefined;
    });
    assert.deepEqual(ds.map((d) => d.code).sort(), ['unit-mismatch', 'unknown-field']);
    assert.ok(
      ds.every((d) => d.message.startsWith('vendor_search.logs: ')),
      ds.map((d) => d.message).join('\n'),
    );
    const unit = ds.find((d) => d.code === 'unit-mismatch')!;
    assert.deepEqual(unit.range.start, positionOf(text, text.indexOf('"100mb"')));
  });

  it('quick fixes are JSON edits, and no comment is offered to disable a rule', async () => {
    const uri = uriOf(path.join(dir, 'fix.tf.json'));
    const text = tfJson({ search: { http_max_content_lenght: 104857600 } });
    await client.open(uri, text, 'json');
    const d = await client.until('diagnostics', () =>
      client.published
        .get(uri)
        ?.at(-1)
        ?.diagnostics.find((x) => x.code === 'unknown-field'),
    );
    const actions = await client.request<Action[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: d.range,
      context: { diagnostics: [d] },
    });
    assert.deepEqual(
      actions.filter((a) => /disable|suppress/i.test(a.title)),
      [],
      JSON.stringify(actions.map((a) => a.title)),
    );
    const rename = actions.find((a) => a.kind === 'quickfix' && a.title.startsWith('Rename'));
    assert.ok(rename, JSON.stringify(actions.map((a) => a.title)));
    assert.equal(applyLspEdits(text, rename.edit.changes[uri]), tfJson({ search: { http_max_content_length: 104857600 } }));
  });

  it('hover documents a field inside the configuration, and nothing outside it', async () => {
    const uri = uriOf(path.join(dir, 'hover.tf.json'));
    const text = tfJson({ search: { http_max_content_length: 104857600 } });
    await client.open(uri, text, 'json');
    await client.until('diagnostics', () => client.published.get(uri));
    const hover = await client.request<{ contents: { value: string } } | null>('textDocument/hover', {
      textDocument: { uri },
      position: positionOf(text, text.indexOf('http_max_content_length') + 3),
    });
    assert.ok(hover, 'hover on the field');
    assert.match(hover.contents.value, /http_max_content_length/);
    const outside = await client.request<unknown>('textDocument/hover', {
      textDocument: { uri },
      position: positionOf(text, text.indexOf('resource') + 2),
    });
    assert.equal(outside, null);
  });

  it("resolves ${var.NAME} from the module's .tf files, as the CLI does", async () => {
    const module = path.join(dir, 'module');
    fs.mkdirSync(module);
    fs.writeFileSync(path.join(module, 'variables.tf'), 'variable "clauses" {\n  default = 10000\n}\n');
    const uri = uriOf(path.join(module, 'main.tf.json'));
    await client.open(uri, tfJson({ search: { indices_query_bool_max_clause_count: '${var.clauses}' } }), 'json');
    const d = await client.until('diagnostics', () =>
      client.published
        .get(uri)
        ?.at(-1)
        ?.diagnostics.find((x) => x.code === 'invalid-value'),
    );
    assert.match(d.message, /\(the value of var\.clauses, from module\/variables\.tf:2\)$/);
  });
});
