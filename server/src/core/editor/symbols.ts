import { getNodePath, type Node } from 'jsonc-parser';
import type { ParsedDocument } from '../formats/json/document';
import { fieldAt, schemaAt } from '../schema';
import type { OffsetRange } from '../types';
import { show } from '../values';

export type SymbolKind = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null' | 'property';

export interface EditorSymbol {
  name: string;
  /** Short value for scalars; secrets and values of unknown keys never appear. */
  detail?: string;
  kind: SymbolKind;
  range: OffsetRange;
  selectionRange: OffsetRange;
  deprecated?: boolean;
  children: EditorSymbol[];
}

/** Outline of the document: one symbol per property and array item, nested like the document. */
export function documentSymbols(doc: ParsedDocument, isCancelled: () => boolean = () => false): EditorSymbol[] {
  if (!doc.root || (doc.root.type !== 'object' && doc.root.type !== 'array')) return [];
  const top: EditorSymbol[] = [];
  // Iterative so that deep documents cannot overflow the stack.
  const work: Array<{ container: Node; into: EditorSymbol[] }> = [{ container: doc.root, into: top }];
  let n = 0;
  while (work.length) {
    if ((++n & 255) === 0 && isCancelled()) break;
    const { container, into } = work.pop()!;
    (container.children ?? []).forEach((child, index) => {
      const isProp = container.type === 'object';
      const keyNode = isProp ? child.children?.[0] : undefined;
      const valueNode = isProp ? child.children?.[1] : child;
      if (isProp && !keyNode) return;
      const name = isProp ? String(keyNode!.value) : `[${index}]`;
      const sym: EditorSymbol = {
        name,
        kind: valueNode ? kindOf(valueNode) : 'property',
        range: { offset: child.offset, length: child.length },
        selectionRange: keyNode ? { offset: keyNode.offset, length: keyNode.length } : { offset: child.offset, length: child.length },
        children: [],
      };
      if (valueNode) {
        const path = getNodePath(valueNode);
        const schema = schemaAt(path);
        if (schema?.deprecated) sym.deprecated = true;
        if (valueNode.type === 'object' || valueNode.type === 'array') work.push({ container: valueNode, into: sym.children });
        else if (schema && fieldAt(path)) sym.detail = show(valueNode.value, schema);
      }
      into.push(sym);
    });
  }
  return top;
}

function kindOf(node: Node): SymbolKind {
  switch (node.type) {
    case 'object':
      return 'object';
    case 'array':
      return 'array';
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    default:
      return 'property';
  }
}
