export type { Comment, ConfigDocument, FixIntent, RepeatedKey, Replacement, SyntaxProblem } from './document';
export { parseDocument, type ParsedDocument } from './json/document';
