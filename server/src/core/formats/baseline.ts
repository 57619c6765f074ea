import type { AnalyzeOptions } from '../types';

/**
 * A format's reading of the deployed configuration (the baseline), done once for as long as the
 * baseline stays the same: the fixer analyses a file again after each pass and an editor after each
 * change, every time against the same baseline text. One reading is kept per format, the last.
 */
export function baselineReader<T>(read: (text: string, options: AnalyzeOptions) => T): (options: AnalyzeOptions) => T | undefined {
  let last: { text: string; fileName?: string; maxDepth?: number; value: T } | undefined;
  return (options) => {
    const text = options.baselineText;
    if (text === undefined) return undefined;
    if (last?.text === text && last.fileName === options.fileName && last.maxDepth === options.maxDepth) return last.value;
    const value = read(text, options);
    last = { text, fileName: options.fileName, maxDepth: options.maxDepth, value };
    return value;
  };
}
