import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyze, fixAll } from '../../../server/src/core';
import { maskSecrets } from '../../../server/src/cli/unified-diff';
import { runCli, removeTree, tempTree } from '../../cli/support';
import { TestClient } from '../../lsp/harness';
import { SECRET_FIELDS } from '../../support/schema-docs';
import { CANARY_PREFIX, leaks, secretConfig } from '../../support/secret-configs';

// One test that follows canary secrets through every surface that can print something.

const FORMATS = ['stylish', 'json', 'sarif', 'github', 'junit'];

test('secrets: canaries in secret fields and in unknown keys never appear in any output', async () => {
  assert.ok(SECRET_FIELDS.length >= 2, 'the schema marks its secret fields');
  const current = secretConfig('A');
  const numeric = secretConfig('C', { numeric: true });
  const baseline = secretConfig('B');
  const canaries = [...current.canaries, ...numeric.canaries, ...baseline.canaries];
  const problems: string[] = [];
  const check = (surface: string, output: string): void => {
    for (const l of leaks(output, canaries)) problems.push(`${surface}: ${l}`);
  };

  // The core: messages, fix titles, related information.
  for (const [name, cfg] of [
    ['strings', current],
    ['numbers', numeric],
  ] as const) {
    for (const fileName of ['prod.search.json', 'prod.search.jsonc']) {
      const { findings, internalErrors } = analyze(cfg.text, { fileName, baselineText: baseline.text, baselineLabel: 'deployed', cpus: 2 });
      assert.deepEqual(internalErrors, []);
      assert.ok(findings.length > 0);
      for (const f of findings) {
        check(`core ${name} ${f.ruleId} message`, f.message);
        for (const fix of [...(f.fix ? [f.fix] : []), ...(f.suggestions ?? [])]) check(`core ${name} ${f.ruleId} fix title`, fix.title);
        for (const r of f.related ?? []) check(`core ${name} ${f.ruleId} related`, r.message);
      }
      check(`core ${name} fixAll refusal`, fixAll(cfg.text, { fileName }).refused ?? '');
    }
  }

  // The masked text the dry-run diff is made of, for every field at once (a diff shows only the
  // lines around a fix), as JSON and JSONC with comments quoting the URLs, LF and CRLF.
  for (const cfg of [current, numeric, baseline]) {
    const urls = [...cfg.text.matchAll(/"([^"\n@]*@[^"\n]*)"/g)].map((m) => m[1]);
    const commented = cfg.text.replace(/\n/, `\n  // was ${urls.join(' and ')}\n  /* ${urls.join(', ')} */\n`);
    for (const [name, text] of [
      ['prod.search.json', cfg.text],
      ['prod.search.jsonc', commented],
    ]) {
      for (const eol of ['\n', '\r\n']) {
        const masked = maskSecrets(text.replace(/\n/g, eol), name);
        assert.ok(masked.includes('***@'), 'URLs are kept, their credentials masked');
        check(`masked text of ${name}`, masked);
      }
    }
  }

  // The CLI: every format, the dry-run diff, diff in every format, and standard error.
  const dir = tempTree({ 'prod.search.json': current.text, 'numbers.search.json': numeric.text, 'deployed.search.json': baseline.text });
  try {
    for (const format of FORMATS) {
      const r = await runCli(
        ['lint', '--format', format, '--baseline', 'deployed.search.json', '--cpus', '2', 'prod.search.json', 'numbers.search.json'],
        { cwd: dir },
      );
      assert.notEqual(r.code, 2, `lint --format ${format}: ${r.err}`);
      assert.ok(r.out.length > 0);
      check(`lint --format ${format} stdout`, r.out);
      check(`lint --format ${format} stderr`, r.err);
      const o = await runCli(['lint', '--format', format, '--output', 'report.out', 'prod.search.json'], { cwd: dir });
      check(`lint --format ${format} --output`, fs.readFileSync(path.join(dir, 'report.out'), 'utf8') + o.out + o.err);
    }
    const dry = await runCli(['lint', '--fix-dry-run', 'prod.search.json', 'numbers.search.json'], { cwd: dir });
    assert.match(dry.out, /^[-+ ].*\*\*\*@/m, 'the dry-run diff shows lines with URLs');
    check('lint --fix-dry-run', dry.out + dry.err);
    const stdin = await runCli(['lint', '--format', 'json', '--stdin-filename', 'x.search.json', '-'], { cwd: dir, stdin: current.text });
    check('lint stdin', stdin.out + stdin.err);
    for (const format of ['text', 'json', 'markdown']) {
      for (const [a, b] of [
        ['deployed.search.json', 'prod.search.json'],
        ['prod.search.json', 'numbers.search.json'],
      ]) {
        const r = await runCli(['diff', a, b, '--format', format], { cwd: dir });
        assert.equal(r.code, 0, `diff --format ${format}: ${r.err}`);
        assert.ok(r.out.length > 0);
        check(`diff --format ${format}`, r.out + r.err);
      }
    }
    for (const topic of SECRET_FIELDS.map((f) => f.dotted)) {
      const r = await runCli(['explain', topic], { cwd: dir });
      check(`explain ${topic}`, r.out + r.err);
    }
    // A broken file: error messages quote text around the error.
    const broken = current.text.replace(/"(Cnry[^"]*)"/, '"$1');
    fs.writeFileSync(path.join(dir, 'broken.search.json'), broken);
    const b = await runCli(['lint', '--format', 'json', 'broken.search.json'], { cwd: dir });
    check('lint of a broken file', b.out + b.err);
  } finally {
    removeTree(dir);
  }

  // The language server: diagnostics, hover, inlay hints, code actions, symbols, completion, logs.
  const client = await TestClient.start();
  try {
    for (const [name, cfg] of [
      ['strings', current],
      ['numbers', numeric],
    ] as const) {
      const uri = pathToFileURL(`/tmp/secret-${name}.search.json`).href;
      await client.open(uri, cfg.text);
      const diagnostics = await client.diagnostics(uri);
      assert.ok(diagnostics.length > 0);
      check(`lsp ${name} diagnostics`, JSON.stringify(diagnostics));
      const doc = TextDocument.create(uri, 'json', 1, cfg.text);
      const whole = { start: { line: 0, character: 0 }, end: doc.positionAt(cfg.text.length) };
      check(
        `lsp ${name} inlay hints`,
        JSON.stringify(await client.request('textDocument/inlayHint', { textDocument: { uri }, range: whole })),
      );
      check(`lsp ${name} symbols`, JSON.stringify(await client.request('textDocument/documentSymbol', { textDocument: { uri } })));
      // A code action's edit hands the document's own text back to the editor that holds it (moving a
      // property moves its value): only what the editor shows about the action is checked.
      const shown = (actions: unknown): string => JSON.stringify(actions, (k, v) => (k === 'edit' ? undefined : v));
      check(
        `lsp ${name} code actions`,
        shown(await client.request('textDocument/codeAction', { textDocument: { uri }, range: whole, context: { diagnostics } })),
      );
      for (const d of diagnostics) {
        check(
          `lsp ${name} code actions`,
          shown(await client.request('textDocument/codeAction', { textDocument: { uri }, range: d.range, context: { diagnostics: [d] } })),
        );
      }
      // Hover and completion on every secret value and on every key, and inside the values.
      const offsets = new Set<number>();
      for (const m of cfg.text.matchAll(/"[^"\n]*"|\d{6,}/g)) {
        offsets.add(m.index! + 1);
        offsets.add(m.index! + Math.floor(m[0].length / 2));
      }
      for (const offset of offsets) {
        const position = doc.positionAt(offset);
        check(
          `lsp ${name} hover at ${offset}`,
          JSON.stringify(await client.request('textDocument/hover', { textDocument: { uri }, position })),
        );
        const items = await client.completion(uri, offset);
        // A completion may offer a placeholder for a secret, never the value that is there.
        check(`lsp ${name} completion at ${offset}`, JSON.stringify(items));
      }
    }
    check('lsp logs', client.logs.join('\n') + client.shownMessages.join('\n'));
  } finally {
    await client.shutdown();
  }

  assert.equal(
    problems.length,
    0,
    `${problems.length} leak(s):\n${[...new Set(problems.map((p) => p.slice(0, 220)))].slice(0, 25).join('\n')}`,
  );
  assert.ok(!CANARY_PREFIX.includes(' '));
});
