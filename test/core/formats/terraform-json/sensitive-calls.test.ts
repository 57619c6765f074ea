import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, memberHoverAt, UNKNOWN_VALUE, type TerraformDocument } from '../../../../server/src/core';
import { loadTerraformFromDisk } from '../../../../server/src/node/terraform-wasm';

// A string of Terraform's JSON syntax is an HCL template: `"${sensitive(\"...\")}"` is read as the same
// template in a .tf file is, the literal given to sensitive(), and that value is never shown.

before(() => loadTerraformFromDisk());

/** The one configuration of a file whose only member is `probe`, in either syntax, written as the same template. */
function probe(template: string, syntax: 'tf' | 'tf.json'): { value: unknown; unknown: boolean; sensitive: boolean } {
  // A key no schema describes: its value is kept as read, without Terraform's conversion for a field.
  const text =
    syntax === 'tf'
      ? `resource "vendor_search" "a" {\n  search_user_config {\n    probe = "${template}"\n  }\n}\n`
      : `${JSON.stringify({ resource: { vendor_search: { a: { search_user_config: { probe: template } } } } }, null, 2)}\n`;
  const result = analyze(text, { fileName: `main.${syntax}` });
  assert.deepEqual(result.internalErrors, []);
  const doc = result.configurations[0] as TerraformDocument;
  const atProbe = (paths: readonly unknown[][] | undefined): boolean => !!paths?.some((p) => p.length === 1 && p[0] === 'probe');
  return {
    value: (doc.value as Record<string, unknown>).probe,
    unknown: atProbe(doc.unknownPaths as unknown[][] | undefined),
    sensitive: atProbe(doc.sensitivePaths as unknown[][] | undefined),
  };
}

/** Templates both syntaxes read as the literal they give sensitive(), written as HCL writes them. */
const READ: ReadonlyArray<[string, unknown]> = [
  ['${sensitive("s3cr3t-value")}', 's3cr3t-value'],
  // HCL's escapes, which in a .tf.json file stand under JSON's own.
  ['${sensitive("a\\"b\\\\c\\td\\n")}', 'a"b\\c\td\n'],
  ['${sensitive("\\u0041\\U0001F600")}', 'A\u{1F600}'],
  // Doubled, `${` and `%{` are text.
  ['${sensitive("$${x}%%{y}")}', '${x}%{y}'],
  ['${sensitive("")}', ''],
  ['${ sensitive ( "x" ) }', 'x'],
  ['${~sensitive("x")~}', 'x'],
  ['${sensitive("x",)}', 'x'],
  ['${sensitive(100)}', 100],
  ['${sensitive(2.5e1)}', 25],
  ['${sensitive(0.5)}', 0.5],
  ['${sensitive(-5)}', -5],
  ['${sensitive(- 5)}', -5],
  ['${sensitive(true)}', true],
  ['${sensitive(false)}', false],
  ['${sensitive(null)}', null],
];

/** Templates a .tf.json file leaves unknown: anything but one literal given to sensitive() and nothing else. */
const UNREAD = [
  '${sensitive(var.x)}',
  '${sensitive("a${var.x}")}',
  '${sensitive("a%{if true}b%{endif}")}',
  '${sensitive("x", "y")}',
  '${sensitive("x"...)}',
  '${sensitive("a\\qb")}',
  '${sensitive("\\u00")}',
  '${sensitive(0x10)}',
  '${sensitive(.5)}',
  '${sensitive()}',
  '${sensitive("x")}y',
  'y${sensitive("x")}',
  '${upper(sensitive("x"))}',
  '${sensitive("x") == "x"}',
  '${nonsensitive("x")}',
];

test('sensitive(LITERAL) as a whole template is read in a .tf.json file as in a .tf file: the literal, marked sensitive', () => {
  for (const [template, expected] of READ) {
    const json = probe(template, 'tf.json');
    assert.deepEqual(json, { value: expected, unknown: false, sensitive: true }, `${template} in .tf.json`);
    assert.deepEqual(probe(template, 'tf'), json, `${template}: the same in .tf`);
  }
  // `$$${` is a dollar and then the text `${`, as Terraform's scanner reads it, and as any string of a
  // .tf.json file is read here; the grammar of the .tf reader takes it for an interpolation (unknown).
  assert.deepEqual(probe('${sensitive("$$${x}")}', 'tf.json'), { value: '$${x}', unknown: false, sensitive: true });
});

test('any other template is unknown in a .tf.json file, and one that calls sensitive() is never shown', () => {
  for (const template of UNREAD) {
    const json = probe(template, 'tf.json');
    assert.deepEqual(
      { value: json.value, unknown: json.unknown, sensitive: json.sensitive },
      { value: UNKNOWN_VALUE, unknown: true, sensitive: /(?:^|[^\w-])sensitive\(/.test(template) },
      `${template} in .tf.json`,
    );
  }
  // A literal with a line break in it: HCL's quoted strings have none (`\n` writes one).
  assert.equal(probe('${sensitive("a\nb")}', 'tf.json').value, UNKNOWN_VALUE);
});

test('hover over a value given to sensitive() shows the field, never the value', () => {
  const secret = 'HoverSecretDomain.example x';
  const text = `${JSON.stringify({ resource: { vendor_search: { a: { search_user_config: { custom_domain: `\${sensitive("${secret}")}` } } } } }, null, 2)}\n`;
  const result = analyze(text, { fileName: 'main.tf.json' });
  const doc = result.configurations[0] as TerraformDocument;
  assert.equal((doc.value as Record<string, unknown>).custom_domain, secret, 'the value is read');
  const hover = memberHoverAt(result.configurations as TerraformDocument[], text.indexOf('HoverSecret'));
  assert.ok(hover, 'a hover is given');
  assert.ok(hover.markdown.includes('custom_domain'), hover.markdown);
  assert.ok(!hover.markdown.includes('HoverSecret'), hover.markdown);
});
