import { cpuNow } from '../support/cpu-time';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { TestClient } from '../lsp/harness';
import { Lines, type Problem } from './invariants';
import type { Surface } from './surfaces';

/**
 * The language server in-process, as an editor drives it: the input is opened, then every
 * request is sent at random positions. Failures show as error responses or as "failed" in the
 * server's log; every range in an answer must lie inside the document.
 */

let client: TestClient | undefined;
let opened = 0;

/** Every {line, character} pair in a response, with a name for the message. */
function positionsIn(value: unknown, where: string, out: Array<{ where: string; line: number; character: number }>): void {
  const stack: Array<{ v: unknown; at: string }> = [{ v: value, at: where }];
  while (stack.length) {
    const { v, at } = stack.pop()!;
    if (!v || typeof v !== 'object') continue;
    const o = v as Record<string, unknown>;
    if (typeof o.line === 'number' && typeof o.character === 'number') {
      out.push({ where: at, line: o.line, character: o.character });
      continue;
    }
    for (const [k, child] of Object.entries(o)) if (k !== 'data') stack.push({ v: child, at: `${at}.${k}` });
  }
}

function checkPositions(lines: Lines, value: unknown, where: string): Problem[] {
  const found: Array<{ where: string; line: number; character: number }> = [];
  positionsIn(value, where, found);
  const out: Problem[] = [];
  for (const p of found) {
    if (p.where.includes('.position')) continue; // echoed request parameters
    if (p.line < 0 || p.line >= lines.starts.length || p.character < 0 || p.character > lines.lineLength(p.line)) {
      out.push({
        kind: 'lsp-range',
        message: `${p.where}: {line ${p.line}, character ${p.character}} outside the document (${lines.starts.length} lines)`,
      });
    }
  }
  return out;
}

export const lspSurface: Surface = {
  name: 'lsp',
  async run(input, rng, timed) {
    if (!rng.chance(0.3)) return [];
    client ??= await TestClient.start();
    const out: Problem[] = [];
    const { text } = input;
    const fileName = input.options.fileName ?? 'x.json';
    const uri = `file:///fuzz/${opened++}/${fileName}`;
    const doc = TextDocument.create(uri, 'json', 1, text);
    const lines = new Lines(text);
    const logsBefore = client.logs.length;
    const t0 = cpuNow();
    await client.open(uri, text);
    const diagnostics = await client.diagnostics(uri);
    timed.record('lsp diagnostics', cpuNow() - t0);
    out.push(...checkPositions(lines, diagnostics, 'diagnostics'));
    const whole = { start: { line: 0, character: 0 }, end: doc.positionAt(text.length) };
    const id = { textDocument: { uri } };
    const ask = async (method: string, params: unknown): Promise<void> => {
      const start = cpuNow();
      try {
        const r = await client!.request(method, params);
        out.push(...checkPositions(lines, r, method));
      } catch (err) {
        out.push({ kind: 'lsp-error', message: `${method} answered an error: ${err instanceof Error ? err.message : String(err)}` });
      } finally {
        timed.record(method, cpuNow() - start);
      }
    };
    for (let i = 0; i < 3; i++) {
      const position = doc.positionAt(rng.int(0, text.length));
      await ask('textDocument/hover', { ...id, position });
      await ask('textDocument/completion', { ...id, position });
      await ask('textDocument/selectionRange', { ...id, positions: [position] });
      const a = doc.positionAt(rng.int(0, text.length)),
        b = doc.positionAt(rng.int(0, text.length));
      const range = doc.offsetAt(a) <= doc.offsetAt(b) ? { start: a, end: b } : { start: b, end: a };
      await ask('textDocument/codeAction', { ...id, range, context: { diagnostics: diagnostics.filter(() => rng.chance(0.5)) } });
      await ask('textDocument/rangeFormatting', { ...id, range, options: { tabSize: 2, insertSpaces: true } });
    }
    // Positions past the end of a line or of the document, as a stale editor may send them.
    await ask('textDocument/hover', { ...id, position: { line: lines.starts.length + 3, character: 5 } });
    await ask('textDocument/completion', { ...id, position: { line: 0, character: 10_000 } });
    await ask('textDocument/codeAction', { ...id, range: whole, context: { diagnostics } });
    await ask('textDocument/documentSymbol', id);
    await ask('textDocument/foldingRange', id);
    await ask('textDocument/inlayHint', { ...id, range: whole });
    await ask('textDocument/documentLink', id);
    await ask('textDocument/formatting', { ...id, options: { tabSize: 4, insertSpaces: rng.chance(0.5) } });
    await client.connection.sendNotification('textDocument/didClose', id);
    for (const line of client.logs.slice(logsBefore)) if (/failed/i.test(line)) out.push({ kind: 'lsp-log', message: line.slice(0, 300) });
    return out;
  },
  async close() {
    if (client) {
      await client.shutdown();
      client = undefined;
    }
  },
};
