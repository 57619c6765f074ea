import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO } from '../support/repo';

/**
 * Every editor set-up in docs/editors.md covers Terraform and YAML files besides the configuration files,
 * and the page says how the server runs beside terraform-ls and yaml-language-server.
 */
const ROOT = REPO;
const docs = fs.readFileSync(path.join(ROOT, 'docs', 'editors.md'), 'utf8');

/** The text of a `### ` section whose title starts with `title`, up to the next heading of level 2 or 3. */
function section(title: string): string {
  const start = docs.indexOf(`### ${title}`);
  assert.ok(start >= 0, `docs/editors.md has a section "${title}"`);
  const rest = docs.slice(start + 4);
  const end = rest.search(/^#{2,3} /m);
  return end < 0 ? rest : rest.slice(0, end);
}

const SETUPS: Array<[string, RegExp[]]> = [
  ['Neovim: plain', [/'\*\.tf'/, /'\*\.yaml'/, /'\*\.yml'/]],
  ['Neovim 0.11', [/filetypes = \{[^}]*'terraform'[^}]*'hcl'[^}]*'yaml'/]],
  ['Neovim with nvim-lspconfig', [/filetypes = \{[^}]*'terraform'[^}]*'hcl'[^}]*'yaml'/]],
  ['Emacs', [/terraform-mode/, /hcl-mode/, /yaml-mode/]],
  [
    'Helix',
    [
      /name = "hcl"\nlanguage-servers = \["terraform-ls", "search-config"\]/,
      /name = "yaml"\nlanguage-servers = \["yaml-language-server", "search-config"\]/,
    ],
  ],
  ['Sublime', [/source\.terraform/, /source\.yaml/]],
  ['Zed', [/languages = \[[^\]]*"Terraform"[^\]]*"YAML"/, /"Terraform": \{ "language_servers"/, /"YAML": \{ "language_servers"/]],
];

for (const [title, patterns] of SETUPS) {
  test(`docs/editors.md: the ${title} set-up covers Terraform and YAML files`, () => {
    const text = section(title);
    for (const p of patterns) assert.match(text, p);
  });
}

test('docs/editors.md says how the server runs beside terraform-ls and yaml-language-server', () => {
  assert.match(docs, /\*\*Beside terraform-ls and yaml-language-server\*\*/);
});

test('docs/terraform.md has no section contradicting the editors it documents', () => {
  const terraform = fs.readFileSync(path.join(ROOT, 'docs', 'terraform.md'), 'utf8');
  assert.doesNotMatch(terraform, /does not send `\.tf` files/);
});
