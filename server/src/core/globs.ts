import picomatch from 'picomatch';

/*
 * Glob patterns as the command line takes them (`lint 'infra/**\/*.tf'`), in picomatch's syntax, the same
 * matcher that reads the patterns of .search-lint.json: the hosts match paths with the core's, so that the
 * package carries the matcher once.
 */

/**
 * A test of a `/`-separated path against a pattern of the command line. As in a shell, `*` does not match a
 * name that starts with `.` (.search-lint.json's patterns, read by globMatcher in lint-config.ts, do).
 */
export function commandLineGlob(pattern: string): (path: string) => boolean {
  return picomatch(pattern, { dot: false });
}

/** Whether `pattern` is a glob at all, and its part before the first segment with a glob character. */
export function globScan(pattern: string): { isGlob: boolean; base: string } {
  const { isGlob, base } = picomatch.scan(pattern);
  return { isGlob, base };
}
