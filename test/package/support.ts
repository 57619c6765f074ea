/**
 * Helpers for the tests of what users install: the tarball `npm pack` makes, installed into projects and
 * prefixes in temporary directories outside the repository, and run from there.
 */
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver/node';
import { pathToFileURL } from 'node:url';

/** The repository root: these tests run from dist/package-tests/. */
export const ROOT = path.resolve(__dirname, '..', '..');
export const MANIFEST = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  bin: Record<string, string>;
};

/**
 * npm without network chatter, and with nothing of this repository's own npm settings. Packages npm's
 * cache holds (all of them after `npm ci`) are taken from it without asking the registry again: the
 * pre-commit hook's install of this repository's dependencies takes about 20 s instead of 34 s.
 */
export const NPM_ENV = {
  ...process.env,
  npm_config_fund: 'false',
  npm_config_audit: 'false',
  npm_config_update_notifier: 'false',
  npm_config_loglevel: 'warn',
  npm_config_prefer_offline: 'true',
};

export function run(
  cmd: string,
  args: string[],
  opts: { cwd: string; env?: NodeJS.ProcessEnv; input?: string; timeout?: number },
): SpawnSyncReturns<string> {
  const r = spawnSync(cmd, args, {
    cwd: opts.cwd,
    env: opts.env ?? NPM_ENV,
    input: opts.input,
    encoding: 'utf8',
    timeout: opts.timeout ?? 300_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.error) throw r.error;
  return r;
}

export function must(r: SpawnSyncReturns<string>, what: string): SpawnSyncReturns<string> {
  if (r.status !== 0) throw new Error(`${what} exited with ${r.status}:\n${r.stdout}\n${r.stderr}`);
  return r;
}

export const tempDir = (name: string): string => fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `search-config-${name}-`)));

/** Packs the repository as `npm publish` would; returns the tarball's path and its file list. */
export function packTarball(): { tgz: string; files: string[]; size: number } {
  const dest = tempDir('pack');
  const r = must(run('npm', ['pack', '--json', '--pack-destination', dest], { cwd: ROOT }), 'npm pack');
  const [info] = JSON.parse(r.stdout) as Array<{ filename: string; size: number; files: Array<{ path: string }> }>;
  return { tgz: path.join(dest, info.filename), files: info.files.map((f) => f.path).sort(), size: info.size };
}

/** An empty npm project with the tarball installed as a dev dependency, with install scripts off. */
export function installInProject(tgz: string): string {
  const project = tempDir('project');
  fs.writeFileSync(
    path.join(project, 'package.json'),
    JSON.stringify({ name: 'service-configs', version: '1.0.0', private: true }, null, 2),
  );
  must(run('npm', ['install', '--save-dev', '--ignore-scripts', tgz], { cwd: project }), 'npm install of the tarball');
  return project;
}

/** Copies the repository's examples into `dir`, so that the installed tool lints them from there. */
export function copyExamples(dir: string): string {
  const to = path.join(dir, 'examples');
  fs.cpSync(path.join(ROOT, 'examples'), to, { recursive: true });
  return to;
}

/** JSON findings as `file:line:col rule`, with paths relative to the working directory. */
/** A Terraform module with a finding inside its search_user_config block (line 4: a size written as "100mb"). */
export const TERRAFORM =
  'resource "vendor_search" "logs" {\n  search_user_config {\n    search {\n      http_max_content_length = "100mb"\n    }\n  }\n}\n';

export function findingsOf(json: string): string[] {
  const reports = JSON.parse(json) as Array<{
    filePath: string;
    messages: Array<{ ruleId: string; line: number; column: number; message: string }>;
  }>;
  return reports
    .flatMap((r) => r.messages.map((m) => `${path.basename(r.filePath)}:${m.line}:${m.column} ${m.ruleId} ${m.message}`))
    .sort();
}

/**
 * Starts a language server command over stdio, opens one configuration and resolves with the server's
 * name and the first non-empty diagnostics published for it.
 */
export async function diagnosticsOverStdio(
  command: string,
  args: string[],
  opts: { cwd: string; env?: NodeJS.ProcessEnv },
  file: string,
  text: string,
): Promise<{ serverName: string | undefined; codes: string[]; exitCode: number | null }> {
  const child = spawn(command, args, { cwd: opts.cwd, env: opts.env ?? NPM_ENV, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const conn = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const published = new Promise<PublishDiagnosticsParams>((resolve) =>
    conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      if (p.diagnostics.length) resolve(p);
    }),
  );
  conn.onRequest('workspace/configuration', () => [null]);
  conn.onRequest('client/registerCapability', () => null);
  conn.listen();
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`no diagnostics from ${command} ${args.join(' ')}: ${stderr}`)), 120_000).unref(),
  );
  try {
    const dirUri = pathToFileURL(path.dirname(file)).href;
    const init = (await Promise.race([
      conn.sendRequest('initialize', {
        processId: process.pid,
        rootUri: dirUri,
        capabilities: { workspace: { configuration: true } },
        workspaceFolders: [{ uri: dirUri, name: 'w' }],
      }),
      timeout,
    ])) as { serverInfo?: { name: string } };
    await conn.sendNotification('initialized', {});
    await conn.sendNotification('textDocument/didOpen', {
      textDocument: { uri: pathToFileURL(file).href, languageId: 'json', version: 1, text },
    });
    const p = await Promise.race([published, timeout]);
    await conn.sendRequest('shutdown');
    await conn.sendNotification('exit');
    const exitCode = await new Promise<number | null>((resolve) =>
      child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (c) => resolve(c)),
    );
    return { serverName: init.serverInfo?.name, codes: p.diagnostics.map((d) => String(d.code)).sort(), exitCode };
  } finally {
    conn.dispose();
    child.kill();
  }
}
