/**
 * The comments of a YAML file as the `yaml` package's lexer finds them (formats/yaml/comments.ts): the
 * places suppression directives are read from. Text that only looks like a comment (inside a quoted
 * scalar over several lines, after a '' escape, in a block scalar) is none; a comment on a block
 * scalar's header line is one; each document is lexed apart, so that a quote left open in one takes
 * no comment of the next.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { yamlComments } from '../../../../server/src/core/formats/yaml/comments';
import { LineIndex } from '../../../../server/src/core/lines';
import { assertLinear } from '../../../support/growth';

/** Each comment as `line: text as written`. */
const found = (text: string): string[] =>
  yamlComments(text, new LineIndex(text)).map((c) => `${c.line}: ${text.slice(c.offset, c.offset + c.length)}`);

test('comments at the start of a line and after a value, with their lines and the text after #', () => {
  const text = '# top\na: 1 # after\n  # indented\nb: [1, 2] # flow\n';
  assert.deepEqual(found(text), ['0: # top', '1: # after', '2: # indented', '3: # flow']);
  const [first] = yamlComments(text, new LineIndex(text));
  assert.deepEqual([first.offset, first.length, first.text], [0, 5, 'top']);
});

test('no comment inside a quoted scalar, over several lines or after a doubled quote', () => {
  assert.deepEqual(found("a: 'see\n  # not a comment\n  more'\nb: 1 # one\n"), ['3: # one']);
  assert.deepEqual(found('a: "see\n  # not a comment\n  more"\n'), []);
  assert.deepEqual(found("a: 'it''s # not'\nb: \"q \\\" # not\"\n"), []);
  assert.deepEqual(found('a: x#y\nb: "#"\n'), []);
});

test("a block scalar's text holds no comment; its header line may", () => {
  assert.deepEqual(found('a: | # header\n  # text\n  more\nb: >- # two\n  z\n'), ['0: # header', '3: # two']);
});

test('each document is lexed apart: a quote left open takes no comment of the next document', () => {
  assert.deepEqual(found("a: 'open\n---\n# next\nb: 1\n"), ['2: # next']);
  assert.deepEqual(found('a: 1\n# end of one\n---\n# start of two\n...\n'), ['1: # end of one', '3: # start of two']);
});

test('CRLF line ends are not part of a comment', () => {
  assert.deepEqual(found('a: 1 # x\r\nb: 2\r\n'), ['0: # x']);
});

test('the comments reader is linear: many comments, a long quoted scalar over many lines, many documents', () => {
  const run = (unit: string, n: number): string => unit.repeat(Math.max(1, Math.floor(n / unit.length)));
  for (const [name, make] of [
    ['comment lines', (n: number) => run('# a\n', n)],
    ['a quoted scalar over many lines', (n: number) => `a: "${run('x # y\n  ', n)}"\n`],
    ['many documents', (n: number) => run('a: 1 # c\n---\n', n)],
  ] as const) {
    assertLinear(name, (k, s) => {
      const text = make(4000 * k * s);
      const lines = new LineIndex(text);
      return () => yamlComments(text, lines);
    });
  }
});
