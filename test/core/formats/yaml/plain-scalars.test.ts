/**
 * The scalars of the plain block reader, against the `yaml` package, which it stands in for: what a plain
 * scalar means in YAML 1.2's core schema, and the escapes of double-quoted scalars. And what kubectl and
 * Helm send for the plain scalars Go's reader (go-yaml) reads otherwise: `yes` is true, `0777` is 511,
 * `10_000` is 10000, `0b101` is 5; each case stated.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import YAML from 'yaml';
import { escapeAt, kubernetesValue, plainValue } from '../../../../server/src/core/formats/yaml/plain-scalars';

// Each spelling of the core schema, and near misses: a word before or after it, a letter of another case.
const PLAIN = [
  ...['', '~', 'null', 'Null', 'NULL', 'nULL', 'null x', 'x null'],
  ...['true', 'True', 'TRUE', 'tRUE', 'false', 'False', 'FALSE', 'x true', 'true x', 'truex', 'ttrue', 'FFALSE'],
  ...['0o17', '0o8', 'x0o17', '0o17x', '0o', '10o17'],
  ...['12', '+12', '-12', '007', '1 2', '12x'],
  ...['0x1F', '0x1f', '0x1g', '0X1F', 'x0x1F', '10x1F'],
  ...['.inf', '.Inf', '.INF', '-.inf', '+.Inf', '.iNF', 'x.inf', '.infx', '.nan', '.NaN', '.NAN', '-.nan', 'x.nan', '.nanx'],
  ...['1e3', '1E3', '-1e-3', '.5e2', '1.e2', '1.5e+2', 'e3', '1e', 'x1e3', '1e3x', 'n1e3'],
  ...['1.5', '.5', '.55', '+.55', '-1.', '1.', '.', '+', '-.', '1.5x', 'x1.5'],
  ...['yes', 'on', 'y', '1_000', '0777', 'text', 'n/a'],
];

test("a plain scalar means what the yaml package's core schema makes of it", () => {
  for (const source of PLAIN) {
    // An empty plain scalar is null (the value of `key:`); an empty document is none.
    const expected: unknown = source === '' ? null : YAML.parse(`${source}\n`);
    const got = plainValue(source);
    assert.ok(
      Object.is(got, expected) || got === expected,
      `${JSON.stringify(source)}: ${String(got)}, the yaml package ${String(expected)}`,
    );
  }
});

test('double-quoted escapes are read as the yaml package reads them, the longest and the unknown ones too', () => {
  // [the text after the backslash, what it stands for (undefined: an error)]
  const cases: Array<[string, string | undefined]> = [
    ['n', '\n'],
    ['f', '\f'],
    ['v', '\v'],
    ['b', '\b'],
    ['r', '\r'],
    ['x41', 'A'],
    ['u00e9', 'é'],
    ['U0001F600', '😀'],
    ['U0010FFFF', '\u{10FFFF}'],
    ['U00110000', undefined],
    ['x4', undefined],
    ['xZZ', undefined],
    ['u12G4', undefined],
    ['q', undefined],
    // Not an escape: its hex digits are not read as one.
    ['q0000004100', undefined],
  ];
  for (const [escape, text] of cases) {
    const source = `"\\${escape}"`;
    const read = escapeAt(source, 2, source.length - 1);
    assert.equal(read?.text, text, escape);
    if (read) assert.equal(read.length, escape.length, `${escape}: its length`);
    let oracle: string | undefined;
    try {
      const doc = YAML.parseDocument(`${source}\n`);
      oracle = doc.errors.length ? undefined : String(doc.toJS());
    } catch {
      oracle = undefined;
    }
    assert.equal(oracle, text, `${escape}: the yaml package`);
  }
});

test("an escape is read only up to the scalar's end", () => {
  // The closing quote at `end`: an escape whose digits run past it is none, one that ends at it is read.
  assert.deepEqual(escapeAt('x41', 0, 3), { text: 'A', length: 3 });
  assert.equal(escapeAt('x41"', 0, 2), undefined);
  assert.equal(escapeAt('n', 1, 1), undefined);
  assert.equal(escapeAt('nn', 1, 1), undefined);
});

test('what kubectl and Helm send for a plain scalar that YAML 1.1 reads otherwise', () => {
  // [the plain scalar, what they send]
  const cases: Array<[string, unknown]> = [
    ...(['y', 'Y', 'yes', 'Yes', 'YES', 'on', 'On', 'ON'] as const).map((s): [string, unknown] => [s, true]),
    ...(['n', 'N', 'no', 'No', 'NO', 'off', 'Off', 'OFF'] as const).map((s): [string, unknown] => [s, false]),
    ['yEs', 'yEs'],
    ['oN', 'oN'],
    ['yes x', 'yes x'],
    ['x yes', 'x yes'],
    ['nope', 'nope'],
    ['10_000', 10000],
    ['1_000', 1000],
    ['1_0_0', 100],
    ['-1_000', -1000],
    ['+1_0', 10],
    // go-yaml drops every `_` before it reads a number, wherever it stands.
    ['0_1', 1],
    ['1__0', 10],
    ['1_', 1],
    ['_1', '_1'],
    ['x1_000', 'x1_000'],
    ['1_000x', '1_000x'],
    ['9_007_199_254_740_993', Number('9007199254740993')],
    ['1_000.5', 1000.5],
    ['1_0e2', 1000],
    // Go's prefixes, in either case and after a sign, where YAML 1.2 allows only `0o` and `0x` unsigned.
    ['0b101', 5],
    ['0B101', 5],
    ['-0b101', -5],
    ['+0b1_01', 5],
    ['0b102', '0b102'],
    ['0b', '0b'],
    ['0O17', 15],
    ['-0o17', -15],
    ['0X1F', 31],
    ['-0x1F', -31],
    ['0x_1F', 31],
    ['0x1G', '0x1G'],
    // 64 bits: a signed integer, or an unsigned one without a sign; past that a decimal is a float, other bases text.
    ['9_223_372_036_854_775_807', 2 ** 63 - 1],
    ['18_446_744_073_709_551_615', 2 ** 64 - 1],
    ['-9_223_372_036_854_775_808', -(2 ** 63)],
    ['+0x1_0000_0000_0000_0000', '+0x1_0000_0000_0000_0000'],
    ['-0_0', 0],
    ['0_', 0],
    ['-0_', 0],
    ['0_17', 15],
    ['-0_17', -15],
    ['0_8', 8],
    ['0b21', '0b21'],
    ['0o78', '0o78'],
    ['0o87', '0o87'],
    ['.5_5', '.5_5'],
    ['-.5_5', -0.55],
    ['+1_0.5', 10.5],
    ['-1_0.5', -10.5],
    ['1_0.25', 10.25],
    ['1_0e-2', 0.1],
    ['1_0e12', 1e13],
    ['1_0.5x', '1_0.5x'],
    ['1_x1.5', '1_x1.5'],
    ['1_x', '1_x'],
    ['0x1_0000_0000_0000_0000', '0x1_0000_0000_0000_0000'],
    ['0xFFFF_FFFF_FFFF_FFFF', 2 ** 64],
    ['+0x7FFF_FFFF_FFFF_FFFF', 2 ** 63],
    ['+0x8000_0000_0000_0000', '+0x8000_0000_0000_0000'],
    ['-0x8000_0000_0000_0000', -(2 ** 63)],
    ['-0x8000_0000_0000_0001', '-0x8000_0000_0000_0001'],
    // An octal past 64 bits is read as go-yaml reads a float of decimal digits.
    ['0_777_777_777_777_777_777_777', 2 ** 63 - 1],
    ['0_7_777_777_777_777_777_777_777', Number('7777777777777777777777')],
    ['1e4_00', '1e4_00'],
    ['+', '+'],
    ['-_', '-_'],
    ['0777', 511],
    ['-017', -15],
    ['+017', 15],
    ['08', 8],
    ['0', 0],
    ['12', 12],
    ['true', true],
    ['text', 'text'],
  ];
  for (const [source, sent] of cases) assert.equal(kubernetesValue(source, plainValue(source)), sent, source);
});
