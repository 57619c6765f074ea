import type { ParsedDocument } from '../formats/json/document';
import type { ConfigDocument } from '../formats/document';
import { inlayText } from '../units';
import { knownFields } from '../walk';

export interface EditorInlayHint {
  offset: number;
  label: string;
}

/** `= 100 MiB` after every number whose field has a unit, within [from, to). */
export function unitInlayHints(
  doc: ParsedDocument,
  from = 0,
  to = Number.MAX_SAFE_INTEGER,
  isCancelled: () => boolean = () => false,
): EditorInlayHint[] {
  const out: EditorInlayHint[] = [];
  if (doc.value === undefined) return out;
  let n = 0;
  for (const visit of knownFields(doc.value)) {
    if ((++n & 255) === 0 && isCancelled()) return out;
    const unit = visit.schema.unit;
    if (typeof visit.value !== 'number' || !unit || unit === 'count') continue;
    const node = doc.nodeAt(visit.path);
    if (!node || node.type !== 'number') continue;
    const end = node.offset + node.length;
    if (end < from || end > to) continue;
    const label = inlayText(visit.value, unit);
    if (label) out.push({ offset: end, label });
  }
  return out.sort((a, b) => a.offset - b.offset);
}

/**
 * The same hints in a Terraform or YAML file, inside its configurations only (search_user_config
 * blocks, a manifest's spec.userConfig): after every number written as a literal (not after
 * `var.x` or an alias, whose value is written elsewhere, nor after a quoted string).
 */
export function literalUnitInlayHints(
  configurations: readonly ConfigDocument[],
  from = 0,
  to = Number.MAX_SAFE_INTEGER,
  isCancelled: () => boolean = () => false,
): EditorInlayHint[] {
  const out: EditorInlayHint[] = [];
  let n = 0;
  for (const doc of configurations) {
    for (const visit of knownFields(doc.value)) {
      if ((++n & 255) === 0 && isCancelled()) return out;
      const unit = visit.schema.unit;
      if (typeof visit.value !== 'number' || !unit || unit === 'count') continue;
      const at = doc.rangeAt(visit.path);
      if (!at || !NUMBER_LITERAL.test(doc.text.slice(at.offset, at.offset + at.length))) continue;
      const end = at.offset + at.length;
      if (end < from || end > to) continue;
      const label = inlayText(visit.value, unit);
      if (label) out.push({ offset: end, label });
    }
  }
  return out.sort((a, b) => a.offset - b.offset);
}

/** A decimal number literal of HCL or YAML (the text of one value, so anchored at both ends; no nested quantifier). */
const NUMBER_LITERAL = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
