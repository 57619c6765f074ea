import {
  CodeActionKind,
  MarkupKind,
  type ClientCapabilities,
  type CodeAction,
  type CodeActionParams,
  type CompletionList,
  type Hover,
  type Position,
  type TextDocuments,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { mergeIntoConfiguration, LineIndex, requestCompletions, requestHover, settingsUpdateAt, requestFileKind } from '../core';
import { rangeOf, toCompletionItem } from './convert';
import type { DocumentState, ServerContext } from './context';
import { sameUri } from './uris';
import { configurationsIn } from './workspace';

/** Hover and completion in request files, runbooks and scripts: the core answers, this turns it into LSP. */
export function requestHoverAt(state: DocumentState, position: Position): Hover | null {
  const text = state.doc.getText();
  const lines = new LineIndex(text);
  const kind = requestFileKind(state.options.fileName);
  const h = kind && requestHover(text, kind, lines.offsetAt(position));
  return h ? { contents: { kind: MarkupKind.Markdown, value: h.markdown }, range: rangeOf(lines, h.range) } : null;
}

export function requestCompletionList(
  state: DocumentState,
  position: Position,
  capabilities: ClientCapabilities,
): CompletionList & { isIncomplete: false } {
  const text = state.doc.getText();
  const lines = new LineIndex(text);
  const caps = capabilities.textDocument?.completion?.completionItem;
  const support = { tags: false, markdown: caps?.documentationFormat ? caps.documentationFormat.includes(MarkupKind.Markdown) : true };
  return { isIncomplete: false, items: requestCompletions(text, lines.offsetAt(position)).map((c) => toCompletionItem(c, lines, support)) };
}

/**
 * For a refused settings update, the fix the service wants: the same settings as fields of a
 * configuration of the workspace, one action per configuration found (so that the user picks one when
 * there are several), each a workspace edit of that file that keeps its comments and formatting.
 */
export async function settingsToConfigurationActions(
  ctx: ServerContext,
  documents: TextDocuments<TextDocument>,
  state: DocumentState,
  params: CodeActionParams,
): Promise<CodeAction[]> {
  const only = params.context?.only;
  if (only?.length && !only.some((o) => CodeActionKind.QuickFix.startsWith(o))) return [];
  const diagnostics = params.context.diagnostics.filter((d) => d.code === 'blocked-endpoint');
  if (!diagnostics.length) return [];
  const text = state.doc.getText();
  const lines = new LineIndex(text);
  const kind = requestFileKind(state.options.fileName);
  const assignments = kind ? settingsUpdateAt(text, kind, lines.offsetAt(diagnostics[0].range.start)) : [];
  if (!assignments.length) return [];
  const out: CodeAction[] = [];
  for (const found of await configurationsIn(ctx.workspace, state.settings)) {
    // An open configuration is edited as the editor has it, unsaved changes included.
    const open = documents.all().find((d) => sameUri(d.uri, found));
    const uri = open?.uri ?? found;
    let current: string;
    if (open) current = open.getText();
    else {
      const read = await ctx.workspace.runtime.readFile(found);
      if (!read.ok) continue;
      current = read.text;
    }
    const { text: merged, set } = mergeIntoConfiguration(current, assignments);
    if (merged === current) continue;
    const end = new LineIndex(current).positionAt(current.length);
    const name = ctx.workspace.relativeName(found);
    out.push({
      // Only the fields the edit sets: one whose parent is not an object in that file is left out.
      title: `Set ${set.map((a) => a.path).join(', ')} in ${name} instead`,
      kind: CodeActionKind.QuickFix,
      diagnostics,
      edit: { changes: { [uri]: [{ range: { start: { line: 0, character: 0 }, end }, newText: merged }] } },
    });
  }
  if (out.length === 1) out[0].isPreferred = true;
  return out;
}
