import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, applyEdits, compatibleFixes, fixAll, type Finding, type TextEdit } from '../../server/src/core';
import { parseDocument } from '../../server/src/core/formats/json/document';
import { selectionRanges } from '../../server/src/core/editor';
import { parseQuantity } from '../../server/src/core/units';
import type { Unit } from '../../server/src/core/schema';
import { show } from '../../server/src/core/values';
import { documentWith, SECRET_FIELDS } from '../support/schema-docs';
import { cpuTimed } from '../support/cpu-time';

// Bugs found by fuzzing the analyzer, each kept as a test of its own.

const inside = (text: string, offset: number, length: number): boolean => offset >= 0 && length >= 0 && offset + length <= text.length;

test('syntax errors at the end of the text (unclosed comment, missing brace) lie inside the document', () => {
  for (const [text, fileName] of [
    ['{ "a": 1 /* open', 'x.json'],
    ['{ "a": 1 /* open', 'x.jsonc'],
    ['{ "a": [1', 'x.json'],
    ['{', 'x.json'],
    ['{ "saml": {\r\n', 'x.json'],
  ] as const) {
    const { findings } = analyze(text, { fileName });
    assert.ok(findings.length > 0, `${JSON.stringify(text)} is reported`);
    for (const f of findings)
      assert.ok(
        inside(text, f.offset, f.length),
        `${f.ruleId} ${f.offset}+${f.length} inside ${text.length} chars of ${JSON.stringify(text)}`,
      );
    for (const e of parseDocument(text, { fileName }).syntaxErrors)
      assert.ok(inside(text, e.offset, e.length), `${e.code} ${e.offset}+${e.length}`);
  }
});

test('an object left open by an unclosed comment ends inside the document, and findings on it too', () => {
  const text = '{ "search_dashboards": { "max_old_space_size": { /* open\r\n';
  const doc = parseDocument(text, { fileName: 'x.jsonc' });
  const stack = doc.root ? [doc.root] : [];
  while (stack.length) {
    const n = stack.pop()!;
    assert.ok(inside(text, n.offset, n.length), `${n.type} node ${n.offset}+${n.length} inside ${text.length} chars`);
    stack.push(...(n.children ?? []));
  }
  for (const f of analyze(text, { fileName: 'x.jsonc' }).findings)
    assert.ok(inside(text, f.offset, f.length), `${f.ruleId} ${f.offset}+${f.length}`);
});

const overflows = (text: string, fileName: string): string | undefined => {
  try {
    analyze(text, { fileName });
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
};

test('a line comment ended by a lone CR does not hide deep nesting from the depth limit', () => {
  const text = '// generated\r' + '['.repeat(100_000);
  for (const fileName of ['x.json', 'x.jsonc']) {
    assert.equal(overflows(text, fileName), undefined);
    assert.deepEqual(
      analyze(text, { fileName }).findings.map((f) => f.ruleId),
      ['input-limit'],
    );
  }
});

test('closers that do not match their container do not hide deep nesting from the depth limit', () => {
  // jsonc-parser skips a `}` inside an array as an error, so `[` after it nests deeper.
  for (const unit of ['[*/,},', '*/[},"a"//x\n', '[1,},', '{"a":1]"b":{']) {
    const text = unit.repeat(Math.ceil(200_000 / unit.length));
    for (const fileName of ['x.json', 'x.jsonc'])
      assert.equal(overflows(text, fileName), undefined, `${JSON.stringify(unit)} repeated, ${fileName}`);
  }
});

test('comments end at a lone CR, as in the parser', () => {
  const text = '{\r// search-config-disable-next-line unknown-field\r"a": 1 /* open';
  const comments = parseDocument(text, { fileName: 'x.jsonc' }).comments();
  assert.deepEqual(
    comments.map((c) => [c.text, c.line]),
    [
      ['search-config-disable-next-line unknown-field', 1],
      ['open', 2],
    ],
  );
});

test('insertions at the same offset keep their order, as in LSP', () => {
  assert.equal(
    applyEdits('ab', [
      { offset: 1, length: 0, newText: 'X' },
      { offset: 1, length: 0, newText: 'Y' },
    ]),
    'aXYb',
  );
  assert.equal(
    applyEdits('abcd', [
      { offset: 1, length: 2, newText: '-' },
      { offset: 1, length: 0, newText: '+' },
    ]),
    'a+-d',
  );
});

test('thousands of fixes are applied and chosen in linear-ish time', () => {
  const n = 50_000;
  const text = 'x'.repeat(n * 4);
  const findings = Array.from(
    { length: n },
    (_, i) => ({ fix: { title: 't', edits: [{ offset: i * 4, length: 2, newText: 'yy' }] } }) as unknown as Finding,
  );
  const {
    value: { fixes, out },
    ms,
  } = cpuTimed(() => {
    const fixes = compatibleFixes(findings);
    return {
      fixes,
      out: applyEdits(
        text,
        fixes.flatMap((f) => f.edits),
      ),
    };
  });
  assert.equal(fixes.length, n);
  assert.equal(out, 'yyxx'.repeat(n));
  assert.ok(ms < 2000, `took ${Math.round(ms)} ms`);
});

test('compatibleFixes agrees with the pairwise overlap definition on random edits', () => {
  let seed = 12345;
  const rnd = (k: number): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed % k;
  };
  const overlap = (a: TextEdit, b: TextEdit): boolean => a.offset < b.offset + b.length && b.offset < a.offset + a.length;
  for (let round = 0; round < 300; round++) {
    const findings = Array.from({ length: rnd(12) }, () => {
      const edits: TextEdit[] = [];
      const count = 1 + rnd(2);
      let at = rnd(30);
      for (let i = 0; i < count; i++) {
        const length = rnd(4);
        edits.push({ offset: at, length, newText: '' });
        at += length + rnd(5);
      }
      return { fix: rnd(5) ? { title: 'f', edits } : undefined } as unknown as Finding;
    });
    const expected: TextEdit[][] = [];
    for (const f of findings)
      if (f.fix && !f.fix.edits.some((e) => expected.some((taken) => taken.some((t) => overlap(e, t))))) expected.push(f.fix.edits);
    assert.deepEqual(
      compatibleFixes(findings).map((f) => f.edits),
      expected,
      `round ${round}`,
    );
  }
});

test('reading a quantity such as "100mb" does not backtrack on long runs of blanks', () => {
  for (const text of [
    `1${' '.repeat(50_000)}!`,
    `1${' '.repeat(50_000)}mb${' '.repeat(50_000)}x`,
    `1 mb${' '.repeat(50_000)}/${' '.repeat(50_000)}x`,
  ]) {
    const { value, ms } = cpuTimed(() => parseQuantity(text, 'ms'));
    assert.equal(value, undefined);
    assert.ok(ms < 500, `${Math.round(ms)} ms of CPU`);
  }
});

test('reading a quantity agrees with the single regular expression it replaces, on short strings', () => {
  const reference = (text: string, unit: Unit): number | undefined => {
    const m = /^\s*(\d+(?:\.\d+)?)\s*([a-zA-Z%]*)\s*(?:\/\s*s(?:ec)?)?\s*$/.exec(text);
    if (!m) return undefined;
    return parseQuantity(`${m[1]}${m[2]}`, unit)?.value;
  };
  const pieces = ['', ' ', '1', '10', '1.5', '.', 'mb', 'MiB', 's', 'sec', 'ms', '%', '/', '/s', '/ sec', 'x', '\t', '\n', 'h', '1.'];
  const units: Unit[] = ['bytes', 'MiB', 'MB/s', 'ms', 'seconds', 'hours', 'days', 'percent', 'count'];
  for (const a of pieces)
    for (const b of pieces)
      for (const c of pieces) {
        const text = a + b + c;
        for (const unit of units)
          assert.equal(parseQuantity(text, unit)?.value, reference(text, unit), `${JSON.stringify(text)} in ${unit}`);
      }
});

test('a unit suffix named like an Object.prototype member is not a unit', () => {
  for (const unit of ['bytes', 'ms'] as const) assert.equal(parseQuantity('10constructor', unit), undefined);
});

test('syntax errors never quote what may be a secret value, but still quote punctuation and known keys', () => {
  for (const text of [
    '{"openid": {"client_secret": "hunter2-value}}',
    '{"openid": {"client_secret": hunter2value}}',
    '{"openid": {"client_secret": "hunter2" "x": 1}}',
    '{"password": 12345hunter2}',
  ]) {
    for (const f of analyze(text, { fileName: 'x.json' }).findings) assert.doesNotMatch(f.message, /hunter2/, `${text}: ${f.message}`);
  }
  const messages = analyze('{ "search_version": "2.19" "static_ips": true }', { fileName: 'x.json' }).findings.map((f) => f.message);
  assert.ok(
    messages.some((m) => m.includes('(found "\\"static_ips\\"")')),
    messages.join('\n'),
  );
});

test('a secret written as a number is hidden in messages and fix titles too', () => {
  const secret = SECRET_FIELDS[0];
  assert.ok(secret, 'the schema has a secret field');
  const text = documentWith(secret, '86753091234');
  const findings = analyze(text, { fileName: 'x.json' }).findings;
  assert.ok(
    findings.some((f) => f.ruleId === 'type-mismatch'),
    'the number is reported',
  );
  for (const f of findings) {
    assert.doesNotMatch(f.message, /86753091234/, f.message);
    for (const fix of [...(f.fix ? [f.fix] : []), ...(f.suggestions ?? [])]) assert.doesNotMatch(fix.title, /86753091234/, fix.title);
  }
  assert.equal(show(86753091234, secret.schema), show('a string secret', secret.schema));
});

test('removing earlier duplicate keys after a comment gives edits that do not overlap', () => {
  const text = '{\n\t"search": {\n\t\t"x": 1,\n\t\t/* note */ "k": 1,\n\t\t"k": 1,\n\t\t"k": 1\n\t}\n}\n';
  const f = analyze(text, { fileName: 'x.jsonc' }).findings.find((x) => x.ruleId === 'duplicate-key' && x.suggestions?.length);
  assert.ok(f, 'the suggestion is offered');
  const edits = [...f.suggestions![0].edits].sort((a, b) => a.offset - b.offset);
  for (let i = 1; i < edits.length; i++)
    assert.ok(edits[i - 1].offset + edits[i - 1].length <= edits[i].offset, `edits ${JSON.stringify(edits)} overlap`);
  const fixed = applyEdits(text, edits);
  const doc = parseDocument(fixed, { fileName: 'x.jsonc' });
  assert.deepEqual(doc.syntaxErrors, []);
  assert.equal((fixed.match(/"k"/g) ?? []).length, 1, fixed);
});

test('selection ranges of unclosed objects, arrays and strings never split a CRLF', () => {
  for (const text of ['{\r\n', '{"a": [1,\r\n', '{"a": "abc\r\n', '[\r\n\r\n', '{"a": {"b": 1}\r\n']) {
    const doc = parseDocument(text, { fileName: 'x.json' });
    for (let offset = 0; offset <= text.length; offset++) {
      for (const r of selectionRanges(doc, offset)) {
        const end = r.offset + r.length;
        assert.ok(r.offset >= 0 && end <= text.length, `${JSON.stringify(text)} at ${offset}: ${JSON.stringify(r)}`);
        assert.ok(
          !(text[end - 1] === '\r' && text[end] === '\n'),
          `${JSON.stringify(text)} at ${offset}: ${JSON.stringify(r)} ends inside a CRLF`,
        );
      }
    }
  }
});

test('a byte order mark is not a syntax error, and offsets and fixes keep it', () => {
  const text = '\ufeff{ "search": { "http_max_content_length": "104857600" } }';
  const { findings } = analyze(text, { fileName: 'bom.search.json' });
  assert.deepEqual(
    findings.filter((f) => f.ruleId === 'invalid-json'),
    [],
  );
  const mismatch = findings.find((f) => f.ruleId === 'type-mismatch');
  assert.equal(text.slice(mismatch!.offset, mismatch!.offset + mismatch!.length), '"104857600"');
  assert.equal(fixAll(text, { fileName: 'bom.search.json' }).text, '\ufeff{ "search": { "http_max_content_length": 104857600 } }');
});
