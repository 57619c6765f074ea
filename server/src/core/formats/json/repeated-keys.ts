import type { Node } from 'jsonc-parser';
import type { Segment } from '../../types';
import type { RepeatedKey } from '../document';
import { isScalarValue } from '../../values';

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
        occurrences: props.map((p) => {
          const [keyNode, valueNode] = p.children!;
          // A scalar value is kept with its occurrence: the document's value holds only the last.
          const written =
            valueNode && valueNode.type !== 'object' && valueNode.type !== 'array' && isScalarValue(valueNode.value)
              ? { value: { range: { offset: valueNode.offset, length: valueNode.length }, read: valueNode.value } }
              : {};
          return { key: { offset: keyNode.offset, length: keyNode.length }, member: { offset: p.offset, length: p.length }, ...written };
        }),
      });
    }
  }
  return out;
}
