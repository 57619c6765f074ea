import {
  CodeActionKind,
  ErrorCodes,
  FoldingRangeKind,
  InlayHintKind,
  MarkupKind,
  ResponseError,
  type CancellationToken,
  type CodeAction,
  type CodeActionParams,
  type Diagnostic,
  type InlayHint,
  type Position,
  type Range,
  type SelectionRange,
} from 'vscode-languageserver';
import {
  complete,
  documentLinks,
  documentSymbols,
  fixAllAction,
  foldingRanges,
  formatEdits,
  hoverAt,
  quickFixes,
  selectionRanges,
  memberHoverAt,
  literalUnitInlayHints,
  unitInlayHints,
  type EditorAction,
  type EditorCompletion,
  type ConfigDocument,
  changeImpact,
  LineIndex,
  requestQuickFixes,
  type Finding,
  type OffsetRange,
  cutAtFirst,
  formatOf,
  type FormatHandler,
  type Replacement,
} from '../core';
import { lspEdit, rangeOf, toCompletionItem, toDiagnostic, toDocumentSymbol } from './convert';
import { guardRequest } from './guard';
import { requestCompletionList, requestHoverAt, settingsToConfigurationActions } from './request-files';
import type { DocumentState, ServerContext } from './context';

export const FIX_ALL_KIND = 'source.fixAll.search-config';
/** `workspace/executeCommand`: the changes of an open document against its baseline, as markdown. */
export const CHANGE_IMPACT_COMMAND = 'search-config.changeImpact';

/** Completion, hover, inlay hints, code actions, outline, folding, selection, formatting and links. */
export function registerFeatures(ctx: ServerContext): void {
  const { connection, log, cache } = ctx;
  const offsetOf = (lines: LineIndex, p: Position): number => lines.offsetAt(p ?? { line: 0, character: 0 });
  const parsedOf = (state: DocumentState) => cache.parsed(state.doc);
  /**
   * Answers by how the file's format is edited (see formats/registry.ts): `run` for a configuration
   * that is the whole file; `inRequestFile` for request files, runbooks and scripts, where the
   * configuration features do not apply; `inMembers` for configurations inside a file of another
   * language (Terraform, Terraform's JSON syntax, YAML), which answers inside them only. Formatting,
   * outline, folding and the rest are that language's own extension's there.
   */
  const withState = async <R>(
    method: string,
    uri: string,
    empty: R,
    run: (state: DocumentState) => R,
    inRequestFile?: (state: DocumentState) => R | Promise<R>,
    inMembers?: (state: DocumentState, format: FormatHandler) => R,
  ): Promise<R> => {
    ctx.beforeRequest(method);
    // Only code actions analyse the document, and only they need the baseline.
    const state = await ctx.stateOf(uri, method === 'textDocument/codeAction');
    if (!state) return empty;
    const format = formatOf(state.options.fileName);
    if (format.editing === 'requests') return inRequestFile ? inRequestFile(state) : empty;
    if (format.editing === 'members') return inMembers ? inMembers(state, format) : empty;
    return run(state);
  };

  connection.onCompletion(
    guardRequest(log, 'completion', null, (params) =>
      withState(
        'textDocument/completion',
        params.textDocument.uri,
        null,
        (state) => {
          const parsed = parsedOf(state);
          const caps = ctx.capabilities().textDocument?.completion?.completionItem;
          const items = complete(parsed, offsetOf(parsed.lines, params.position), { snippets: !!caps?.snippetSupport });
          const support = {
            tags: !!caps?.tagSupport?.valueSet?.includes(1),
            markdown: caps?.documentationFormat ? caps.documentationFormat.includes(MarkupKind.Markdown) : true,
          };
          // Every item replaces the same text: convert its range once.
          const range = items.length ? rangeOf(parsed.lines, items[0].replace) : undefined;
          return {
            isIncomplete: false,
            items: items.map((c) => toCompletionItem(c, parsed.lines, support, c.replace === items[0].replace ? range : undefined)),
          };
        },
        (state) => requestCompletionList(state, params.position, ctx.capabilities()),
        (state, format) => {
          const text = state.doc.getText();
          const lines = new LineIndex(text);
          const items = format.complete?.(
            text,
            offsetOf(lines, params.position),
            {
              snippets: !!ctx.capabilities().textDocument?.completion?.completionItem?.snippetSupport,
              fileName: state.options.fileName,
              maxDepth: state.options.maxDepth,
            },
            ctx.cache.keptState(state.doc.uri),
          );
          return items ? completionList(items, lines) : null;
        },
      ),
    ),
  );

  const completionList = (items: EditorCompletion[], lines: LineIndex) => {
    const caps = ctx.capabilities().textDocument?.completion?.completionItem;
    const support = {
      tags: !!caps?.tagSupport?.valueSet?.includes(1),
      markdown: caps?.documentationFormat ? caps.documentationFormat.includes(MarkupKind.Markdown) : true,
    };
    return { isIncomplete: false, items: items.map((c) => toCompletionItem(c, lines, support)) };
  };

  connection.onHover(
    guardRequest(log, 'hover', null, (params) =>
      withState(
        'textDocument/hover',
        params.textDocument.uri,
        null,
        (state) => {
          const parsed = parsedOf(state);
          const h = hoverAt(parsed, offsetOf(parsed.lines, params.position));
          return h ? { contents: { kind: MarkupKind.Markdown, value: h.markdown }, range: rangeOf(parsed.lines, h.range) } : null;
        },
        (state) => requestHoverAt(state, params.position),
        (state) => {
          const analysis = ctx.analysisOf(state);
          return memberHover(analysis.configurations, params.position, analysis.replaced);
        },
      ),
    ),
  );

  const memberHover = (
    configurations: readonly ConfigDocument[],
    position: Position,
    replaced?: ReadonlyMap<ConfigDocument, Replacement>,
  ) => {
    const lines = configurations[0]?.lines;
    const h = lines && memberHoverAt(configurations, offsetOf(lines, position), replaced);
    return h && lines ? { contents: { kind: MarkupKind.Markdown, value: h.markdown }, range: rangeOf(lines, h.range) } : null;
  };

  connection.languages.inlayHint.on(
    guardRequest(log, 'inlay hints', null, (params, token) =>
      withState<InlayHint[] | null>(
        'textDocument/inlayHint',
        params.textDocument.uri,
        null,
        (state) => {
          if (!state.settings.inlayHints.units) return [];
          const parsed = parsedOf(state);
          const from = parsed.lines.offsetAt(params.range.start),
            to = parsed.lines.offsetAt(params.range.end);
          return unitInlayHints(parsed, from, to, () => token.isCancellationRequested).map((h) => ({
            position: parsed.lines.positionAt(h.offset),
            label: h.label,
            kind: InlayHintKind.Parameter,
            paddingLeft: true,
          }));
        },
        undefined,
        (state) => literalHints(state, ctx.analysisOf(state).configurations, params.range, token),
      ),
    ),
  );

  /** Unit hints in the configurations of a Terraform or YAML file, within the range asked about. */
  const literalHints = (
    state: DocumentState,
    configurations: readonly ConfigDocument[],
    range: Range,
    token: CancellationToken,
  ): InlayHint[] => {
    if (!state.settings.inlayHints.units) return [];
    const lines = configurations[0]?.lines;
    if (!lines) return [];
    const from = lines.offsetAt(range.start),
      to = lines.offsetAt(range.end);
    return literalUnitInlayHints(configurations, from, to, () => token.isCancellationRequested).map((h) => ({
      position: lines.positionAt(h.offset),
      label: h.label,
      kind: InlayHintKind.Parameter,
      paddingLeft: true,
    }));
  };

  /** Quick fixes for the range asked about, and fix all when the client asks for it (fix on save). */
  const codeActions = (
    state: DocumentState,
    params: CodeActionParams,
    lines: LineIndex,
    fixesAt: (findings: readonly Finding[], range: OffsetRange) => EditorAction[],
    analysis = ctx.analysisOf(state),
  ): CodeAction[] => {
    const only = params.context?.only;
    const wants = (kind: string): boolean => !only?.length || only.some((o) => kind === o || kind.startsWith(`${o}.`));
    const out: CodeAction[] = [];
    const toAction = (a: EditorAction, kind: string): CodeAction => {
      const action: CodeAction = { title: a.title, kind, edit: { changes: { [state.doc.uri]: a.edits.map((e) => lspEdit(lines, e)) } } };
      const diagnostics: Diagnostic[] = a.findings.map((f) => toDiagnostic(f, state.doc.uri, state.baseline));
      if (diagnostics.length) action.diagnostics = diagnostics;
      if (a.isPreferred) action.isPreferred = true;
      return action;
    };
    if (wants(CodeActionKind.QuickFix)) {
      const from = lines.offsetAt(params.range.start),
        to = lines.offsetAt(params.range.end);
      for (const a of fixesAt(analysis.findings, { offset: from, length: to - from })) out.push(toAction(a, CodeActionKind.QuickFix));
    }
    // Only when asked for: computing every fix costs several analyses.
    if (only?.some((o) => o === CodeActionKind.Source || (FIX_ALL_KIND.startsWith(o) && o.startsWith(CodeActionKind.SourceFixAll)))) {
      const a = fixAllAction(state.doc.getText(), state.options, analysis);
      if (a) out.push(toAction(a, FIX_ALL_KIND));
    }
    return out;
  };

  connection.onCodeAction(
    guardRequest(log, 'code actions', null, (params) =>
      withState(
        'textDocument/codeAction',
        params.textDocument.uri,
        null,
        (state) => {
          const parsed = parsedOf(state);
          return codeActions(state, params, parsed.lines, (findings, range) => quickFixes(parsed, findings, range));
        },
        async (state) => {
          // In a request file, the configuration to write instead comes first: it is what the service wants.
          // A large request file is analysed in slices, as for its diagnostics (usually already done).
          const analysis = await ctx.analysisInSlicesOf(state);
          if (!analysis) return [];
          const text = state.doc.getText();
          const own = codeActions(
            state,
            params,
            new LineIndex(text),
            (findings, range) => requestQuickFixes(text, findings, range),
            analysis,
          );
          return [...(await settingsToConfigurationActions(ctx, ctx.documents, state, params)), ...own];
        },
        // Fixes are written in the format's syntax; suppression comments in its line comments, where it has them.
        (state, format) => {
          const text = state.doc.getText();
          const syntax = format.lineComment
            ? { text, comment: format.lineComment, applyEdits: format.applyEdits, layoutWindows: format.layoutWindows }
            : { text, commentsAllowed: false, applyEdits: format.applyEdits, layoutWindows: format.layoutWindows };
          return codeActions(state, params, new LineIndex(text), (findings, range) => quickFixes(syntax, findings, range));
        },
      ),
    ),
  );

  connection.onDocumentSymbol(
    guardRequest(log, 'document symbols', null, (params, token) =>
      withState('textDocument/documentSymbol', params.textDocument.uri, null, (state) => {
        const parsed = parsedOf(state);
        return documentSymbols(parsed, () => token.isCancellationRequested).map((s) => toDocumentSymbol(s, parsed.lines));
      }),
    ),
  );

  connection.onFoldingRanges(
    guardRequest(log, 'folding ranges', null, (params, token) =>
      withState('textDocument/foldingRange', params.textDocument.uri, null, (state) =>
        foldingRanges(parsedOf(state), () => token.isCancellationRequested).map((f) =>
          f.kind
            ? { startLine: f.startLine, endLine: f.endLine, kind: FoldingRangeKind.Comment }
            : { startLine: f.startLine, endLine: f.endLine },
        ),
      ),
    ),
  );

  connection.onSelectionRanges(
    guardRequest(log, 'selection ranges', null, (params) =>
      withState('textDocument/selectionRange', params.textDocument.uri, null, (state) => {
        const parsed = parsedOf(state);
        return params.positions.map((p) => {
          const ranges = selectionRanges(parsed, offsetOf(parsed.lines, p));
          let parent: SelectionRange | undefined;
          for (let i = ranges.length - 1; i >= 0; i--) parent = { range: rangeOf(parsed.lines, ranges[i]), parent };
          return parent!;
        });
      }),
    ),
  );

  connection.onDocumentFormatting(
    guardRequest(log, 'formatting', null, (params) =>
      withState('textDocument/formatting', params.textDocument.uri, null, (state) => {
        const parsed = parsedOf(state);
        return formatEdits(parsed.text, params.options).map((e) => lspEdit(parsed.lines, e));
      }),
    ),
  );

  connection.onDocumentRangeFormatting(
    guardRequest(log, 'range formatting', null, (params) =>
      withState('textDocument/rangeFormatting', params.textDocument.uri, null, (state) => {
        const parsed = parsedOf(state);
        const from = parsed.lines.offsetAt(params.range.start),
          to = parsed.lines.offsetAt(params.range.end);
        return formatEdits(parsed.text, params.options, { offset: from, length: to - from }).map((e) => lspEdit(parsed.lines, e));
      }),
    ),
  );

  connection.onExecuteCommand(
    guardRequest(log, 'execute command', null, async (params) => {
      ctx.beforeRequest('workspace/executeCommand');
      if (params.command !== CHANGE_IMPACT_COMMAND) throw new ResponseError(ErrorCodes.InvalidParams, `Unknown command ${params.command}`);
      const uri = params.arguments?.[0];
      if (typeof uri !== 'string') throw new ResponseError(ErrorCodes.InvalidParams, `${CHANGE_IMPACT_COMMAND} takes the document URI`);
      const state = await ctx.stateOf(uri);
      if (!state?.baseline) return null;
      const name = decodeURIComponent(cutAtFirst(uri, '?#').split('/').pop() ?? 'configuration');
      // Each version is read in its own file's format: the document at a git revision, or a baseline file
      // (a .search.json beside a .tf file compares with the file's lone resource).
      const baselineName = decodeURIComponent(cutAtFirst(state.baseline.uri, '?#').split('/').pop() ?? '');
      const impact = changeImpact(
        state.baseline.text,
        state.doc.getText(),
        { old: state.baseline.label, new: `${name} (edited)` },
        { old: baselineName || state.options.fileName, new: state.options.fileName },
      );
      return impact.error ? { markdown: impact.markdown, error: impact.error } : { markdown: impact.markdown };
    }),
  );

  connection.onDocumentLinks(
    guardRequest(log, 'document links', null, (params) =>
      withState('textDocument/documentLink', params.textDocument.uri, null, (state) => {
        const parsed = parsedOf(state);
        return documentLinks(parsed).map((l) => ({ range: rangeOf(parsed.lines, l.range), target: l.target }));
      }),
    ),
  );
}
