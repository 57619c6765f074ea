/**
 * A suppression comment in a request file counts only when it is a comment of the file's own syntax
 * where that syntax has comments: text that merely mentions one (in a request body, a JSON string, a
 * quoted shell string, a here-document, a JSON example block, prose) is left alone, and `--fix`
 * never deletes it.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { analyze, fixAll } from '../../../server/src/core';
import { removeTree, runCli, tempTree } from '../../cli/support';
import { REPO } from '../../support/repo';

/** The repository root: this test runs from dist/test/. */
const ROOT = REPO;

const D = 'search-config-disable-next-line';
const unused = (text: string, fileName: string): number[] =>
  analyze(text, { fileName })
    .findings.filter((f) => f.ruleId === 'unused-suppression')
    .map((f) => f.range.start.line);

/** Texts that mention a suppression comment without being one: no finding, and fixing changes nothing. */
const MENTIONS: Array<[string, string, string]> = [
  [
    'a JSON string in a .http body',
    'notes.http',
    `PUT /my-index/_doc/1\nContent-Type: application/json\n\n{"note": "see // ${D} blocked-endpoint -- x"}\n`,
  ],
  ['a body line starting with # or //', 'notes.http', `POST /my-index/_doc\n\n# ${D}\n// ${D} blocked-endpoint\n`],
  ['a multi-line JSON string in a .http body', 'notes.http', `POST /my-index/_doc\n\n{"a": "x\n# ${D}\n"}\n`],
  ['a double-quoted echo appended to a file', 'notes.sh', `echo "tip: # ${D} blocked-endpoint -- explain" >> NOTES\n`],
  ['a single-quoted string', 'notes.sh', `printf '%s\\n' '# ${D}' >> NOTES\n`],
  ['a quoted string over two lines', 'notes.sh', `echo "first line\n# ${D} blocked-endpoint\nlast line"\n`],
  ['a here-document', 'notes.sh', `cat <<'EOF' > NOTES\n# ${D} blocked-endpoint\nEOF\ncat <<-EOT\n\t// ${D}\n\tEOT\n`],
  ['a # inside a word', 'notes.sh', `echo a#${D}\n`],
  [
    'a jsonc example block',
    'notes.md',
    `\`\`\`jsonc\n{\n  // ${D} type-mismatch -- converted by our deploy script\n  "static_ips": "true"\n}\n\`\`\`\n`,
  ],
  ['a json and a yaml block', 'notes.md', `\`\`\`json\n// ${D}\n\`\`\`\n\n\`\`\`yaml\n# ${D} blocked-endpoint\n\`\`\`\n`],
  ['a python block', 'notes.md', `\`\`\`python\n# ${D} blocked-endpoint\nprint(1)\n\`\`\`\n`],
  [
    'prose and inline code',
    'notes.md',
    `Write \`# ${D} blocked-endpoint\` above the request, or \`<!-- ${D} -->\` before a block.\n\n# ${D}\n\n- // ${D}\n`,
  ],
  ['an indented code block', 'notes.md', `Example:\n\n    # ${D} blocked-endpoint\n    curl -XDELETE $ES/_snapshot/x\n`],
  ['a string in a console body', 'notes.md', `\`\`\`console\nPUT my-index/_doc/1\n{\n  "text": "a\n# ${D}\n"\n}\n\`\`\`\n`],
  ['an HTML comment that does not close on its line', 'notes.md', `<!-- ${D}\nstill a comment -->\n`],
  ['a curl body in a runbook', 'notes.md', `\`\`\`sh\ncurl -XPOST "$ES/my-index/_doc" -d '\n# ${D}\n'\n\`\`\`\n`],
];

for (const [name, fileName, text] of MENTIONS) {
  test(`not a suppression comment: ${name}`, () => {
    assert.deepEqual(unused(text, fileName), [], 'no unused-suppression finding');
    assert.equal(fixAll(text, { fileName }).text, text, '--fix changes nothing');
    // The same text with CRLF line breaks.
    const crlf = text.replace(/\n/g, '\r\n');
    assert.equal(fixAll(crlf, { fileName }).text, crlf);
  });
}

/** Real comments next to the mentions: found, used or removed, and nothing else touched. */
test('real suppression comments are still read in each syntax, and only they are removed', () => {
  const cases: Array<[string, string, string]> = [
    ['ops.http', `# ${D}\nGET /_cluster/health\n\n{"note": "# ${D}"}\n`, `GET /_cluster/health\n\n{"note": "# ${D}"}\n`],
    ['ops.http', `GET /_cluster/health\n// ${D}\nAccept: */*\n`, `GET /_cluster/health\nAccept: */*\n`],
    ['ops.sh', `echo "# ${D}" # ${D}\ncurl -s $ES/_cluster/health\n`, `echo "# ${D}"\ncurl -s $ES/_cluster/health\n`],
    ['ops.sh', `cat <<EOF\n# ${D}\nEOF\n# ${D}\ncurl -s $ES/_cluster/health\n`, `cat <<EOF\n# ${D}\nEOF\ncurl -s $ES/_cluster/health\n`],
    [
      'ops.md',
      `\`\`\`jsonc\n// ${D}\n\`\`\`\n\n\`\`\`sh\n# ${D}\ncurl -s $ES/_cluster/health\n\`\`\`\n`,
      `\`\`\`jsonc\n// ${D}\n\`\`\`\n\n\`\`\`sh\ncurl -s $ES/_cluster/health\n\`\`\`\n`,
    ],
    ['ops.md', `\`\`\`console\n# ${D}\nGET _cluster/health\n\`\`\`\n`, `\`\`\`console\nGET _cluster/health\n\`\`\`\n`],
  ];
  for (const [fileName, text, fixed] of cases) {
    assert.equal(unused(text, fileName).length, 1, `${fileName}: ${JSON.stringify(text)}`);
    assert.equal(fixAll(text, { fileName }).text, fixed, `${fileName}: ${JSON.stringify(text)}`);
  }
  // Used comments silence the request on the next line, in each syntax.
  const used: Array<[string, string]> = [
    ['ops.http', `# ${D} blocked-endpoint\nDELETE /_snapshot/x\n`],
    ['ops.sh', `x=1 # ${D}\nRESP=$(curl -XDELETE "$ES/_snapshot/x")\n`],
    ['ops.md', `- step\n\n    \`\`\`console\n    # ${D}\n    DELETE _snapshot/x\n    \`\`\`\n`],
  ];
  for (const [fileName, text] of used) assert.deepEqual(analyze(text, { fileName }).findings, [], `${fileName}: ${JSON.stringify(text)}`);
});

/**
 * The Markdown, shell and request files of this repository. Rule fixtures are inputs written to carry
 * findings (unused suppression comments among them): only their expected results (`.fixed.`) are taken.
 */
function repositoryRequestFiles(): string[] {
  const listed = spawnSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' });
  const all =
    listed.status === 0
      ? listed.stdout.split('\0').filter(Boolean)
      : ['README.md', 'SECURITY.md', 'CHANGELOG.md', ...fs.readdirSync(path.join(ROOT, 'docs')).map((f) => `docs/${f}`)];
  return all
    .filter((f) => /\.(md|markdown|sh|bash|http|rest)$/.test(f))
    .filter((f) => !f.startsWith('test/fixtures/rules/') || f.includes('.fixed.'))
    .filter((f) => fs.existsSync(path.join(ROOT, f)));
}

test('lint --fix over every Markdown, shell and .http file of this repository changes none of them', async () => {
  const files = repositoryRequestFiles();
  assert.ok(files.includes('docs/cli.md') && files.includes('docs/rules.md') && files.includes('README.md'), files.join(', '));
  const texts = Object.fromEntries(files.map((f) => [f, fs.readFileSync(path.join(ROOT, f), 'utf8')]));
  const dir = tempTree(texts);
  try {
    await runCli(['lint', '--fix', ...files], { cwd: dir });
    const changed = files.filter((f) => fs.readFileSync(path.join(dir, f), 'utf8') !== texts[f]);
    assert.deepEqual(changed, [], 'lint --fix changed these files');
  } finally {
    removeTree(dir);
  }
});
