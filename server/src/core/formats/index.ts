export type { Comment, ConfigDocument, FixIntent, RepeatedKey, SyntaxProblem } from './document';
export { parseDocument, type ParsedDocument } from './json/document';
