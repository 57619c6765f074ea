import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocument, RULES, type Finding } from '../../server/src/core';
import { FORMATTERS, type FileReport, type FormatContext } from '../../server/src/cli/formatters';
import { mergeFix, secretTextsOf, toJsonResult, treeSecretTexts } from '../../server/src/cli/formatters/json';
import { escapeXml } from '../../server/src/cli/formatters/junit';

/**
 * Each output format's exact text for reports built by hand: what the golden outputs (one fixed lint run,
 * without colour) cannot reach: colours, summaries without fixable findings, line breaks in messages,
 * suppressed results, the secret texts the JSON format keeps out of its fixes.
 */

const at = (line: number, character: number, length: number): Pick<Finding, 'range' | 'offset' | 'length'> => ({
  range: { start: { line, character }, end: { line, character: character + length } },
  offset: 0,
  length,
});

const finding = (ruleId: string, severity: Finding['severity'], message: string, more: Partial<Finding> = {}): Finding => ({
  ruleId,
  severity,
  message,
  path: 'search.field',
  ...at(1, 2, 5),
  ...more,
});

const report = (findings: Finding[], more: Partial<FileReport> = {}): FileReport => ({
  file: '/work/a.search.json',
  displayPath: 'a.search.json',
  text: '{}',
  findings,
  ...more,
});

const CTX: FormatContext = { cwd: '/work', color: false, version: '1.2.3' };
const FIX = { title: 'Replace', edits: [{ offset: 0, length: 0, newText: 'x' }] };
const ESC = '\x1b[';

test('stylish in colour: the path bold, each severity its colour, the rule id dim, the summary in the gravest colour', () => {
  const out = FORMATTERS.stylish(
    [
      report([
        finding('type-mismatch', 'error', 'an error', { fix: FIX }),
        finding('deprecated-field', 'warning', 'a warning'),
        finding('unit-hint', 'info', 'an info'),
        finding('no-effect', 'hint', 'a hint'),
      ]),
    ],
    { ...CTX, color: true },
  );
  assert.equal(
    out,
    [
      `${ESC}1ma.search.json${ESC}22m`,
      `  a.search.json:2:3  ${ESC}31merror  ${ESC}39m  an error  ${ESC}2mtype-mismatch${ESC}22m`,
      `  a.search.json:2:3  ${ESC}33mwarning${ESC}39m  a warning  ${ESC}2mdeprecated-field${ESC}22m`,
      `  a.search.json:2:3  ${ESC}36minfo   ${ESC}39m  an info  ${ESC}2munit-hint${ESC}22m`,
      `  a.search.json:2:3  ${ESC}90mhint   ${ESC}39m  a hint  ${ESC}2mno-effect${ESC}22m`,
      '',
      `${ESC}31m${ESC}1m\u2716 4 problems (1 error, 1 warning, 1 info, 1 hint)${ESC}22m${ESC}39m`,
      `${ESC}31m${ESC}1m  1 error and 0 warnings potentially fixable with the \`--fix\` option.${ESC}22m${ESC}39m`,
      '',
    ].join('\n'),
  );
});

test('stylish: warnings alone are summed up in yellow, infos alone in bold, and nothing fixable adds no line', () => {
  const warnings = FORMATTERS.stylish([report([finding('deprecated-field', 'warning', 'a warning')])], { ...CTX, color: true });
  assert.ok(warnings.endsWith(`\n\n${ESC}33m${ESC}1m\u2716 1 problem (0 errors, 1 warning)${ESC}22m${ESC}39m\n`), warnings);
  const infos = FORMATTERS.stylish([report([finding('unit-hint', 'info', 'an info')])], { ...CTX, color: true });
  assert.ok(infos.endsWith(`\n\n${ESC}1m\u2716 1 problem (0 errors, 0 warnings, 1 info)${ESC}22m\n`), infos);
  const fixableWarning = FORMATTERS.stylish([report([finding('deprecated-field', 'warning', 'w', { fix: FIX })])], CTX);
  assert.ok(fixableWarning.endsWith('\n  0 errors and 1 warning potentially fixable with the `--fix` option.\n'), fixableWarning);
});

test('stylish: a line break in a message, of any kind, becomes a space, with and without rule links', () => {
  const message = 'one\r\ntwo\nthree\rfour';
  for (const ruleLinks of [false, true]) {
    const out = FORMATTERS.stylish([report([finding('type-mismatch', 'error', message)])], { ...CTX, ruleLinks });
    assert.equal(out.split('\n')[1].includes('one two three four'), true, out);
  }
  const linked = FORMATTERS.stylish([report([finding('type-mismatch', 'error', message)])], { ...CTX, ruleLinks: true, color: true });
  assert.ok(linked.includes(`one two three four  ${ESC}2mtype-mismatch${ESC}22m  https://`), linked);
});

test('stylish and github print nothing for a clean run; junit and json still report the file', () => {
  const clean = [report([])];
  assert.equal(FORMATTERS.stylish(clean, CTX), '');
  assert.equal(FORMATTERS.github(clean, CTX), '');
  assert.equal(
    FORMATTERS.json(clean, CTX),
    '[{"filePath":"a.search.json","messages":[],"errorCount":0,"warningCount":0,"infoCount":0,"hintCount":0,"fixableErrorCount":0,"fixableWarningCount":0,"fatalErrorCount":0,"suppressedMessages":[]}]\n',
  );
  assert.match(FORMATTERS.junit(clean, CTX), /<testcase name="a.search.json" classname="a.search.json"\/>/);
});

test('junit: line breaks and tabs in attributes are kept as character references', () => {
  assert.equal(escapeXml('a\nb\rc\td'), 'a&#10;b&#13;c&#9;d');
});

test('sarif: every rule descriptor, the rule index of each result, suppressions with and without a reason, a final newline', () => {
  const out = FORMATTERS.sarif(
    [
      report([finding('type-mismatch', 'error', 'e')], {
        suppressed: [
          { finding: finding('deprecated-field', 'warning', 'w'), justification: 'kept until v3' },
          { finding: finding('unit-hint', 'info', 'i') },
        ],
      }),
    ],
    CTX,
  );
  assert.ok(out.endsWith('}\n'), 'one newline after the log');
  const run = JSON.parse(out).runs[0];
  const rule = RULES.find((r) => r.meta.id === 'type-mismatch')!;
  const index = RULES.indexOf(rule);
  assert.deepEqual(run.tool.driver.rules[index].properties, { fixable: rule.meta.fixable, defaultSeverity: rule.meta.defaultSeverity });
  assert.equal(
    run.tool.driver.rules[index].help.markdown,
    `${rule.meta.details}\n\nSee [type-mismatch](${run.tool.driver.rules[index].helpUri}), or run \`search-config explain type-mismatch\`.`,
  );
  assert.deepEqual(
    run.results.map((r: { ruleId: string; ruleIndex: number }) => [r.ruleId, r.ruleIndex]),
    ['type-mismatch', 'deprecated-field', 'unit-hint'].map((id) => [id, RULES.findIndex((x) => x.meta.id === id)]),
  );
  assert.deepEqual(run.results[0].suppressions, undefined);
  assert.deepEqual(run.results[1].suppressions, [{ kind: 'inSource', justification: 'kept until v3' }]);
  assert.deepEqual(run.results[2].suppressions, [{ kind: 'inSource' }]);
  assert.deepEqual(run.results[2].locations[0].logicalLocations, [{ fullyQualifiedName: 'search.field', kind: 'member' }]);
  const root = JSON.parse(FORMATTERS.sarif([report([finding('type-mismatch', 'error', 'e', { path: '' })])], CTX)).runs[0];
  assert.equal(root.results[0].locations[0].logicalLocations, undefined, 'no logical location for the top level');
});

test('json: a fix of several edits is one replacement spanning them, as ESLint merges fixes', () => {
  const text = '{"a": "1", "b": "2"}';
  assert.deepEqual(mergeFix(text, { title: 't', edits: [] }), { range: [0, 0], text: '' });
  assert.deepEqual(mergeFix(text, { title: 't', edits: [{ offset: 6, length: 3, newText: '1' }] }), { range: [6, 9], text: '1' });
  assert.deepEqual(
    mergeFix(text, {
      title: 't',
      edits: [
        { offset: 16, length: 3, newText: '2' },
        { offset: 6, length: 3, newText: '1' },
      ],
    }),
    { range: [6, 19], text: '1, "b": 2' },
  );
});

test('json: fix, suggestions and output appear only when there are some', () => {
  const text = '{"static_ips": "true"}';
  const plain = toJsonResult(report([finding('type-mismatch', 'error', 'e')], { text }));
  assert.deepEqual(Object.keys(plain.messages[0]), ['ruleId', 'severity', 'message', 'path', 'line', 'column', 'endLine', 'endColumn']);
  assert.deepEqual(Object.keys(plain), [
    'filePath',
    'messages',
    'errorCount',
    'warningCount',
    'infoCount',
    'hintCount',
    'fixableErrorCount',
    'fixableWarningCount',
    'fatalErrorCount',
    'suppressedMessages',
  ]);
  assert.deepEqual([plain.fixableErrorCount, plain.fatalErrorCount, plain.suppressedMessages], [0, 0, []]);
  const fix = { title: 'Replace "true" with true', edits: [{ offset: 15, length: 6, newText: 'true' }] };
  const full = toJsonResult(report([finding('type-mismatch', 'error', 'e', { fix, suggestions: [fix] })], { text, output: 'after' }));
  assert.deepEqual(full.messages[0].fix, { range: [15, 21], text: 'true' });
  assert.deepEqual(full.messages[0].suggestions, [{ desc: 'Replace "true" with true', fix: { range: [15, 21], text: 'true' } }]);
  assert.equal(full.output, 'after');
  assert.deepEqual([full.fixableErrorCount, full.fixableWarningCount], [1, 0]);
  // What a directive silenced, with its reason, as ESLint's suppressedMessages.
  const silenced = toJsonResult(
    report([finding('invalid-json', 'error', 'e', { fatal: true }), finding('invalid-json', 'error', 'a comment')], {
      text,
      suppressed: [{ finding: finding('type-mismatch', 'error', 's'), justification: 'converted later' }],
    }),
  );
  // Only the syntax error after which the file is not read is fatal (a comment in a .json file is not).
  assert.equal(silenced.fatalErrorCount, 1);
  assert.deepEqual(
    silenced.messages.map((m) => m.fatal),
    [true, undefined],
  );
  assert.deepEqual(
    silenced.suppressedMessages.map((m) => [m.ruleId, m.suppressions]),
    [['type-mismatch', [{ kind: 'directive', justification: 'converted later' }]]],
  );
  // A suggestion that would print a secret is left out, and with it the empty list.
  const secretText = '{"openid": {"client_secret": "s3cr3t-value"}}';
  const leak = { title: 'Quote', edits: [{ offset: 0, length: 0, newText: '"s3cr3t-value"' }] };
  const kept = toJsonResult(report([finding('x', 'error', 'e', { suggestions: [leak] })], { text: secretText }));
  assert.deepEqual(Object.keys(kept.messages[0]).includes('suggestions'), false);
});

/** The secret texts read from the parsed value (the fast path) must be those read from the full parse tree. */
const SECRET_CASES: Array<[string, string[]]> = [
  ['{"openid": {"client_secret": "abc-secret", "client_id": "public-id"}}', ['abc-secret']],
  ['{"search": {"email_sender_password": 12345}}', ['12345']],
  [
    '{"unknown_key": {"deep": ["list-item", 4242, {"x": "in-object"}, ["nested-list"]], "n": null, "b": true}}',
    ['list-item', '4242', 'in-object', 'nested-list'],
  ],
  ['{"openid": {"client_secret": "ab"}}', []],
  ['{"openid": {"client_secret": "${CLIENT_SECRET}"}}', []],
  ['{"openid": {"client_secret": "quote\\"d"}}', ['quote\\"d']],
  ['{"ip_filter": ["10.0.0.0/8"], "static_ips": true}', []],
  // Objects in a list: keys their schema has, a key it lacks (everything below it may be a secret), and a
  // container below a known key.
  [
    '{"ip_filter": [{"network": "10.0.0.0/8", "description": "office"}, {"network": "10.1.0.0/16", "note": "unknown-note", "extra": {"k": "deep-value"}}]}',
    ['unknown-note', 'deep-value'],
  ],
  [
    '{"index_patterns": [{"pattern": "logs-*", "max_index_count": 3}, {"pattern": "x-*", "max_index_count": 2, "oops": ["in-list"]}]}',
    ['in-list'],
  ],
  ['{"unknown_scalar": "top-level-text", "static_ips": true}', ['top-level-text']],
  ['"just a string"', []],
  ['12345', []],
  ['null', []],
];

test('json: the secret texts kept out of fixes, from the parsed value and from the parse tree alike', () => {
  for (const [text, expected] of SECRET_CASES) {
    const doc = parseDocument(text, { fileName: 'a.search.json' });
    assert.deepEqual(secretTextsOf(doc).sort(), [...expected].sort(), text);
    const tree = treeSecretTexts(doc);
    assert.deepEqual(tree.sort(), [...expected].sort(), `${text} (parse tree)`);
  }
  // A duplicate key or an escape sends the reading to the parse tree, which sees every value written.
  const duplicate = '{"openid": {"client_secret": "first-secret", "client_secret": "second-secret"}}';
  assert.deepEqual(secretTextsOf(parseDocument(duplicate, { fileName: 'a.search.json' })).sort(), ['first-secret', 'second-secret']);
  const quoted = '{"openid": {"client_secret": "a\\"b-first", "client_secret": "abc"}}';
  assert.deepEqual(secretTextsOf(parseDocument(quoted, { fileName: 'a.search.json' })).sort(), ['a\\"b-first', 'abc']);
  const escaped = '{"openid": {"client_secret": "\\u0041BC-secret"}}';
  assert.deepEqual(secretTextsOf(parseDocument(escaped, { fileName: 'a.search.json' })), ['\\u0041BC-secret']);
});
