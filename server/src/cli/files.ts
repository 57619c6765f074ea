import fs from 'node:fs';
import path from 'node:path';
import {
  ALWAYS_SKIPPED_DIRECTORIES,
  DEFAULT_FILE_PATTERNS,
  DEFAULT_REQUEST_PATTERNS,
  isConfigurationFile,
  isIgnored,
  isRequestFile,
  isTfvarsName,
  LINT_CONFIG_NAME,
  type LintConfig,
  commandLineGlob,
  formatOf,
  globScan,
} from '../core';
import { fileHoldsAscii } from './file-search';
import { tfFilesUsingVariables } from './tfvars-targets';

/** The settings that decide which files of a directory are configurations. */
export interface SearchSettings {
  config: LintConfig | undefined;
  baseDir: string;
}
export type SettingsForDirectory = (dir: string) => SearchSettings;

export interface Expansion {
  /** Absolute paths, each once, in the order found. */
  files: string[];
  /** Problems that make the run exit with 2; every file found is still linted. */
  problems: string[];
  /** Sizes in bytes of the files named on the command line (stat already read them). */
  sizes: Map<string, number>;
}

/** A path with `/` between its parts, as every format prints it; already so on POSIX systems. */
export const toPosix = (p: string): string => (path.sep === '/' ? p : p.split(path.sep).join('/'));
/**
 * path.relative for the paths of a run: a file below `from` (both absolute and normalised, as the search
 * and path.resolve make them) is the rest of its path, without path.relative resolving both paths again,
 * which it does three times for each file of a run over a thousand files. Anything else goes to path.relative.
 */
export function relativePath(from: string, to: string): string {
  const within = to.length > from.length + 1 && to.startsWith(from) && to[from.length] === path.sep && path.isAbsolute(from);
  // A normalised path holds no `.` or `..` segment and no doubled separator; one that might is left to path.relative.
  if (!within || to.includes(`${path.sep}.`, from.length) || to.includes(`${path.sep}${path.sep}`, from.length))
    return path.relative(from, to);
  return to.slice(from.length + 1);
}

export const displayPath = (file: string, cwd: string): string => toPosix(relativePath(cwd, file) || path.basename(file));

/**
 * Turns command-line targets into files. Explicit files are always linted, except variable files
 * (`*.tfvars`), which stand for the .tf files of their directory that use variables; directories are
 * searched for configuration files; glob patterns are expanded. `-` (standard input) is left out.
 */
export function expandTargets(targets: readonly string[], cwd: string, settingsFor: SettingsForDirectory): Expansion {
  const files: string[] = [];
  const seen = new Set<string>();
  const problems: string[] = [];
  const sizes = new Map<string, number>();
  const show = (p: string): string => displayPath(p, cwd);
  // Patterns of .search-lint.json are relative to the directory of the settings file that applies.
  // The settings are the same for every file of a directory: asked once for each directory.
  const byDir = new Map<string, SearchSettings>();
  const settingsOf = (dir: string): SearchSettings => {
    let s = byDir.get(dir);
    if (!s) {
      s = settingsFor(dir);
      byDir.set(dir, s);
    }
    return s;
  };
  // Asked twice for each file found (is it a configuration, is it ignored): worked out once.
  let last: { p: string; answer: [LintConfig | undefined, string] } | undefined;
  const relative = (p: string): [LintConfig | undefined, string] => {
    if (last?.p === p) return last.answer;
    const s = settingsOf(path.dirname(p));
    last = { p, answer: [s.config, toPosix(relativePath(s.baseDir, p))] };
    return last.answer;
  };
  // The settings file is never a service configuration, even when a broad pattern matches it.
  const isConfig = (p: string): boolean =>
    path.basename(p) !== LINT_CONFIG_NAME && (isConfigurationFile(...relative(p)) || isRequestFile(...relative(p)));
  // Without ignores nothing is skipped: the path below the settings' directory is not needed.
  const isSkipped = (p: string): boolean => !!settingsOf(path.dirname(p)).config?.ignores?.length && isIgnored(...relative(p));
  // What else a directory search lints, by the format's handler: a Terraform file when it holds the block, a
  // YAML file when it is a *.search.yaml or names kind: Search. A text search, no parse: the bytes are
  // searched as they are where the text is ASCII (most .tf files of a repository do not hold the block, so
  // decoding them would be work for nothing).
  const foundByContent = (p: string): boolean => {
    const searched = formatOf(p).searched?.(p);
    if (!searched) return false;
    if (searched.kind === 'always') return true;
    if (searched.kind === 'bytes') return fileHoldsAscii(p, searched.holds);
    return searched.holds(readBytes(p).toString('utf8'));
  };
  // A broken link to a file whose bytes would have been searched (a .tf file) is reported: whether it would hold the block cannot be known.
  const searchesBytes = (p: string): boolean => formatOf(p).searched?.(p)?.kind === 'bytes';
  const add = (f: string): void => {
    if (!seen.has(f)) {
      seen.add(f);
      files.push(f);
    }
  };

  for (const target of targets) {
    if (target === '-') continue;
    const abs = path.resolve(cwd, target);
    let stat: fs.Stats | undefined;
    let statError: NodeJS.ErrnoException | undefined;
    try {
      stat = fs.statSync(abs);
    } catch (err) {
      statError = err as NodeJS.ErrnoException;
    }
    if (stat?.isDirectory()) {
      const before = files.length;
      const problemsBefore = problems.length;
      walk(abs, [], {
        problems,
        show,
        visitFile: (file) => {
          if (isConfig(file) || foundByContent(file)) add(file);
        },
        skip: isSkipped,
        reportBrokenLink: (p) => isConfig(p) || searchesBytes(p),
      });
      if (files.length === before && problems.length === problemsBefore)
        problems.push(`no configuration files found in ${target} (looked for ${describePatterns(settingsFor(abs).config)})`);
      continue;
    }
    // A variable file is not a configuration: what it changes is in the module's .tf files that use variables.
    if (stat && isTfvarsName(abs)) {
      for (const tf of tfFilesUsingVariables(abs)) add(tf);
      continue;
    }
    if (stat) {
      add(abs);
      sizes.set(abs, stat.size);
      continue;
    }
    const scan = globScan(target);
    if (scan.isGlob) {
      // Normalised (`./`, `..` resolved) so that it compares with the normalised paths found.
      const absolute = path.isAbsolute(target);
      const pattern = toPosix(absolute ? path.resolve(target) : path.relative(cwd, path.resolve(cwd, target)) || target);
      const base = path.resolve(cwd, globScan(pattern).base || '.');
      const isMatch = commandLineGlob(pattern);
      const rel = (p: string): string => toPosix(absolute ? p : relativePath(cwd, p));
      const before = files.length;
      if (fs.existsSync(base))
        walk(base, [], {
          problems,
          show,
          visitFile: (file) => {
            if (isMatch(rel(file))) add(file);
          },
          skip: () => false,
          reportBrokenLink: (p) => isMatch(rel(p)),
        });
      if (files.length === before) problems.push(`no files match the pattern "${target}"`);
      continue;
    }
    if (isBrokenLink(abs)) problems.push(`${target} is a broken symbolic link`);
    else
      problems.push(
        `${target} cannot be read: ${statError?.code === 'ENOENT' ? 'no such file or directory' : (statError?.code ?? 'unknown error')}`,
      );
  }
  return { files, problems, sizes };
}

/**
 * What a directory search finds besides the configuration patterns (`files` of .search-lint.json): request
 * files, and the Terraform and YAML files the search recognises by their content. The help texts, the
 * Action's inputs and the documentation name exactly these (a test holds them to it).
 */
export const SEARCHED_BY_CONTENT: readonly string[] = [
  '*.tf and *.tf.json with a search_user_config block',
  '*.search.yaml',
  '*.search.yml',
  '*.yaml and *.yml with kind: Search',
];

function describePatterns(config: LintConfig | undefined): string {
  return [
    ...(config?.files ?? DEFAULT_FILE_PATTERNS),
    ...DEFAULT_REQUEST_PATTERNS,
    ...(config?.requests?.files ?? []),
    ...SEARCHED_BY_CONTENT,
  ].join(', ');
}

/** A file's bytes for a search; empty when it cannot be read (the lint of an explicit path says why). */
function readBytes(p: string): Buffer {
  try {
    return fs.readFileSync(p);
  } catch {
    return Buffer.alloc(0);
  }
}

function isBrokenLink(p: string): boolean {
  try {
    return fs.lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

interface WalkHooks {
  problems: string[];
  /** How a path appears in a problem: relative to the working directory. */
  show(p: string): string;
  visitFile(file: string): void;
  /** Files and directories left out of the search. */
  skip(p: string): boolean;
  /** Whether a broken link at this path is worth reporting (it would have been linted). */
  reportBrokenLink(p: string): boolean;
}

/**
 * Recursive directory search; `ancestors` holds the real paths above, to detect symbolic-link loops.
 * `real` is the directory's real path when it is already known: a directory entry that is not a link
 * is its parent's real path and its name, so only the first directory and linked ones ask realpath.
 */
function walk(dir: string, ancestors: string[], hooks: WalkHooks, known?: string): void {
  let real: string;
  if (known !== undefined) real = known;
  else {
    try {
      real = fs.realpathSync(dir);
    } catch (err) {
      hooks.problems.push(`${hooks.show(dir)} cannot be read: ${(err as NodeJS.ErrnoException).code}`);
      return;
    }
  }
  if (ancestors.includes(real)) {
    hooks.problems.push(`${hooks.show(dir)} is a directory loop: it leads back to ${hooks.show(real)}`);
    return;
  }
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch (err) {
    hooks.problems.push(`${hooks.show(dir)} cannot be read: ${(err as NodeJS.ErrnoException).code}`);
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const chain = [...ancestors, real];
  // `dir` is absolute and normalised, and an entry's name is one segment: path.join would only normalise again.
  const prefix = dir.endsWith(path.sep) ? dir : dir + path.sep;
  const realPrefix = real.endsWith(path.sep) ? real : real + path.sep;
  for (const entry of entries) {
    const p = prefix + entry.name;
    let isDir = entry.isDirectory();
    let isFile = entry.isFile();
    const isLink = entry.isSymbolicLink();
    if (isLink) {
      try {
        const s = fs.statSync(p);
        isDir = s.isDirectory();
        isFile = s.isFile();
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ELOOP') hooks.problems.push(`${hooks.show(p)} is a symbolic link loop`);
        else if (hooks.reportBrokenLink(p)) hooks.problems.push(`${hooks.show(p)} is a broken symbolic link`);
        continue;
      }
    }
    if (isDir) {
      if (ALWAYS_SKIPPED_DIRECTORIES.includes(entry.name) || hooks.skip(p)) continue;
      walk(p, chain, hooks, isLink ? undefined : realPrefix + entry.name);
    } else if (isFile && !hooks.skip(p)) {
      hooks.visitFile(p);
    }
  }
}
