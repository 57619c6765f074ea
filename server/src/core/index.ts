/**
 * Public surface of the analyzer core. Hosts (CLI, language server, Action, web worker) import only from
 * here, and from one more entry, `core/explain` (the texts `search-config explain` prints, which the CLI's
 * bundle carries itself so that the analyzer bundle shipped in the .vsix does not). ESLint fails on any
 * other import of the core from a host (eslint.config.mjs).
 */
export * from './types';
export { analyze, analyzeInSteps, effectiveSeverity, parseFor, type AnalysisResult } from './engine';
export { applyEdits, fixAll, compatibleFixes, type FixAllResult } from './fix';
export { RULES, RULES_BY_ID } from './rules';
export { commandLineGlob, globScan } from './globs';
export { parseDocument, type ConfigDocument, type ParsedDocument, type Replacement } from './formats';
export { formatPath, parsePathString } from './paths';
export { ALL_FIELDS, fieldAt, fieldByName, schemaAt, rootSchema, type FieldInfo, type SchemaNode } from './schema';
export { schemaOfMember } from './suggest';
export { LineIndex } from './lines';
export { decodeConfigBytes, type DecodedBytes } from './encoding';
export { cutAtFirst, splitKeepingBreaks } from './text-scan';
export { hasOwn, isPlaceholder, UNKNOWN_VALUE } from './values';
export { credentialRanges, hasCredentials, isCredentialName, maskCredentials } from './credentials';
export { VERSION } from './version';
export { DocumentState } from './document-state';
export {
  ALWAYS_SKIPPED_DIRECTORIES,
  DEFAULT_FILE_PATTERNS,
  DEFAULT_REQUEST_PATTERNS,
  LINT_CONFIG_NAME,
  globMatcher,
  isConfigurationFile,
  isIgnored,
  isRequestFile,
  lintConfigFromText,
  resolveLintOptions,
  ruleSuggestion,
  type LintConfig,
} from './lint-config';
export {
  lintConfigIn,
  lookUpLater,
  lookUpLintConfig,
  lookUpNow,
  type LintConfigLookup,
  type SettingsFileRead,
  type SettingsPlaces,
} from './lint-config-lookup';
export { convertEngineSettings, flattenEngineSettings, fragmentOf, mergeIntoConfiguration, type Assignment } from './engine-settings';
export { changeImpact, comparePlan, compareTexts, formatComparison, type ModuleFile } from './changes/comparison';
export { formatOfName, type ConfigurationChanges } from './changes/configurations';
export { nameForContent } from './formats/unnamed';

// Formats: deciding a file's kind from its name, and the Terraform parser the host loads.
export { CONFIGURATION_BLOCK, isTerraformName, isTfvarsName, parseTerraform, type TerraformDocument } from './formats/terraform/document';
export { isTerraformJsonName } from './formats/terraform-json/document';
export type { TerraformDocumentState } from './formats/terraform/incremental';
export { readModuleOverrideFiles, readModuleVariableFiles, readsModuleFiles, type ModuleDirectory } from './formats/terraform/module';
export { loadTerraformParser, terraformParserLoaded, type TerraformWasm } from './formats/terraform/parser';
export { sensitiveTextRanges } from './formats/terraform/sensitive-text';
export { schemaShownFor, sensitiveValuesOf } from './sensitive';
export { levelMeant } from './lint-config-messages';
export { isVariableFile, type VariableSource } from './formats/terraform/variables';
export { holdsManifest, isSearchYamlName, isYamlName } from './formats/yaml/document';
/** The parts of the `yaml` package the readers use, loaded on first call (for the CLI's settings import). */
export { yaml as yamlLibrary } from './formats/yaml/read';

// Request files.
export { requestFileKind, type FoundRequest, type RequestFileKind } from './request-files/types';
export { findRequests, forgetRequestScan } from './request-files/analyze';
export { ENDPOINT_POLICY, requestPath, verdictOf } from './request-files/match';
export { requestCompletions, requestHover, requestQuickFixes, settingsUpdateAt } from './request-files/editor';
export { maskRequestCredentials } from './request-files/mask';

// Editor features (the language server). The documentation links stay in the analyzer bundle.
export { ruleDocUrl } from './editor/docs-url';
export {
  complete,
  documentLinks,
  documentSymbols,
  fixAllAction,
  foldingRanges,
  formatEdits,
  hoverAt,
  literalUnitInlayHints,
  memberHoverAt,
  quickFixes,
  selectionRanges,
  settler,
  terraformCompletions,
  unitInlayHints,
  yamlCompletions,
  type EditorAction,
  type EditorCompletion,
  type EditorSymbol,
  type MemberDocument,
} from './editor';
export { FORMATS, formatOf, namesItsFormat, readingName, type FormatHandler, type MemberCompletionOptions } from './formats/registry';
export type { FormatId } from './check';
