import fs from 'node:fs';
import path from 'node:path';
import { renderFieldsDoc, renderRulesDoc } from '../server/src/core/docs';

/**
 * Writes docs/rules.md and docs/fields.md from the rule metadata and the schema.
 * `--check` writes nothing and exits 1 when a committed file differs from what would be generated.
 */
export const GENERATED_DOCS: ReadonlyArray<{ file: string; render: () => string }> = [
  { file: 'docs/rules.md', render: () => renderRulesDoc() },
  { file: 'docs/fields.md', render: () => renderFieldsDoc() },
];

function run(): number {
  // The bundle lives in dist/, one level below the repository root.
  const root = path.resolve(__dirname, '..');
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const { file, render } of GENERATED_DOCS) {
    const target = path.join(root, file);
    const text = render();
    const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : undefined;
    if (current === text) {
      process.stdout.write(`${file} is up to date\n`);
      continue;
    }
    if (check) {
      stale++;
      process.stdout.write(`${file} is out of date: run \`npm run docs\`\n`);
      continue;
    }
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, text);
    process.stdout.write(`wrote ${file}\n`);
  }
  return stale ? 1 : 0;
}

process.exitCode = run();
