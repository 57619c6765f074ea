/**
 * The GitHub Action: runs `search-config lint` in the workspace as the CLI would, and turns its reports
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
import { turnOffYamlDebugOutput } from '../node/yaml-debug';

function readEvent(env: Env): unknown {
  if (!env.GITHUB_EVENT_PATH) return undefined;
  try {
    return JSON.parse(fs.readFileSync(env.GITHUB_EVENT_PATH, 'utf8'));
  } catch {
    return undefined;
  }
}

const errorCommand = (message: string): string => `::error title=search-config::${escapeData(message)}\n`;

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
  if (annotations.code === 2) {
    for (const line of annotations.err.split('\n').filter(Boolean)) write.out(errorCommand(line));
    return 2;
  }
  if (annotations.err) write.err(annotations.err);
  const json = await run(['lint', ...common, '--format', 'json'], cwd, env);
  const reports = JSON.parse(json.out || '[]') as JsonReport[];

  let sarifFile: string | undefined;
  if (inputs.sarifFile) {
    sarifFile = inputs.sarifFile;
    const sarif = await run(['lint', ...common, '--format', 'sarif', '--output', sarifFile], cwd, env);
    if (sarif.code === 2) {
      for (const line of sarif.err.split('\n').filter(Boolean)) write.out(errorCommand(line));
      return 2;
    }
  }

  const impact = inputs.baseline?.startsWith('git:') ? await changeReports(reports, inputs.baseline, cwd, env, inputs.paths) : [];
  if (env.GITHUB_STEP_SUMMARY)
    fs.appendFileSync(env.GITHUB_STEP_SUMMARY, jobSummary(reports, impact, { sarifFile, baseline: inputs.baseline }));
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
  return inputs.failOnFindings ? annotations.code : 0;
}

turnOffYamlDebugOutput();
runAction(process.env, { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) }).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stdout.write(errorCommand(`internal error: ${err instanceof Error ? err.message : String(err)}`));
    process.exitCode = 2;
  },
);
