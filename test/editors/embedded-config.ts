/**
 * What the real-editor tests of configurations embedded in another format (a Terraform block, a
 * manifest's spec.userConfig) share: the expectations read from a fixture, and the terminal editors' check
 * (Neovim, Emacs with Eglot: the harnesses take the same flags and print the same lines) that the server
 * answers inside the configuration and nothing outside it.
 */
import path from 'node:path';
import type { Finding } from '../../server/src/core';
import type { Outcome } from './outcome';
import type { RequestContext } from './requests';

export interface Position {
  line: number;
  character: number;
}

export interface EmbeddedExpectations {
  text: string;
  findings: Finding[];
  /** 0-based lines of the configuration (its block or key included): the only place anything may show. */
  block: { first: number; last: number };
  completion: { at: Position; label: string; insert: string; defaultText: string };
  hover: { at: Position; mustContain: string[] };
  /** The same field and value outside the configuration: no hover, no completion there. */
  outside: { hover: Position; complete: Position };
}

/** The terminal editors, each driven by its harness in the shared real-client set. */
export type TerminalEditor = 'nvim' | 'emacs';
const HARNESS: Record<TerminalEditor, string[]> = { nvim: ['nvim', 'nvim-lsp-harness.sh'], emacs: ['emacs', 'emacs-eglot-harness.sh'] };

/** How one format's terminal-editor check names things, and how strictly it reads the inserted completion. */
export interface TerminalCheck {
  client: TerminalEditor;
  file: string;
  languageId: string;
  /** The harness runs' names: `NAME` inside, `NAME-outside` outside. */
  name: string;
  editor: string;
  /** Where the configuration is, in messages: `the block`, `spec.userConfig`. */
  where: string;
  /** Where a stray diagnostic was, in its message. */
  outsideWhere: string;
  /** Whether the completion item's insertText must be exactly `insert` (else it must hold it). */
  exactInsert: boolean;
}

export const linePos = (p: Position): string => `${p.line}:${p.character}`;

/** Neovim or Emacs: the analyzer's diagnostics, completion and hover inside the configuration; outside it, no more. */
export function terminalEmbeddedOutcome(ctx: RequestContext, e: EmbeddedExpectations, c: TerminalCheck): Outcome {
  const inBlock = (line: number) => line >= e.block.first && line <= e.block.last;
  const want = e.findings.map((f) => `${f.ruleId}@${f.range.start.line + 1}`).sort();
  const o: Outcome = { editor: c.editor, failures: [], notes: [] };
  const script = path.join(ctx.harnesses, ...HARNESS[c.client]);
  const common = [
    '--cmd',
    ctx.serverCommand,
    '--file',
    path.join(ctx.workspace, c.file),
    '--root',
    ctx.workspace,
    '--language-id',
    c.languageId,
    '--settle-ms',
    '1500',
    '--timeout-ms',
    '30000',
  ];
  const run = ctx.harness(
    c.name,
    script,
    [...common, '--complete', linePos(e.completion.at), '--hover', linePos(e.hover.at), '--wait-nonempty'],
    o,
  );
  if (run) {
    const got = run
      .filter((l) => l.type === 'diagnostic')
      .map((d) => `${String(d.code)}@${Number(d.line) + 1}`)
      .sort();
    if (JSON.stringify(got) !== JSON.stringify(want))
      o.failures.push(`diagnostics ${JSON.stringify(got)} differ from the analyzer's ${JSON.stringify(want)}`);
    const item = run.find((l) => l.type === 'completion' && l.label === e.completion.label);
    if (!item)
      o.failures.push(
        `completion in ${c.where} lacks ${e.completion.label}: ${JSON.stringify(run.filter((l) => l.type === 'completion').map((l) => l.label))}`,
      );
    else if (c.client === 'nvim') {
      // Only Neovim's harness reports the text an item inserts; Eglot's gives the label and the detail.
      const inserted = String(item.insertText);
      if (c.exactInsert ? inserted !== e.completion.insert : !inserted.includes(e.completion.insert))
        o.failures.push(
          `choosing ${e.completion.label} inserts ${JSON.stringify(item.insertText)}, not ${JSON.stringify(e.completion.insert)}`,
        );
    }
    if (item && !String(item.detail).includes(e.completion.defaultText))
      o.failures.push(`completion detail lacks the default ${e.completion.defaultText}: ${JSON.stringify(item.detail)}`);
    const hover = String(run.find((l) => l.type === 'hover')?.contents ?? '');
    for (const s of e.hover.mustContain)
      if (!hover.includes(s)) o.failures.push(`hover in ${c.where} lacks ${JSON.stringify(s)}: ${JSON.stringify(hover.slice(0, 300))}`);
  }
  // The same field and value outside the configuration: the file's diagnostics are the same, and nothing else answers.
  const outside = ctx.harness(
    `${c.name}-outside`,
    script,
    [...common, '--complete', linePos(e.outside.complete), '--hover', linePos(e.outside.hover)],
    o,
  );
  if (outside) {
    const stray = outside
      .filter((l) => l.type === 'diagnostic')
      .map((d) => Number(d.line))
      .filter((l) => !inBlock(l));
    if (stray.length) o.failures.push(`diagnostics outside ${c.outsideWhere}, on lines ${stray.map((l) => l + 1).join(', ')}`);
    const items = outside.filter((l) => l.type === 'completion').map((l) => String(l.label));
    if (items.length) o.failures.push(`completion outside ${c.where} offers ${JSON.stringify(items)}`);
    const hover = outside.find((l) => l.type === 'hover')?.contents;
    if (hover) o.failures.push(`hover outside ${c.where} shows ${JSON.stringify(String(hover).slice(0, 200))}`);
  }
  o.notes.push(`${want.length} diagnostics in ${c.where} (${want.join(', ')}), none outside; completion and hover only inside`);
  return o;
}
