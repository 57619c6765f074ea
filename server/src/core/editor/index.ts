/** Editor features computed from a parsed document: pure, shared by the language server and tests. */
export { complete, type EditorCompletion, type CompletionKind, type CompletionOptions } from './completion';
export { cursorContext, type CursorContext } from './context';
export { hoverAt, type EditorHover } from './hover';
export { memberHoverAt, type MemberDocument } from './member-hover';
export { terraformCompletions } from './terraform-completion';
export { yamlCompletions } from './yaml-completion';
export { literalUnitInlayHints, unitInlayHints, type EditorInlayHint } from './inlay';
export { documentSymbols, type EditorSymbol, type SymbolKind } from './symbols';
export { foldingRanges, type EditorFold } from './folding';
export { selectionRanges } from './selection';
export { formatEdits, type FormatOptions } from './format';
export { documentLinks, type EditorLink } from './links';
export {
  quickFixes,
  actionsAt,
  disableForLine,
  disableForFile,
  fixAllAction,
  minimalEdit,
  settler,
  type CommentedText,
  type CommentMarker,
  type EditorAction,
} from './actions';
export { ruleDocUrl, RULE_DOCS_BASE_URL } from './docs-url';
