import fs from 'node:fs';
import path from 'node:path';
import {
  analyze,
  decodeConfigBytes,
  DEFAULT_MAX_FILE_SIZE,
  convertEngineSettings,
  flattenEngineSettings,
  fragmentOf,
  mergeIntoConfiguration,
  type Assignment,
  VERSION,
} from '../../core';
import { FORMATTERS } from '../formatters';
import type { Command, CliIO } from '../io';
import { displayPath } from '../files';
import { writeFileAtomic } from '../write';
import { readSettingsYaml, YAML_LIMITS } from '../settings-yaml';

export const IMPORT_USAGE = `Usage: search-config import-settings FILE|- [--merge-into CONFIG]

Turns the engine settings of a self-managed cluster into the service configuration: an
opensearch.yml (flat dotted keys, nested maps or both) or a _cluster/settings body or
response (persistent, transient; defaults are left out), as JSON or YAML. Values are read
with the engine's own rules (byte sizes in binary multiples, times, percentages) and written
in each field's unit; a value that is not a whole number there is reported, never rounded.
A setting written twice (flat and nested) is refused, as the engine refuses it.

Prints the configuration fragment as JSON on standard output, and on standard error each
setting that cannot be carried over, with the reason.

Input past a limit is reported as input-limit and nothing is converted: ${DEFAULT_MAX_FILE_SIZE / 1024 / 1024} MiB (a file
or standard input), lists and maps ${YAML_LIMITS.depth} levels deep, and in YAML ${YAML_LIMITS.aliases} aliases standing for at
most ${YAML_LIMITS.aliasValues} values and ${YAML_LIMITS.aliasCharacters} characters in all.

Options:
  --merge-into CONFIG   Set the fields in an existing configuration file instead, keeping its
                        comments and formatting, then lint it. Where a key is written twice,
                        the last one (which the service reads) is set. CONFIG may be a new
                        file, not in a directory that does not exist.
  -h, --help            Show this help.

Exit codes: 0 every setting converted, 1 some could not be (or the merged file has errors),
2 unreadable, malformed or too large input, or CONFIG cannot be written.
`;

const NAME = 'search-config import-settings';
/** The size limit of the files the linter reads (maxFileSize's default), for a file and standard input alike. */
const MAX_INPUT = DEFAULT_MAX_FILE_SIZE;
const LIMIT = '[input-limit]';

type Read = { text: string } | { error: string; limit?: boolean };
type Parsed = { value: unknown } | { error: string; limit?: boolean };

/** The settings text as a value: JSON when it reads as JSON, YAML otherwise (JSON is YAML too, but its errors are clearer). */
function parseSettingsText(text: string): Parsed {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed === '') return { error: 'the input is empty' };
  if (trimmed.startsWith('{')) {
    try {
      return { value: JSON.parse(trimmed) };
    } catch {
      /* a YAML flow map starts with { too */
    }
  }
  // Not trimmed: the positions in YAML's messages are those of the file.
  const read = readSettingsYaml(text.replace(/^\uFEFF/, ''));
  if (read.ok) return { value: read.value };
  return read.limit ? { error: read.message, limit: true } : { error: `it is neither JSON nor YAML: ${read.message}` };
}

const IO_ERRORS: Record<string, string> = {
  ENOENT: 'no such file',
  EISDIR: 'it is a directory',
  EACCES: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  ENOTDIR: 'a part of the path is not a directory',
};
const ioError = (err: unknown): string => {
  const code = (err as NodeJS.ErrnoException).code;
  return (code && IO_ERRORS[code]) ?? code ?? String(err);
};

async function readInput(file: string, io: CliIO): Promise<Read> {
  if (file === '-') {
    const text = await io.readStdin(MAX_INPUT);
    if (Buffer.byteLength(text, 'utf8') > MAX_INPUT)
      return { error: `it is more than ${MAX_INPUT} bytes, the most this command reads`, limit: true };
    return { text };
  }
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(path.resolve(io.cwd, file));
  } catch (err) {
    return { error: ioError(err) };
  }
  if (bytes.length > MAX_INPUT) return { error: `it is ${bytes.length} bytes, more than the ${MAX_INPUT} this command reads`, limit: true };
  const decoded = decodeConfigBytes(bytes);
  return decoded.ok ? { text: decoded.text } : { error: decoded.finding.message };
}

/** The message for input that cannot be read, with the rule id of the linter's own size and depth limits. */
const cannotRead = (label: string, r: { error: string; limit?: boolean }): string =>
  `${NAME}: cannot read ${label}: ${r.error}${r.limit ? `; nothing was converted ${LIMIT}` : ''}\n`;

const run: Command = async (argv, io) => {
  let input: string | undefined;
  let mergeInto: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-h' || a === '--help') {
      io.out(IMPORT_USAGE);
      return 0;
    }
    if (a === '--merge-into' || a.startsWith('--merge-into=')) {
      mergeInto = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      if (!mergeInto) {
        io.err(`${NAME}: --merge-into needs a configuration file\n\n${IMPORT_USAGE}`);
        return 2;
      }
    } else if (a.startsWith('-') && a !== '-') {
      io.err(`${NAME}: unknown option ${a}\n\n${IMPORT_USAGE}`);
      return 2;
    } else if (input === undefined) input = a;
    else {
      io.err(`${NAME}: one settings file at a time, got ${input} and ${a}\n`);
      return 2;
    }
  }
  if (input === undefined) {
    io.err(`${NAME}: name the settings file (or - for standard input)\n\n${IMPORT_USAGE}`);
    return 2;
  }

  const label = input === '-' ? 'standard input' : input;
  const read = await readInput(input, io);
  if ('error' in read) {
    io.err(cannotRead(label, read));
    return 2;
  }
  const parsed = parseSettingsText(read.text);
  if ('error' in parsed) {
    io.err(cannotRead(label, parsed));
    return 2;
  }
  const { settings, problems, limit, refused } = flattenEngineSettings(parsed.value);
  if (limit) {
    io.err(cannotRead(label, { error: limit, limit: true }));
    return 2;
  }
  // What the engine refuses to read at all: nothing is converted, as nothing of it would be applied.
  if (refused) {
    for (const why of refused) io.err(cannotRead(label, { error: why }));
    io.err(`${NAME}: nothing was converted\n`);
    return 2;
  }
  if (!settings.length && problems.length) {
    io.err(`${NAME}: ${label}: ${problems.join('; ')}\n`);
    return 2;
  }
  const { assignments, unmapped, defaultsLeftOut } = convertEngineSettings(settings);
  for (const p of problems) io.err(`${NAME}: note: ${p}\n`);
  if (defaultsLeftOut)
    io.err(
      `${NAME}: note: ${defaultsLeftOut} setting${defaultsLeftOut === 1 ? '' : 's'} under "defaults" left out: they are the engine's defaults, not settings to carry over\n`,
    );
  for (const u of unmapped) io.err(`${NAME}: ${u.setting} ${u.reason}\n`);

  const code = unmapped.length ? 1 : 0;
  if (mergeInto === undefined) {
    const fragment = fragmentOf(assignments.map((a) => (a.secret ? { ...a, value: '<SECRET>' } : a)));
    io.out(`${JSON.stringify(fragment, null, 2)}\n`);
    return code;
  }
  return mergeSettings(mergeInto, assignments, code, io);
};
export default run;

/** --merge-into: the fields set in the configuration file, which is then linted. */
function mergeSettings(mergeInto: string, assignments: Assignment[], code: number, io: CliIO): number {
  const target = path.resolve(io.cwd, mergeInto);
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(target);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      io.err(`${NAME}: cannot read ${mergeInto}: ${ioError(err)}\n`);
      return 2;
    }
    // A new configuration is written, but not in a directory that does not exist: a mistyped path
    // would otherwise leave a configuration where nobody looks for it.
    const dir = path.dirname(target);
    if (!isDirectory(dir)) {
      io.err(
        `${NAME}: cannot write ${mergeInto}: the directory ${displayPath(dir, io.cwd)} does not exist; create it first, nothing was written\n`,
      );
      return 2;
    }
    bytes = Buffer.from('{}\n');
  }
  const decoded = decodeConfigBytes(bytes);
  if (!decoded.ok) {
    io.err(`${NAME}: ${mergeInto}: ${decoded.finding.message}\n`);
    return 2;
  }
  const bom = decoded.text.startsWith('\uFEFF') ? '\uFEFF' : '';
  const original = decoded.text.slice(bom.length);
  const before = analyze(original, { fileName: target });
  if (before.doc.syntaxErrors.length) {
    io.err(`${NAME}: ${mergeInto} is not valid JSON: fix its syntax first, nothing was changed\n`);
    return 2;
  }
  const { text: merged, set, notSet, duplicateKeys } = mergeIntoConfiguration(original, assignments);
  if (merged !== original) {
    try {
      writeFileAtomic(target, bom + merged);
    } catch (err) {
      io.err(`${NAME}: cannot write ${mergeInto}: ${ioError(err)}; it was not changed\n`);
      return 2;
    }
  }
  for (const d of duplicateKeys)
    io.err(`${NAME}: note: "${d}" is written more than once in ${mergeInto}; the service reads the last one, so that is the one set\n`);
  for (const n of notSet) io.err(`${NAME}: ${n.assignment.written ?? n.assignment.setting} not set in ${mergeInto}: ${n.why}\n`);
  if (notSet.length) code = 1;
  io.err(`${NAME}: ${set.length} field${set.length === 1 ? '' : 's'} set in ${mergeInto}\n`);
  const after = analyze(merged, { fileName: target });
  const report = FORMATTERS.stylish([{ file: target, displayPath: displayPath(target, io.cwd), text: merged, findings: after.findings }], {
    cwd: io.cwd,
    color: false,
    version: VERSION,
  });
  if (report) io.out(report);
  if (after.findings.some((f) => f.severity === 'error')) code = 1;
  return code;
}

function isDirectory(dir: string): boolean {
  try {
    return fs.statSync(dir).isDirectory();
  } catch {
    return false;
  }
}
