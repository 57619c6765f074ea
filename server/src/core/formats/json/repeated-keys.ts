import type { Node } from 'jsonc-parser';
import type { Segment } from '../../types';
import type { RepeatedKey } from '../document';

/** Keys written more than once in one object, found by an iterative walk (a hostile document may nest deeply). */
export function repeatedKeysOf(root: Node | undefined): RepeatedKey[] {
  const out: RepeatedKey[] = [];
  const stack: Array<{ node: Node; path: Segment[] }> = root ? [{ node: root, path: [] }] : [];
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
      if (list) list.push(prop);
      else byKey.set(keyNode.value, [prop]);
      if (valueNode) stack.push({ node: valueNode, path: [...path, keyNode.value] });
    }
    for (const [key, props] of byKey) {
      if (props.length < 2) continue;
      out.push({
        path,
        key,
        occurrences: props.map((p) => ({
          key: { offset: p.children![0].offset, length: p.children![0].length },
          member: { offset: p.offset, length: p.length },
        })),
      });
    }
  }
  return out;
}
