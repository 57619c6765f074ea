import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { tempDir, TestClient, uriOf } from './harness';
import { analyze } from '../../server/src/core';
import { loadTerraformFromDisk } from '../../server/src/node/terraform-wasm';

// The server keeps each open document's syntax tree and what it read between versions: after a
// run of edits, the diagnostics must be those of the same text opened afresh, and name what an
// analysis of the text without any state finds, where it finds it.

const block = (i: number): string =>
  `    ip_filter_object {\n      network     = "10.${i}.0.1/16"\n      description = "office ${i}"\n    }\n`;
const TF = `resource "vendor_search" "logs" {\n  search_user_config {\n${Array.from({ length: 20 }, (_, i) => block(i)).join('')}    search {\n      http_max_content_length = "100mb"\n    }\n  }\n}\n`;
const doc = (name: string, filter: string): string =>
  `apiVersion: vendor.io/v1alpha1\nkind: Search\nmetadata:\n  name: ${name}\nspec:\n  userConfig:\n    ip_filter:\n${filter}    search_version: 2\n`;
const YAML = [
  doc('a', '      - network: 10.1.0.1/16\n'),
  'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n',
  doc('b', '      - network: 10.2.0.1/16\n'),
].join('---\n');

/** Edits as a user makes them: a value changed, a block added, a line removed, a typo and its fix. */
function edits(text: string, anchor: string): string[] {
  const out: string[] = [];
  let t = text;
  const at = (s: string) => t.lastIndexOf(s);
  const push = (next: string) => {
    t = next;
    out.push(t);
  };
  push(t.replace('10.1', '10.9'));
  push(`${t.slice(0, at(anchor))}${anchor}${anchor.includes('=') ? ' ' : ''}${t.slice(at(anchor) + anchor.length)}`);
  push(`${t.slice(0, at(anchor))}{{${t.slice(at(anchor))}`);
  push(t.replace('{{', ''));
  push(t.replace('10.3', '10.30.1.1'));
  const line3 = t.indexOf('\n', t.indexOf('\n') + 1) + 1;
  push(`${t.slice(0, line3)}\n${t.slice(line3)}`);
  push(t.replace(/\n[^\n]*10\.5[^\n]*\n/, '\n'));
  return out;
}

describe('an open document edited many times gives the diagnostics of the same text opened afresh', () => {
  const dir = tempDir('incremental');
  let client: TestClient;
  before(async () => {
    await loadTerraformFromDisk();
    client = await TestClient.start({ folders: [dir], settings: { baseline: 'none' } });
  });
  after(() => client.shutdown());

  for (const [name, text, languageId, anchor] of [
    ['main.tf', TF, 'terraform', 'description ='],
    ['deploy.yaml', YAML, 'yaml', 'network:'],
  ] as const) {
    it(name, async () => {
      const uri = uriOf(path.join(dir, name));
      await client.open(uri, text, languageId);
      await client.until(`first diagnostics of ${uri}`, () => client.published.get(uri)?.at(-1)?.diagnostics.length);
      let version = 1;
      let last = text;
      for (const next of edits(text, anchor)) {
        await client.change(uri, next, ++version);
        await client.diagnostics(uri, version);
        last = next;
      }
      const kept = await client.diagnostics(uri, version);
      const freshUri = uriOf(path.join(dir, `fresh-${name}`));
      await client.open(freshUri, last, languageId);
      const fresh = await client.diagnostics(freshUri, 1);
      assert.ok(fresh.length > 0);
      assert.deepEqual(kept, fresh);
      const where = (code: unknown, at: { line: number; character: number }, message: string) =>
        `${String(code)} ${at.line}:${at.character} ${message}`;
      const found = analyze(last, { fileName: name }).findings.map((f) => where(f.ruleId, f.range.start, f.message));
      assert.deepEqual(kept.map((d) => where(d.code, d.range.start, d.message)).sort(), found.sort());
    });
  }
});
