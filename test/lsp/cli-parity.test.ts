import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver/node';
import { tempDir, uriOf } from './harness';

// The editor and CI give one answer: every fixture of every format is linted by the CLI's bundle and
// by the language server's bundle over stdio, and their findings must be the same.

const ROOT = path.resolve(__dirname, '../../..');
const CLI = path.join(ROOT, 'bin/search-config.js');
const SERVER = path.join(ROOT, 'bin/search-config-language-server.js');
const FIXTURES = path.join(ROOT, 'test/fixtures');
const FORMATS = /\.(?:json|jsonc|tf|ya?ml|http|rest|md|sh)$/i;

function fixtureFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => {
      const full = path.join(dir, e.name);
      return e.isDirectory() ? fixtureFiles(full) : FORMATS.test(e.name) && e.name !== '.search-lint.json' ? [full] : [];
    })
    .sort();
}

interface Finding {
  ruleId: string;
  severity: string;
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}
const key = (f: Finding): string => `${f.line}:${f.column}-${f.endLine}:${f.endColumn} ${f.severity} ${f.ruleId} ${f.message}`;
const SEVERITIES = ['', 'error', 'warning', 'info', 'hint'];
const NAMED_ONLY = / info input-limit No document of this file is a kind: Search manifest .*nothing in it was checked\.$/;

test('the CLI and the language server report the same findings on every fixture', { timeout: 300_000 }, async () => {
  // The fixtures as they are laid out (a Terraform module's files stay together), with a settings
  // file that makes Markdown and shell files request files for both, as `requests.files` does.
  const work = tempDir('cli-parity');
  fs.cpSync(FIXTURES, work, { recursive: true });
  const sources = fixtureFiles(FIXTURES);
  assert.ok(sources.length > 100, `fixtures found: ${sources.length}`);
  const files = sources.map((source) => {
    const rel = path.relative(FIXTURES, source).split(path.sep).join('/');
    return { source: path.relative(ROOT, source), file: path.join(work, rel), rel };
  });
  fs.writeFileSync(path.join(work, '.search-lint.json'), JSON.stringify({ requests: { files: ['**/*.md', '**/*.sh'] } }));

  const cli = spawnSync(process.execPath, [CLI, 'lint', '--format', 'json', '--min-severity', 'hint', ...files.map((f) => f.rel)], {
    cwd: work,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  assert.ok(cli.status === 0 || cli.status === 1, `the CLI ran: ${cli.status} ${cli.stderr}`);
  const byCli = new Map<string, string[]>();
  for (const r of JSON.parse(cli.stdout) as Array<{ filePath: string; messages: Finding[] }>)
    byCli.set(r.filePath, r.messages.map(key).sort());

  const child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  const conn = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const published = new Map<string, PublishDiagnosticsParams>();
  let wake: () => void = () => undefined;
  conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    published.set(p.uri, p);
    wake();
  });
  // Every JSON file named on the command line is a configuration to the CLI: the same to the server.
  conn.onRequest('workspace/configuration', (p: { items: unknown[] }) =>
    p.items.map(() => ({ baseline: 'none', files: ['**/*.json', '**/*.jsonc'] })),
  );
  conn.onRequest('client/registerCapability', () => null);
  conn.listen();
  try {
    await conn.sendRequest('initialize', {
      processId: process.pid,
      rootUri: uriOf(work),
      workspaceFolders: [{ uri: uriOf(work), name: 'w' }],
      capabilities: { workspace: { configuration: true }, textDocument: { publishDiagnostics: { versionSupport: true } } },
    });
    await conn.sendNotification('initialized', {});
    // The HCL parser is loaded the first time a Terraform file is opened (that file gets its findings
    // once it is there): a Terraform file opened first, until it has them, makes the comparison fair.
    const warm = path.join(work, 'warm.tf');
    fs.writeFileSync(warm, 'resource "vendor_search" "w" {\n  search_user_config {\n    static_ipz = true\n  }\n}\n');
    await conn.sendNotification('textDocument/didOpen', {
      textDocument: { uri: uriOf(warm), languageId: 'terraform', version: 1, text: fs.readFileSync(warm, 'utf8') },
    });
    for (let i = 0; i < 200 && !published.get(uriOf(warm))?.diagnostics.length; i++)
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 100);
      });
    assert.ok(published.get(uriOf(warm))?.diagnostics.length, 'the server reads Terraform files');
    const differences: string[] = [];
    for (const f of files) {
      const uri = uriOf(f.file);
      const languageId = /\.tf$/i.test(f.file)
        ? 'terraform'
        : /\.ya?ml$/i.test(f.file)
          ? 'yaml'
          : /\.jsonc$/i.test(f.file)
            ? 'jsonc'
            : /\.json$/i.test(f.file)
              ? 'json'
              : 'plaintext';
      await conn.sendNotification('textDocument/didOpen', {
        textDocument: { uri, languageId, version: 1, text: fs.readFileSync(f.file, 'utf8') },
      });
      const deadline = Date.now() + 20_000;
      while (!published.has(uri) && Date.now() < deadline)
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 100);
        });
      const p = published.get(uri);
      const byServer = (p?.diagnostics ?? [])
        .map((d) =>
          key({
            ruleId: String(d.code),
            severity: SEVERITIES[d.severity ?? 1],
            message: d.message,
            line: d.range.start.line + 1,
            column: d.range.start.character + 1,
            endLine: d.range.end.line + 1,
            endColumn: d.range.end.character + 1,
          }),
        )
        .sort();
      // A YAML file named on the command line with nothing read says so: the CLI names every fixture, while
      // an editor opens every YAML file of a workspace and says nothing of those that are not manifests
      // (the kind: Search documents it does not read, it names in both).
      const fromCli = (byCli.get(f.rel) ?? []).filter((k) => !NAMED_ONLY.test(k));
      const onlyCli = fromCli.filter((k) => !byServer.includes(k));
      const onlyServer = byServer.filter((k) => !fromCli.includes(k));
      if (!p) differences.push(`${f.source}: the server published nothing`);
      else if (onlyCli.length || onlyServer.length)
        differences.push(
          `${f.source}:\n    CLI only:    ${onlyCli.join('\n                 ') || '-'}\n    server only: ${onlyServer.join('\n                 ') || '-'}`,
        );
      await conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
    }
    assert.deepEqual(differences, [], `${differences.length} of ${files.length} fixtures differ:\n  ${differences.join('\n  ')}`);
  } finally {
    await conn.sendRequest('shutdown').catch(() => undefined);
    await conn.sendNotification('exit').catch(() => undefined);
    conn.dispose();
    child.kill();
  }
});
