import { LINT_CONFIG_NAME, lintConfigFromText, type LintConfig } from './lint-config';

/** What a host found when it read a settings file: its text, or why not (`missing`: no file there). */
export type SettingsFileRead = { ok: true; text: string } | { ok: false; missing: true } | { ok: false; missing: false; message: string };

/** How a host names places (paths on disk, URIs in an editor): a file in a directory, a directory's parent. */
export interface SettingsPlaces<P extends string> {
  child(dir: P, name: string): P;
  /** The directory above; the same directory at the root. */
  parent(dir: P): P;
}

/** The nearest `.search-lint.json`, with the directory its patterns are relative to; or why it cannot be used. */
export type LintConfigLookup<P extends string = string> =
  { ok: true; loaded: { file: P; dir: P; config: LintConfig } | undefined } | { ok: false; file: P; problems: string[] };

/**
 * The nearest `.search-lint.json` in `dir` or above it, as the CLI and the language server both look
 * for it: the walk yields each candidate file, and its host answers with what reading it gave (from
 * disk at once in the CLI, through the editor's file system in a browser). Each directory walked is
 * remembered in `known`, so that many files in one tree cost one look-up per directory.
 */
export function* lookUpLintConfig<P extends string>(
  dir: P,
  places: SettingsPlaces<P>,
  known: Map<P, LintConfigLookup<P>>,
): Generator<P, LintConfigLookup<P>, SettingsFileRead> {
  const walked: P[] = [];
  let current = dir;
  let found: LintConfigLookup<P>;
  for (;;) {
    const before = known.get(current);
    if (before) {
      found = before;
      break;
    }
    walked.push(current);
    const file = places.child(current, LINT_CONFIG_NAME);
    const read = yield file;
    if (read.ok) {
      found = lintConfigIn(file, current, read.text);
      break;
    }
    if (!read.missing) {
      found = { ok: false, file, problems: [`cannot be read: ${read.message}`] };
      break;
    }
    const parent = places.parent(current);
    if (parent === current) {
      found = { ok: true, loaded: undefined };
      break;
    }
    current = parent;
  }
  for (const d of walked) known.set(d, found);
  return found;
}

/** A settings file's text checked: the settings, or the problems that keep it from being used. */
export function lintConfigIn<P extends string>(file: P, dir: P, text: string): LintConfigLookup<P> {
  const checked = lintConfigFromText(text);
  return checked.ok ? { ok: true, loaded: { file, dir, config: checked.config } } : { ok: false, file, problems: checked.problems };
}

/** Runs a look-up whose host reads at once. */
export function lookUpNow<P extends string>(
  walk: Generator<P, LintConfigLookup<P>, SettingsFileRead>,
  read: (file: P) => SettingsFileRead,
): LintConfigLookup<P> {
  let step = walk.next();
  while (!step.done) step = walk.next(read(step.value));
  return step.value;
}

/** Runs a look-up whose host reads asynchronously. */
export async function lookUpLater<P extends string>(
  walk: Generator<P, LintConfigLookup<P>, SettingsFileRead>,
  read: (file: P) => Promise<SettingsFileRead>,
): Promise<LintConfigLookup<P>> {
  let step = walk.next();
  while (!step.done) step = walk.next(await read(step.value));
  return step.value;
}
