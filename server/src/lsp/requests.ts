import { MarkupKind, type ClientCapabilities, type CompletionList, type Hover, type Position } from 'vscode-languageserver/node';
import { LineIndex } from '../core/lines';
import { requestCompletions, requestHover } from '../core/requests/editor';
import { requestFileKind } from '../core/requests/types';
import { rangeOf, toCompletionItem } from './convert';
import type { DocumentState } from './server';

/** Hover and completion in request files, runbooks and scripts: the core answers, this turns it into LSP. */
export function requestHoverAt(state: DocumentState, position: Position): Hover | null {
  const text = state.doc.getText();
  const lines = new LineIndex(text);
  const kind = requestFileKind(state.options.fileName);
  const h = kind && requestHover(text, kind, lines.offsetAt(position));
  return h ? { contents: { kind: MarkupKind.Markdown, value: h.markdown }, range: rangeOf(lines, h.range) } : null;
}

export function requestCompletionList(state: DocumentState, position: Position, capabilities: ClientCapabilities): CompletionList & { isIncomplete: false } {
  const text = state.doc.getText();
  const lines = new LineIndex(text);
  const caps = capabilities.textDocument?.completion?.completionItem;
  const support = { tags: false, markdown: caps?.documentationFormat ? caps.documentationFormat.includes(MarkupKind.Markdown) : true };
  return { isIncomplete: false, items: requestCompletions(text, lines.offsetAt(position)).map((c) => toCompletionItem(c, lines, support)) };
}
