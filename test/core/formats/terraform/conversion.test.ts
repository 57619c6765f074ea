import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze } from '../../../../server/src/core';
import { compareTexts } from '../../../../server/src/core/changes/comparison';
import { convertScalar } from '../../../../server/src/core/formats/conversion';
import { parseTerraform } from '../../../../server/src/core/formats/terraform/document';
import { loadTerraformFromDisk } from '../../../../server/src/node/terraform-wasm';
import { planOf } from '../../../support/terraform-plans';

/**
 * Terraform converts a scalar to its attribute's type before the provider sends it: every rule
 * judges the converted value, in .tf files, in the values of their variables, and in plans; JSON
 * and manifests are sent as written, so there a number for a string stays an error.
 */

before(() => loadTerraformFromDisk());

const resource = (body: string): string => `resource "vendor_search" "logs" {\n  search_user_config {\n${body}\n  }\n}\n`;
/** Every one of `expected` is among the findings (others, such as a unit's hint, may be there too). */
function has(findings: ReadonlyArray<{ ruleId: string; severity: string; path: string }>, expected: string[]): void {
  const found = ids(findings);
  for (const id of expected) assert.ok(found.includes(id), `${id} missing from: ${found.join(', ')}`);
}
const ids = (findings: ReadonlyArray<{ ruleId: string; severity: string; path: string }>): string[] =>
  findings.map((f) => `${f.severity} ${f.ruleId} ${f.path}`).sort();

test('values from variables and tfvars are judged after the same conversion', () => {
  const text = resource('    search_version = var.version\n    search {\n      http_max_content_length = var.max_body\n    }');
  const terraformVariables = [
    { fileName: '/m/variables.tf', text: 'variable "version" {\n  default = 1\n}\nvariable "max_body" {\n  default = 10\n}\n' },
    { fileName: '/m/terraform.tfvars', text: 'max_body = "1024"\n' },
  ];
  const { findings } = analyze(text, { fileName: '/m/main.tf', terraformVariables });
  // One finding per mistake: the unit slip stands for the bound and the written type (rules/precedence.ts).
  has(findings, [
    'error unit-mismatch search.http_max_content_length',
    'info type-mismatch search_version',
    'warning deprecated-field search_version',
  ]);
  assert.deepEqual(
    ids(findings).filter((id) => id.endsWith(' search_version')),
    ['info type-mismatch search_version', 'warning deprecated-field search_version'],
    'the version is judged as "1": no error',
  );
  const version = findings.find((f) => f.ruleId === 'deprecated-field')!;
  assert.match(version.message, /search_version is "1", a deprecated value.*\(the value of var\.version, from variables\.tf:2\)$/);
  const body = findings.find((f) => f.ruleId === 'unit-mismatch')!;
  assert.match(body.message, /search\.http_max_content_length is 1024 bytes/);
  assert.match(body.message, /from terraform\.tfvars:1\)$/);
  for (const f of findings.filter((x) => x.ruleId === 'type-mismatch'))
    assert.equal(f.fix, undefined, 'the value is written in another file: no fix rewrites the reference');
});

test('a plan of a provider that takes strings is judged as what the provider sends', () => {
  const plan = planOf({
    search_version: '2',
    static_ips: 'true',
    search: { http_max_content_length: '1024', indices_queries_cache_size: '100mb' },
  });
  const { findings } = analyze(plan, { fileName: 'plan.json' });
  // One finding per mistake: the unit slip stands for the bound and the written type on the same value (rules/precedence.ts).
  has(findings, [
    'error unit-mismatch search.http_max_content_length',
    'error unit-mismatch search.indices_queries_cache_size',
    'info type-mismatch static_ips',
    'warning deprecated-field search_version',
  ]);
  assert.deepEqual(
    ids(findings).filter((id) => id.endsWith(' search_version') || id.endsWith(' static_ips')),
    ['info type-mismatch static_ips', 'warning deprecated-field search_version'],
    'a version of "2" and a bool of "true" are accepted',
  );
  const info = findings.find((f) => f.path === 'static_ips')!;
  assert.equal(info.fix, undefined, 'a plan is read, never edited');
  assert.match(info.message, /static_ips is a string \("true"\); Terraform converts it to a boolean, so it is accepted as true\.$/);
});

test('JSON and manifests are sent as written: a number for a string is an error there, judged as written', () => {
  const json = analyze('{ "search_version": 1 }', { fileName: 'c.search.json' }).findings;
  assert.deepEqual(
    ids(json).filter((id) => id.includes('type-mismatch') || id.includes('deprecated')),
    ['error type-mismatch search_version'],
  );
  const yaml = analyze(
    'apiVersion: vendor.io/v1alpha1\nkind: Search\nmetadata:\n  name: logs\nspec:\n  userConfig:\n    search_version: 1\n',
    { fileName: 'search.yaml' },
  ).findings;
  assert.deepEqual(
    ids(yaml).filter((id) => id.includes('type-mismatch') || id.includes('deprecated')),
    ['error type-mismatch search_version'],
  );
});

test('a change of spelling that Terraform sends as the same value is no change, and a real change is one', () => {
  const before = resource('    search {\n      http_max_content_length = "104857600"\n    }\n    search_version = 2');
  const same = resource('    search {\n      http_max_content_length = 104857600\n    }\n    search_version = "2"');
  const compared = compareTexts(before, same, { old: 'main.tf', new: 'main.tf' });
  assert.ok('result' in compared);
  assert.deepEqual(
    compared.result.flatMap((c) => c.changes),
    [],
  );
  const changed = compareTexts(
    before,
    resource('    search {\n      http_max_content_length = 104857601\n    }\n    search_version = "2"'),
    { old: 'main.tf', new: 'main.tf' },
  );
  assert.ok('result' in changed);
  assert.deepEqual(
    changed.result.flatMap((c) => c.changes.map((x) => x.path)),
    ['search.http_max_content_length'],
  );
});

test("the conversion is Terraform's own (checked with terraform console: tonumber, tobool, tostring)", () => {
  const integer = { type: 'integer' },
    number = { type: ['number', 'null'] },
    bool = { type: 'boolean' },
    string = { type: ['string', 'null'] };
  const cases: Array<[unknown, object, unknown]> = [
    ['1e3', integer, 1000],
    ['+5', integer, 5],
    ['.5', number, 0.5],
    ['5.', integer, 5],
    [' 10', integer, undefined],
    ['0x10', integer, undefined],
    ['1_000', integer, undefined],
    ['1.5', integer, undefined],
    ['100mb', integer, undefined],
    ['Inf', number, undefined],
    ['1', bool, true],
    ['0', bool, false],
    ['true', bool, true],
    ['True', bool, undefined],
    ['yes', bool, undefined],
    [1, bool, undefined],
    [2.19, string, '2.19'],
    [2, string, '2'],
    [1e21, string, '1000000000000000000000'],
    [1e-7, string, '0.0000001'],
    [1.5e21, string, '1500000000000000000000'],
    [-1e21, string, '-1000000000000000000000'],
    [1.25e-7, string, '0.000000125'],
    [-2.5, string, '-2.5'],
    ['-.5e1', number, -5],
    ['1e', integer, undefined],
    ['-', integer, undefined],
    ['', integer, undefined],
    ['TRUE', bool, undefined],
    [true, string, 'true'],
    [10, integer, undefined],
    ['2', string, undefined],
    [null, string, undefined],
  ];
  for (const [written, schema, sent] of cases)
    assert.deepEqual(convertScalar(written, schema)?.value, sent, `${JSON.stringify(written)} for ${JSON.stringify(schema)}`);
});

test('heredocs are read as Terraform reads them (checked with terraform console)', () => {
  // [the heredoc's opening, its lines, its closing line, the string Terraform gives]. In a list, where an empty
  // string is sent as written (an empty text attribute is the provider's unset one).
  const cases: Array<[string, string, string, string]> = [
    ['<<EOT', '  a', '  EOT', '  a\n'],
    ['<<-EOT', '    x', '    EOT', 'x\n'],
    ['<<-EOT', '\t  x\n    y\n', '  EOT', 'x\n y\n\n'],
    // A line of blanks alone keeps them: only lines with text set and lose the common indentation.
    ['<<-EOT', '    x\n   \n      y', '    EOT', 'x\n   \n  y\n'],
    ['<<-EOT', '    x\n      \n  \t\n      y', '    EOT', 'x\n      \n  \t\n  y\n'],
    ['<<-EOT', '', '  EOT', ''],
    // No backslash escapes in a heredoc; `$${` and `%%{` are a literal `${` and `%{`.
    ['<<EOT', 'x $${y} %%{z} \\n', 'EOT', 'x ${y} %{z} \\n\n'],
  ];
  for (const [open, body, close, sent] of cases) {
    const text = resource(`    ip_filter_string = [${open}\n${body ? `${body}\n` : ''}${close}\n    ]`);
    const [document] = parseTerraform(text).configurations;
    assert.deepEqual(document?.value, { ip_filter: [sent] }, JSON.stringify([open, body]));
  }
});
