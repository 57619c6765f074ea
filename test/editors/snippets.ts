/**
 * The set-up snippets of docs/editors.md, run as a user would: the snippet is the editor's whole
 * configuration, `search-config-language-server` is found on PATH, and the file is opened by name. The
 * documentation must quote each tested snippet verbatim, so what the reader copies is what ran here.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { EditorExpectations } from './expectations';
import { compareDiagnostics, type Line, type Outcome } from './outcome';

interface SnippetContext {
  root: string;
  workspace: string;
  file: string;
  outDir: string;
  expected: EditorExpectations;
}

const DEBIAN_ELPA_INIT = `(require 'package)
(add-to-list 'package-directory-list "/usr/share/emacs/site-lisp/elpa")
(package-initialize)
`;

export function snippetOutcomes(ctx: SnippetContext): Outcome[] {
  const dir = path.join(ctx.root, 'test', 'editors', 'snippets');
  const scratch = fs.mkdtempSync(path.join(ctx.workspace, '.snippets-'));
  // What `npm install -g search-config` would put on PATH.
  const bin = path.join(scratch, 'bin');
  fs.mkdirSync(bin);
  fs.symlinkSync(path.join(ctx.root, 'bin', 'search-config-language-server.js'), path.join(bin, 'search-config-language-server'));
  const env = {
    ...process.env,
    PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
    HOME: scratch,
    XDG_CONFIG_HOME: path.join(scratch, 'config'),
    XDG_DATA_HOME: path.join(scratch, 'data'),
    XDG_STATE_HOME: path.join(scratch, 'state'),
    XDG_CACHE_HOME: path.join(scratch, 'cache'),
    SNIPPET_FILE: ctx.file,
  };
  const docs = fs.readFileSync(path.join(ctx.root, 'docs', 'editors.md'), 'utf8');
  const outcomes: Outcome[] = [];

  outcomes.push(
    runSnippet('neovim snippet (vim.lsp, 0.7+)', path.join(dir, 'neovim-0.7.lua'), docs, ctx, (out) =>
      spawnSync(
        'nvim',
        [
          '--headless',
          '-u',
          path.join(dir, 'neovim-0.7.lua'),
          '-i',
          'NONE',
          '-n',
          path.basename(ctx.file),
          '-c',
          `luafile ${path.join(dir, 'check-neovim.lua')}`,
        ],
        { cwd: ctx.workspace, env: { ...env, SNIPPET_OUT: out }, encoding: 'utf8', timeout: 60_000, stdio: ['ignore', 'pipe', 'pipe'] },
      ),
    ),
  );

  const elpaInit = path.join(scratch, 'debian-elpa.el');
  fs.writeFileSync(elpaInit, DEBIAN_ELPA_INIT);
  outcomes.push(
    runSnippet('emacs snippet (eglot)', path.join(dir, 'eglot.el'), docs, ctx, (out) =>
      spawnSync('emacs', ['--batch', '-Q', '-l', elpaInit, '-l', path.join(dir, 'eglot.el'), '-l', path.join(dir, 'check-eglot.el')], {
        cwd: ctx.workspace,
        env: { ...env, SNIPPET_OUT: out },
        encoding: 'utf8',
        timeout: 60_000,
      }),
    ),
  );

  fs.rmSync(scratch, { recursive: true, force: true });
  outcomes.push(documentedSettings(ctx.root, docs));
  return outcomes;
}

/** Every setting the extension contributes has a row in the settings table. */
function documentedSettings(root: string, docs: string): Outcome {
  const o: Outcome = { editor: 'docs/editors.md settings', failures: [], notes: [] };
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    contributes?: { configuration?: { properties?: object } };
  };
  const settings = Object.keys(manifest.contributes?.configuration?.properties ?? {});
  if (settings.length === 0) o.failures.push('package.json contributes no settings');
  for (const key of settings) if (!docs.includes(`| \`${key}\` |`)) o.failures.push(`setting ${key} has no row in the settings table`);
  return o;
}

function runSnippet(
  editor: string,
  snippet: string,
  docs: string,
  ctx: SnippetContext,
  run: (out: string) => ReturnType<typeof spawnSync>,
): Outcome {
  const o: Outcome = { editor, failures: [], notes: [] };
  const text = fs.readFileSync(snippet, 'utf8').trim();
  if (!docs.includes(text)) o.failures.push(`docs/editors.md does not quote ${path.relative(ctx.root, snippet)} verbatim`);
  const out = path.join(ctx.outDir, `${path.basename(snippet)}.jsonl`);
  fs.rmSync(out, { force: true });
  const t0 = Date.now();
  const r = run(out);
  o.notes.push(`exit ${r.status ?? r.signal} in ${Date.now() - t0} ms; output in ${out}`);
  if (r.error) {
    o.failures.push(`could not start the editor: ${r.error.message}`);
    return o;
  }
  if (!fs.existsSync(out)) {
    o.failures.push(
      `the editor wrote no result (exit ${r.status}): ${String(r.stderr ?? '')
        .trim()
        .split('\n')
        .slice(-5)
        .join(' | ')}`,
    );
    return o;
  }
  const lines = fs
    .readFileSync(out, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);
  const clients = lines.find((l) => l.type === 'clients');
  if (!Array.isArray(clients?.names) || clients.names.length === 0)
    o.failures.push(`no language server attached to ${path.basename(ctx.file)}`);
  const shown = lines.filter((l) => l.type === undefined);
  compareDiagnostics(
    shown.map((d) => ({ code: String(d.code), line: Number(d.line), source: String(d.source) })),
    ctx.expected,
    o,
  );
  return o;
}
