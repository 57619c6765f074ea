/**
 * A module's files are read once by the language server: a change to one of them (announced as a
 * watched file's change) reads that file again, and a file created or deleted meanwhile is found
 * by listing the directory again; the module's other files are not read again. The reads are
 * counted on Node's own runtime, over a real LSP conversation.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver/node';
import { nodeRuntime } from '../../server/src/node/runtime';
import { tempDir, TestClient, uriOf } from './harness';

const MAIN = [
  'resource "vendor_search" "logs" {',
  '  project = var.project',
  '  search_user_config {',
  '    search {',
  '      indices_query_bool_max_clause_count = var.max_clauses',
  '    }',
  '  }',
  '}',
  '',
].join('\n');
/** Other files of the module: each uses var.project, so each could give a value the file reads. */
const OTHERS = 12;
const CHANGED = 2,
  CREATED = 1,
  DELETED = 3;

describe("a Terraform module's files in the language server, read once", () => {
  const dir = tempDir('terraform-module-reads');
  const reads: string[] = [];
  let client: TestClient;
  const mainUri = uriOf(path.join(dir, 'main.tf'));
  const tfvars = path.join(dir, 'terraform.tfvars');
  const auto = path.join(dir, 'extra.auto.tfvars');
  /** The clause count main.tf's diagnostics give, and the file and line it comes from. */
  const clausesIn = (diagnostics: Diagnostic[]): string | undefined => {
    const d = diagnostics.find((x) => /indices_query_bool_max_clause_count is \d+/.test(x.message));
    const m = d && /is (\d+)\b.*from ([\w.]+:\d+)\)$/.exec(d.message);
    return m ? `${m[1]} from ${m[2]}` : undefined;
  };
  const nextClauses = async (what: string, send: () => Promise<void>): Promise<string | undefined> => {
    const published = client.published.get(mainUri)?.length ?? 0;
    await send();
    const list = await client.until(what, () =>
      (client.published.get(mainUri)?.length ?? 0) > published ? client.published.get(mainUri) : undefined,
    );
    return clausesIn(list![list!.length - 1].diagnostics);
  };
  const changed = (file: string, type: number) => () =>
    client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(file), type }] });

  before(async () => {
    fs.writeFileSync(path.join(dir, 'main.tf'), MAIN);
    fs.writeFileSync(path.join(dir, 'variables.tf'), 'variable "project" {}\nvariable "max_clauses" {\n  default = 100000\n}\n');
    for (let i = 0; i < OTHERS; i++)
      fs.writeFileSync(path.join(dir, `bucket-${i}.tf`), `resource "aws_s3_bucket" "b${i}" {\n  bucket = "\${var.project}-${i}"\n}\n`);
    fs.writeFileSync(tfvars, 'project     = "logs"\nmax_clauses = 8192\n');
    const runtime = nodeRuntime();
    client = await TestClient.start({
      folders: [dir],
      settings: { baseline: 'none' },
      runtime: {
        ...runtime,
        readFile: (uri) => {
          reads.push(path.basename(new URL(uri).pathname));
          return runtime.readFile(uri);
        },
      },
    });
  });
  after(() => client.shutdown());

  it('reads the module once, then only the file that changed; files created and deleted are found', async () => {
    await client.open(mainUri, MAIN, 'terraform');
    const first = await client.until("findings from the module's variables", () =>
      clausesIn(client.published.get(mainUri)?.at(-1)?.diagnostics ?? []),
    );
    assert.equal(first, '8192 from terraform.tfvars:2');
    const moduleFiles = new Set(['variables.tf', 'terraform.tfvars', ...Array.from({ length: OTHERS }, (_, i) => `bucket-${i}.tf`)]);
    assert.deepEqual(reads.filter((r) => moduleFiles.has(r)).sort(), [...moduleFiles].sort(), 'each module file read once');

    reads.length = 0;
    fs.writeFileSync(tfvars, 'project     = "logs"\nmax_clauses = 9000\n');
    assert.equal(await nextClauses('diagnostics after terraform.tfvars changed', changed(tfvars, CHANGED)), '9000 from terraform.tfvars:2');
    assert.deepEqual(
      reads.filter((r) => r.endsWith('.tf') || r.endsWith('.tfvars')),
      ['terraform.tfvars'],
      'only the changed file read again',
    );

    fs.writeFileSync(auto, 'max_clauses = 10000\n');
    assert.equal(await nextClauses('diagnostics after a file was created', changed(auto, CREATED)), '10000 from extra.auto.tfvars:1');
    fs.rmSync(auto);
    assert.equal(await nextClauses('diagnostics after it was deleted', changed(auto, DELETED)), '9000 from terraform.tfvars:2');

    // Without a value in terraform.tfvars, the default declared in the module's other file counts again.
    fs.writeFileSync(tfvars, 'project = "logs"\n');
    assert.equal(
      await nextClauses('diagnostics after terraform.tfvars lost the value', changed(tfvars, CHANGED)),
      '100000 from variables.tf:3',
    );
  });
});

describe("a Terraform module's open files, when another file of it opens", () => {
  const dir = tempDir('terraform-module-opens');
  let client: TestClient;
  const other = path.join(dir, 'buckets.tf');
  const OTHER = 'resource "aws_s3_bucket" "b" {\n  bucket = "${var.project}-logs"\n}\n';

  before(async () => {
    fs.writeFileSync(path.join(dir, 'main.tf'), MAIN);
    fs.writeFileSync(path.join(dir, 'variables.tf'), 'variable "project" {}\nvariable "max_clauses" {\n  default = 100000\n}\n');
    fs.writeFileSync(other, OTHER);
    client = await TestClient.start({ folders: [dir], settings: { baseline: 'none', trace: { server: 'verbose' } } });
  });
  after(() => client.shutdown());

  it('publishes them again without analysing them again when its buffer is the text on disk, and analyses them when it differs', async () => {
    const mainUri = uriOf(path.join(dir, 'main.tf'));
    const analysed = (): number => client.logs.filter((l) => l.startsWith(`Analysed ${mainUri} `)).length;
    const publishes = (): number => client.published.get(mainUri)?.length ?? 0;
    await client.open(mainUri, MAIN, 'terraform');
    await client.until('main.tf analysed with the module', () => client.published.get(mainUri)?.at(-1)?.diagnostics.length);
    const before = analysed(),
      published = publishes();
    assert.equal(before, 1);

    // Opening buckets.tf with its text on disk: main.tf is published again, from the same analysis.
    await client.open(uriOf(other), OTHER, 'terraform');
    await client.until('main.tf published again', () => publishes() > published);
    assert.equal(analysed(), before, client.logs.join('\n'));

    // An edit of it that declares a value: main.tf is analysed again and reads it.
    await client.change(uriOf(other), `${OTHER}variable "unused" {\n  default = 1\n}\n`, 2);
    await client.until('main.tf analysed again', () => analysed() > before);
  });
});
