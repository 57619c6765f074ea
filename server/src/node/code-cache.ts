/**
 * Tells the loader of the bundles (bin/run-bundle.js) that this run uses a part of the program, such as
 * the Terraform or YAML reader, that code caches written by an earlier run may not hold: it then writes
 * them again at exit, once, with the functions this run compiled as well. Outside that loader (tests,
 * the GitHub Action) nothing listens.
 */
export function codeCacheCovers(part: 'terraform' | 'yaml'): void {
  const loader = (globalThis as Record<symbol, { cover(part: string): void } | undefined>)[Symbol.for('search-config.code-cache')];
  loader?.cover(part);
}
