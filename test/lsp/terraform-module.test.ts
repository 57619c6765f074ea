import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver/node';
import { tempDir, TestClient, uriOf } from './harness';

const MAIN = [
  'resource "vendor_search" "logs" {',
  '  search_user_config {',
  '    custom_domain = var.domain',
  '    search {',
  '      http_max_content_length = var.max_body',
  '    }',
  '  }',
  '}',
  '',
].join('\n');
const VARIABLES = 'variable "max_body" {\n  default = "100mb"\n}\nvariable "domain" {\n  sensitive = true\n}\n';

type Hover = { contents: { value: string } } | null;

/** A hover two characters into the first occurrence of `needle` in `text`, the document at `uri`. */
const hoverIn = (client: TestClient, uri: string, text: string, needle: string): Promise<Hover> => {
  const offset = text.indexOf(needle) + 2;
  const line = text.slice(0, offset).split('\n').length - 1;
  return client.request<Hover>('textDocument/hover', {
    textDocument: { uri },
    position: { line, character: offset - text.lastIndexOf('\n', offset - 1) - 1 },
  });
};

describe('Terraform module variables in the language server, as in the CLI', () => {
  const dir = tempDir('terraform-module');
  let client: TestClient;
  const mainUri = uriOf(path.join(dir, 'main.tf'));
  const tfvars = path.join(dir, 'terraform.tfvars');
  const newest = (uri: string, after: number): Diagnostic[] | undefined => {
    const list = client.published.get(uri) ?? [];
    return list.length > after ? list[list.length - 1].diagnostics : undefined;
  };
  const hoverAt = (needle: string): Promise<Hover> => hoverIn(client, mainUri, MAIN, needle);

  before(async () => {
    fs.writeFileSync(path.join(dir, 'main.tf'), MAIN);
    fs.writeFileSync(path.join(dir, 'variables.tf'), VARIABLES);
    fs.writeFileSync(tfvars, 'domain = "secret-domain.example.com"\n');
    client = await TestClient.start({ folders: [dir], settings: { baseline: 'none' } });
  });
  after(() => client.shutdown());

  it("reads the module's variables, re-lints when terraform.tfvars changes, and hovers with the origin (never a sensitive value)", async () => {
    await client.open(mainUri, MAIN, 'terraform');
    const first = await client.until("findings from the module's variables", () =>
      newest(mainUri, 0)?.length ? newest(mainUri, 0) : undefined,
    );
    const unit = first.find((d) => d.code === 'unit-mismatch');
    assert.ok(unit, JSON.stringify(first));
    assert.match(unit.message, /\(the value of var\.max_body, from variables\.tf:2\)$/);

    const hover = await hoverAt('var.max_body');
    assert.ok(hover);
    assert.match(hover.contents.value, /`var\.max_body` is `"100mb"`, set in variables\.tf:2\./);
    const secret = await hoverAt('var.domain');
    assert.ok(secret);
    assert.match(secret.contents.value, /`var\.domain` is sensitive: its value \(set in terraform\.tfvars:1\) is not shown\./);
    assert.ok(!secret.contents.value.includes('secret-domain'), secret.contents.value);

    // terraform.tfvars changes on disk: the open file is linted again with the new value.
    const published = client.published.get(mainUri)!.length;
    fs.writeFileSync(tfvars, 'domain = "secret-domain.example.com"\nmax_body = 10485760\n');
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(tfvars), type: 2 }] });
    const after = await client.until('diagnostics after the tfvars change', () => newest(mainUri, published));
    assert.ok(!after.some((d) => d.code === 'unit-mismatch'), JSON.stringify(after));

    // An open buffer of a module file counts with its unsaved text.
    const count = client.published.get(mainUri)!.length;
    await client.open(uriOf(tfvars), 'max_body = "200mb"\n', 'terraform-vars');
    const buffered = await client.until(
      "diagnostics with the buffer's value",
      () => newest(mainUri, count)?.some((d) => d.code === 'unit-mismatch') && newest(mainUri, count),
    );
    assert.match(buffered.find((d) => d.code === 'unit-mismatch')!.message, /from terraform\.tfvars:1\)$/);
  });
});

describe('Terraform override files in the language server, as in the CLI', () => {
  const dir = tempDir('terraform-override');
  let client: TestClient;
  const mainUri = uriOf(path.join(dir, 'main.tf'));
  const overrideUri = uriOf(path.join(dir, 'main_override.tf'));
  const resource = (body: string): string => `resource "vendor_search" "a" {\n${body}}\n`;
  const REPLACING = resource('  search_user_config {\n    search_version = "2.19"\n  }\n');
  const NOT_REPLACING = resource('  termination_protection = true\n');
  // Written as an argument (which Terraform refuses with this provider, as main_override.tf is told), it replaces the block all the same.
  const BY_ARGUMENT = resource('  search_user_config = {\n    search_version = "2.19"\n  }\n');
  const codes = (diagnostics: Diagnostic[]): string => diagnostics.map((d) => `${d.code} ${d.range.start.line + 1}`).join(', ');
  const nextOfMain = async (what: string, send: () => Promise<void>): Promise<Diagnostic[]> => {
    const published = client.published.get(mainUri)?.length ?? 0;
    await send();
    return client.until(what, () => {
      const list = client.published.get(mainUri) ?? [];
      return list.length > published ? list[list.length - 1].diagnostics : undefined;
    });
  };

  before(async () => {
    fs.writeFileSync(
      path.join(dir, 'main.tf'),
      resource('  search_user_config {\n    search {\n      thread_pool_search_size = 500\n    }\n  }\n'),
    );
    fs.writeFileSync(path.join(dir, 'main_override.tf'), NOT_REPLACING);
    client = await TestClient.start({ folders: [dir], settings: { baseline: 'none' } });
  });
  after(() => client.shutdown());

  it("judges main.tf's block until an edit of main_override.tf replaces it, and again once the edit is undone", async () => {
    const first = await nextOfMain("main.tf's findings", () =>
      client.open(mainUri, fs.readFileSync(path.join(dir, 'main.tf'), 'utf8'), 'terraform'),
    );
    assert.equal(codes(first), 'invalid-value 4');

    await client.open(overrideUri, NOT_REPLACING, 'terraform');
    const replaced = await nextOfMain('the findings once main_override.tf replaces the block', () =>
      client.change(overrideUri, REPLACING, 2),
    );
    assert.equal(codes(replaced), 'no-effect 2');
    assert.equal(
      replaced[0].message,
      'vendor_search.a: this search_user_config block is replaced by the one in main_override.tf:2 (a Terraform override file) and is never sent; its values are judged there.',
    );
    assert.equal(replaced[0].severity, 3);

    const again = await nextOfMain('the findings once main_override.tf no longer replaces it', () =>
      client.change(overrideUri, NOT_REPLACING, 3),
    );
    assert.equal(codes(again), 'invalid-value 4');
  });

  it('says on hover, on the block and on a field in it, that the block is not sent and which override replaces it', async () => {
    const main = fs.readFileSync(path.join(dir, 'main.tf'), 'utf8');
    const hoverAt = (needle: string): Promise<Hover> => hoverIn(client, mainUri, main, needle);
    const note =
      '**Not sent**: Terraform replaces this search_user_config block with the one in main_override.tf:2 (a Terraform override file), whose values are sent instead and judged there.';
    const byArgument = await nextOfMain('the findings once main_override.tf replaces the block with an argument', () =>
      client.change(overrideUri, BY_ARGUMENT, 4),
    );
    assert.equal(codes(byArgument), 'no-effect 2');
    assert.match(byArgument[0].message, /replaced by the one in main_override\.tf:2 /);

    const block = await hoverAt('search_user_config');
    assert.ok(block, 'a hover on the replaced block');
    assert.equal(block.contents.value, `**search_user_config**\n\n${note}`);
    const field = await hoverAt('thread_pool_search_size');
    assert.ok(field, 'a hover on a field of the replaced block');
    // The note comes under the field's name, before its documentation, which stays.
    assert.ok(field.contents.value.startsWith(`**search.thread_pool_search_size**\n\n${note}\n\n`), field.contents.value);
    assert.match(field.contents.value, /- Type: `integer`/);

    const kept = await nextOfMain('the findings once main_override.tf no longer replaces it', () =>
      client.change(overrideUri, NOT_REPLACING, 5),
    );
    assert.equal(codes(kept), 'invalid-value 4');
    assert.equal(await hoverAt('search_user_config'), null);
    const judged = await hoverAt('thread_pool_search_size');
    assert.ok(judged && !judged.contents.value.includes('Not sent'), judged?.contents.value);
  });
});

describe("A secret from a variable that is not marked sensitive, in the language server's hover", () => {
  const dir = tempDir('terraform-secret-variable');
  let client: TestClient;
  const mainUri = uriOf(path.join(dir, 'main.tf'));
  const MAIN_SECRET = [
    'variable "pw" {',
    '  default = "hunter2-in-default"',
    '}',
    'variable "hook" {',
    '  default = "https://ops:hunter3-in-url@hooks.example.com/search"',
    '}',
    'resource "vendor_search" "logs" {',
    '  search_user_config {',
    '    custom_domain = var.pw',
    '    search {',
    '      email_sender_password = var.pw',
    '    }',
    '    openid {',
    '      connect_url = var.hook',
    '    }',
    '  }',
    '}',
    '',
  ].join('\n');
  const hoverAt = (needle: string): Promise<Hover> => hoverIn(client, mainUri, MAIN_SECRET, needle);

  before(async () => {
    fs.writeFileSync(path.join(dir, 'main.tf'), MAIN_SECRET);
    client = await TestClient.start({ folders: [dir], settings: { baseline: 'none' } });
  });
  after(() => client.shutdown());

  it('says where the value is set, never what it is: in the secret field, in a field the secret feeds too, and a URL without its password', async () => {
    await client.open(mainUri, MAIN_SECRET, 'terraform');
    await client.until('the first findings', () => client.published.get(mainUri)?.length);
    const secret = await hoverAt('email_sender_password');
    assert.ok(secret);
    assert.match(secret.contents.value, /`var\.pw` is set in main\.tf:2 \(its value is not shown here\)\./);
    const other = await hoverAt('custom_domain');
    assert.ok(other);
    assert.match(other.contents.value, /`var\.pw` is set in main\.tf:2 \(its value is not shown here\)\./);
    const url = await hoverAt('connect_url');
    assert.ok(url);
    assert.match(url.contents.value, /`var\.hook` is `"https:\/\/\*\*\*@hooks\.example\.com\/search"`, set in main\.tf:5\./);
    for (const h of [secret, other, url]) assert.ok(!/hunter[23]/.test(h.contents.value), h.contents.value);
  });
});
