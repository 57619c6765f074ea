import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import schemaJson from '../../schemas/search-config.schema.json';
import metaSchemaJson from '../../schemas/search-config.meta.schema.json';
import { ALL_FIELDS, BY_ENGINE_SETTING, fieldByName, isDocumented, typesOf, type FieldInfo } from '../../server/src/core/schema';
import { parseQuantity } from '../../server/src/core/units';
import { VALUE_KEYWORDS } from '../../server/src/core/rules/invalid-value';
import { REPO } from '../support/repo';

const ROOT = REPO;

/** One documented field of the service specification (test/fixtures/spec-fields.txt). */
interface SpecField {
  path: string;
  types: string[];
  default?: string;
  unit?: string;
  engineSetting?: string;
  markers: Set<string>;
}

function loadSpecFields(): SpecField[] {
  const text = fs.readFileSync(path.join(ROOT, 'test/fixtures/spec-fields.txt'), 'utf8');
  const opt = (s: string): string | undefined => (s === '-' ? undefined : s);
  return text
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((line) => {
      const [p, type, def, unit, engine, markers] = line.split('\t');
      return {
        path: p,
        types: type.split('|'),
        default: opt(def),
        unit: opt(unit),
        engineSetting: opt(engine),
        markers: new Set(markers === '-' ? [] : markers.split(',')),
      };
    });
}
const SPEC = loadSpecFields();
const fieldOf = (s: SpecField): FieldInfo => {
  const f = fieldByName(s.path);
  assert.ok(f, `${s.path} (documented by the spec) is missing from the schema`);
  return f;
};

function metaValidator() {
  const ajv = new Ajv({ allErrors: true, strict: false });
  return ajv.compile(metaSchemaJson);
}

test('the schema validates against the meta-schema of its annotation keywords', () => {
  const validate = metaValidator();
  const ok = validate(schemaJson);
  assert.ok(
    ok,
    `schema annotation errors:\n${(validate.errors ?? []).map((e) => `  ${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`).join('\n')}`,
  );
});

test('the meta-schema rejects malformed annotations', () => {
  const validate = metaValidator();
  const bad: Array<[string, unknown]> = [
    ['unknown unit', { properties: { a: { type: 'integer', unit: 'furlongs' } } }],
    ['unit on a string', { properties: { a: { type: 'string', unit: 'ms' } } }],
    ['restartsEngine false', { properties: { a: { type: 'array', restartsEngine: false } } }],
    ['deprecation message without deprecated', { properties: { a: { type: 'integer', deprecationMessage: 'x' } } }],
    ['engine setting with spaces', { properties: { a: { type: 'integer', engineSetting: 'http max' } } }],
  ];
  for (const [name, schema] of bad) assert.equal(validate(schema), false, `${name} is rejected`);
});

test('the spec field list is complete enough to be meaningful', () => {
  assert.ok(SPEC.length >= 80, `${SPEC.length} spec fields`);
  for (const m of ['restartsEngine', 'createOnly', 'secret', 'deprecated'])
    assert.ok(
      SPEC.some((s) => s.markers.has(m)),
      `the spec names ${m} fields`,
    );
});

test('every field of the spec is in the schema, documented, with a description', () => {
  for (const s of SPEC) {
    const f = fieldOf(s);
    assert.ok(isDocumented(f), `${s.path} is documented by the spec, so it must not be vendorOnly`);
    assert.ok(f.schema.description && f.schema.description.trim().length >= 10, `${s.path} has a description`);
  }
});

test('documented schema fields outside the spec only describe shapes the spec leaves unshown', () => {
  // Spec: "Item shape of index_patterns: not shown", "Fields inside search.auth_failure_listeners
  // other than enable_security_audit: not shown"; array items of documented arrays likewise.
  const specPaths = new Set(SPEC.map((s) => s.path));
  const unshownObjects = new Set(['search.auth_failure_listeners']);
  for (const f of ALL_FIELDS.filter(isDocumented)) {
    if (specPaths.has(f.dotted)) continue;
    let a = f.parent;
    while (a && !specPaths.has(a.dotted)) a = a.parent;
    assert.ok(a, `${f.dotted} is documented in the schema but not in the spec: mark it vendorOnly or remove it`);
    const spec = SPEC.find((s) => s.path === a!.dotted)!;
    assert.ok(spec.types.includes('array') || unshownObjects.has(a.dotted), `${f.dotted} extends ${a.dotted}, whose shape the spec shows`);
  }
});

test('types are exactly as the spec says; "or null" accepts null and plain types do not', () => {
  for (const s of SPEC) {
    const types = typesOf(fieldOf(s).schema);
    assert.deepEqual([...types].sort(), [...s.types].sort(), `${s.path}: spec says ${s.types.join(' or ')}`);
  }
});

/** The spec's default as a value of the field's type, read in the field's unit ("48mb", "10%"). */
function specDefault(s: SpecField, f: FieldInfo): unknown {
  const text = s.default!;
  const types = typesOf(f.schema);
  if (types.includes('boolean')) return text === 'true' ? true : text === 'false' ? false : text;
  if (types.includes('integer') || types.includes('number')) {
    if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
    const q = f.schema.unit ? parseQuantity(text, f.schema.unit) : undefined;
    assert.ok(q?.exact, `${s.path}: the spec default "${text}" is not a whole number of ${f.schema.unit ?? '(no unit)'}`);
    return q.value;
  }
  return text;
}

test('every documented default of the spec is the default in the schema', () => {
  const withDefault = SPEC.filter((s) => s.default !== undefined);
  assert.ok(withDefault.length >= 15, `${withDefault.length} spec defaults`);
  for (const s of withDefault) {
    const f = fieldOf(s);
    if (/^unbound(ed)?$/.test(s.default!)) {
      assert.equal(f.schema.default, undefined, `${s.path} has no numeric default`);
      assert.match(f.schema.defaultText ?? '', /unbound/, `${s.path}: defaultText says it is unbounded`);
      continue;
    }
    assert.deepEqual(f.schema.default, specDefault(s, f), `${s.path}: spec default "${s.default}"`);
  }
});

test('every unit the spec names is the unit in the schema', () => {
  for (const s of SPEC.filter((x) => x.unit)) assert.equal(fieldOf(s).schema.unit, s.unit, s.path);
});

test('every engine setting the spec names is in the schema, once', () => {
  for (const s of SPEC.filter((x) => x.engineSetting)) {
    assert.equal(fieldOf(s).schema.engineSetting, s.engineSetting, s.path);
    assert.equal(BY_ENGINE_SETTING.get(s.engineSetting!)?.dotted, s.path, `${s.engineSetting} maps to one field`);
  }
  const all = ALL_FIELDS.filter((f) => f.schema.engineSetting).map((f) => f.schema.engineSetting);
  assert.equal(new Set(all).size, all.length, 'no engine setting is claimed by two fields');
});

test('restart, create-only, secret, deprecation, thread pool and required markers follow the spec', () => {
  const markerOf: Record<string, (f: FieldInfo) => boolean> = {
    restartsEngine: (f) => f.schema.restartsEngine === true,
    createOnly: (f) => f.schema.createOnly === true,
    secret: (f) => f.schema.secret === true,
    deprecated: (f) => f.schema.deprecated === true && !!f.schema.deprecationMessage,
    threadPool: (f) => f.schema.threadPool === true,
    performance: (f) => f.schema.performanceThreshold !== undefined && f.schema.performanceThreshold === f.schema.default,
    required: (f) => !!f.parent?.schema.required?.includes(f.key),
  };
  for (const s of SPEC) {
    const f = fieldOf(s);
    for (const m of s.markers) assert.ok(markerOf[m]?.(f), `${s.path}: the spec marks it ${m}`);
  }
  // Markers the spec states for some fields must not spread to other documented fields.
  for (const m of ['restartsEngine', 'threadPool', 'deprecated']) {
    const expected = new Set(SPEC.filter((s) => s.markers.has(m)).map((s) => s.path));
    for (const f of ALL_FIELDS.filter((x) => isDocumented(x) && markerOf[m](x))) {
      assert.ok(
        expected.has(f.dotted) || !SPEC.some((s) => s.path === f.dotted),
        `${f.dotted} is marked ${m} but the spec does not say so`,
      );
    }
  }
});

test('secret fields have no example or default that would put a secret into documentation', () => {
  for (const f of ALL_FIELDS.filter((x) => x.schema.secret)) {
    assert.equal(f.schema.default, undefined, `${f.dotted} has no default`);
    for (const ex of f.schema.examples ?? [])
      assert.match(String(ex), /^<[A-Z_]+>$|^\$\{[A-Z_]+\}$/, `${f.dotted}: example ${JSON.stringify(ex)} should be a placeholder`);
  }
});

test('fields whose names say they hold credentials are secret, documented or not', () => {
  const credential = /(^|_)(secret|password|credentials|signing_key|sas_token|secret_key)$|^key$/;
  const named = ALL_FIELDS.filter((f) => credential.test(f.key));
  assert.ok(named.length >= 2, 'the schema has credential fields');
  for (const f of named) assert.equal(f.schema.secret, true, `${f.dotted} holds a credential: mark it secret so its value is never shown`);
});

test('no required member has a default (the API would fill it in): missing-required inserts placeholders and examples only', () => {
  type Node = { required?: string[]; else?: { required?: string[] }; properties?: Record<string, Node>; items?: Node; default?: unknown };
  const found: string[] = [];
  let required = 0;
  const walk = (node: Node | undefined, at: string): void => {
    if (!node || typeof node !== 'object') return;
    for (const name of [...(node.required ?? []), ...(node.else?.required ?? [])]) {
      required++;
      if (node.properties?.[name] && 'default' in node.properties[name]) found.push(`${at}.${name}`);
    }
    for (const [key, child] of Object.entries(node.properties ?? {})) walk(child, `${at}.${key}`);
    walk(node.items, `${at}[]`);
  };
  walk(schemaJson as Node, '');
  assert.ok(required >= 9, `only ${required} required members found: the walk no longer reaches them`);
  assert.deepEqual(found, []);
});

test("ip_filter's default lets the whole Internet in, and every CIDR field is in ip_filter: what ip-filter-open says of both", () => {
  assert.deepEqual(fieldByName('ip_filter')?.schema.default, ['0.0.0.0/0', '::/0']);
  const cidr = ALL_FIELDS.filter((f) => f.schema.valueFormat === 'cidr').map((f) => f.dotted);
  assert.deepEqual(cidr.sort(), ['ip_filter[]', 'ip_filter[].network']);
});

/** JSON Schema's keywords that judge a value (draft 7 and 2019-09), as opposed to annotations. */
const VALIDATION_KEYWORDS = new Set([
  'type',
  'enum',
  'const',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'format',
  'items',
  'additionalItems',
  'prefixItems',
  'maxItems',
  'minItems',
  'uniqueItems',
  'contains',
  'maxContains',
  'minContains',
  'maxProperties',
  'minProperties',
  'required',
  'properties',
  'patternProperties',
  'additionalProperties',
  'dependencies',
  'dependentRequired',
  'dependentSchemas',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'if',
  'then',
  'else',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
]);

test("invalid-value explains every value keyword the schema uses: the others are type-mismatch's, missing-required's, unknown-field's, or in an if", () => {
  type Node = Record<string, unknown> & { properties?: Record<string, Node>; items?: Node; if?: Node; else?: Node };
  const elsewhere = new Set(['type', 'required', 'additionalProperties', 'properties', 'items', 'if', 'else']);
  const found = new Set<string>();
  const walk = (node: Node | undefined, at: string, inIf: boolean): void => {
    if (!node || typeof node !== 'object') return;
    for (const key of Object.keys(node)) {
      if (!VALIDATION_KEYWORDS.has(key) || elsewhere.has(key)) continue;
      // ajv reports nothing of an `if`: it only chooses whether `else` applies.
      if (inIf && key === 'const') continue;
      found.add(key);
      assert.ok(
        (VALUE_KEYWORDS as readonly string[]).includes(key),
        `${at || '(root)'} uses ${key}, which invalid-value has no sentence for`,
      );
    }
    for (const [key, child] of Object.entries(node.properties ?? {})) walk(child, at ? `${at}.${key}` : key, inIf);
    walk(node.items, `${at}[]`, inIf);
    walk(node.if, `${at} (if)`, true);
    walk(node.else, `${at} (else)`, inIf);
  };
  walk(schemaJson as Node, '', false);
  assert.deepEqual(
    [...found].sort(),
    [...VALUE_KEYWORDS].sort(),
    'a keyword invalid-value explains is no longer used: its sentence can go',
  );
});

test("what invalid-value's sentences rely on: minimum lengths of 1, no format beside a maximum, allowed values of text, never on a secret or blank", () => {
  for (const f of ALL_FIELDS) {
    const s = f.schema;
    if (s.minLength !== undefined) assert.equal(s.minLength, 1, `${f.dotted}: a value too short is then not always empty`);
    if (s.valueFormat) assert.equal(s.maximum, undefined, `${f.dotted}: a formatted field is not checked against 2^63-1`);
    if (!s.enum) continue;
    assert.ok(!s.secret, `${f.dotted}: a secret's allowed values would be suggested`);
    // (So no object breaks a keyword invalid-value explains: the others judge only numbers, texts and lists.)
    assert.ok(
      typesOf(s).every((t) => t === 'string' || t === 'null'),
      `${f.dotted}: allowed values of a type other than text`,
    );
    for (const v of s.enum) assert.ok(v === null || (typeof v === 'string' && v.trim() !== ''), `${f.dotted}: ${JSON.stringify(v)}`);
  }
});

test('every requires names a field, and no chain of requires comes back to where it started (no-effect follows them)', () => {
  for (const f of ALL_FIELDS) {
    const seen = new Set<string>([f.dotted]);
    for (let at = f.schema.requires; at !== undefined; at = fieldByName(at)?.schema.requires) {
      assert.ok(fieldByName(at), `${f.dotted} requires ${at}, which is no field`);
      assert.ok(!seen.has(at), `${f.dotted}: requires come back to ${at}`);
      seen.add(at);
    }
  }
  assert.ok(
    ALL_FIELDS.some((f) => f.schema.requires && fieldByName(f.schema.requires)?.schema.requires),
    'a chain of two is held',
  );
});
