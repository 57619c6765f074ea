import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  isOverrideFile,
  isVariableFile,
  overrideBlocksOf,
  variableRank,
  variableValues,
  type VariableSource,
} from '../../../../server/src/core/formats/terraform/variables';
import { loadTerraformFromDisk } from '../../../../server/src/node/terraform-wasm';

// The module's variables as Terraform takes them: which files give values, in which order, and what
// each kind of file says. Every case here is a question the module fixtures answer only in passing.

before(() => loadTerraformFromDisk());

/** name → [value, where it is set, sensitive] for the files given. */
function read(...files: Array<[string, string]>): Record<string, [unknown, string, boolean]> {
  const out: Record<string, [unknown, string, boolean]> = {};
  for (const [name, v] of variableValues(files.map(([fileName, text]): VariableSource => ({ fileName, text }))))
    out[name] = [v.value, v.from, v.sensitive === true];
  return out;
}

test('which files give values, and their rank: a name is matched whole, by its last part only', () => {
  for (const [name, rank] of [
    ['dir/prod.auto.tfvars', 4],
    ['prod.auto.tfvars.json', 4],
    ['terraform.tfvars.json', 3],
    ['terraform.tfvars', 2],
    ['override.tf', 1],
    ['dir\\db_override.tf.json', 1],
    ['main.tf', 0],
    ['main.tf.json', 0],
    // Named only in part like one of them: an ordinary file, or none Terraform reads.
    ['myoverride.tf', 0],
    ['override.tf.orig', -1],
    ['prod.auto.tfvars.bak', -1],
    ['main.tf.bak', -1],
    ['prod.tfvars', -1],
    ['notes.txt', -1],
    ['terraform.tfvars/x.txt', -1],
  ] as const)
    assert.equal(variableRank(name), rank, name);
  assert.equal(isVariableFile('main.tf'), true);
  assert.equal(isVariableFile('notes.txt'), false);
  assert.equal(isOverrideFile('a_override.tf'), true);
  assert.equal(isOverrideFile('main.tf'), false);
  assert.equal(isOverrideFile('terraform.tfvars'), false);
});

test("later sources win, in Terraform's order; files of one rank by name, compared by code unit (not by locale)", () => {
  const files: Array<[string, string]> = [
    ['b.auto.tfvars', 'x = "b"\ny = "b"\n'],
    ['terraform.tfvars', 'x = "tfvars"\ny = "tfvars"\nz = "tfvars"\n'],
    ['a.auto.tfvars', 'x = "a"\n'],
    ['Z.auto.tfvars', 'y = "Z"\n'],
    ['variables.tf', 'variable "x" { default = "default" }\nvariable "w" { default = "default" }\n'],
  ];
  const expected = {
    x: ['b', 'b.auto.tfvars:1', false],
    // "Z" sorts before "a" and "b" by code unit: b.auto.tfvars is read after it.
    y: ['b', 'b.auto.tfvars:2', false],
    z: ['tfvars', 'terraform.tfvars:3', false],
    w: ['default', 'variables.tf:2', false],
  };
  assert.deepEqual(read(...files), expected);
  assert.deepEqual(read(...files.slice().reverse()), expected, 'the order the files are given in does not matter');
  assert.deepEqual(read(['notes.txt', 'x = 1\n'], ['prod.tfvars', 'x = 2\n']), {}, 'files Terraform does not read give nothing');
});

test('declarations: the label quoted or not, only `variable` blocks, `sensitive` as a literal, the default as a literal', () => {
  const text = [
    'variable cap {',
    '  default = 5',
    '}',
    'variable "quoted\\u0041" {',
    '  default   = "q"',
    '  sensitive = true',
    '}',
    'variable "flag" {',
    '  default   = "f"',
    '  sensitive = local.secret',
    '}',
    'module "mod" {',
    '  source  = "./m"',
    '  default = 9999',
    '}',
    'output "out" {',
    '  value     = 1',
    '  sensitive = true',
    '}',
    'variable "computed" {',
    '  default = var.cap + 1',
    '}',
    'variable "none" {}',
    'variable {',
    '  default = 1',
    '}',
  ].join('\n');
  assert.deepEqual(read(['main.tf', text]), {
    cap: [5, 'main.tf:2', false],
    quotedA: ['q', 'main.tf:5', true],
    flag: ['f', 'main.tf:9', false],
  });
  // A declaration's `sensitive` marks the variable wherever its value is set.
  assert.deepEqual(read(['main.tf', 'variable "out" {\n  sensitive = true\n}\n'], ['terraform.tfvars', 'out = "x"\n']), {
    out: ['x', 'terraform.tfvars:1', true],
  });
});

test('files that say nothing: no declaration, comments only, a tfvars file without an assignment, broken JSON', () => {
  assert.deepEqual(
    read(
      ['main.tf', '# variable "x" { default = 1 }\n'],
      ['terraform.tfvars', '# x = 1\n'],
      ['a.auto.tfvars', 'x {\n}\n'],
      ['b.auto.tfvars.json', '  :  '],
      ['c.auto.tfvars.json', '{ "x": }'],
      ['d.auto.tfvars.json', '[1, 2]'],
      ['e.tf.json', '{ "variable": [] }'],
      ['f.tf.json', '{ "variable": { "x": "text", "y": { } } }'],
      ['g.tf.json', '[{ "variable": { "x": { "default": 1 } } }]'],
      ['h.tf.json', ':'],
    ),
    {},
  );
});

test("Terraform's JSON syntax and .tfvars.json: values, their lines, numbers with every digit, sensitive and typed declarations", () => {
  const declarations = [
    '{',
    '  "variable": {',
    '    "big": {',
    '      "type": "string",',
    '      "default": 12345678901234567890',
    '    },',
    '    "secret": {',
    '      "default": "abc",',
    '      "sensitive": true',
    '    },',
    '    "size": {',
    '      "type": "number",',
    '      "default": "4"',
    '    },',
    '    "later": {',
    '      "type": "string"',
    '    }',
    '  }',
    '}',
  ].join('\n');
  assert.deepEqual(read(['main.tf.json', declarations], ['terraform.tfvars.json', '{\n  "later": 98765432109876543210\n}\n']), {
    big: ['12345678901234567890', 'main.tf.json:5', false],
    secret: ['abc', 'main.tf.json:8', true],
    size: [4, 'main.tf.json:13', false],
    later: ['98765432109876543210', 'terraform.tfvars.json:2', false],
  });
  // A JSON file whose name has .json in its middle is HCL.
  assert.deepEqual(read(['vars.json.auto.tfvars', 'x = 1\n']), { x: [1, 'vars.json.auto.tfvars:1', false] });
});

test('a number assigned in .tfvars keeps every digit when its variable is a string', () => {
  assert.deepEqual(read(['main.tf', 'variable "id" {\n  type = string\n}\n'], ['terraform.tfvars', 'id = 12345678901234567890\n']), {
    id: ['12345678901234567890', 'terraform.tfvars:1', false],
  });
});

test('a null given to a variable declared nullable = false leaves it its default, as Terraform does; a nullable one takes the null', () => {
  const declared = (nullable: string): string => `variable "pool" {\n  type     = number\n  ${nullable}\n  default  = 4000\n}\n`;
  assert.deepEqual(read(['main.tf', declared('nullable = false')], ['terraform.tfvars', 'pool = null\n']), {
    pool: [4000, 'main.tf:4', false],
  });
  assert.deepEqual(read(['main.tf', declared('nullable = true')], ['terraform.tfvars', 'pool = null\n']), {
    pool: [null, 'terraform.tfvars:1', false],
  });
  assert.deepEqual(read(['main.tf', declared('')], ['a.auto.tfvars', 'pool = null\n']), { pool: [null, 'a.auto.tfvars:1', false] });
  // A value given after the null wins as ever; without a default the null leaves no value.
  assert.deepEqual(
    read(['main.tf', declared('nullable = false')], ['terraform.tfvars', 'pool = null\n'], ['a.auto.tfvars', 'pool = 8\n']),
    { pool: [8, 'a.auto.tfvars:1', false] },
  );
  assert.deepEqual(read(['main.tf', 'variable "pool" {\n  nullable = false\n}\n'], ['terraform.tfvars', 'pool = null\n']), {});
  // In Terraform's JSON syntax too.
  assert.deepEqual(
    read(
      ['main.tf.json', '{ "variable": { "pool": { "nullable": false, "default": 16 } } }'],
      ['terraform.tfvars.json', '{ "pool": null }'],
    ),
    { pool: [16, 'main.tf.json:1', false] },
  );
});

test('only an override file replaces configurations', () => {
  const resource = 'resource "vendor_search" "a" {\n  search_user_config {\n  }\n}\n';
  assert.equal(overrideBlocksOf({ fileName: 'override.tf', text: resource }).size, 1);
  assert.equal(overrideBlocksOf({ fileName: 'main.tf', text: resource }).size, 0);
  assert.equal(overrideBlocksOf({ fileName: 'terraform.tfvars', text: resource }).size, 0);
});

test('a file the HCL parser gives up on says nothing of its variables, and the next file is read as before', () => {
  // Broken on every line inside one block: the parser's error recovery would take minutes, and it stops
  // at its allowance instead (see parseAllowanceMs); a value in that file is unknown, not guessed.
  const broken = `variable "x" {\n  default = "declared"\n${'  = 1\n'.repeat(40_000)}}\n`;
  assert.deepEqual(read(['variables.tf', broken]), {});
  assert.deepEqual(read(['terraform.tfvars', `x = "set"\nlocals {\n${'  = 1\n'.repeat(40_000)}}\n`]), {});
  assert.deepEqual(read(['variables.tf', 'variable "x" { default = "declared" }\n']), { x: ['declared', 'variables.tf:1', false] });
});
