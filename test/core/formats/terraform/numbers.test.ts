import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyze } from '../../../../server/src/core';
import { grammarText } from '../../../../server/src/core/formats/terraform/numbers';
import { loadTerraformFromDisk } from '../../../../server/src/node/terraform-wasm';
import { fmtEnv, fmtProblems } from '../../../support/terraform-fmt';

// Terraform is the judge of which number texts are HCL and what they stand for: the HCL grammar
// the reader parses with takes `5.0e1` but not `5e1`, and takes `0x10`, which Terraform refuses.

before(() => loadTerraformFromDisk());

const TEXTS = [
  '5e1',
  '5E1',
  '5e+1',
  '5e-1',
  '1e6',
  '16E+3',
  '5.e1',
  '5.e-1',
  '5.0e1',
  '05',
  '0.5',
  '1',
  '5.',
  '.5',
  '0x10',
  '0X1f',
  '1_000',
  '5e',
  '5e+',
  '1e1e1',
];

const fileWith = (number: string): string =>
  `resource "vendor_search" "a" {\n  search_user_config {\n    search {\n      indices_query_bool_max_clause_count = ${number}\n    }\n  }\n}\n`;

/** Whether Terraform refuses each text (its own verdict, asked once). */
let refused: boolean[] | undefined;
const refusedByTerraform = (): boolean[] =>
  (refused ??= fmtProblems(TEXTS.map(fileWith)).map((v) => v?.startsWith('terraform refuses it') ?? false));

test('a number text is a syntax error exactly when Terraform cannot read it', () => {
  const verdicts = refusedByTerraform();
  for (const [i, number] of TEXTS.entries()) {
    const terraformRefuses = verdicts[i];
    const ours = analyze(fileWith(number), { fileName: 'main.tf' }).findings.filter((f) => f.ruleId === 'invalid-syntax');
    assert.equal(
      ours.length > 0,
      terraformRefuses,
      `${number}: Terraform ${terraformRefuses ? 'refuses' : 'reads'} it; we report ${ours.length} syntax error(s)`,
    );
  }
});

test('each number text Terraform reads stands for the value Terraform gives it', () => {
  const verdicts = refusedByTerraform();
  const readable = TEXTS.filter((_t, i) => !verdicts[i]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-config-console-'));
  try {
    const r = spawnSync('terraform', ['console'], {
      cwd: dir,
      input: `jsonencode([${readable.join(', ')}])\n`,
      encoding: 'utf8',
      env: fmtEnv(),
    });
    assert.equal(r.status, 0, r.stderr);
    const theirs = JSON.parse(JSON.parse(r.stdout.trim()) as string) as number[];
    const ours = readable.map((number) => {
      const [doc] = analyze(fileWith(number), { fileName: 'main.tf' }).configurations;
      return (doc?.value as { search?: Record<string, unknown> } | undefined)?.search?.indices_query_bool_max_clause_count;
    });
    assert.deepEqual(ours, theirs, readable.join(' '));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('the text the grammar reads keeps every offset, and identifiers, strings aside, as written', () => {
  const text = 'a = 5e-1\nx5e1 = b-5e-1\nc = "9e9 \\u5e1f"\nd = 0x1F + 0x\n';
  const readable = grammarText(text);
  assert.equal(readable.length, text.length);
  assert.equal(readable, 'a = 5000\nx5e1 = b-5e-1\nc = "900 \\u5e1f"\nd = 0 1F + 0x\n');
  assert.equal(grammarText('a = 1\n'), 'a = 1\n');
});

test('each kind of number text, alone, is rewritten for the grammar only where Terraform and the grammar differ', () => {
  // [text, what the grammar is given]: an exponent without a fraction becomes zeros, a hexadecimal
  // `x` a space; a number with a fraction, an identifier and what is no number stay as written.
  const cases: Array<[string, string]> = [
    ['5e1', '500'],
    ['0e1', '000'],
    ['9e1', '900'],
    ['15e2', '1500'],
    ['5E+1', '5000'],
    ['5e-1', '5000'],
    ['5.e1', '5.00'],
    ['5e1 6E1', '500 600'],
    ['x = 5e1', 'x = 500'],
    ['5.0e1', '5.0e1'],
    ['1.5e-3', '1.5e-3'],
    ['5e', '5e'],
    ['5e+', '5e+'],
    ['5.', '5.'],
    ['5.x', '5.x'],
    ['a5e1', 'a5e1'],
    ['z5e1', 'z5e1'],
    ['A5e1', 'A5e1'],
    ['Z5e1', 'Z5e1'],
    ['_5e1', '_5e1'],
    ['\u00e95e1', '\u00e95e1'],
    ['\u00805e1', '\u00805e1'],
    ['\u007f5e1', '\u007f500'],
    ['a-5e1', 'a-5e1'],
    ['a_b9-5e1', 'a_b9-5e1'],
    ['a 5e1', 'a 500'],
    ['0x1F', '0 1F'],
    ['0X1f', '0 1f'],
    ['x = 0xA', 'x = 0 A'],
    ['00x1', '00x1'],
    ['10x1', '10x1'],
    ['0x', '0x'],
    ['0x ', '0x '],
  ];
  for (const [text, readable] of cases) assert.equal(grammarText(text), readable, JSON.stringify(text));
});
