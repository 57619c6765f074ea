/**
 * A Kubernetes manifest in real editors: Neovim (`filetype=yaml`), Emacs (Eglot, language id `yaml`), VS Code
 * (code-server with the packaged .vsix; no YAML extension is installed, so the file has VS Code's own `yaml`
 * language) with the server on Node, and the same with the server in VS Code's web worker extension host. Inside
 * `spec.userConfig` of the `kind: Search` document they must show the analyzer's findings, complete an absent
 * field with its default written as YAML and hover a value with its unit; outside it (the manifest's own spec, a
 * ConfigMap with the same names and values) nothing: no diagnostic, no hover, no completion.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { analyze, fieldAt } from '../../server/src/core';
import { defaultText } from '../../server/src/core/describe';
import { describeWithUnit } from '../../server/src/core/units';
import type { Line, Outcome } from './outcome';
import type { RequestContext } from './requests';
import { checkProblemRows } from './terraform';
import { terminalEmbeddedOutcome, type EmbeddedExpectations, type Position, type TerminalEditor } from './embedded-config';

const FILE = 'search.yaml';
const EXTENSION_ID = 'search-config.search-config';

/** The block is spec.userConfig, its key included; outside are the manifest's own spec and a ConfigMap with the same names and values. */
interface YamlExpectations extends EmbeddedExpectations {
  completion: EmbeddedExpectations['completion'] & { textAfter: string };
}

function expectations(root: string): YamlExpectations {
  const text = fs.readFileSync(path.join(root, 'test', 'editors', 'fixtures', 'search-manifest.yaml'), 'utf8');
  const lines = text.split('\n');
  const findings = analyze(text, { fileName: FILE }).findings;
  const first = lines.findIndex((l) => /^ {2}userConfig:\s*$/.test(l));
  const last = lines.findIndex((l, i) => i > first && !/^ {4}|^\s*$/.test(lines[i + 1] ?? ''));
  if (first < 0 || last < 0) throw new Error('the YAML fixture has no spec.userConfig');
  // Completion on the blank line of search_dashboards, which holds the indentation of its members; hover on the timeout in milliseconds.
  const blank = lines.findIndex((l, i) => i > first && i < last && l.trim() === '' && l.length > 0);
  const schema = fieldAt(['search_dashboards', 'max_old_space_size'])!.schema;
  const hoverLine = lines.findIndex((l, i) => i > first && i < last && /search_request_timeout: 45000/.test(l));
  const timeout = fieldAt(['search_dashboards', 'search_request_timeout'])!.schema;
  const described = describeWithUnit(45000, timeout.unit!);
  const outsideHover = lines.findIndex((l, i) => i < first && /search_request_timeout: 45000/.test(l));
  const outsideComplete = lines.findIndex((l, i) => i > last && /search_request_timeout/.test(l));
  if (blank < 0 || hoverLine < 0 || outsideHover < 0 || outsideComplete < 0)
    throw new Error('the YAML fixture lacks the indented blank line, the timeout inside spec.userConfig or those outside it');
  const insert = `max_old_space_size: ${JSON.stringify(schema.default)}`;
  return {
    text,
    findings,
    block: { first, last },
    completion: {
      at: { line: blank, character: lines[blank].length },
      label: 'max_old_space_size',
      insert,
      defaultText: defaultText(schema)!,
      textAfter: lines.map((l, i) => (i === blank ? `${l}${insert}` : l)).join('\n'),
    },
    // The description is in the hover only: the unit-hint diagnostic on the same value says the converted value too.
    hover: {
      at: { line: hoverLine, character: lines[hoverLine].indexOf('45000') + 1 },
      mustContain: [described.raw, described.human!, timeout.description!],
    },
    outside: {
      hover: { line: outsideHover, character: lines[outsideHover].indexOf('45000') + 1 },
      complete: { line: outsideComplete, character: 2 },
    },
  };
}

export function yamlOutcomes(ctx: RequestContext, editors: { nvim: boolean; emacs: boolean; vscode: boolean; web: boolean }): Outcome[] {
  const e = expectations(ctx.root);
  const inBlock = (line: number) => line >= e.block.first && line <= e.block.last;
  if (e.findings.length === 0 || !e.findings.every((f) => inBlock(f.range.start.line)))
    throw new Error(
      `the analyzer's findings on the YAML fixture are not all inside spec.userConfig: ${JSON.stringify(e.findings.map((f) => `${f.ruleId}@${f.range.start.line + 1}`))}`,
    );
  const visible = e.findings
    .filter((f) => f.severity !== 'hint')
    .map((f) => `@${f.range.start.line + 1}`)
    .sort();
  const oneBased = (p: Position) => `${p.line + 1}:${p.character + 1}`;
  const out: Outcome[] = [];

  for (const client of (['nvim', 'emacs'] as TerminalEditor[]).filter((c) => editors[c])) {
    fs.writeFileSync(path.join(ctx.workspace, FILE), e.text);
    out.push(
      terminalEmbeddedOutcome(ctx, e, {
        client,
        file: FILE,
        languageId: 'yaml',
        name: `${client}-yaml`,
        editor: `${client} (Kubernetes YAML)`,
        where: 'spec.userConfig',
        outsideWhere: 'spec.userConfig',
        exactInsert: true,
      }),
    );
  }

  // VS Code, with the server on Node (code-server's extension host) and in the web worker extension host.
  const sessions: Array<{ editor: string; name: string; web: boolean }> = [];
  if (editors.vscode) sessions.push({ editor: 'vscode (Kubernetes YAML)', name: 'vscode-yaml', web: false });
  if (editors.web) sessions.push({ editor: 'vscode web worker (Kubernetes YAML)', name: 'vscode-web-yaml', web: true });
  for (const s of sessions) {
    // Each session edits the file (completion, then save): it starts from the fixture.
    fs.writeFileSync(path.join(ctx.workspace, FILE), e.text);
    const o: Outcome = { editor: s.editor, failures: [], notes: [] };
    const jsonl = path.join(ctx.outDir, `${s.name}.jsonl`);
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
        // The hover opens with the unit-hint problem on the value; the field's documentation comes from the server
        // a moment later, so the harness waits for it instead of reading the first part shown.
        '--expect-hover',
        e.hover.mustContain[e.hover.mustContain.length - 1],
        '--complete',
        oneBased(e.completion.at),
        '--label',
        e.completion.label,
        '--screenshot',
        path.join(ctx.outDir, `${s.name}.png`),
      ],
      {
        encoding: 'utf8',
        timeout: 300_000,
        env: { ...process.env, EXTRA_SETTINGS: s.web ? `"remote.extensionKind": { "${EXTENSION_ID}": ["web"] },` : '' },
      },
    );
    fs.writeFileSync(path.join(ctx.outDir, `${s.name}.stderr.log`), r.stderr ?? '');
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
    if (s.web !== host.includes('in a browser web worker'))
      o.failures.push(
        `the status item does not say where the server runs as expected (${s.web ? 'web worker' : 'Node'}): ${JSON.stringify(host)}`,
      );
    checkProblemRows(((lines.find((l) => l.type === 'problems')?.rows ?? []) as unknown[]).map(String), visible, inBlock, o);
    const hover = String(lines.find((l) => l.type === 'hover')?.text ?? '');
    for (const m of e.hover.mustContain)
      if (!hover.includes(m))
        o.failures.push(`hover in spec.userConfig lacks ${JSON.stringify(m)}: ${JSON.stringify(hover.slice(0, 300))}`);
    const saved = lines.find((l) => l.type === 'saved' && l.after === 'completion');
    if (saved?.text !== e.completion.textAfter)
      o.failures.push(
        `after choosing ${e.completion.label} the file is ${JSON.stringify(String(saved?.text ?? 'not saved'))}, not the fixture with ${JSON.stringify(e.completion.insert)} on line ${e.completion.at.line + 1}`,
      );
    o.notes.push(`output in ${jsonl}`);
    out.push(o);
  }
  return out;
}
