import { hasCredentials } from '../credentials';
import type { ParsedDocument } from '../formats/json/document';
import type { OffsetRange } from '../types';
import { knownFields } from '../walk';

export interface EditorLink {
  range: OffsetRange;
  target: string;
}

/**
 * The URLs of fields documented as URLs (identity provider metadata and discovery), without the quotes.
 * A link never hands a credential on to the browser: user info is left out of the target, and a URL
 * whose parameters hold a credential (a signed or token-bearing URL) gets no link.
 */
export function documentLinks(doc: ParsedDocument): EditorLink[] {
  const out: EditorLink[] = [];
  if (doc.value === undefined) return out;
  for (const visit of knownFields(doc.value)) {
    if (visit.schema.valueFormat !== 'url' || visit.schema.secret || typeof visit.value !== 'string') continue;
    let url: URL;
    try {
      url = new URL(visit.value);
    } catch {
      continue;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') continue;
    url.username = '';
    url.password = '';
    if (hasCredentials(url.href)) continue;
    const node = doc.nodeAt(visit.path);
    if (!node || node.type !== 'string') continue;
    out.push({ range: { offset: node.offset + 1, length: Math.max(0, node.length - 2) }, target: url.href });
  }
  return out;
}
