/** "Show Change Impact" on a Terraform file and a Kubernetes manifest: the same report as `search-config diff`, against git:HEAD. */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { tempDir, TestClient, uriOf } from './harness';

const FIXTURES = path.resolve(__dirname, '../../../test/fixtures/cli/diff');
const SECRETS = ['plain-text-secret-one', 'plain-text-secret-two', 'tf-sensitive-default-secret', 'plain-text-in-template'];

/** The markdown of a diff golden transcript, with the heading the editor gives its two versions. */
function goldenMarkdown(golden: string, labels: { old: string; new: string }): string {
  const transcript = fs.readFileSync(path.join(FIXTURES, golden), 'utf8');
  const stdout = transcript.slice(transcript.indexOf('--- stdout\n') + '--- stdout\n'.length, transcript.indexOf('\n--- stderr'));
  return `${stdout.replace(/^### Search configuration changes: .*$/m, `### Search configuration changes: \`${labels.old}\` → \`${labels.new}\``)}\n`;
}

describe('Show Change Impact on Terraform files and manifests', () => {
  const repo = tempDir('impact-formats');
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.org', '-c', 'commit.gpgsign=false', ...args], {
      cwd: repo,
      stdio: 'pipe',
    });
  let client: TestClient;
  before(async () => {
    git('init', '-q');
    fs.copyFileSync(path.join(FIXTURES, 'deployed.tf'), path.join(repo, 'main.tf'));
    fs.copyFileSync(path.join(FIXTURES, 'deployed.yaml'), path.join(repo, 'search.yaml'));
    git('add', '.');
    git('commit', '-q', '-m', 'deployed');
    client = await TestClient.start({ folders: [repo], settings: {} });
  });
  after(() => client.shutdown());

  const cases = [
    {
      file: 'main.tf',
      proposed: 'proposed.tf',
      languageId: 'terraform',
      golden: 'terraform-markdown.golden.txt',
      diagnostic: 'restart-required',
    },
    {
      file: 'search.yaml',
      proposed: 'proposed.yaml',
      languageId: 'yaml',
      golden: 'manifest-markdown.golden.txt',
      diagnostic: 'restart-required',
    },
  ];
  for (const c of cases) {
    it(`${c.file}: each configuration's changes under its name, against git:HEAD, as the CLI reports them`, async () => {
      const uri = uriOf(path.join(repo, c.file));
      await client.open(uri, fs.readFileSync(path.join(FIXTURES, c.proposed), 'utf8'), c.languageId);
      // Diagnostics against the baseline say the file was read with its format and its baseline found.
      await client.until(`${c.diagnostic} in ${c.file}`, () =>
        client.published
          .get(uri)
          ?.at(-1)
          ?.diagnostics.find((d) => d.code === c.diagnostic),
      );
      const impact = await client.request<{ markdown: string; error?: string } | null>('workspace/executeCommand', {
        command: 'search-config.changeImpact',
        arguments: [uri],
      });
      assert.ok(impact, 'a report');
      assert.equal(impact.error, undefined, impact.markdown);
      assert.equal(impact.markdown, goldenMarkdown(c.golden, { old: 'git:HEAD', new: `${c.file} (edited)` }));
      for (const secret of SECRETS) assert.ok(!impact.markdown.includes(secret), `the report shows ${secret}`);
    });
  }

  it('a .tf file that does not parse gets the reason instead of a report', async () => {
    const uri = uriOf(path.join(repo, 'main.tf'));
    await client.change(uri, fs.readFileSync(path.join(FIXTURES, 'broken.tf'), 'utf8'), 2);
    const impact = await client.request<{ markdown: string; error?: string } | null>('workspace/executeCommand', {
      command: 'search-config.changeImpact',
      arguments: [uri],
    });
    assert.ok(impact?.error, JSON.stringify(impact));
    assert.match(impact.markdown, /^Cannot compare the configurations: /);
    assert.match(impact.error!, /^main\.tf \(edited\): syntax error at line 7, column 1/);
  });
});

describe('Show Change Impact against a baseline file of another format', () => {
  it('a .tf file with a JSON baseline from the settings compares its lone resource with the JSON configuration', async () => {
    const ws = tempDir('impact-baseline-file');
    fs.mkdirSync(path.join(ws, 'deployed'));
    fs.writeFileSync(
      path.join(ws, 'deployed', 'prod.json'),
      JSON.stringify({ search: { http_max_content_length: 104857600 }, static_ips: true }, null, 2),
    );
    const client = await TestClient.start({ folders: [ws], settings: { baseline: 'deployed/prod.json' } });
    try {
      const uri = uriOf(path.join(ws, 'main.tf'));
      await client.open(
        uri,
        'resource "vendor_search" "logs" {\n  search_user_config {\n    static_ips = true\n    search {\n      http_max_content_length = 209715200\n    }\n  }\n}\n',
        'terraform',
      );
      await client.diagnostics(uri, 1);
      const impact = await client.request<{ markdown: string; error?: string } | null>('workspace/executeCommand', {
        command: 'search-config.changeImpact',
        arguments: [uri],
      });
      assert.ok(impact && !impact.error, JSON.stringify(impact));
      assert.match(impact.markdown, /^#### `vendor_search\.logs`: 1 changed field$/m);
      assert.match(
        impact.markdown,
        /^\| ~ \| `search\.http_max_content_length` \| `104857600 bytes \(100 MiB\)` \| `209715200 bytes \(200 MiB\)` \|/m,
      );
    } finally {
      await client.shutdown();
    }
  });
});
