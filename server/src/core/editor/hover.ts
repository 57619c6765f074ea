import { findNodeAtOffset, getNodePath, type Node } from 'jsonc-parser';
import type { ParsedDocument } from '../formats/json/document';
import { fieldMarkdown } from '../describe';
import { fieldAt } from '../schema';
import type { OffsetRange } from '../types';
import { valueAt } from '../walk';
import { describing, sensitiveValuesOf } from '../sensitive';

export interface EditorHover {
  markdown: string;
  range: OffsetRange;
}

/** Documentation of the field whose key or value is at `offset`; undefined elsewhere and for unknown fields. */
export function hoverAt(doc: ParsedDocument, offset: number): EditorHover | undefined {
  if (!doc.root) return undefined;
  const node = findNodeAtOffset(doc.root, offset, true);
  if (!node) return undefined;
  const target = hoverTarget(node);
  if (!target) return undefined;
  const path = getNodePath(target.valueOrKey);
  const field = fieldAt(path);
  if (!field) return undefined;
  const value = valueAt(doc.value, path);
  return {
    markdown: describing(sensitiveValuesOf(doc), () => fieldMarkdown(field, value)),
    range: { offset: node.offset, length: node.length },
  };
}

function hoverTarget(node: Node): { valueOrKey: Node } | undefined {
  const parent = node.parent;
  if (parent?.type === 'property') return { valueOrKey: node };
  if (parent?.type === 'array' && node.type !== 'object' && node.type !== 'array') return { valueOrKey: node };
  return undefined;
}
