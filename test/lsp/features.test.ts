import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type {
  CodeAction,
  DocumentLink,
  DocumentSymbol,
  FoldingRange,
  Hover,
  InlayHint,
  SelectionRange,
  TextEdit,
} from 'vscode-languageserver/node';
import { fieldByName } from '../../server/src/core/schema';
import { describeWithUnit } from '../../server/src/core/units';
import { applyLspEdits, cursor, tempDir, TestClient, uriOf } from './harness';

const dir = tempDir('features');
let n = 0;
const fresh = (ext = 'json') => uriOf(path.join(dir, `f${n++}.search.${ext}`));

describe('editor features over LSP', () => {
  let client: TestClient;
  before(async () => {
    client = await TestClient.start({ folders: [dir], settings: { baseline: 'none' } });
  });
  after(() => client.shutdown());

  const hoverAt = async (marked: string) => {
    const { text, offset } = cursor(marked);
    const uri = fresh();
    await client.open(uri, text);
    const lines = text.slice(0, offset).split('\n');
    return client.request<Hover | null>('textDocument/hover', {
      textDocument: { uri },
      position: { line: lines.length - 1, character: lines[lines.length - 1].length },
    });
  };

  it('hover on a key shows the documentation with the value converted to its unit', async () => {
    const h = await hoverAt('{ "search": { "http_max_conte|nt_length": 104857600 } }');
    const md = (h!.contents as { value: string }).value;
    const schema = fieldByName('search.http_max_content_length')!.schema;
    assert.match(md, /search\.http_max_content_length/);
    assert.ok(md.includes(describeWithUnit(104857600, schema.unit!).human!), md);
    if (schema.engineSetting) assert.ok(md.includes(schema.engineSetting));
  });

  it('hover on a value works too, and nothing is shown for unknown keys', async () => {
    const h = await hoverAt('{ "search": { "http_max_content_length": 1048|57600 } }');
    assert.ok(h);
    assert.equal(await hoverAt('{ "not_a_field": 1|2 }'), null);
  });

  it('hover never shows a secret value', async () => {
    const h = await hoverAt('{ "openid": { "client_id": "x", "client_secret": "hunter2-ca|nary" } }');
    const md = (h!.contents as { value: string }).value;
    assert.ok(!md.includes('hunter2'), md);
  });

  it('inlay hints show the unit after numbers, and the setting switches them off', async () => {
    const uri = fresh();
    const text = '{\n  "search": { "http_max_content_length": 104857600, "indices_query_bool_max_clause_count": 10 }\n}';
    await client.open(uri, text);
    const range = { start: { line: 0, character: 0 }, end: { line: 3, character: 0 } };
    const hints = await client.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri }, range });
    const expected = describeWithUnit(104857600, fieldByName('search.http_max_content_length')!.schema.unit!).human!;
    assert.equal(hints.length, 1, 'count fields get no hint');
    assert.equal(hints[0].label, `= ${expected}`);
    assert.deepEqual(hints[0].position, { line: 1, character: text.split('\n')[1].indexOf('104857600') + 9 });
    client.settings = { baseline: 'none', inlayHints: { units: false } };
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    assert.deepEqual(await client.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri }, range }), []);
    client.settings = { baseline: 'none' };
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
  });

  it('a quick fix is offered for a fixable finding and applying it fixes the text', async () => {
    const uri = fresh();
    const text = '{\n  "search": {\n    "http_max_content_length": "104857600"\n  }\n}\n';
    await client.open(uri, text);
    const ds = await client.diagnostics(uri, 1);
    const d = ds.find((x) => x.code === 'type-mismatch')!;
    assert.ok(d, 'type-mismatch reported');
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: d.range,
      context: { diagnostics: [d] },
    });
    const fix = actions.find((a) => a.isPreferred && a.diagnostics?.[0]?.code === 'type-mismatch')!;
    assert.ok(fix, actions.map((a) => a.title).join(', '));
    assert.equal(fix.kind, 'quickfix');
    assert.equal(fix.diagnostics?.[0].code, 'type-mismatch');
    const fixed = applyLspEdits(text, fix.edit!.changes![uri]);
    assert.equal(fixed, '{\n  "search": {\n    "http_max_content_length": 104857600\n  }\n}\n');
  });

  it('suggestions become quick fixes that are not preferred; cpus from the settings enables the thread pool checks', async () => {
    const uri = fresh();
    const text = '{\n  "search": {\n    "thread_pool_write_size": 64\n  }\n}\n';
    await client.open(uri, text);
    assert.ok(!(await client.diagnostics(uri, 1)).some((d) => d.code === 'thread-pool-capped'), 'no CPU count, no thread pool check');
    client.settings = { baseline: 'none', cpus: 2 };
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    const d = await client.until('thread-pool-capped', () =>
      client.published
        .get(uri)!
        .at(-1)!
        .diagnostics.find((x) => x.code === 'thread-pool-capped'),
    );
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: d.range,
      context: { diagnostics: [d] },
    });
    const suggestion = actions.find((a) => a.diagnostics?.[0]?.code === 'thread-pool-capped' && a.kind === 'quickfix')!;
    assert.ok(suggestion, actions.map((a) => a.title).join(', '));
    assert.notEqual(suggestion.isPreferred, true);
    const fixed = JSON.parse(applyLspEdits(text, suggestion.edit!.changes![uri]));
    assert.ok(fixed.search.thread_pool_write_size < 64);
    client.settings = { baseline: 'none' };
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
  });

  it('"disable for this line" inserts an indented directive in .jsonc, which then suppresses the finding', async () => {
    const uri = fresh('jsonc');
    const text = '{\n  "search": {\n    "http_max_content_length": "104857600"\n  }\n}\n';
    await client.open(uri, text, 'jsonc');
    const d = (await client.diagnostics(uri, 1)).find((x) => x.code === 'type-mismatch')!;
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: d.range,
      context: { diagnostics: [d] },
    });
    const disable = actions.find((a) => a.title === 'Disable type-mismatch for this line')!;
    const next = applyLspEdits(text, disable.edit!.changes![uri]);
    assert.equal(
      next,
      '{\n  "search": {\n    // search-config-disable-next-line type-mismatch\n    "http_max_content_length": "104857600"\n  }\n}\n',
    );
    await client.change(uri, next, 2);
    assert.ok(!(await client.diagnostics(uri, 2)).some((x) => x.code === 'type-mismatch'));
  });

  it('no "disable" action in plain .json, which cannot hold comments', async () => {
    const uri = fresh();
    const text = '{ "search": { "http_max_content_length": "104857600" } }';
    await client.open(uri, text);
    const d = (await client.diagnostics(uri, 1)).find((x) => x.code === 'type-mismatch')!;
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: d.range,
      context: { diagnostics: [d] },
    });
    assert.ok(!actions.some((a) => a.title.startsWith('Disable')));
  });

  it('source.fixAll.search-config applies every fix at once (fix on save)', async () => {
    const uri = fresh();
    const text = '{\n  "search": {\n    "http_max_content_length": "104857600",\n    "http_max_header_size": "8192"\n  }\n}\n';
    await client.open(uri, text);
    await client.diagnostics(uri, 1);
    const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range,
      context: { diagnostics: [], only: ['source.fixAll'] },
    });
    assert.equal(actions.length, 1);
    assert.equal(actions[0].kind, 'source.fixAll.search-config');
    const fixed = applyLspEdits(text, actions[0].edit!.changes![uri]);
    assert.deepEqual(JSON.parse(fixed), { search: { http_max_content_length: 104857600, http_max_header_size: 8192 } });
    const quick = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range,
      context: { diagnostics: [], only: ['quickfix'] },
    });
    assert.ok(quick.every((a) => a.kind === 'quickfix'));
  });

  it('formatting keeps comments and follows the formatting options; range formatting touches only the range', async () => {
    const uri = fresh('jsonc');
    const text = '{\n// keep me\n"search": {"http_max_content_length": 1}, /* and me */ "service_log": true}';
    await client.open(uri, text, 'jsonc');
    const edits = await client.request<TextEdit[]>('textDocument/formatting', {
      textDocument: { uri },
      options: { tabSize: 4, insertSpaces: true },
    });
    const formatted = applyLspEdits(text, edits);
    assert.equal(
      formatted,
      '{\n    // keep me\n    "search": {\n        "http_max_content_length": 1\n    }, /* and me */\n    "service_log": true\n}',
    );
    const tabs = applyLspEdits(
      text,
      await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 4, insertSpaces: false } }),
    );
    assert.match(tabs, /\n\t"search"/);
    const ranged = applyLspEdits(
      text,
      await client.request<TextEdit[]>('textDocument/rangeFormatting', {
        textDocument: { uri },
        range: { start: { line: 2, character: 10 }, end: { line: 2, character: 42 } },
        options: { tabSize: 2, insertSpaces: true },
      }),
    );
    assert.ok(ranged.startsWith('{\n// keep me\n'), ranged);
  });

  it('outline, folding, selection ranges and links', async () => {
    const uri = fresh();
    const text =
      '{\n  "saml": {\n    "enabled": true,\n    "idp_metadata_url": "https://idp.example.org/metadata"\n  },\n  "openid": {\n    "client_id": "x",\n    "client_secret": "hunter2-canary"\n  }\n}';
    await client.open(uri, text);
    const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
    assert.deepEqual(
      symbols.map((s) => s.name),
      ['saml', 'openid'],
    );
    assert.deepEqual(
      symbols[0].children!.map((s) => s.name),
      ['enabled', 'idp_metadata_url'],
    );
    assert.ok(!JSON.stringify(symbols).includes('hunter2'), 'secret not in the outline');
    const folds = await client.request<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri } });
    assert.deepEqual(
      folds.map((f) => [f.startLine, f.endLine]),
      [
        [0, 8],
        [1, 3],
        [5, 7],
      ],
    );
    const sel = await client.request<SelectionRange[]>('textDocument/selectionRange', {
      textDocument: { uri },
      positions: [{ line: 2, character: 16 }],
    });
    const chain: string[] = [];
    for (let s: SelectionRange | undefined = sel[0]; s; s = s.parent)
      chain.push(`${s.range.start.line}:${s.range.start.character}-${s.range.end.line}:${s.range.end.character}`);
    assert.deepEqual(chain.slice(0, 2), ['2:15-2:19', '2:4-2:19']);
    assert.equal(chain[chain.length - 1], '0:0-9:1');
    const links = await client.request<DocumentLink[]>('textDocument/documentLink', { textDocument: { uri } });
    assert.equal(links.length, 1);
    assert.equal(links[0].target, 'https://idp.example.org/metadata');
    assert.equal(links[0].range.start.line, 3);
  });
});

describe('lifecycle', () => {
  it('initialize announces the features; shutdown answers', async () => {
    const client = await TestClient.start({ folders: [dir] });
    const r = await client.connection.sendRequest('shutdown');
    assert.equal(r, null);
    client.connection.dispose();
  });
});
