import fs from 'node:fs';
import path from 'node:path';
import type { Command, CliIO } from '../io';
import {
  comparePlan,
  compareTexts,
  formatComparison,
  formatOfName,
  type ConfigurationChanges,
  formatOf,
  terraformParserLoaded,
  type ModuleFile,
} from '../../core';
import { readGitBaseline, readGitDirectory } from '../../node/baseline-files';
import { loadTerraformFromDisk } from '../../node/terraform-wasm';
import { writeReport } from '../write';

export const DIFF_USAGE = `Usage: search-config diff OLD NEW [--format text|json|markdown] [--exit-code]
       search-config diff PLAN [--format text|json|markdown] [--exit-code]

Lists every field that differs between two versions of a configuration file and what the change
does to a running service: restarts all engine instances, has no effect on an existing service
(create-only), uses a deprecated field or value, changes a secret (never shown).
Use - for one of the files to read it from standard input. OLD may be git:REF: the NEW
file as it is at that git revision (a file the revision does not have holds no configuration;
a .tf or YAML file deleted since then has all its configurations removed).

Each side is read in the format its name gives: JSON, Terraform (.tf: each search_user_config
block, matched by resource address) or YAML (*.search.yaml, and kind: Search manifests'
spec.userConfig, matched by kind/metadata.name); standard input takes the other side's format.
A Terraform resource that moved to or from another .tf file of the directory (its module) is
compared there; one renamed by a moved block is compared with its former address.
Each configuration's changes are listed under its name; one added or removed is said so. A value
written as a Terraform expression (var.x, a function call, a dynamic block) is shown as not known
until plan, with its expression.

With one file, a Terraform plan (terraform show -json PLANFILE), diff compares each resource's
change.before with its change.after: the values Terraform will send, after variables, locals and
modules are resolved. Resources created, destroyed or replaced are said so; values known only
after apply are shown so; sensitive values are compared but never shown.

Example, for a pull-request comment:
  search-config diff git:origin/main service.search.json --format markdown
  search-config diff git:origin/main infra/search.tf --format markdown
  terraform show -json tf.plan > plan.json && search-config diff plan.json --format markdown

Options:
  --format text|json|markdown   Output format (default: text). markdown is ready to paste
                                into a pull-request comment.
  --output FILE                 Write the report to FILE instead of standard output.
  --exit-code                   Exit with 1 when there are changes, as git diff --exit-code.
  -h, --help                    Show this help.

Exit codes: 0 compared (with or without changes; with --exit-code: no changes), 1 with
--exit-code: there are changes, 2 usage error or unreadable input.
`;

const FORMATS = ['text', 'json', 'markdown'] as const;
type Format = (typeof FORMATS)[number];

interface DiffArgs {
  files: string[];
  format: Format;
  output?: string;
  exitCode: boolean;
  help: boolean;
}

function parseArgs(argv: string[]): DiffArgs | string {
  const args: DiffArgs = { files: [], format: 'text', exitCode: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const [name, inline] =
      a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const takeValue = (): string | undefined => inline ?? argv[++i];
    if (name === '-h' || name === '--help') args.help = true;
    else if (a === '--exit-code') args.exitCode = true;
    else if (name === '--format') {
      const v = takeValue();
      if (!FORMATS.includes(v as Format)) return `--format takes one of ${FORMATS.join(', ')}${v === undefined ? '' : `, not "${v}"`}`;
      args.format = v as Format;
    } else if (name === '--output' || name === '-o') {
      const v = takeValue();
      if (!v) return `${name} needs a file name`;
      args.output = v;
    } else if (a.startsWith('-') && a !== '-') return `unknown option ${a}`;
    else args.files.push(a);
  }
  if (!args.help && (args.files.length < 1 || args.files.length > 2))
    return `expected two files (OLD NEW), or one Terraform plan, got ${args.files.length}`;
  if (args.files.filter((f) => f === '-').length > 1) return 'only one of OLD and NEW can be read from standard input';
  return args;
}

const IO_ERRORS: Record<string, string> = { ENOENT: 'no such file', EISDIR: 'it is a directory', EACCES: 'permission denied' };
const ioError = (e: unknown): string => {
  const code = (e as NodeJS.ErrnoException).code;
  return (code && IO_ERRORS[code]) ?? code ?? String((e as Error).message);
};

async function readInput(file: string, io: CliIO): Promise<string> {
  return file === '-' ? io.readStdin() : fs.promises.readFile(path.resolve(io.cwd, file), 'utf8');
}

/** The name that gives a side its format: its own, or for standard input and git:REF the other side's. */
function formatName(file: string, other: string): string | undefined {
  if (file !== '-' && !file.startsWith('git:')) return file;
  return other === '-' || other.startsWith('git:') ? undefined : other;
}

const run: Command = async (argv, io) => {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    io.err(`search-config diff: ${args}\n\n${DIFF_USAGE}`);
    return 2;
  }
  if (args.help) {
    io.out(DIFF_USAGE);
    return 0;
  }
  if (args.files.length === 1) return runPlan(args, io);
  const [oldFile, newFile] = args.files;
  const names = { old: formatName(oldFile, newFile), new: formatName(newFile, oldFile) };
  const texts: Array<string | undefined> = [];
  for (const file of [oldFile, newFile]) {
    const label = file === '-' ? '<stdin>' : file;
    if (file === oldFile && file.startsWith('git:')) {
      if (newFile === '-') {
        io.err('search-config diff: git:REF needs NEW to be a file, not standard input\n');
        return 2;
      }
      const base = await readGitBaseline(path.resolve(io.cwd, newFile), file.slice(4));
      if (!base.ok) {
        io.err(`search-config diff: ${base.message}\n`);
        return 2;
      }
      // A file the revision does not have: no configuration then (an empty one for JSON).
      texts.push(base.text);
    } else {
      try {
        texts.push((await readInput(file, io)).replace(/^\uFEFF/, ''));
      } catch (e) {
        // A Terraform file or manifest deleted since git:REF: its configurations are all removed.
        const deleted =
          (e as NodeJS.ErrnoException).code === 'ENOENT' &&
          oldFile.startsWith('git:') &&
          texts[0] !== undefined &&
          formatOfName(file) !== 'json';
        if (deleted) {
          texts.push(undefined);
          continue;
        }
        io.err(`search-config diff: cannot read ${label}: ${ioError(e)}\n`);
        return 2;
      }
    }
  }
  // The Terraform parser (WebAssembly) is loaded only when a side's format needs it to be read (and the
  // module's other files, read for a Terraform file, may need it).
  if ([names.old, names.new].some((name, i) => formatOf(name).needsHclParser?.(texts[i] ?? '') || formatOfName(name) === 'terraform')) {
    // Once per process: the Action runs diff once per file, in-process.
    if (!terraformParserLoaded())
      try {
        await loadTerraformFromDisk();
      } catch (err) {
        io.err(`search-config diff: the Terraform parser cannot be loaded: ${err instanceof Error ? err.message : String(err)}\n`);
        return 2;
      }
  }
  const labels = {
    old: oldFile === '-' ? '<stdin>' : oldFile,
    new: newFile === '-' ? '<stdin>' : texts[1] === undefined ? `${newFile} (deleted)` : newFile,
  };
  const modules = formatOfName(names.new) === 'terraform' ? await moduleFiles(oldFile, newFile, io.cwd) : undefined;
  const compared = compareTexts(texts[0], texts[1], names, modules);
  if ('error' in compared) {
    const which = compared.which ? ` ${labels[compared.which]}` : '';
    io.err(`search-config diff: cannot ${compared.plan || !compared.which ? 'compare' : 'parse'}${which}: ${compared.error}\n`);
    return 2;
  }
  return output(formatComparison(compared.result, labels, args.format), args, io, hasChanges(compared.result));
};

/** The files of a Terraform module other than the one compared (`.tf`, `.tf.json`; override files declare no resource). */
const otherModuleFile =
  (...not: string[]) =>
  (name: string): boolean =>
    /\.tf(?:\.json)?$/i.test(name) && !/^(?:override|.*_override)\.tf(?:\.json)?$/.test(name) && !not.includes(name);

/**
 * The other files of the compared file's module (its directory) in each version, where a resource that
 * left the file (or came into it) may be: the working tree's for NEW, and for OLD the same directory at
 * git:REF, or OLD's own directory when that is another. Two files of one directory are two versions of
 * nothing Terraform reads together: no module is read for them.
 */
async function moduleFiles(oldFile: string, newFile: string, cwd: string): Promise<{ old?: ModuleFile[]; new?: ModuleFile[] } | undefined> {
  if (oldFile === '-' || newFile === '-') return undefined;
  const newPath = path.resolve(cwd, newFile);
  const dir = path.dirname(newPath);
  const oldPath = oldFile.startsWith('git:') ? undefined : path.resolve(cwd, oldFile);
  if (oldPath && path.dirname(oldPath) === dir) return undefined;
  const own = path.basename(newPath);
  const onDisk = (folder: string, wanted: (name: string) => boolean): ModuleFile[] => {
    let names: string[];
    try {
      names = fs.readdirSync(folder).filter(wanted).sort();
    } catch {
      return [];
    }
    const out: ModuleFile[] = [];
    for (const name of names)
      try {
        const full = path.join(folder, name);
        if (fs.statSync(full).isFile()) out.push({ fileName: name, text: fs.readFileSync(full, 'utf8').replace(/^\uFEFF/, '') });
      } catch {
        // A file that cannot be read says nothing.
      }
    return out;
  };
  return {
    new: onDisk(dir, otherModuleFile(own)),
    old: oldPath
      ? onDisk(path.dirname(oldPath), otherModuleFile(path.basename(oldPath)))
      : await readGitDirectory(dir, oldFile.slice(4), otherModuleFile(own)),
  };
}

/** Whether anything differs: a field changed, or a configuration added or removed. */
const hasChanges = (result: readonly ConfigurationChanges[]): boolean =>
  result.some((c) => c.status !== 'unchanged' || c.changes.length > 0);

function output(report: string, args: DiffArgs, io: CliIO, changed: boolean): number {
  if (args.output) {
    // As with lint --output, the report's directory is created.
    try {
      writeReport(path.resolve(io.cwd, args.output), report);
    } catch (e) {
      io.err(`search-config diff: cannot write ${args.output}: ${ioError(e)}\n`);
      return 2;
    }
  } else io.out(report);
  return args.exitCode && changed ? 1 : 0;
}

/** One file: a Terraform plan, whose change.before and change.after are the two versions. */
async function runPlan(args: DiffArgs, io: CliIO): Promise<number> {
  const [file] = args.files;
  const label = file === '-' ? '<stdin>' : file;
  let text: string;
  try {
    text = (await readInput(file, io)).replace(/^\uFEFF/, '');
  } catch (e) {
    io.err(`search-config diff: cannot read ${label}: ${ioError(e)}\n`);
    return 2;
  }
  const compared = comparePlan(text);
  if ('error' in compared) {
    io.err(`search-config diff: cannot compare ${label}: ${compared.error}\n`);
    return 2;
  }
  return output(
    formatComparison(compared.result, { old: 'the state before the plan', new: label }, args.format),
    args,
    io,
    hasChanges(compared.result),
  );
}
export default run;
