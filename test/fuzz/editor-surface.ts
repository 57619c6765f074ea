import { analyze, applyEdits } from '../../server/src/core';
import { parseFor } from '../../server/src/core/engine';
import {
  complete,
  disableForLine,
  documentLinks,
  documentSymbols,
  fixAllAction,
  foldingRanges,
  formatEdits,
  hoverAt,
  quickFixes,
  selectionRanges,
  unitInlayHints,
  type EditorSymbol,
} from '../../server/src/core/editor';
import type { OffsetRange, TextEdit } from '../../server/src/core';
import { Lines, syntaxErrorCount, type Problem } from './invariants';
import type { Rng } from './rng';
import type { Surface } from './surfaces';

/** Offsets worth probing: the ends, structural characters, and random places. */
function probeOffsets(text: string, rng: Rng, n: number): number[] {
  const out = new Set<number>([0, text.length]);
  for (let i = 0; i < n; i++) out.add(rng.int(0, text.length));
  for (let tries = 0; tries < n * 4 && out.size < n * 2 + 2; tries++) {
    const at = rng.int(0, Math.max(0, text.length - 1));
    if (text.length && '{}[]":,'.includes(text[at])) out.add(at + rng.int(0, 1));
  }
  return [...out];
}

const insideText = (text: string, r: OffsetRange | undefined, where: string): Problem[] =>
  !r || !Number.isInteger(r.offset) || !Number.isInteger(r.length) || r.offset < 0 || r.length < 0 || r.offset + r.length > text.length
    ? [{ kind: 'range', message: `${where}: range ${JSON.stringify(r)} outside the ${text.length} characters of the document` }]
    : [];

const editsInside = (text: string, edits: readonly TextEdit[] | undefined, where: string): Problem[] =>
  (edits ?? []).flatMap((e) => insideText(text, e, where));

/** Completion, hover, selection, quick fixes, symbols, folding, inlay hints, links and formatting at random positions. */
export const editorSurface: Surface = {
  name: 'editor',
  run(input, rng, timed) {
    const { text, options } = input;
    const out: Problem[] = [];
    const doc = parseFor(text, options);
    const analysis = analyze(text, options, doc);
    const { findings } = analysis;
    const lines = new Lines(text);
    for (const offset of probeOffsets(text, rng, 4)) {
      for (const snippets of [true, false]) {
        const items = timed('completion', () => complete(doc, offset, { snippets }));
        for (const c of items) {
          out.push(
            ...insideText(text, c.replace, `completion ${JSON.stringify(c.label)} at ${offset}`),
            ...editsInside(text, c.additionalEdits, `completion ${JSON.stringify(c.label)} extra edit`),
          );
          if (c.replace && (c.replace.offset > offset || c.replace.offset + c.replace.length < offset))
            out.push({
              kind: 'range',
              message: `completion ${JSON.stringify(c.label)} at ${offset} replaces ${JSON.stringify(c.replace)}, which does not contain the cursor`,
            });
        }
      }
      const hover = timed('hover', () => hoverAt(doc, offset));
      if (hover) out.push(...insideText(text, hover.range, `hover at ${offset}`));
      const selection = timed('selectionRange', () => selectionRanges(doc, offset));
      selection.forEach((r, i) => out.push(...insideText(text, r, `selection range ${i} at ${offset}`)));
      const actions = timed('codeAction', () => quickFixes(doc, findings, { offset, length: rng.int(0, 20) }));
      for (const a of actions) out.push(...editsInside(text, a.edits, `code action "${a.title}"`));
    }
    for (const f of findings.slice(0, 5)) {
      const a = timed('codeAction', () => disableForLine(doc, f));
      if (a) out.push(...editsInside(text, a.edits, `code action "${a.title}"`));
    }
    const all = timed('fixAll action', () => fixAllAction(text, options, analysis));
    if (all) out.push(...editsInside(text, all.edits, 'fix-all action'));
    const symbols = timed('documentSymbol', () => documentSymbols(doc));
    const stack: EditorSymbol[] = [...symbols];
    while (stack.length) {
      const s = stack.pop()!;
      out.push(
        ...insideText(text, s.range, `symbol ${JSON.stringify(s.name)}`),
        ...insideText(text, s.selectionRange, `symbol ${JSON.stringify(s.name)} selection`),
      );
      stack.push(...s.children);
    }
    for (const f of timed('foldingRange', () => foldingRanges(doc))) {
      if (f.startLine < 0 || f.endLine >= lines.starts.length || f.startLine > f.endLine)
        out.push({ kind: 'range', message: `folding range ${JSON.stringify(f)} outside the ${lines.starts.length} lines` });
    }
    for (const h of timed('inlayHint', () => unitInlayHints(doc)))
      out.push(...insideText(text, { offset: h.offset, length: 0 }, `inlay hint ${JSON.stringify(h.label)}`));
    for (const l of timed('documentLink', () => documentLinks(doc)))
      out.push(...insideText(text, l.range, `link ${JSON.stringify(l.target)}`));
    const format = timed('formatting', () => formatEdits(text, { tabSize: rng.pick([2, 4]), insertSpaces: rng.chance(0.8) }));
    out.push(...editsInside(text, format, 'formatting'));
    if (!doc.tooDeep && doc.root && !out.length) {
      const jsonc = doc.isJsonc;
      if (syntaxErrorCount(text, jsonc) === 0) {
        const formatted = applyEdits(text, format);
        if (syntaxErrorCount(formatted, jsonc) !== 0)
          out.push({ kind: 'format-broke-json', message: 'formatting turned valid JSON into text with syntax errors' });
        else if (JSON.stringify(parseFor(formatted, options).value) !== JSON.stringify(doc.value))
          out.push({ kind: 'format-changed-value', message: 'formatting changed the value of the document' });
      }
    }
    return out;
  },
};
