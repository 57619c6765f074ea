import { ALL_FIELDS, type FieldInfo } from '../../server/src/core';

/**
 * Builds the smallest configuration text that puts a raw JSON value at a field of the schema:
 * `search.reindex_remote_whitelist[]` -> {"search":{"reindex_remote_whitelist":[VALUE]}}.
 */
export function documentWith(field: FieldInfo, rawValue: string): string {
  let text = rawValue;
  for (let i = field.path.length - 1; i >= 0; i--) {
    const seg = field.path[i];
    text = seg === '[]' ? `[${text}]` : `{${JSON.stringify(seg)}:${text}}`;
  }
  return field.path[0] === '[]' ? text : text;
}

/** Fields whose values are strings (possibly among other types). */
export const STRING_FIELDS: readonly FieldInfo[] = ALL_FIELDS.filter((f) => {
  const t = f.schema.type;
  return t === 'string' || (Array.isArray(t) && t.includes('string'));
});

export const SECRET_FIELDS: readonly FieldInfo[] = ALL_FIELDS.filter((f) => f.schema.secret);
