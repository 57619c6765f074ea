import type { Node } from 'jsonc-parser';
import { formatPath } from '../document';
import { removeMemberEdits } from '../edits';
import { defineRule } from '../rule';
import type { Segment, TextEdit } from '../types';

const showKey = (key: string): string => JSON.stringify(key.length > 60 ? `${key.slice(0, 57)}...` : key);

/**
 * Removals of neighbouring members can share the blanks between them (a comment before the
 * first one keeps its line): overlapping removals become one, as editors reject overlaps.
 */
function mergeRemovals(edits: TextEdit[]): TextEdit[] {
  const out: TextEdit[] = [];
  for (const e of [...edits].sort((a, b) => a.offset - b.offset)) {
    const last = out[out.length - 1];
    if (last && !last.newText && !e.newText && e.offset < last.offset + last.length) last.length = Math.max(last.length, e.offset + e.length - last.offset);
    else out.push({ ...e });
  }
  return out;
}

export default defineRule({
  meta: {
    id: 'duplicate-key',
    defaultSeverity: 'error',
    summary: 'A key must appear only once in an object.',
    details: 'When an object holds the same key twice, the API keeps the last value and silently ignores the earlier ones, so an edit to the first occurrence has no effect. The finding is on each repeated key and points at the first occurrence. A suggestion removes the earlier occurrences, which keeps what the API does today; decide which value you meant before applying it.',
    fixable: false,
    examples: {
      valid: [{ code: '{ "search": { "http_max_content_length": 104857600 } }' }],
      invalid: [{ code: '{\n  "static_ips": true,\n  "static_ips": false\n}' }],
    },
  },
  check(ctx) {
    if (ctx.doc.noDuplicateKeys) return;
    const root = ctx.doc.root;
    if (!root) return;
    // Iterative walk: a hostile document may nest deeply.
    const stack: Array<{ node: Node; path: Segment[] }> = [{ node: root, path: [] }];
    while (stack.length) {
      const { node, path } = stack.pop()!;
      if (node.type === 'array') {
        (node.children ?? []).forEach((child, i) => stack.push({ node: child, path: [...path, i] }));
        continue;
      }
      if (node.type !== 'object') continue;
      const byKey = new Map<string, Node[]>();
      for (const prop of node.children ?? []) {
        const [keyNode, valueNode] = prop.children ?? [];
        if (!keyNode || typeof keyNode.value !== 'string') continue;
        const list = byKey.get(keyNode.value);
        if (list) list.push(prop); else byKey.set(keyNode.value, [prop]);
        if (valueNode) stack.push({ node: valueNode, path: [...path, keyNode.value] });
      }
      for (const [key, props] of byKey) {
        if (props.length < 2) continue;
        const first = props[0].children![0];
        const firstLine = ctx.doc.lines.positionAt(first.offset).line + 1;
        const where = path.length ? formatPath(path) : 'the top-level object';
        const earlier = props.slice(0, -1);
        props.slice(1).forEach((prop, i) => {
          const keyNode = prop.children![0];
          const isLast = i === props.length - 2;
          const earlierLines = isLast ? earlier.map((p) => ctx.doc.lines.positionAt(p.offset).line + 1) : [];
          ctx.report({
            path: [...path, key], at: { offset: keyNode.offset, length: keyNode.length },
            message: `${showKey(key)} appears more than once in ${where}; line ${firstLine} holds the first occurrence. The API keeps only the last one${isLast ? ', so the earlier value is ignored' : ', so this value is ignored too'}: keep a single ${showKey(key)}.`,
            related: [{ message: `first occurrence of ${showKey(key)}`, range: ctx.doc.lines.rangeOf(first.offset, first.length) }],
            suggestions: isLast ? [{
              title: `Remove the earlier ${showKey(key)} (line${earlierLines.length > 1 ? 's' : ''} ${earlierLines.join(', ')}), which the API ignores`,
              edits: mergeRemovals(earlier.flatMap((p) => removeMemberEdits(ctx.doc.text, p))),
            }] : undefined,
          });
        });
      }
    }
  },
});

