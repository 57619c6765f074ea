import fs from 'node:fs';
import path from 'node:path';
import { cpuNow } from '../support/cpu-time';
import Ajv04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { main } from '../../server/src/cli/main';
import type { CliIO } from '../../server/src/cli/io';
import { repoRoot } from './corpus';
import { Lines, type Problem } from './invariants';
import type { Surface } from './surfaces';

/** The official SARIF 2.1.0 schema vendored for the CLI's tests. */
let sarifValidate: ValidateFunction | undefined;
function sarifValidator(): ValidateFunction {
  if (!sarifValidate) {
    const schema = JSON.parse(fs.readFileSync(path.join(repoRoot(), 'test/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'));
    const ajv = new Ajv04({ allErrors: true, strict: false, unicodeRegExp: false });
    addFormats(ajv);
    sarifValidate = ajv.compile(schema);
  }
  return sarifValidate;
}

async function lintStdin(
  text: string,
  fileName: string,
  format: string,
  extra: string[],
): Promise<{ code: number; out: string; err: string }> {
  let out = '',
    err = '';
  const io: CliIO = {
    out: (t) => {
      out += t;
    },
    err: (t) => {
      err += t;
    },
    cwd: repoRoot(),
    isTTY: false,
    env: {},
    readStdin: async () => text,
  };
  const code = await main(['lint', '--format', format, '--stdin-filename', fileName, '--no-color', ...extra, '-'], io);
  return { code, out, err };
}

/** A 1-based line/column pair lies inside the text the CLI reports on (the input without a BOM). */
function checkLineColumn(lines: Lines, line: unknown, column: unknown, where: string): Problem[] {
  if (!Number.isInteger(line) || !Number.isInteger(column) || (line as number) < 1 || (column as number) < 1)
    return [{ kind: 'cli-position', message: `${where}: line ${line} column ${column} is not a 1-based position` }];
  const l = (line as number) - 1;
  if (l >= lines.starts.length)
    return [{ kind: 'cli-position', message: `${where}: line ${line} beyond the ${lines.starts.length} lines` }];
  if ((column as number) - 1 > lines.lineLength(l))
    return [{ kind: 'cli-position', message: `${where}: column ${column} beyond the ${lines.lineLength(l)} characters of line ${line}` }];
  return [];
}

const SEVERITIES = new Set(['error', 'warning', 'info', 'hint']);
const XML_FORBIDDEN =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The CLI on standard input: JSON and SARIF validate, positions lie inside the text, other formats stay well-formed. */
export const cliSurface: Surface = {
  name: 'cli',
  async run(input, rng, timed) {
    const out: Problem[] = [];
    const fileName = input.options.fileName ?? 'x.json';
    const text = input.text.startsWith('\uFEFF') ? input.text.slice(1) : input.text;
    const lines = new Lines(text);
    const extra = input.options.cpus ? ['--cpus', String(input.options.cpus)] : [];
    const internal = (format: string, r: { code: number; err: string }): void => {
      if (/internal error/i.test(r.err) || (r.code === 2 && !/input-limit/.test(r.err)))
        out.push({ kind: 'cli-exit', message: `--format ${format} exited ${r.code}: ${r.err.split('\n')[0]}` });
    };
    if (!rng.chance(0.5)) return out; // the CLI analyses again: half the inputs keep the short run short
    const t0 = cpuNow();
    const json = await lintStdin(input.text, fileName, 'json', extra);
    timed.record('cli --format json', cpuNow() - t0);
    internal('json', json);
    let report: unknown;
    try {
      report = JSON.parse(json.out);
    } catch {
      out.push({ kind: 'cli-json', message: `--format json printed invalid JSON: ${json.out.slice(0, 80)}` });
    }
    if (report !== undefined) {
      const files = report as Array<Record<string, unknown>>;
      if (!Array.isArray(files) || files.length !== 1)
        out.push({ kind: 'cli-json', message: 'the JSON report is not an array with one file' });
      else {
        const f = files[0];
        const messages = f.messages as Array<Record<string, unknown>>;
        if (typeof f.filePath !== 'string' || !Array.isArray(messages))
          out.push({ kind: 'cli-json', message: 'filePath or messages missing' });
        else {
          const counts: Record<string, number> = { error: 0, warning: 0, info: 0, hint: 0 };
          for (const m of messages) {
            const where = `json ${String(m.ruleId)}`;
            if (
              typeof m.ruleId !== 'string' ||
              typeof m.message !== 'string' ||
              typeof m.path !== 'string' ||
              !SEVERITIES.has(m.severity as string)
            )
              out.push({ kind: 'cli-json', message: `${where}: a member has the wrong type ${JSON.stringify(m).slice(0, 200)}` });
            else counts[m.severity as string]++;
            out.push(
              ...checkLineColumn(lines, m.line, m.column, `${where} start`),
              ...checkLineColumn(lines, m.endLine, m.endColumn, `${where} end`),
            );
          }
          for (const s of SEVERITIES)
            if (f[`${s}Count`] !== counts[s])
              out.push({
                kind: 'cli-json',
                message: `${s}Count is ${String(f[`${s}Count`])} but ${counts[s]} messages have that severity`,
              });
        }
      }
    }
    const sarif = await lintStdin(input.text, fileName, 'sarif', extra);
    internal('sarif', sarif);
    try {
      const log = JSON.parse(sarif.out);
      const validate = sarifValidator();
      if (!validate(log))
        out.push({ kind: 'cli-sarif', message: `SARIF does not validate: ${JSON.stringify(validate.errors?.slice(0, 2))}` });
      for (const r of log.runs?.[0]?.results ?? []) {
        for (const loc of r.locations ?? []) {
          const reg = loc.physicalLocation?.region;
          if (reg)
            out.push(
              ...checkLineColumn(lines, reg.startLine, reg.startColumn ?? 1, `sarif ${r.ruleId} start`),
              ...checkLineColumn(lines, reg.endLine ?? reg.startLine, reg.endColumn ?? 1, `sarif ${r.ruleId} end`),
            );
        }
      }
    } catch (err) {
      out.push({ kind: 'cli-sarif', message: `--format sarif printed invalid JSON: ${String(err)}` });
    }
    if (rng.chance(0.3)) {
      for (const format of ['stylish', 'github', 'junit']) {
        const r = await lintStdin(input.text, fileName, format, extra);
        internal(format, r);
        if (format === 'junit' && XML_FORBIDDEN.test(r.out))
          out.push({ kind: 'cli-junit', message: 'the JUnit report holds characters XML cannot carry' });
        if (format === 'github')
          for (const line of r.out.split('\n').filter(Boolean))
            if (!line.startsWith('::'))
              out.push({ kind: 'cli-github', message: `a workflow command spans lines: ${JSON.stringify(line.slice(0, 80))}` });
      }
    }
    return out;
  },
};
