/**
 * The parts of the `yaml` package the readers use. Required lazily through this module (see `yaml()` in
 * read.ts) rather than the package itself, so that the bundle keeps only these and not the package's
 * stringifier and document model it never calls.
 */
export { Composer, isAlias, isCollection, isMap, isScalar, isSeq, Lexer, LineCounter, Parser } from 'yaml';
