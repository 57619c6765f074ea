/**
 * Real-editor checks: Neovim (vim.lsp), Emacs (Eglot) and VS Code (code-server with the packaged .vsix) open a
 * configuration with mistakes and must show the analyzer's findings, offer a documented default in completion
 * and show the value with its unit in hover. Drives the harnesses of ../shared/realclients and asserts on their
 * JSON output.
 *
 * The set-up snippets of docs/editors.md are run too (snippets.ts), and a Terraform file (terraform.ts) and a
 * Kubernetes manifest (yaml.ts) in the same editors.
 *
 *   node dist/editors/run.js [--only nvim,emacs,vscode,restricted,snippets,worker,web,terraform,yaml] [--vsix search-config.vsix] [--out DIR]
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expectationsFor, type EditorExpectations } from './expectations';
import { requestFileOutcomes } from './requests';
import { compareDiagnostics, type Line, type Outcome } from './outcome';
import { snippetOutcomes } from './snippets';
import { terraformOutcomes } from './terraform';
import { yamlOutcomes } from './yaml';
import { vscodeCommands } from './vscode-commands';
import { vscodeRestricted } from './vscode-trust';
import { webWorkerOutcome } from './web-worker';
import { vscodeWebWorker } from './vscode-web-worker';

const root = path.resolve(__dirname, '..', '..');
const args = parseArgs(process.argv.slice(2));
const harnesses = path.resolve(process.env.REALCLIENTS ?? path.join(root, '..', 'shared', 'realclients'));
const only = new Set((args.only ?? 'nvim,emacs,vscode,restricted,snippets,worker,web').split(','));
const outDir = path.resolve(args.out ?? path.join(root, 'dist', 'editors'));
const fixture = path.join(root, 'test', 'editors', 'fixtures', 'mistakes.search.json');
const serverCommand = `node ${path.join(root, 'bin', 'search-config-language-server.js')} --stdio`;

/**
 * A ceiling that catches a packaging mistake (a dependency or test tree shipped): the extension with the
 * Terraform parser (web-tree-sitter and the HCL grammar) and the YAML reader is about 550 KB. The size
 * target itself (550 KB) is measured and reported by the benchmark, beside the other artifacts.
 */
const MAX_VSIX_BYTES = 600 * 1024;

async function main(): Promise<void> {
  fs.mkdirSync(outDir, { recursive: true });
  // A workspace outside any git repository: no baseline, so the findings are those of the text alone.
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'search-config-editors-'));
  const file = path.join(workspace, path.basename(fixture));
  fs.copyFileSync(fixture, file);
  const text = fs.readFileSync(file, 'utf8');
  const expected = expectationsFor(text, path.basename(file));
  console.log(
    `fixture ${path.basename(file)}: ${expected.findings.length} findings (${[...new Set(expected.findings.map((f) => f.ruleId))].join(', ')}); ` +
      `completion ${expected.completion.label} at ${pos(expected.completion.at)}; hover at ${pos(expected.hover.at)} expecting ${JSON.stringify(expected.hover.mustContain)}`,
  );

  const outcomes: Outcome[] = [];
  if (only.has('vscode')) outcomes.push(packageContents());
  if (only.has('nvim'))
    outcomes.push(terminalEditor('nvim', path.join(harnesses, 'nvim', 'nvim-lsp-harness.sh'), file, workspace, expected));
  if (only.has('emacs'))
    outcomes.push(terminalEditor('emacs', path.join(harnesses, 'emacs', 'emacs-eglot-harness.sh'), file, workspace, expected));
  if (only.has('vscode')) outcomes.push(vscode(file, workspace, expected));
  const vsix = path.resolve(args.vsix ?? path.join(root, 'search-config.vsix'));
  if (only.has('vscode')) outcomes.push(vscodeCommands({ root, vsix, fixture, outDir, expected }));
  if (only.has('restricted')) outcomes.push(vscodeRestricted(root, vsix, outDir));
  if (only.has('snippets')) outcomes.push(...snippetOutcomes({ root, workspace, file, outDir, expected }));
  if (only.has('worker')) outcomes.push(await webWorkerOutcome(root, outDir));
  if (only.has('web')) outcomes.push(vscodeWebWorker(root, vsix, fixture, outDir));
  if (only.has('nvim') || only.has('vscode') || only.has('requests')) {
    const requestsWorkspace = fs.mkdtempSync(path.join(os.tmpdir(), 'search-config-requests-'));
    outcomes.push(
      ...requestFileOutcomes(
        { root, workspace: requestsWorkspace, harnesses, serverCommand, vsix, outDir, harness },
        { nvim: only.has('nvim') || only.has('requests'), vscode: only.has('vscode') || only.has('requests') },
      ),
    );
    fs.rmSync(requestsWorkspace, { recursive: true, force: true });
  }
  if (only.has('nvim') || only.has('emacs') || only.has('vscode') || only.has('web') || only.has('terraform')) {
    const terraformWorkspace = fs.mkdtempSync(path.join(os.tmpdir(), 'search-config-terraform-'));
    outcomes.push(
      ...(await terraformOutcomes(
        { root, workspace: terraformWorkspace, harnesses, serverCommand, vsix, outDir, harness },
        {
          nvim: only.has('nvim') || only.has('terraform'),
          emacs: only.has('emacs') || only.has('terraform'),
          vscode: only.has('vscode') || only.has('terraform'),
          web: only.has('web') || only.has('terraform'),
        },
      )),
    );
    fs.rmSync(terraformWorkspace, { recursive: true, force: true });
  }
  if (only.has('nvim') || only.has('emacs') || only.has('vscode') || only.has('web') || only.has('yaml')) {
    const yamlWorkspace = fs.mkdtempSync(path.join(os.tmpdir(), 'search-config-yaml-'));
    outcomes.push(
      ...yamlOutcomes(
        { root, workspace: yamlWorkspace, harnesses, serverCommand, vsix, outDir, harness },
        {
          nvim: only.has('nvim') || only.has('yaml'),
          emacs: only.has('emacs') || only.has('yaml'),
          vscode: only.has('vscode') || only.has('yaml'),
          web: only.has('web') || only.has('yaml'),
        },
      ),
    );
    fs.rmSync(yamlWorkspace, { recursive: true, force: true });
  }

  let failed = 0;
  for (const o of outcomes) {
    for (const n of o.notes) console.log(`  ${o.editor}: ${n}`);
    if (o.failures.length === 0) console.log(`ok   ${o.editor}`);
    else {
      failed++;
      console.log(`FAIL ${o.editor}\n${o.failures.map((f) => `  - ${f}`).join('\n')}`);
    }
  }
  fs.rmSync(workspace, { recursive: true, force: true });
  console.log(`${outcomes.length - failed}/${outcomes.length} editors passed`);
  process.exit(failed === 0 ? 0 : 1);
}

/** Neovim and Emacs: same harness interface, same output. */
function terminalEditor(editor: string, script: string, file: string, workspace: string, e: EditorExpectations): Outcome {
  const o: Outcome = { editor, failures: [], notes: [] };
  const run = harness(
    editor,
    script,
    [
      '--cmd',
      serverCommand,
      '--file',
      file,
      '--root',
      workspace,
      '--complete',
      pos(e.completion.at),
      '--hover',
      pos(e.hover.at),
      '--wait-nonempty',
      '--settle-ms',
      '1500',
      '--timeout-ms',
      '30000',
    ],
    o,
  );
  if (!run) return o;
  const summary = run.find((l) => l.type === 'summary');
  if (!summary) o.failures.push('the harness printed no summary');
  else if ((summary.errors as unknown[] | undefined)?.length) o.failures.push(`harness errors: ${JSON.stringify(summary.errors)}`);

  const shown = run.filter((l) => l.type === 'diagnostic');
  compareDiagnostics(
    shown.map((d) => ({ code: String(d.code), line: Number(d.line), source: String(d.source) })),
    e,
    o,
  );

  const items = run.filter((l) => l.type === 'completion');
  const item = items.find((i) => i.label === e.completion.label);
  if (!item)
    o.failures.push(
      `completion at ${pos(e.completion.at)} does not offer ${e.completion.label} (got ${JSON.stringify(items.map((i) => i.label))})`,
    );
  else {
    if (!String(item.detail ?? '').includes(e.completion.defaultText))
      o.failures.push(
        `completion detail of ${e.completion.label} lacks the default ${e.completion.defaultText}: ${JSON.stringify(item.detail)}`,
      );
    // Only Neovim's harness reports the text an item inserts; Eglot's gives label and detail.
    const inserted = String(item.insertText ?? '');
    if (editor === 'nvim' && !inserted.includes(e.completion.defaultJson))
      o.failures.push(
        `choosing ${e.completion.label} does not insert its default ${e.completion.defaultJson}: ${JSON.stringify(item.insertText)}`,
      );
    if (editor === 'nvim') o.notes.push(`completion ${e.completion.label} inserts ${JSON.stringify(inserted)}`);
  }
  if (new Set(items.map((i) => i.label)).size !== items.length)
    o.failures.push(`completion offers a label twice: ${JSON.stringify(items.map((i) => i.label))}`);

  const hover = String(run.find((l) => l.type === 'hover')?.contents ?? '');
  for (const s of [...e.hover.mustContain, e.hover.fieldDefault])
    if (!hover.includes(s))
      o.failures.push(`hover at ${pos(e.hover.at)} lacks ${JSON.stringify(s)}: ${JSON.stringify(hover.slice(0, 400))}`);
  return o;
}

/** VS Code: the packaged extension in code-server, seen through the Problems panel, suggest widget and hover. */
function vscode(file: string, workspace: string, e: EditorExpectations): Outcome {
  const o: Outcome = { editor: 'vscode', failures: [], notes: [] };
  const vsix = path.resolve(args.vsix ?? path.join(root, 'search-config.vsix'));
  if (!fs.existsSync(vsix)) {
    o.failures.push(`${vsix} does not exist: run npm run package first`);
    return o;
  }
  const oneBased = (p: { line: number; character: number }) => `${p.line + 1}:${p.character + 1}`;
  const screenshot = path.join(outDir, 'vscode.png');
  const problem = e.deprecated.message.slice(0, 60);
  const run = harness(
    'vscode',
    path.join(harnesses, 'vscode-web', 'run-vscode-web.sh'),
    [
      '--extension',
      vsix,
      '--workspace',
      workspace,
      '--file',
      path.basename(file),
      '--expect-problem',
      problem,
      '--complete',
      oneBased(e.completion.at),
      '--expect-completion',
      e.completion.label,
      '--hover',
      oneBased(e.hover.at),
      '--expect-hover',
      e.hover.fieldDefault,
      '--screenshot',
      screenshot,
      '--timeout-ms',
      '60000',
    ],
    o,
    true,
  );
  if (!run) return o;
  const summary = run.find((l) => l.type === 'summary');
  if (summary?.ok !== true) o.failures.push(`harness expectations not met: ${JSON.stringify(summary?.failures ?? 'no summary')}`);

  // Marker rows read `Warning: <message> at line 3 and character 3. generated by <source>`; file rows and
  // related-information rows read differently. Hints never show in the Problems panel.
  const rows = run.filter((l) => l.type === 'problem').map((l) => String(l.ariaLabel ?? ''));
  const markers = rows
    .map((r) => /^(Error|Warning|Info|Problem): (.*) at line (\d+) and character (\d+)\.(.*?)(?: generated by (.*))?$/s.exec(r))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ severity: m[1], message: m[2], line: Number(m[3]), source: m[6] ?? '' }));
  const foreign = markers.filter((m) => !m.source.startsWith('search-config'));
  if (foreign.length)
    o.failures.push(`Problems rows not from search-config (is another JSON server checking the file too?): ${JSON.stringify(foreign)}`);
  if (!markers.some((m) => m.message.includes(e.deprecated.message) && m.line === e.deprecated.range.start.line + 1)) {
    o.failures.push(`no Problems row "${e.deprecated.message}" at line ${e.deprecated.range.start.line + 1}: ${JSON.stringify(rows)}`);
  }
  const visible = e.findings.filter((f) => f.severity !== 'hint');
  if (markers.length !== visible.length)
    o.failures.push(`${markers.length} Problems rows, but the analyzer has ${visible.length} findings above hint: ${JSON.stringify(rows)}`);

  const labels = run.filter((l) => l.type === 'completion').map((l) => String(l.label));
  if (!labels.includes(e.completion.label)) o.failures.push(`suggest widget lacks ${e.completion.label}: ${JSON.stringify(labels)}`);
  if (new Set(labels).size !== labels.length) o.failures.push(`suggest widget shows a label twice: ${JSON.stringify(labels)}`);
  // The harness prints the first hover part (a problem's message if there is one there); that the field
  // documentation with its default was shown too is the harness's --expect-hover check, in summary.ok.
  const hover = String(run.find((l) => l.type === 'hover')?.text ?? '');
  for (const s of e.hover.mustContain)
    if (!hover.includes(s)) o.failures.push(`hover lacks ${JSON.stringify(s)}: ${JSON.stringify(hover.slice(0, 400))}`);
  o.notes.push(`screenshots in ${outDir}`);
  return o;
}

/** The .vsix holds only what runs (bundles, manifest and the files it names, README, licence) and stays small. */
function packageContents(): Outcome {
  const o: Outcome = { editor: 'vsix', failures: [], notes: [] };
  const vsix = path.resolve(args.vsix ?? path.join(root, 'search-config.vsix'));
  if (!fs.existsSync(vsix)) {
    o.failures.push(`${vsix} does not exist: run npm run package first`);
    return o;
  }
  const size = fs.statSync(vsix).size;
  if (size > MAX_VSIX_BYTES) o.failures.push(`${path.basename(vsix)} is ${size} bytes, more than ${MAX_VSIX_BYTES}`);
  const listing = spawnSync('unzip', ['-Z1', vsix], { encoding: 'utf8' });
  if (listing.status !== 0) {
    o.failures.push(`unzip -Z1 failed: ${listing.stderr}`);
    return o;
  }
  const entries = listing.stdout.split('\n').filter((n) => n && !n.endsWith('/'));
  const manifest = JSON.parse(spawnSync('unzip', ['-p', vsix, 'extension/package.json'], { encoding: 'utf8' }).stdout) as Record<
    string,
    any
  >;
  const named = [
    manifest.icon,
    ...(manifest.contributes?.languages ?? []).map((l: any) => l.configuration),
    ...(manifest.contributes?.grammars ?? []).map((g: any) => g.path),
    ...(manifest.contributes?.jsonValidation ?? []).map((j: any) => j.url),
  ]
    .filter((p): p is string => typeof p === 'string')
    .map((p) => 'extension/' + p.replace(/^\.\//, ''));
  const allowed = new Set([
    '[Content_Types].xml',
    'extension.vsixmanifest',
    'extension/package.json',
    'extension/readme.md',
    'extension/LICENSE.txt',
    'extension/dist/client.js',
    'extension/dist/server.js',
    'extension/dist/server-main.js',
    'extension/dist/server-core.js',
    'extension/dist/web/client.js',
    'extension/dist/web/server.js',
    'extension/dist/THIRD-PARTY-NOTICES.md',
    'extension/dist/tree-sitter.js',
    'extension/dist/tree-sitter.wasm',
    'extension/dist/tree-sitter-terraform.wasm',
    ...named,
  ]);
  const extra = entries.filter((n) => !allowed.has(n));
  const missing = [...allowed].filter((n) => !entries.includes(n));
  if (extra.length) o.failures.push(`the .vsix ships files that do not run: ${extra.join(', ')}`);
  if (missing.length) o.failures.push(`the .vsix lacks ${missing.join(', ')}`);
  o.notes.push(`${path.basename(vsix)}: ${size} bytes, ${entries.length} files`);
  return o;
}

function harness(editor: string, script: string, argv: string[], o: Outcome, longRunning = false): Line[] | undefined {
  if (!fs.existsSync(script)) {
    o.failures.push(`harness ${script} not found (set REALCLIENTS to the realclients directory)`);
    return undefined;
  }
  const t0 = Date.now();
  const r = spawnSync('bash', [script, ...argv], { encoding: 'utf8', timeout: longRunning ? 240_000 : 120_000, maxBuffer: 32 << 20 });
  const lines = (r.stdout ?? '')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Line);
  fs.writeFileSync(path.join(outDir, `${editor}.jsonl`), r.stdout ?? '');
  fs.writeFileSync(path.join(outDir, `${editor}.stderr.log`), r.stderr ?? '');
  o.notes.push(`harness exit ${r.status ?? r.signal} in ${Date.now() - t0} ms; output in ${path.join(outDir, editor + '.jsonl')}`);
  if (r.error) o.failures.push(`could not run ${script}: ${r.error.message}`);
  else if (r.status !== 0)
    o.failures.push(
      `${path.basename(script)} exited ${r.status}${r.status === 3 ? ' (setup error: editor or server missing?)' : ''}: ${(r.stderr ?? '').trim().split('\n').slice(-5).join(' | ')}`,
    );
  return lines;
}

function pos(p: { line: number; character: number }): string {
  return `${p.line}:${p.character}`;
}

function parseArgs(argv: string[]): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (let i = 0; i < argv.length; i++) if (argv[i].startsWith('--')) out[argv[i].slice(2)] = argv[++i];
  return out;
}

void main();
