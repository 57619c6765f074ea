import { defineRule, intentFix } from '../rule';
import type { ConfigDocument } from '../formats/document';
import { allowsNull, typesOf } from '../schema';
import { expectedTypes, jsonType, show } from '../values';
import { formatPath } from '../paths';
import { valueAt } from '../walk';
import type { Segment } from '../types';

/** Integer strings ("10") become numbers; numbers become strings where a string is expected (search_version: 2 -> "2"). */
function conversion(doc: ConfigDocument, path: Segment[], value: unknown, types: string[], secret = false): { title: string; value: unknown } | undefined {
  if (typeof value === 'string' && types.includes('integer') && /^-?\d+$/.test(value.trim())) {
    const n = Number(value.trim());
    if (Number.isSafeInteger(n)) return { title: `Replace ${JSON.stringify(value)} with the number ${n}`, value: n };
  }
  const at = typeof value === 'number' && types.includes('string') ? doc.rangeAt(path) : undefined;
  if (at) {
    // The number as written (`2.0` stays `"2.0"`), not as parsed.
    const raw = doc.text.slice(at.offset, at.offset + at.length);
    return { title: secret ? 'Quote the number as a string' : `Quote ${raw} as the string "${raw}"`, value: raw };
  }
  if (typeof value === 'string' && types.includes('boolean') && /^(true|false)$/i.test(value.trim())) {
    const b = value.trim().toLowerCase();
    return { title: `Replace ${JSON.stringify(value)} with ${b}`, value: b === 'true' };
  }
  return undefined;
}

export default defineRule({
  meta: {
    id: 'type-mismatch',
    defaultSeverity: 'error',
    summary: 'A value must have the JSON type the field takes; null only where the field allows it.',
    details: 'Each field takes one JSON type, and some also take an explicit `null`. The API rejects a value of another type. Numbers written as strings (`"10"`) and versions written as numbers (`2`) are fixed automatically.',
    fixable: true,
    examples: {
      valid: [{ code: '{ "search": { "http_max_content_length": 104857600 }, "search_version": null }' }],
      invalid: [{ code: '{ "search": { "http_max_content_length": "104857600" } }' }, { code: '{ "search_version": 2 }' }, { code: '{ "static_ips": null }' }],
    },
  },
  check(ctx) {
    for (const e of ctx.schemaErrors) {
      if (e.keyword !== 'type' || !e.path.length || !e.schema) continue;
      const node = ctx.doc.rangeAt(e.path);
      const found = valueAt(ctx.value, e.path);
      // Only the kind of a container matters here, not what it holds.
      const value = Array.isArray(found) ? [] : found !== null && typeof found === 'object' ? {} : found;
      const field = formatPath(e.path);
      const types = typesOf(e.schema);
      const expected = expectedTypes(e.schema);
      if (value === null) {
        ctx.report({ path: e.path, message: `${field} does not accept null: it takes ${expected}. Set a value or remove the field to use the default.` });
        continue;
      }
      const converts = node && conversion(ctx.doc, e.path, value, types, !!e.schema.secret);
      const fix = converts && intentFix(ctx.doc, converts.title, { kind: 'set', path: e.path, value: converts.value });
      const hint = allowsNull(e.schema) ? ' (or null)' : '';
      if (converts && ctx.doc.convertsScalars) {
        // Terraform converts the scalar to the field's type before it is sent: accepted as written.
        ctx.report({
          path: e.path, severity: 'info', fix,
          message: `${field} is ${jsonType(value)} (${show(value, e.schema)}); Terraform converts it to ${expected}, so it is accepted.${fix ? ` ${converts.title} to write it in its own type.` : ''}`,
        });
        continue;
      }
      ctx.report({
        path: e.path,
        message: `${field} is ${jsonType(value)} (${show(value, e.schema)}), but it takes ${expected}${hint && !expected.endsWith('null') ? hint : ''}.${fix ? ` ${fix.title}.` : ''}`,
        fix,
      });
    }
  },
});
