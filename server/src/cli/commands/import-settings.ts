import fs from 'node:fs';
import path from 'node:path';
import { load as parseYaml } from 'js-yaml';
import { analyze, decodeConfigBytes } from '../../core';
import { convertEngineSettings, flattenEngineSettings, fragmentOf, mergeIntoConfiguration } from '../../core/engine-settings';
import { FORMATTERS } from '../formatters';
import type { Command, CliIO } from '../io';
import { displayPath } from '../files';
import { writeFileAtomic } from '../write';
import { VERSION } from '../../core/version';

export const IMPORT_USAGE = `Usage: search-config import-settings FILE|- [--merge-into CONFIG]

Turns the engine settings of a self-managed cluster into the service configuration: an
opensearch.yml (flat dotted keys, nested maps or both) or a _cluster/settings body or
response (persistent, transient; defaults are left out), as JSON or YAML. Values are read
with the engine's own rules (byte sizes in binary multiples, times, percentages) and written
in each field's unit; a value that is not a whole number there is reported, never rounded.

Prints the configuration fragment as JSON on standard output, and on standard error each
setting that cannot be carried over, with the reason.

Options:
  --merge-into CONFIG   Set the fields in an existing configuration file instead, keeping its
                        comments and formatting, then lint it.
  -h, --help            Show this help.

Exit codes: 0 every setting converted, 1 some could not be (or the merged file has errors),
2 unreadable or malformed input.
`;

const NAME = 'search-config import-settings';
const MAX_INPUT = 20 * 1024 * 1024;

/** The settings text as a value: JSON when it reads as JSON, YAML otherwise (JSON is YAML too, but its errors are clearer). */
function parseSettingsText(text: string): { value: unknown } | { error: string } {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed === '') return { error: 'the input is empty' };
  if (trimmed.startsWith('{')) {
    try { return { value: JSON.parse(trimmed) }; } catch { /* a YAML flow map starts with { too */ }
  }
  try {
    // An alias is a shared reference, never a copy, so a document of nested aliases ("billion laughs")
    // stays small; reading it stops at the settings limit.
    return { value: parseYaml(trimmed, { json: true }) };
  } catch (err) {
    return { error: `it is neither JSON nor YAML: ${(err instanceof Error ? err.message : String(err)).split('\n')[0]}` };
  }
}

async function readInput(file: string, io: CliIO): Promise<{ text: string } | { error: string }> {
  if (file === '-') return { text: await io.readStdin() };
  let bytes: Buffer;
  try { bytes = fs.readFileSync(path.resolve(io.cwd, file)); } catch (err) { return { error: `cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}` }; }
  if (bytes.length > MAX_INPUT) return { error: `${file} is ${bytes.length} bytes, more than the ${MAX_INPUT} this command reads` };
  const decoded = decodeConfigBytes(bytes);
  return decoded.ok ? { text: decoded.text } : { error: `${file}: ${decoded.finding.message}` };
}

const run: Command = async (argv, io) => {
  let input: string | undefined;
  let mergeInto: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-h' || a === '--help') { io.out(IMPORT_USAGE); return 0; }
    if (a === '--merge-into' || a.startsWith('--merge-into=')) {
      mergeInto = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      if (!mergeInto) { io.err(`${NAME}: --merge-into needs a configuration file\n\n${IMPORT_USAGE}`); return 2; }
    } else if (a.startsWith('-') && a !== '-') { io.err(`${NAME}: unknown option ${a}\n\n${IMPORT_USAGE}`); return 2; }
    else if (input === undefined) input = a;
    else { io.err(`${NAME}: one settings file at a time, got ${input} and ${a}\n`); return 2; }
  }
  if (input === undefined) { io.err(`${NAME}: name the settings file (or - for standard input)\n\n${IMPORT_USAGE}`); return 2; }

  const read = await readInput(input, io);
  if ('error' in read) { io.err(`${NAME}: ${read.error}\n`); return 2; }
  const parsed = parseSettingsText(read.text);
  if ('error' in parsed) { io.err(`${NAME}: cannot read ${input === '-' ? 'standard input' : input}: ${parsed.error}\n`); return 2; }
  const { settings, problems } = flattenEngineSettings(parsed.value);
  if (!settings.length && problems.length) { io.err(`${NAME}: ${input === '-' ? 'standard input' : input}: ${problems.join('; ')}\n`); return 2; }
  const { assignments, unmapped, defaultsLeftOut } = convertEngineSettings(settings);
  for (const p of problems) io.err(`${NAME}: note: ${p}\n`);
  if (defaultsLeftOut) io.err(`${NAME}: note: ${defaultsLeftOut} setting${defaultsLeftOut === 1 ? '' : 's'} under "defaults" left out: they are the engine's defaults, not settings to carry over\n`);
  for (const u of unmapped) io.err(`${NAME}: ${u.setting} ${u.reason}\n`);

  let code = unmapped.length ? 1 : 0;
  if (mergeInto === undefined) {
    const fragment = fragmentOf(assignments.map((a) => (a.secret ? { ...a, value: '<SECRET>' } : a)));
    io.out(`${JSON.stringify(fragment, null, 2)}\n`);
    return code;
  }
  const target = path.resolve(io.cwd, mergeInto);
  let bytes: Buffer;
  try { bytes = fs.readFileSync(target); } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') { io.err(`${NAME}: cannot read ${mergeInto}: ${(err as NodeJS.ErrnoException).code}\n`); return 2; }
    bytes = Buffer.from('{}\n');
  }
  const decoded = decodeConfigBytes(bytes);
  if (!decoded.ok) { io.err(`${NAME}: ${mergeInto}: ${decoded.finding.message}\n`); return 2; }
  const bom = decoded.text.startsWith('\uFEFF') ? '\uFEFF' : '';
  const original = decoded.text.slice(bom.length);
  const before = analyze(original, { fileName: target });
  if (before.doc.syntaxErrors.length) { io.err(`${NAME}: ${mergeInto} is not valid JSON: fix its syntax first, nothing was changed\n`); return 2; }
  const merged = mergeIntoConfiguration(original, assignments).text;
  if (merged !== original) writeFileAtomic(target, bom + merged);
  io.err(`${NAME}: ${assignments.length} field${assignments.length === 1 ? '' : 's'} set in ${mergeInto}\n`);
  const after = analyze(merged, { fileName: target });
  const report = FORMATTERS.stylish([{ file: target, displayPath: displayPath(target, io.cwd), text: merged, findings: after.findings }], { cwd: io.cwd, color: false, version: VERSION });
  if (report) io.out(report);
  if (after.findings.some((f) => f.severity === 'error')) code = 1;
  return code;
};
export default run;
