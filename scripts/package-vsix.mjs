// Packages the VS Code extension. The root package.json is both the npm package's manifest, whose
// `files` list says what the npm tarball holds, and the extension's manifest. vsce refuses a manifest
// with `files` next to a .vscodeignore, so the .vsix is made from a staging directory: the manifest
// without `files` and the npm-only fields, and exactly the files .vscodeignore keeps.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outArg = process.argv.indexOf('--out');
const out = path.resolve(outArg > 0 ? process.argv[outArg + 1] : path.join(root, 'search-config.vsix'));

/** The files .vscodeignore keeps: it ignores everything (`**`) and lists each shipped file as `!path`. */
export function vsixFiles() {
  const lines = fs
    .readFileSync(path.join(root, '.vscodeignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim());
  if (!lines.includes('**')) throw new Error('.vscodeignore must start from `**` and list each shipped file with `!`');
  return lines.filter((l) => l.startsWith('!')).map((l) => l.slice(1));
}

const stage = fs.mkdtempSync(path.join(root, 'dist', 'vsix-'));
try {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  for (const field of ['files', 'scripts', 'devDependencies', 'dependencies']) delete manifest[field];
  for (const file of vsixFiles()) {
    if (file === 'package.json') continue;
    const from = path.join(root, file);
    if (!fs.existsSync(from)) throw new Error(`${file} is listed in .vscodeignore but does not exist: run npm run bundle first`);
    fs.mkdirSync(path.dirname(path.join(stage, file)), { recursive: true });
    fs.copyFileSync(from, path.join(stage, file));
  }
  // The extension's page (Marketplace, the Extensions view) shows README.md: the extension has its own,
  // about the editor; the repository's README is about the CLI, the Action and the hooks as well.
  fs.copyFileSync(path.join(root, 'client', 'README.md'), path.join(stage, 'README.md'));
  fs.writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  fs.copyFileSync(path.join(root, '.vscodeignore'), path.join(stage, '.vscodeignore'));
  const vsce = path.join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
  const r = spawnSync(
    process.execPath,
    [
      '--require',
      path.join(root, 'scripts', 'deflate-best.cjs'),
      vsce,
      'package',
      '--no-dependencies',
      '--allow-missing-repository',
      '--no-rewrite-relative-links',
      '--out',
      out,
    ],
    { cwd: stage, stdio: 'inherit' },
  );
  process.exitCode = r.status ?? 1;
} finally {
  fs.rmSync(stage, { recursive: true, force: true });
}
