import { SECRET_FIELDS, STRING_FIELDS } from './schema-docs';

/**
 * Configurations full of canary values: every secret field of the schema (read from
 * `secret: true`), unknown keys spelled like secret fields next to them, values of other
 * unknown keys, and in every other string field a URL whose user info and credential
 * parameters are canaries. A canary must never appear in any output.
 */

export const CANARY_PREFIX = 'Cnry';
const canary = (tag: string): string => `${CANARY_PREFIX}${tag}Q7x`;

type Json = Record<string, unknown>;

function setAt(root: Json, path: readonly string[], value: unknown): void {
  let cur: Json | unknown[] = root;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    const last = i === path.length - 1;
    const next = path[i + 1];
    const make = (): unknown => (last ? value : next === '[]' ? [] : {});
    if (seg === '[]') {
      const arr = cur as unknown[];
      if (last) {
        arr.push(value);
        return;
      }
      if (!arr.length) arr.push(make());
      cur = arr[0] as Json | unknown[];
    } else {
      const obj = cur as Json;
      if (last) {
        obj[seg] = value;
        return;
      }
      if (obj[seg] === undefined || typeof obj[seg] !== 'object') obj[seg] = make();
      cur = obj[seg] as Json | unknown[];
    }
  }
}

/** Keys a person may have typed instead of the secret key `key`. */
function misspellings(key: string): string[] {
  const swapped = key.length > 3 ? key.slice(0, -3) + key[key.length - 2] + key[key.length - 3] + key[key.length - 1] : `${key}x`;
  return [swapped, `${key}_old`, key.toUpperCase(), key.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())];
}

export interface SecretConfig {
  text: string;
  canaries: string[];
}

/**
 * A URL with canaries where credentials go: the user info (with a scheme or, as curl and many
 * tools accept, without one) and parameters of signed or token-bearing URLs. `form` picks one of
 * the shapes, so that two variants of a configuration cover them all in every field.
 */
export function credentialUrl(tag: string, form: number): { url: string; canaries: string[] } {
  const [user, password, token, signature] = ['U', 'W', 'K', 'G'].map((k) => canary(`${tag}${k}`));
  const shapes = [
    `https://${user}:${password}@idp.example.com/realms/x?token=${token}&X-Amz-Signature=${signature}`,
    `${user}:${password}@search.example.com:9200/x?sig=${signature}&access_token=${token}`,
    `http://${user}@h.example.com/a?X-Amz-Credential=${password}&X-Amz-Security-Token=${token}#password=${signature}`,
  ];
  return { url: shapes[form % shapes.length], canaries: [user, password, token, signature] };
}

/** `variant` changes every canary, so that a baseline and a current version differ in every secret. */
export function secretConfig(variant: string, opts: { numeric?: boolean } = {}): SecretConfig {
  const root: Json = {};
  const canaries: string[] = [];
  SECRET_FIELDS.forEach((field, i) => {
    const value = opts.numeric ? Number(`9${i}${variant.length}8675309`) : canary(`${variant}S${i}`);
    canaries.push(String(value));
    setAt(root, field.path, value);
    misspellings(field.key).forEach((typo, j) => {
      const v = canary(`${variant}T${i}${j}`);
      canaries.push(v);
      setAt(root, [...field.path.slice(0, -1), typo], v);
    });
  });
  // Variants A, B and C give each field the three shapes of URL.
  STRING_FIELDS.forEach((field, i) => {
    const t = field.schema.type;
    // A field that may also be an object or array holds one of its members' fields instead.
    if (field.schema.secret || (Array.isArray(t) && (t.includes('object') || t.includes('array')))) return;
    const { url, canaries: inUrl } = credentialUrl(`${variant}F${i}`, i + variant.charCodeAt(0));
    canaries.push(...inUrl);
    setAt(root, field.path, url);
  });
  const nested = canary(`${variant}N`);
  const top = canary(`${variant}P`);
  const listed = canary(`${variant}L`);
  canaries.push(nested, top, listed);
  Object.assign(root, { password: top, credentials: { token: nested }, api_keys: [listed], search_version: '2.19' });
  return { text: `${JSON.stringify(root, null, 2)}\n`, canaries };
}

/** The canaries found in `output`, with some context for the failure message. */
export function leaks(output: string, canaries: readonly string[]): string[] {
  const out: string[] = [];
  // Case-insensitive: a message may quote part of a value lower-cased (a URL's scheme, a host).
  const lower = output.toLowerCase();
  for (const c of canaries) {
    const i = lower.indexOf(c.toLowerCase());
    if (i >= 0) out.push(`${c} in ...${output.slice(Math.max(0, i - 80), i + c.length + 20)}...`);
  }
  // Masked or not, no fragment of a canary may appear either (e.g. a truncated value).
  if (!out.length && lower.includes(CANARY_PREFIX.toLowerCase())) {
    const i = lower.indexOf(CANARY_PREFIX.toLowerCase());
    out.push(`a canary fragment in ...${output.slice(Math.max(0, i - 80), i + 30)}...`);
  }
  return out;
}
