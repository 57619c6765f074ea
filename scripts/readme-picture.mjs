// Regenerates the README's picture, docs/images/vscode-terraform.png: examples/terraform/main.tf opened in a
// real VS Code (code-server in Chromium, the harness of `npm run test:editors`) with the packaged extension,
// its findings in the Problems panel and the hover on a field with a finding, which shows the field's
// documentation, the finding and its Quick Fix. Run by hand after a change the picture shows; not run in CI.
//
//   node scripts/readme-picture.mjs
//
// Needs code-server and playwright-core in RC_HOME (default /tmp/realclients), installed by
// `bash ../shared/realclients/vscode-web/setup-code-server.sh` (see .ci/run), and Chromium.
// It builds the .vsix itself (`npm run package`), so the picture shows the product as users install it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const example = path.join(root, 'examples', 'terraform', 'main.tf');
const target = path.join(root, 'docs', 'images', 'vscode-terraform.png');

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', ...opts });
  if (r.status !== 0) {
    process.stderr.write(r.stdout ?? '');
    throw new Error(`${cmd} ${args.join(' ')} exited with ${r.status}`);
  }
  return r.stdout;
}

// The field the hover is taken on: the value of http_max_content_length, which has a finding and a fix.
const lines = fs.readFileSync(example, 'utf8').split('\n');
const line = lines.findIndex((l) => l.includes('http_max_content_length'));
if (line < 0) throw new Error(`${example} no longer sets http_max_content_length: choose another field for the hover`);
const column = lines[line].indexOf('"100mb"') + 3;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'readme-picture-'));
try {
  const vsix = path.join(work, 'search-config.vsix');
  // The bundles from the sources as they are, then the .vsix users install.
  run('node', ['scripts/build.mjs'], { stdio: ['ignore', 'inherit', 'inherit'] });
  run('npm', ['run', '--silent', 'package', '--', '--out', vsix], { stdio: ['ignore', 'inherit', 'inherit'] });
  const workspace = path.join(work, 'infra');
  fs.mkdirSync(workspace);
  fs.copyFileSync(example, path.join(workspace, 'main.tf'));
  const shot = path.join(work, 'shot.png');
  const out = path.join(work, 'session.jsonl');
  const session = spawnSync(
    'bash',
    [
      path.join(root, 'test', 'editors', 'vscode-session.sh'),
      vsix,
      workspace,
      out,
      '--file',
      'main.tf',
      '--hover',
      `${line + 1}:${column}`,
      '--steps',
      'problems,hover',
      '--screenshot',
      shot,
    ],
    { cwd: root, stdio: 'inherit', env: { VSCODE_TIMEOUT_MS: '180000', HOVER_SETTLE_MS: '8000', ...process.env } },
  );
  const events = fs.existsSync(out)
    ? fs
        .readFileSync(out, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : [];
  const summary = events.find((e) => e.type === 'summary');
  const hover = events.find((e) => e.type === 'hover');
  if (session.status !== 0 || !summary?.ok)
    throw new Error(`the editor session failed: ${JSON.stringify(summary?.failures ?? session.status)}`);
  // The picture must show what the README says it shows.
  if (!hover || !/http_max_content_length/.test(hover.text) || !/Quick Fix/i.test(hover.text))
    throw new Error(`the hover does not show the field and its quick fix: ${JSON.stringify(hover?.text)}`);
  fs.copyFileSync(shot.replace(/\.png$/, '-hover.png'), target);
  process.stdout.write(`wrote ${path.relative(root, target)}\n`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
