import fs from 'node:fs';
import path from 'node:path';
import {
  resolveLintOptions,
  type LintConfig,
  type AnalyzeOptions,
  type DecodedBytes,
  readingName,
  terraformParserLoaded,
  VERSION,
  formatOf,
} from '../../core';
import { BaselineReader, parseBaselineSpec, type BaselineResult } from '../../node/baseline-files';
import { LintConfigFinder, type LintConfigResult } from '../../node/lint-config-files';
import { LINT_USAGE, parseLintArgs, UsageError, type LintArgs } from '../args';
import { displayPath, expandTargets, relativePath, toPosix, type SearchSettings } from '../files';
import { FORMATTERS, type FileReport } from '../formatters';
import { countFindings, plural, sumCounts } from '../formatters/types';
import { renderJsonEarly } from '../formatters/json';
import type { CliIO, Command } from '../io';
import { lintText } from '../lint-file';
import { readConfigFile } from '../read-config';
import { loadTerraformFromDisk } from '../../node/terraform-wasm';
import { moduleFilesOnDisk } from '../terraform-module';
import { timingTable } from '../timing';
import { writeReport } from '../write';

const NAME = 'search-config lint';

function usageError(io: CliIO, message: string): number {
  io.err(`${NAME}: ${message}\nRun 'search-config lint --help' for the options.\n`);
  return 2;
}

/** Which settings file applies to a directory, reporting each broken one once. */
class SettingsResolver {
  private readonly finder = new LintConfigFinder();
  private readonly reported = new Set<string>();
  constructor(
    private readonly cwd: string,
    private readonly fixed: LintConfigResult | undefined,
    private readonly problems: string[],
  ) {}

  /** `undefined` when the applicable settings file is invalid: its files are not linted. */
  forDirectory(dir: string): (SearchSettings & { file?: string }) | undefined {
    const r = this.fixed ?? this.finder.forDirectory(dir);
    if (!r.ok) {
      if (!this.reported.has(r.file)) {
        this.reported.add(r.file);
        for (const p of r.problems) this.problems.push(`${displayPath(r.file, this.cwd)}: ${p}`);
      }
      return undefined;
    }
    return r.loaded ? { config: r.loaded.config, baseDir: r.loaded.dir, file: r.loaded.file } : { config: undefined, baseDir: this.cwd };
  }
}

function optionsFor(args: LintArgs, settings: SearchSettings, file: string): AnalyzeOptions {
  const rel = toPosix(relativePath(settings.baseDir, file));
  const options = resolveLintOptions(settings.config as LintConfig | undefined, rel);
  options.fileName = file;
  if (Object.keys(args.rules).length) options.rules = { ...options.rules, ...args.rules };
  if (args.cpus !== undefined) options.cpus = args.cpus;
  return options;
}

/** Runs `task` over `items` with at most `limit` at a time, keeping the results in order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await task(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

const run: Command = async (argv, io) => {
  let args: LintArgs;
  try {
    args = parseLintArgs(argv);
  } catch (err) {
    if (err instanceof UsageError) return usageError(io, err.message);
    throw err;
  }
  if (args.help) {
    io.out(LINT_USAGE);
    return 0;
  }
  if (args.version) {
    io.out(`${VERSION}\n`);
    return 0;
  }

  const cwd = io.cwd;
  const problems: string[] = [];
  const notes: string[] = [];
  let fixedConfig: LintConfigResult | undefined;
  if (args.config) {
    const configFile = path.resolve(cwd, args.config);
    if (!fs.existsSync(configFile)) return usageError(io, `the settings file ${args.config} does not exist`);
    fixedConfig = new LintConfigFinder().forFile(configFile);
  }
  if (args.baseline && !args.baseline.startsWith('git:') && !fs.existsSync(path.resolve(cwd, args.baseline))) {
    return usageError(io, `the baseline file ${args.baseline} does not exist`);
  }
  const settings = new SettingsResolver(cwd, fixedConfig, problems);
  const targets = args.targets.length ? args.targets : ['.'];
  const searchSettings = (dir: string): SearchSettings => settings.forDirectory(dir) ?? { config: undefined, baseDir: cwd };
  const expansion = expandTargets(targets, cwd, searchSettings);
  problems.push(...expansion.problems);

  const baseline = args.baseline ? new BaselineReader(parseBaselineSpec(args.baseline, cwd)) : undefined;
  const readBaseline = (file: string): Promise<BaselineResult> => baseline!.read(file);
  const mode = args.fix ? 'fix' : args.fixDryRun ? 'dry-run' : 'check';
  const diffs: string[] = [];
  // --quiet is ESLint's: errors only. With --max-warnings the rules that warn still run, and their
  // warnings count toward the limit without being reported.
  const reportFrom = args.quiet ? 'error' : args.minSeverity;
  const runFrom = args.quiet && args.maxWarnings !== undefined ? 'warning' : reportFrom;
  let warningsUnreported = 0;

  type Job = { file: string; display: string; stdin: boolean };
  const jobs: Job[] = expansion.files.map((file) => ({ file, display: displayPath(file, cwd), stdin: false }));
  if (targets.includes('-')) {
    const name = args.stdinFilename;
    jobs.unshift({ file: path.resolve(cwd, name ?? '<stdin>'), display: name ?? '<stdin>', stdin: true });
  }
  const stdinText = targets.includes('-') ? await io.readStdin() : '';
  // Standard input without a name, or with one that does not say its format (rendered.txt), is read as
  // what it holds: a manifest, HCL, a plan or a configuration.
  const stdinName = targets.includes('-') ? readingName(args.stdinFilename, stdinText) : undefined;

  const names = jobs.map((job) => (job.stdin ? stdinName : job.file));
  // The Terraform parser (WebAssembly) is loaded only when a Terraform file is to be read (a .tf.json
  // file's variables may be declared in the module's .tf files); for a file read by its content, once it is read.
  let parserProblem = false;
  const loadParser = async (): Promise<void> => {
    if (terraformParserLoaded() || parserProblem) return;
    try {
      await loadTerraformFromDisk();
    } catch (err) {
      parserProblem = true;
      problems.push(
        `the Terraform parser cannot be loaded, so .tf files are not checked: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  };
  if (names.some((n) => formatOf(n).moduleVariables)) await loadParser();

  // TIMING=1 (as with ESLint): time by phase and rule, summed over the files.
  const timings = io.env.TIMING ? new Map<string, number>() : undefined;

  const moduleFiles = moduleFilesOnDisk((file) => displayPath(file, cwd));
  const lintJob = async (job: Job): Promise<FileReport | undefined> => {
    const s = settings.forDirectory(path.dirname(job.file));
    if (!s) return undefined;
    let raw: string;
    if (job.stdin) raw = stdinText;
    else {
      let decoded: DecodedBytes;
      try {
        decoded = readConfigFile(job.file, expansion.sizes.get(job.file));
      } catch (err) {
        problems.push(`${job.display} cannot be read: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
        return undefined;
      }
      // A file in another encoding is reported as it is and never rewritten, not even by --fix.
      if (!decoded.ok) return { file: job.file, displayPath: job.display, text: '', findings: [decoded.finding] };
      raw = decoded.text;
    }
    const options = optionsFor(args, s, job.file);
    // A Terraform file's variables get their values from the files of its module directory, whose
    // override files may also replace its configurations. Standard input named with --stdin-filename
    // is that file of its directory's module (as an editor's unsaved buffer is), in place of its text on the disk.
    if ((!job.stdin || args.stdinFilename) && formatOf(job.file).moduleVariables)
      options.terraformVariables = await moduleFiles(job.file, raw, !!baseline);
    // Rules that can only report findings below --min-severity need not run (fixes still need every rule).
    if (mode === 'check') options.minSeverity = runFrom;
    // Messages name the file as the report does (a variable's value `from mod/main.tf:2`).
    options.displayName = job.display;
    // A name that does not say the file's format (standard input without one, rendered.txt): the file is read as
    // what it holds, and reported under its own name.
    const readAs = job.stdin ? stdinName! : readingName(job.file, raw);
    if (readAs !== job.file) {
      options.fileName = readAs;
      if (formatOf(readAs).moduleVariables) await loadParser();
    }
    // A file the user named (not found by a search) is read whatever a pre-filter says, and what is not read is
    // said; with --no-warn-ignored (a hook passing every YAML file) such a file is read as a search reads it.
    options.named = job.stdin || (args.warnIgnored && expansion.sizes.has(job.file));
    if (timings) options.timings = timings;
    if (baseline) {
      if (job.stdin && !args.stdinFilename && args.baseline!.startsWith('git:'))
        problems.push(`--baseline ${args.baseline} needs --stdin-filename to know which file to read at that revision`);
      else {
        const b = await readBaseline(job.file);
        if (!b.ok) problems.push(b.message);
        else if (b.text !== undefined) {
          options.baselineText = b.text;
          options.baselineLabel = b.label;
        }
      }
    }
    try {
      const out = lintText({
        file: job.file,
        displayPath: job.display,
        raw,
        options,
        minSeverity: reportFrom,
        mode: job.stdin && mode === 'fix' ? 'dry-run' : mode,
        fixFrom: args.quiet ? 'error' : undefined,
        secretsForJson: args.format === 'json',
      });
      problems.push(...out.problems);
      notes.push(...out.notes);
      if (out.diff) diffs.push(out.diff);
      if (args.quiet) warningsUnreported += out.warnings;
      const report: FileReport = {
        file: job.file,
        displayPath: job.display,
        text: out.text,
        findings: out.findings,
        secrets: out.secrets,
        ...(out.suppressed ? { suppressed: out.suppressed } : {}),
      };
      // ESLint's --fix-dry-run with -f json: the fixed text in the file's `output` member, no diff.
      if (args.format === 'json' && out.output !== undefined) report.output = out.output;
      // The JSON result of a file is written as soon as it is linted, while its findings are at hand: only
      // that text and the counts outlive the file, instead of its text, findings and fixes until the end.
      return args.format === 'json' ? renderJsonEarly(report) : report;
    } catch (err) {
      problems.push(`internal error while checking ${job.display}: ${err instanceof Error ? err.message : String(err)}`);
      return undefined;
    }
  };
  // Files are analysed one after another (the work is CPU-bound); only git baselines overlap. Once the
  // first is done, what it compiled is kept for the next start.
  const lintAndKeep = async (job: Job): Promise<FileReport | undefined> => {
    const report = await lintJob(job);
    io.keepCompiledCode?.();
    return report;
  };
  const reports = (await mapLimited(jobs, baseline ? 8 : 1, lintAndKeep)).filter((r): r is FileReport => r !== undefined);

  const toFile = args.output !== undefined;
  const color = !toFile && (args.color ?? (io.isTTY && !io.env.NO_COLOR));
  const report = FORMATTERS[args.format](reports, { cwd, color, version: VERSION, ruleLinks: args.ruleLinks });
  // Standard output holds one report: stylish, read by people, shows the diff before it; the JSON format
  // carries the fixed texts in its `output` members instead; the other machine formats leave the diff to standard error.
  if (diffs.length && args.format === 'stylish') io.out(diffs.join(''));
  else if (diffs.length && args.format !== 'json') io.err(diffs.join(''));
  if (toFile) {
    try {
      writeReport(path.resolve(cwd, args.output!), report);
    } catch (err) {
      problems.push(`cannot write the report to ${args.output}: ${whyNotWritten(err as NodeJS.ErrnoException)}`);
    }
  } else if (report) io.out(report);
  for (const p of [...notes, ...problems]) io.err(`${NAME}: ${p}\n`);
  if (timings) io.err(timingTable(timings, io.env.TIMING!));

  const counts = sumCounts(reports.map((r) => r.counts ?? countFindings(r.findings)));
  if (problems.length) return 2;
  if (counts.error > 0) return 1;
  const warnings = args.quiet ? warningsUnreported : counts.warning;
  if (args.maxWarnings !== undefined && warnings > args.maxWarnings) {
    io.err(
      `${NAME}: ${plural(warnings, 'warning')}${args.quiet ? ' (not reported with --quiet)' : ''}, more than the --max-warnings limit of ${args.maxWarnings}\n`,
    );
    return 1;
  }
  return 0;
};
export default run;

/** Why a report could not be written, in words (the system's code after them). */
function whyNotWritten(err: NodeJS.ErrnoException): string {
  const words: Record<string, string> = {
    ENOENT: 'a directory on its path does not exist and cannot be made',
    ENOTDIR: 'a file stands where its path needs a directory',
    EISDIR: 'it is a directory',
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EROFS: 'the file system is read-only',
  };
  const said = err.code ? words[err.code] : undefined;
  return said ? `${said} (${err.code})` : (err.code ?? String(err));
}
