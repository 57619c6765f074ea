import {
  CompletionItemKind,
  CompletionItemTag,
  DiagnosticSeverity,
  DiagnosticTag,
  InsertTextFormat,
  InsertTextMode,
  MarkupKind,
  SymbolKind as LspSymbolKind,
  SymbolTag,
  type CompletionItem,
  type Diagnostic,
  type DocumentSymbol,
  type Range,
  type TextEdit as LspTextEdit,
} from 'vscode-languageserver';
import {
  type LineIndex,
  type Finding,
  type OffsetRange,
  type Severity,
  type TextEdit,
  type EditorCompletion,
  type EditorSymbol,
  ruleDocUrl,
} from '../core';

export const SOURCE = 'search-config';

export const rangeOf = (lines: LineIndex, r: OffsetRange): Range => lines.rangeOf(r.offset, r.length);
export const lspEdit = (lines: LineIndex, e: TextEdit): LspTextEdit => ({ range: rangeOf(lines, e), newText: e.newText });

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** Where findings about the baseline point: the baseline file, or a `git:` URI of the committed version. */
export interface BaselineLocation {
  uri: string;
}

export function toDiagnostic(f: Finding, uri: string, baseline: BaselineLocation | undefined): Diagnostic {
  const d: Diagnostic = {
    range: f.range,
    severity: SEVERITY[f.severity],
    code: f.ruleId,
    codeDescription: { href: ruleDocUrl(f.ruleId) },
    source: SOURCE,
    message: f.message,
  };
  const tags = (f.tags ?? []).map((t) => (t === 'deprecated' ? DiagnosticTag.Deprecated : DiagnosticTag.Unnecessary));
  if (tags.length) d.tags = tags;
  const related = (f.related ?? []).flatMap((r) => {
    if (r.inBaseline && !baseline) return [];
    const target = r.inBaseline ? baseline!.uri : uri;
    const range = r.range ?? (r.inBaseline ? { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } : f.range);
    return [{ location: { uri: target, range }, message: r.message }];
  });
  if (related.length) d.relatedInformation = related;
  return d;
}

const COMPLETION_KIND = {
  property: CompletionItemKind.Property,
  value: CompletionItemKind.Value,
  enum: CompletionItemKind.EnumMember,
  keyword: CompletionItemKind.Keyword,
  snippet: CompletionItemKind.Snippet,
} as const;

export interface CompletionSupport {
  tags: boolean;
  markdown: boolean;
}

export function toCompletionItem(c: EditorCompletion, lines: LineIndex, support: CompletionSupport, replaceRange?: Range): CompletionItem {
  const item: CompletionItem = {
    label: c.label,
    kind: COMPLETION_KIND[c.kind],
    detail: c.detail,
    textEdit: { range: replaceRange ?? rangeOf(lines, c.replace), newText: c.insertText },
    insertTextFormat: c.isSnippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
    // Multi-line skeletons are already indented for their place in the document.
    insertTextMode: InsertTextMode.asIs,
    filterText: c.filterText,
    sortText: c.sortText,
  };
  if (c.documentation) item.documentation = support.markdown ? { kind: MarkupKind.Markdown, value: c.documentation } : c.documentation;
  if (c.additionalEdits?.length) item.additionalTextEdits = c.additionalEdits.map((e) => lspEdit(lines, e));
  if (c.deprecated) {
    if (support.tags) item.tags = [CompletionItemTag.Deprecated];
    else item.deprecated = true;
  }
  if (c.preselect) item.preselect = true;
  return item;
}

const SYMBOL_KIND = {
  object: LspSymbolKind.Module,
  array: LspSymbolKind.Array,
  string: LspSymbolKind.String,
  number: LspSymbolKind.Number,
  boolean: LspSymbolKind.Boolean,
  null: LspSymbolKind.Null,
  property: LspSymbolKind.Property,
} as const;

export function toDocumentSymbol(s: EditorSymbol, lines: LineIndex): DocumentSymbol {
  const out: DocumentSymbol = {
    name: s.name || '""',
    kind: SYMBOL_KIND[s.kind],
    range: rangeOf(lines, s.range),
    selectionRange: rangeOf(lines, s.selectionRange),
    children: s.children.map((c) => toDocumentSymbol(c, lines)),
  };
  if (s.detail) out.detail = s.detail;
  if (s.deprecated) out.tags = [SymbolTag.Deprecated];
  return out;
}
