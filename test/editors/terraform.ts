/**
 * A Terraform file in real editors: Neovim (`filetype=terraform`), Emacs (Eglot, language id `terraform`), VS Code
 * (code-server with the packaged .vsix, where no Terraform extension is installed, so the file opens as plain
 * text) and VS Code's web worker extension host. Inside the `search_user_config` block they must show the
 * analyzer's findings, complete an absent field with its default and hover a value with its unit; outside it
 * (another resource with the same names and values) nothing: no diagnostic, no hover, no completion.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyze, fieldAt } from '../../server/src/core';
import { defaultText } from '../../server/src/core/describe';
import { describeWithUnit } from '../../server/src/core/units';
import { loadTerraformFromDisk } from '../../server/src/node/terraform-wasm';
import type { Line, Outcome } from './outcome';
import type { RequestContext } from './requests';
import { terminalEmbeddedOutcome, type EmbeddedExpectations, type TerminalEditor } from './embedded-config';

const FILE = 'main.tf';
const EXTENSION_ID = 'search-config.search-config';

/** The block is the search_user_config block, braces included; outside is another resource with the same names and values. */
type TerraformExpectations = EmbeddedExpectations;

async function expectations(root: string): Promise<TerraformExpectations> {
  await loadTerraformFromDisk();
  const text = fs.readFileSync(path.join(root, 'test', 'editors', 'fixtures', 'search.tf'), 'utf8');
  const lines = text.split('\n');
  const findings = analyze(text, { fileName: FILE }).findings;
  const first = lines.findIndex((l) => /^\s*search_user_config\s*\{/.test(l));
  const indent = lines[first].search(/\S/);
  const last = lines.findIndex((l, i) => i > first && l.search(/\S/) === indent && l.trim() === '}');
  if (first < 0 || last < 0) throw new Error('the Terraform fixture has no search_user_config block');
  // Completion on the block's blank line, inside search_dashboards; hover on the timeout in milliseconds.
  const blank = lines.findIndex((l, i) => i > first && i < last && l.trim() === '');
  const schema = fieldAt(['search_dashboards', 'max_old_space_size'])!.schema;
  const hoverLine = lines.findIndex((l, i) => i > first && i < last && /search_request_timeout = 45000/.test(l));
  const timeout = fieldAt(['search_dashboards', 'search_request_timeout'])!.schema;
  const described = describeWithUnit(45000, timeout.unit!);
  const outsideLine = lines.findIndex((l, i) => i > last && /search_request_timeout/.test(l));
  if (blank < 0 || hoverLine < 0 || outsideLine < 0)
    throw new Error('the Terraform fixture lacks the blank line, the timeout inside the block or the one outside it');
  return {
    text,
    findings,
    block: { first, last },
    completion: {
      at: { line: blank, character: lines[blank - 1].search(/\S/) },
      label: 'max_old_space_size',
      insert: `max_old_space_size = ${JSON.stringify(schema.default)}`,
      defaultText: defaultText(schema)!,
    },
    hover: { at: { line: hoverLine, character: lines[hoverLine].indexOf('45000') + 1 }, mustContain: [described.raw, described.human!] },
    outside: {
      hover: { line: outsideLine, character: lines[outsideLine].indexOf('45000') + 1 },
      complete: { line: outsideLine, character: 2 },
    },
  };
}

export async function terraformOutcomes(
  ctx: RequestContext,
  editors: { nvim: boolean; emacs: boolean; vscode: boolean; web: boolean },
): Promise<Outcome[]> {
  const e = await expectations(ctx.root);
  fs.writeFileSync(path.join(ctx.workspace, FILE), e.text);
  const inBlock = (line: number) => line >= e.block.first && line <= e.block.last;
  if (e.findings.length === 0 || !e.findings.every((f) => inBlock(f.range.start.line)))
    throw new Error(
      `the analyzer's findings on the Terraform fixture are not all inside its block: ${JSON.stringify(e.findings.map((f) => `${f.ruleId}@${f.range.start.line + 1}`))}`,
    );
  const visible = e.findings
    .filter((f) => f.severity !== 'hint')
    .map((f) => `@${f.range.start.line + 1}`)
    .sort();
  const oneBased = (p: { line: number; character: number }) => `${p.line + 1}:${p.character + 1}`;
  const out: Outcome[] = [];

  for (const client of (['nvim', 'emacs'] as TerminalEditor[]).filter((c) => editors[c])) {
    out.push(
      terminalEmbeddedOutcome(ctx, e, {
        client,
        file: FILE,
        languageId: 'terraform',
        name: `${client}-terraform`,
        editor: `${client} (Terraform)`,
        where: 'the block',
        outsideWhere: 'the search_user_config block',
        exactInsert: false,
      }),
    );
  }

  if (editors.vscode) {
    const o: Outcome = { editor: 'vscode (Terraform)', failures: [], notes: [] };
    const typeMismatch = e.findings.find((f) => f.severity === 'error')!;
    const run = ctx.harness(
      'vscode-terraform',
      path.join(ctx.harnesses, 'vscode-web', 'run-vscode-web.sh'),
      [
        '--extension',
        ctx.vsix,
        '--workspace',
        ctx.workspace,
        '--file',
        FILE,
        '--expect-problem',
        typeMismatch.message.slice(0, 60),
        '--complete',
        oneBased(e.completion.at),
        '--expect-completion',
        e.completion.label,
        '--hover',
        oneBased(e.hover.at),
        '--expect-hover',
        e.hover.mustContain[1],
        '--screenshot',
        path.join(ctx.outDir, 'vscode-terraform.png'),
        '--timeout-ms',
        '60000',
      ],
      o,
      true,
    );
    if (run) {
      const summary = run.find((l) => l.type === 'summary');
      if (summary?.ok !== true) o.failures.push(`harness expectations not met: ${JSON.stringify(summary?.failures ?? 'no summary')}`);
      checkProblemRows(
        run.filter((l) => l.type === 'problem').map((l) => String(l.ariaLabel ?? '')),
        visible,
        inBlock,
        o,
      );
    }
    out.push(o);
  }

  if (editors.vscode) out.push(vscodeSingleFile(ctx, e, visible, inBlock));

  if (editors.web) {
    const o: Outcome = { editor: 'vscode web worker (Terraform)', failures: [], notes: [] };
    const jsonl = path.join(ctx.outDir, 'vscode-web-terraform.jsonl');
    const r = spawnSync(
      'bash',
      [
        path.join(ctx.root, 'test', 'editors', 'vscode-session.sh'),
        ctx.vsix,
        ctx.workspace,
        jsonl,
        '--file',
        FILE,
        '--steps',
        'host,problems,hover,completion',
        '--hover',
        oneBased(e.hover.at),
        '--complete',
        oneBased(e.completion.at),
        '--label',
        e.completion.label,
        '--screenshot',
        path.join(ctx.outDir, 'vscode-web-terraform.png'),
      ],
      {
        encoding: 'utf8',
        timeout: 300_000,
        env: { ...process.env, EXTRA_SETTINGS: `"remote.extensionKind": { "${EXTENSION_ID}": ["web"] },` },
      },
    );
    fs.writeFileSync(path.join(ctx.outDir, 'vscode-web-terraform.stderr.log'), r.stderr ?? '');
    if (r.status !== 0)
      o.failures.push(
        `vscode-session.sh exited ${r.status ?? r.signal}: ${String(r.stderr ?? '')
          .trim()
          .split('\n')
          .slice(-3)
          .join(' | ')}`,
      );
    const lines = fs.existsSync(jsonl)
      ? fs
          .readFileSync(jsonl, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Line)
      : [];
    const summary = lines.find((l) => l.type === 'summary');
    if (summary?.ok !== true) o.failures.push(`UI steps failed: ${JSON.stringify(summary?.failures ?? 'no summary')}`);
    const host = String(lines.find((l) => l.type === 'host')?.label ?? '');
    if (!host.includes('in a browser web worker'))
      o.failures.push(`the status item does not say the server runs in a browser web worker: ${JSON.stringify(host)}`);
    checkProblemRows(((lines.find((l) => l.type === 'problems')?.rows ?? []) as unknown[]).map(String), visible, inBlock, o);
    const hover = String(lines.find((l) => l.type === 'hover')?.text ?? '');
    for (const s of e.hover.mustContain)
      if (!hover.includes(s)) o.failures.push(`hover in the block lacks ${JSON.stringify(s)}: ${JSON.stringify(hover.slice(0, 300))}`);
    checkCompletedText(lines.find((l) => l.type === 'saved' && l.after === 'completion')?.text as string | undefined, e, o);
    o.notes.push(`output in ${jsonl}`);
    out.push(o);
  }
  return out;
}

/**
 * A lone .tf file in a window with no folder, and no Terraform extension: it opens as plain text, and the
 * extension must still activate (onLanguage:plaintext) and show the block's findings. A plain-text file
 * opened before it activates the extension too, but must not start the language server.
 */
function vscodeSingleFile(ctx: RequestContext, e: TerraformExpectations, visible: string[], inBlock: (line: number) => boolean): Outcome {
  const o: Outcome = { editor: 'vscode (Terraform file, no folder)', failures: [], notes: [] };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-config-lone-tf-'));
  fs.writeFileSync(path.join(dir, FILE), e.text);
  fs.writeFileSync(path.join(dir, 'notes.txt'), 'Plain text that is no configuration.\n');
  const jsonl = path.join(ctx.outDir, 'vscode-terraform-no-folder.jsonl');
  const r = spawnSync(
    'bash',
    [
      path.join(ctx.root, 'test', 'editors', 'vscode-session.sh'),
      ctx.vsix,
      dir,
      jsonl,
      '--file',
      FILE,
      '--no-folder',
      '1',
      '--plain-first',
      'notes.txt',
      '--steps',
      'problems',
      '--screenshot',
      path.join(ctx.outDir, 'vscode-terraform-no-folder.png'),
    ],
    { encoding: 'utf8', timeout: 300_000 },
  );
  fs.writeFileSync(path.join(ctx.outDir, 'vscode-terraform-no-folder.stderr.log'), r.stderr ?? '');
  if (r.status !== 0)
    o.failures.push(
      `vscode-session.sh exited ${r.status ?? r.signal}: ${String(r.stderr ?? '')
        .trim()
        .split('\n')
        .slice(-3)
        .join(' | ')}`,
    );
  const lines = fs.existsSync(jsonl)
    ? fs
        .readFileSync(jsonl, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Line)
    : [];
  const summary = lines.find((l) => l.type === 'summary');
  if (summary?.ok !== true) o.failures.push(`UI steps failed: ${JSON.stringify(summary?.failures ?? 'no summary')}`);
  const window = lines.find((l) => l.type === 'window');
  if (!window) o.failures.push('the file was not opened');
  else if (window.folders !== 0 || window.languageMode !== 'Plain Text')
    o.failures.push(`not a lone plain-text file: ${JSON.stringify(window)}`);
  else o.notes.push('no folder open, the file in Plain Text');
  const plain = lines.find((l) => l.type === 'plainFirst');
  const channel = lines.find((l) => l.type === 'outputChannel')?.selected;
  if (channel !== 'Search Config Language Server')
    o.failures.push(`the extension's output channel was not there after the plain-text file: ${JSON.stringify(channel)}`);
  if (plain?.languageMode !== 'Plain Text' || plain.serverProcesses !== 0)
    o.failures.push(`with only a plain-text file open the extension must start no language server: ${JSON.stringify(plain ?? null)}`);
  const after = lines.find((l) => l.type === 'serverProcesses')?.count;
  if (after !== 1) o.failures.push(`one language server must run once the .tf file is open, not ${JSON.stringify(after)}`);
  else o.notes.push('no language server for the plain-text file; one once the .tf file was opened');
  checkProblemRows(((lines.find((l) => l.type === 'problems')?.rows ?? []) as unknown[]).map(String), visible, inBlock, o);
  fs.rmSync(dir, { recursive: true, force: true });
  o.notes.push(`output in ${jsonl}`);
  return o;
}

/** Accepting the completion on the block's blank line writes `key = default` there and changes no other line. */
function checkCompletedText(completed: string | undefined, e: TerraformExpectations, o: Outcome): void {
  if (completed === undefined) {
    o.failures.push('no text after accepting the completion');
    return;
  }
  const at = e.completion.at.line;
  const got = completed.split('\n');
  const before = e.text.split('\n');
  if (got.length !== before.length || got[at].trim() !== e.completion.insert)
    o.failures.push(
      `accepting ${e.completion.label} on line ${at + 1} did not write ${JSON.stringify(e.completion.insert)} there:\n${completed}`,
    );
  else if (got.some((l, i) => i !== at && l !== before[i]))
    o.failures.push(`accepting ${e.completion.label} changed other lines than ${at + 1}:\n${completed}`);
  else o.notes.push(`completion in the block wrote ${JSON.stringify(e.completion.insert)} on line ${at + 1}`);
}

/** Problems rows read `Error: <message> at line 17 and character 33. generated by search-config`. */
export function checkProblemRows(rows: string[], visible: string[], inBlock: (line: number) => boolean, o: Outcome): void {
  const markers = rows
    .map((r) => /^(Error|Warning|Info): (.*) at line (\d+) and character (\d+)\.(.*?)(?: generated by (.*))?$/s.exec(r))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ line: Number(m[3]), source: m[6] ?? '' }));
  const got = markers.map((m) => `@${m.line}`).sort();
  if (JSON.stringify(got) !== JSON.stringify(visible))
    o.failures.push(
      `Problems rows on lines ${JSON.stringify(got)}, but the analyzer's findings above hint are on ${JSON.stringify(visible)}: ${JSON.stringify(rows)}`,
    );
  const stray = markers.filter((m) => !inBlock(m.line - 1));
  if (stray.length) o.failures.push(`Problems rows outside the search_user_config block: ${JSON.stringify(stray)}`);
  const foreign = markers.filter((m) => !m.source.startsWith('search-config'));
  if (foreign.length) o.failures.push(`Problems rows not from search-config: ${JSON.stringify(foreign)}`);
}
