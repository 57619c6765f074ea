/**
 * Every member completion, accepted as a client without snippets accepts it, leaves a file that
 * still reads and whose value is one the field takes: an attribute written `key =` with nothing
 * after it was a Terraform syntax error, and `client_id: ""` in a suggested block an invalid value.
 * Only findings that say the member is undocumented (the vendor's own fields) or that explain
 * (unit hints) may follow an inserted member; after a block, also the members still to fill in.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { analyze, applyEdits, parseDocument } from '../../../server/src/core';
import { complete } from '../../../server/src/core/editor/completion';
import { formatOf } from '../../../server/src/core/formats/registry';
import { loadTerraformFromDisk } from '../../../server/src/node/terraform-wasm';

before(() => loadTerraformFromDisk());

/** Findings an inserted member may bring: the vendor's undocumented fields, unit hints, and a deprecation. */
const ALLOWED = new Set(['undocumented-field', 'unit-hint', 'deprecated-field', 'performance-risk', 'no-effect', 'restart-required']);

const CASES: Array<{ name: string; text: string; at: string }> = [
  { name: 'main.tf', at: '|', text: 'resource "vendor_search" "a" {\n  search_user_config {\n    |\n  }\n}\n' },
  { name: 'main.tf', at: '|', text: 'resource "vendor_search" "a" {\n  search_user_config {\n    search {\n      |\n    }\n  }\n}\n' },
  { name: 'main.tf', at: '|', text: 'resource "vendor_search" "a" {\n  search_user_config {\n    openid {\n      |\n    }\n  }\n}\n' },
  {
    name: 'search.yaml',
    at: '|',
    text: 'apiVersion: vendor.io/v1alpha1\nkind: Search\nmetadata:\n  name: a\nspec:\n  userConfig:\n    |\n',
  },
  {
    name: 'search.yaml',
    at: '|',
    text: 'apiVersion: vendor.io/v1alpha1\nkind: Search\nmetadata:\n  name: a\nspec:\n  userConfig:\n    search:\n      |\n',
  },
  { name: 'a.search.json', at: '|', text: '{\n  |\n}\n' },
  { name: 'a.search.json', at: '|', text: '{\n  "search": {\n    |\n  }\n}\n' },
];

for (const c of CASES) {
  test(`each completion in ${c.name} at ${JSON.stringify(c.text.slice(Math.max(0, c.text.indexOf(c.at) - 30), c.text.indexOf(c.at)))} inserts a member the file still reads and the field takes`, () => {
    const offset = c.text.indexOf(c.at);
    const text = c.text.replace(c.at, '');
    const format = formatOf(c.name);
    const items = format.complete
      ? format.complete(text, offset, { snippets: false, fileName: c.name })
      : complete(parseDocument(text, { fileName: c.name }), offset, { snippets: false });
    assert.ok(items && items.length > 5, `${items?.length} completions`);
    const before = new Set(analyze(text, { fileName: c.name }).findings.map((f) => `${f.ruleId} ${f.message}`));
    const problems: string[] = [];
    for (const item of items) {
      const after = applyEdits(text, [
        { offset: item.replace.offset, length: item.replace.length, newText: item.insertText },
        ...(item.additionalEdits ?? []),
      ]);
      // A block or object written over several lines is there to be filled in: its missing members,
      // and in YAML the key with nothing under it yet, are what the writer types next.
      const filledNext = item.insertText.includes('\n');
      for (const f of analyze(after, { fileName: c.name }).findings) {
        if (before.has(`${f.ruleId} ${f.message}`) || ALLOWED.has(f.ruleId)) continue;
        if (filledNext && (f.ruleId === 'missing-required' || (f.ruleId === 'type-mismatch' && /does not accept null/.test(f.message))))
          continue;
        problems.push(`${item.label}: ${f.ruleId}: ${f.message}`);
      }
    }
    assert.deepEqual(problems, []);
  });
}

test('a member whose type nobody documents starts as a placeholder to fill in, not as a guess of its type', () => {
  // The vendor's `jwt` object lists its members without their types: `"enabled": ""` read as a
  // string value the writer might keep.
  const inserted = (name: string, text: string, label: string): string => {
    const offset = text.indexOf('|');
    const plain = text.replace('|', '');
    const format = formatOf(name);
    const items = format.complete
      ? format.complete(plain, offset, { snippets: false, fileName: name })
      : complete(parseDocument(plain, { fileName: name }), offset, { snippets: false });
    const item = items?.find((i) => i.label === label);
    assert.ok(item, `${label} offered in ${name}`);
    return item.insertText;
  };
  assert.match(inserted('a.search.json', '{\n  |\n}\n', 'jwt'), /"enabled": "<ENABLED>"/);
  assert.match(inserted('a.search.json', '{\n  "jwt": {\n    |\n  }\n}\n', 'enabled'), /"enabled": "<ENABLED>"/);
  assert.match(
    inserted('main.tf', 'resource "vendor_search" "a" {\n  search_user_config {\n    jwt {\n      |\n    }\n  }\n}\n', 'enabled'),
    /^enabled = "<ENABLED>"$/,
  );
});
