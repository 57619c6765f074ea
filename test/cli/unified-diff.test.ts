import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unifiedDiff } from '../../server/src/cli/unified-diff';

/** Applies a unified diff to `before`, to check that the diff describes the change exactly. */
function patch(before: string, diff: string): string {
  const src = before.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  const out: string[] = [];
  let i = 0;
  const lines = diff.split('\n').slice(2);
  for (let j = 0; j < lines.length; j++) {
    const h = /^@@ -(\d+),(\d+) \+\d+,\d+ @@$/.exec(lines[j]);
    if (!h) continue;
    const start = Number(h[2]) === 0 ? Number(h[1]) : Number(h[1]) - 1;
    while (i < start) out.push(src[i++]);
    for (j++; j < lines.length && /^[ +-]/.test(lines[j]); j++) {
      const noEol = lines[j + 1] === '\\ No newline at end of file';
      const text = lines[j].slice(1) + (noEol ? '' : '\n');
      if (lines[j][0] === '+') out.push(text);
      else i++;
      if (lines[j][0] === ' ') out.push(src[i - 1]);
      if (noEol) j++;
    }
    j--;
  }
  while (i < src.length) out.push(src[i++]);
  return out.join('');
}

test('unified diff: equal texts give nothing; changes round-trip through a patch', () => {
  assert.equal(unifiedDiff('f', 'a\n', 'a\n'), '');
  const lines = Array.from({ length: 40 }, (_, i) => `line ${i}\n`);
  const cases: Array<[string, string]> = [
    ['a\nb\nc\n', 'a\nB\nc\n'],
    ['a\nb\nc\n', 'x\na\nb\nc\ny\n'],
    ['a\nb\nc', 'a\nb\nc\n'],
    [lines.join(''), lines.map((l, i) => (i === 3 || i === 30 ? l.toUpperCase() : l)).join('')],
    [lines.join(''), lines.filter((_, i) => i !== 0 && i !== 39).join('')],
    ['', 'new\n'],
  ];
  for (const [before, after] of cases) {
    const d = unifiedDiff('f', before, after);
    assert.ok(d.startsWith('--- a/f\n+++ b/f\n@@ '), d);
    assert.equal(patch(before, d), after, d);
  }
  const far = unifiedDiff('f', lines.join(''), lines.map((l, i) => (i === 3 || i === 30 ? 'x\n' : l)).join(''));
  assert.equal(far.match(/^@@/gm)?.length, 2, 'distant changes make separate hunks');
});

test('unified diff: a large file with a few changes gives only those changes', () => {
  const big = Array.from({ length: 300_000 }, (_, i) => `  "k${i}": ${i},\n`).join('');
  const changed = big.replace('"k1000": 1000', '"k1000": "1000"').replace('"k250000": 250000', '"k250000": 0');
  const d = unifiedDiff('f', big, changed);
  assert.equal(d.match(/^[-+] /gm)?.length, 4);
});
