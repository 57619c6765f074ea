import { closest, distance } from 'fastest-levenshtein';
import { RULES_BY_ID, SEVERITIES, levelMeant, type Severity, type SeveritySetting, ruleSuggestion } from '../core';

export const FORMATS = ['stylish', 'json', 'sarif', 'github', 'junit'] as const;
export type FormatName = (typeof FORMATS)[number];

export interface LintArgs {
  targets: string[];
  format: FormatName;
  output?: string;
  minSeverity: Severity;
  maxWarnings?: number;
  /** --quiet: report errors only (warnings still count toward --max-warnings when it is given). */
  quiet: boolean;
  /** --no-warn-ignored: a named file of which nothing is a configuration says nothing (ESLint's flag; the pre-commit hooks pass it). */
  warnIgnored: boolean;
  /** --rule-links: stylish prints each rule's documentation address. */
  ruleLinks: boolean;
  rules: Record<string, SeveritySetting>;
  config?: string;
  baseline?: string;
  cpus?: number;
  fix: boolean;
  fixDryRun: boolean;
  /** undefined: colour only on a terminal (and without NO_COLOR). */
  color?: boolean;
  stdinFilename?: string;
  help: boolean;
  version: boolean;
}

export class UsageError extends Error {}

export const LINT_USAGE = `Usage: search-config lint [options] [file|dir|glob|-] ...

Checks service configurations. Directories are searched for JSON files named
*.search.json, *.search.jsonc, search-config.json and search-config.jsonc (or the
"files" of .search-lint.json), request files *.http and *.rest, *.tf and
*.tf.json with a search_user_config block, *.search.yaml, *.search.yml, and
*.yaml and *.yml with kind: Search (Kubernetes manifests). A *.tfvars file
lints the .tf and .tf.json files of its directory that use variables. '-' reads
standard input. Without paths: the current directory.

Options:
  -f, --format NAME          stylish (default), json, sarif, github or junit
  -o, --output FILE          Write the report to FILE instead of standard output
  --min-severity LEVEL       Report only findings at least this severe: error,
                             warning, info (default) or hint
  --quiet                    Report errors only, as ESLint's --quiet: warnings,
                             info and hints are not reported, nor fixed by --fix;
                             with --max-warnings the warnings are still counted
                             toward its limit
  --max-warnings N           Exit with 1 when there are more than N warnings
                             (-1, ESLint's default: no limit)
  --no-warn-ignored          Say nothing of a named file that holds no configuration
                             (as ESLint's flag; the pre-commit hooks pass it)
  --rule ID=LEVEL            Set a rule to off, hint, info, warning or error
                             (repeatable; wins over .search-lint.json)
  -c, --config FILE          Settings file (default: the nearest .search-lint.json
                             in or above the directory of each file)
  --baseline FILE|git:REF    The configuration as deployed now, for change-aware
                             rules; git:REF reads the same file at that revision
  --cpus N                   CPU count of the service nodes (thread pool checks)
  --fix                      Apply safe fixes in place
  --fix-dry-run              Show the fixes; write nothing. stylish prints them as
                             a unified diff before the report; json gives each
                             fixed file's text in its "output" member (secrets
                             masked) and no diff; sarif, github and junit write
                             the diff to standard error
  --rule-links               stylish: print each rule's documentation address
                             after its id
  --stdin-filename NAME      Name of the file read from standard input
  --color, --no-color        Force or turn off colour (default: only on a terminal)
  -h, --help                 Show this help
  -v, --version              Show the version

Exit codes: 0 no errors (and warnings within --max-warnings), 1 otherwise,
2 usage error, unreadable input or internal error.
`;

type Spec = { name: string; short?: string; takesValue: boolean };
const OPTIONS: Spec[] = [
  { name: 'format', short: 'f', takesValue: true },
  { name: 'output', short: 'o', takesValue: true },
  { name: 'min-severity', takesValue: true },
  { name: 'max-warnings', takesValue: true },
  { name: 'quiet', takesValue: false },
  { name: 'no-warn-ignored', takesValue: false },
  { name: 'rule-links', takesValue: false },
  { name: 'rule', takesValue: true },
  { name: 'config', short: 'c', takesValue: true },
  { name: 'baseline', takesValue: true },
  { name: 'cpus', takesValue: true },
  { name: 'fix', takesValue: false },
  { name: 'fix-dry-run', takesValue: false },
  { name: 'stdin-filename', takesValue: true },
  { name: 'no-color', takesValue: false },
  { name: 'color', takesValue: false },
  { name: 'help', short: 'h', takesValue: false },
  { name: 'version', short: 'v', takesValue: false },
];

function suggestOption(name: string): string {
  const best = closest(
    name,
    OPTIONS.map((o) => o.name),
  );
  return best && distance(name, best) <= 3 ? ` (did you mean --${best}?)` : '';
}

const oneOf = (list: readonly string[]): string => `${list.slice(0, -1).join(', ')} or ${list[list.length - 1]}`;

function nonNegativeInteger(option: string, raw: string, min = 0): number {
  if (!/^\d+$/.test(raw) || Number(raw) < min || !Number.isSafeInteger(Number(raw))) {
    throw new UsageError(`--${option} takes a whole number${min ? ` of at least ${min}` : ''}, not "${raw}"`);
  }
  return Number(raw);
}

/** Parses the arguments after `lint`. Throws UsageError with a sentence for the user. */
export function parseLintArgs(argv: readonly string[]): LintArgs {
  const args: LintArgs = {
    targets: [],
    format: 'stylish',
    minSeverity: 'info',
    rules: {},
    quiet: false,
    warnIgnored: true,
    ruleLinks: false,
    fix: false,
    fixDryRun: false,
    help: false,
    version: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      args.targets.push(...argv.slice(i + 1));
      break;
    }
    if (arg === '-' || !arg.startsWith('-')) {
      args.targets.push(arg);
      continue;
    }
    let name: string;
    let inline: string | undefined;
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
      inline = eq < 0 ? undefined : arg.slice(eq + 1);
    } else {
      const spec = OPTIONS.find((o) => o.short === arg.slice(1));
      if (!spec) throw new UsageError(`unknown option ${arg}`);
      name = spec.name;
    }
    const spec = OPTIONS.find((o) => o.name === name);
    if (!spec) throw new UsageError(`unknown option --${name}${suggestOption(name)}`);
    let value: string | undefined;
    if (spec.takesValue) {
      value = inline ?? argv[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
    } else if (inline !== undefined) {
      throw new UsageError(`--${name} takes no value`);
    }
    applyOption(args, name, value);
  }
  if (args.fix && args.fixDryRun) throw new UsageError('--fix and --fix-dry-run cannot be used together');
  if (args.stdinFilename !== undefined && !args.targets.includes('-'))
    throw new UsageError("--stdin-filename is only used with '-' (standard input)");
  if (args.targets.filter((t) => t === '-').length > 1) throw new UsageError("standard input ('-') can be named only once");
  if (args.fix && args.targets.includes('-'))
    throw new UsageError('--fix cannot write to standard input; use --fix-dry-run to see the fixes as a diff');
  return args;
}

function applyOption(args: LintArgs, name: string, value: string | undefined): void {
  const v = value ?? '';
  switch (name) {
    case 'format':
      if (!(FORMATS as readonly string[]).includes(v)) throw new UsageError(`--format must be ${oneOf(FORMATS)}, not "${v}"`);
      args.format = v as FormatName;
      break;
    case 'output':
      args.output = v;
      break;
    case 'min-severity':
      if (!(SEVERITIES as readonly string[]).includes(v)) throw new UsageError(`--min-severity must be ${oneOf(SEVERITIES)}, not "${v}"`);
      args.minSeverity = v as Severity;
      break;
    case 'max-warnings':
      // -1 is ESLint's default, no limit: as if the option were not given (so --quiet runs rules for their errors only).
      if (v.trim() === '-1') args.maxWarnings = undefined;
      else args.maxWarnings = nonNegativeInteger(name, v);
      break;
    case 'rule': {
      const m = /^([^=]+)=(.*)$/.exec(v);
      if (!m) throw new UsageError(`--rule takes ID=LEVEL, such as --rule unit-hint=off, not "${v}"`);
      const [, id, level] = m;
      if (!RULES_BY_ID.has(id.trim())) throw new UsageError(`--rule names the unknown rule "${id}"${ruleSuggestion(id.trim())}`);
      const levels = ['off', ...SEVERITIES];
      if (!levels.includes(level.trim())) {
        const meant = levelMeant(level.trim(), levels);
        throw new UsageError(
          `--rule ${id}: the level must be ${oneOf(levels)}, not "${level}"${meant ? `; did you mean ${id}=${meant}?` : ''}`,
        );
      }
      args.rules[id.trim()] = level.trim() as SeveritySetting;
      break;
    }
    case 'config':
      args.config = v;
      break;
    case 'baseline':
      if (!v || v === 'git:') throw new UsageError('--baseline takes a file or git:REF, such as git:HEAD');
      args.baseline = v;
      break;
    case 'cpus':
      args.cpus = nonNegativeInteger(name, v, 1);
      break;
    case 'quiet':
      args.quiet = true;
      break;
    case 'no-warn-ignored':
      args.warnIgnored = false;
      break;
    case 'rule-links':
      args.ruleLinks = true;
      break;
    case 'fix':
      args.fix = true;
      break;
    case 'fix-dry-run':
      args.fixDryRun = true;
      break;
    case 'stdin-filename':
      args.stdinFilename = v;
      break;
    case 'no-color':
      args.color = false;
      break;
    case 'color':
      args.color = true;
      break;
    case 'help':
      args.help = true;
      break;
    case 'version':
      args.version = true;
      break;
  }
}
