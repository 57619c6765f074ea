/** Public surface of the analyzer core. Hosts (CLI, language server) import only from here. */
export * from './types';
export { analyze, effectiveSeverity, type AnalysisResult } from './engine';
export { applyEdits, fixAll, compatibleFixes, type FixAllResult } from './fix';
export { RULES, RULES_BY_ID } from './rules';
export { parseDocument, type ParsedDocument } from './formats';
export { formatPath, parsePathString } from './paths';
export { ALL_FIELDS, fieldAt, fieldByName, schemaAt, rootSchema, type FieldInfo, type SchemaNode } from './schema';
export { LineIndex } from './lines';
export { decodeConfigBytes, type DecodedBytes } from './encoding';
export { requestFileKind, type FoundRequest, type RequestFileKind } from './requests/types';
export { findRequests } from './requests/analyze';
export { ENDPOINT_POLICY, requestPath, verdictOf } from './requests/match';
