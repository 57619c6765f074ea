/**
 * The GitHub Action's run: `search-config lint` in the workspace as the CLI would, its reports turned
 * into what a workflow shows: annotations (workflow commands), a job summary with every finding and, on
 * pull requests, the change impact against the base commit, a SARIF file for code scanning, and outputs.
 * It is a thin wrapper around the CLI's commands, run in-process, so its findings and exit codes are the
 * CLI's own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { escapeData } from '../cli/formatters/github';
import { plural } from '../cli/formatters/types';
import { changeReports, run } from './impact';
import { readInputs, type Env } from './inputs';
import { jobSummary, totals, type JsonReport } from './summary';

function readEvent(env: Env): unknown {
  if (!env.GITHUB_EVENT_PATH) return undefined;
  try {
    return JSON.parse(fs.readFileSync(env.GITHUB_EVENT_PATH, 'utf8'));
  } catch {
    return undefined;
  }
}

export const errorCommand = (message: string): string => `::error title=search-config::${escapeData(message)}\n`;

/** The lines of the CLI's standard error as error annotations, without its pointer to `--help` (the Action has inputs, not options). */
const errorCommands = (err: string): string =>
  err
    .split('\n')
    .filter((line) => line && !/^Run 'search-config [\w<> ]+--help'/.test(line))
    .map(errorCommand)
    .join('');

export async function runAction(env: Env, write: { out(t: string): void; err(t: string): void }): Promise<number> {
  const cwd = path.resolve(env.GITHUB_WORKSPACE || process.cwd());
  const inputs = readInputs(env, readEvent(env));
  if ('error' in inputs) {
    write.out(errorCommand(inputs.error));
    return 2;
  }
  const common = [...inputs.paths, '--min-severity', inputs.minSeverity];
  if (inputs.maxWarnings !== undefined) common.push('--max-warnings', inputs.maxWarnings);
  if (inputs.baseline) common.push('--baseline', inputs.baseline);

  const annotations = await run(['lint', ...common, '--format', 'github'], cwd, env);
  write.out(annotations.out);
  // Exit code 2: a usage error or an input that could not be read. Every other file was still linted:
  // its findings are reported, summed up and written to the SARIF file as on any other run.
  const inputError = annotations.code === 2;
  if (inputError) write.out(errorCommands(annotations.err));
  else if (annotations.err) write.err(annotations.err);
  const json = await run(['lint', ...common, '--format', 'json'], cwd, env);
  // A usage error (an option the CLI refuses) reports nothing: no file was linted, and no SARIF file is written.
  const reported = json.out.trim() !== '';
  const reports = (reported ? JSON.parse(json.out) : []) as JsonReport[];

  let sarifFile: string | undefined;
  if (inputs.sarifFile && reported) {
    sarifFile = inputs.sarifFile;
    await run(['lint', ...common, '--format', 'sarif', '--output', sarifFile], cwd, env);
  }

  const impact = inputs.baseline?.startsWith('git:') ? await changeReports(reports, inputs.baseline, cwd, env, inputs.paths) : [];
  if (env.GITHUB_STEP_SUMMARY) {
    const prefix = 'search-config lint: ';
    const problems = inputError ? annotations.err.split('\n').flatMap((l) => (l.startsWith(prefix) ? [l.slice(prefix.length)] : [])) : [];
    fs.appendFileSync(env.GITHUB_STEP_SUMMARY, jobSummary(reports, impact, { sarifFile, baseline: inputs.baseline, problems }));
  }
  const t = totals(reports);
  if (env.GITHUB_OUTPUT) {
    const outputs = [
      `error-count=${t.error}`,
      `warning-count=${t.warning}`,
      `info-count=${t.info}`,
      `sarif-file=${sarifFile ?? ''}`,
      `exit-code=${annotations.code}`,
    ];
    fs.appendFileSync(env.GITHUB_OUTPUT, `${outputs.join('\n')}\n`);
  }
  write.out(
    `search-config: ${plural(t.error, 'error')}, ${plural(t.warning, 'warning')}, ${t.info} info in ${plural(reports.length, 'file')}\n`,
  );
  // An input that cannot be read fails the step whatever fail-on-findings says: it is no finding.
  return inputError || inputs.failOnFindings ? annotations.code : 0;
}
