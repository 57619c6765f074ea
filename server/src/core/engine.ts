import { inputLimitFinding, type AnalysisResult } from './check';
import { parseDocument, type ParsedDocument } from './formats';
import { formatOf } from './formats/registry';
import { runToEnd, type Steps } from './request-files/steps';
import type { DocumentState } from './document-state';
import { DEFAULT_MAX_DEPTH, DEFAULT_MAX_FILE_SIZE, type AnalyzeOptions } from './types';

export { effectiveSeverity, locateFinding, schemaErrorsOf, type AnalysisResult } from './check';

export function parseFor(text: string, options: AnalyzeOptions): ParsedDocument {
  return parseDocument(text, { fileName: options.fileName, maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH });
}

/**
 * Text plus options in, findings out. Pure: no I/O. `state`: what the analyses of earlier
 * versions of the same document kept (an editor's open document), which makes an edit cheaper
 * and never changes the result.
 */
export const analyze = (text: string, options: AnalyzeOptions = {}, parsed?: ParsedDocument, state?: DocumentState): AnalysisResult =>
  runToEnd(analyzeInSteps(text, options, parsed, state));

/**
 * analyze, pausing between slices of a request file's reading (see request-files/steps.ts), so that a
 * host can answer other requests while a large request file is read. The file's format (its name)
 * says who reads it: see formats/registry.ts.
 */
export function* analyzeInSteps(
  text: string,
  options: AnalyzeOptions = {},
  parsed?: ParsedDocument,
  state?: DocumentState,
): Steps<AnalysisResult> {
  const format = formatOf(options.fileName);
  const maxSize = options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
  if (text.length > maxSize) {
    const finding = inputLimitFinding(
      `The file has ${text.length} characters, more than the limit of ${maxSize}; it was not analysed. Split the configuration, or raise maxFileSize in .search-lint.json if the file is really meant to be this large.`,
    );
    return { findings: [finding], format: format.id, configurations: [], syntaxErrors: 0, doc: parseDocument('', {}), internalErrors: [] };
  }
  return yield* format.analyze(text, options, parsed, state);
}
