/**
 * The Action's inputs, as the runner hands them over: `INPUT_<NAME>` with the name upper-cased and spaces
 * turned into underscores (hyphens are kept), always strings, empty when not given.
 */
export interface ActionInputs {
  paths: string[];
  minSeverity: string;
  maxWarnings?: string;
  /** `git:REF`, a file, or undefined for none. */
  baseline?: string;
  sarifFile?: string;
  failOnFindings: boolean;
}

export type Env = Record<string, string | undefined>;

export const input = (env: Env, name: string): string => (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();

/** The base commit of a pull request, from the event payload the runner writes to GITHUB_EVENT_PATH. */
export function pullRequestBase(event: unknown): string | undefined {
  const pr = (event as { pull_request?: { base?: { sha?: unknown } } } | undefined)?.pull_request;
  const sha = pr?.base?.sha;
  return typeof sha === 'string' && /^[0-9a-f]{7,64}$/i.test(sha) ? sha : undefined;
}

const TRUE = new Set(['true', 'yes', '1', 'on']);
const FALSE = new Set(['false', 'no', '0', 'off']);

/** Reads the inputs; a value the Action cannot use is an error message, not a guess. */
export function readInputs(env: Env, event: unknown): ActionInputs | { error: string } {
  const paths = input(env, 'paths').split(/\s+/).filter(Boolean);
  const fail = input(env, 'fail-on-findings').toLowerCase() || 'true';
  if (!TRUE.has(fail) && !FALSE.has(fail)) return { error: `the input fail-on-findings is "${fail}": use true or false` };
  const rawBaseline = input(env, 'baseline');
  const base = pullRequestBase(event);
  let baseline: string | undefined;
  if (rawBaseline === 'none') baseline = undefined;
  else if (rawBaseline) baseline = rawBaseline;
  else if (base) baseline = `git:${base}`;
  return {
    paths,
    minSeverity: input(env, 'min-severity') || 'info',
    maxWarnings: input(env, 'max-warnings') || undefined,
    baseline,
    sarifFile: input(env, 'sarif-file') || undefined,
    failOnFindings: TRUE.has(fail),
  };
}
