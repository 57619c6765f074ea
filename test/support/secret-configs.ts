import { SECRET_FIELDS } from './schema-docs';

/**
 * Configurations full of canary values: every secret field of the schema (read from
 * `secret: true`), unknown keys spelled like secret fields next to them, and values of other
 * unknown keys. A canary must never appear in any output.
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
      if (last) { arr.push(value); return; }
      if (!arr.length) arr.push(make());
      cur = arr[0] as Json | unknown[];
    } else {
      const obj = cur as Json;
      if (last) { obj[seg] = value; return; }
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

export interface SecretConfig { text: string; canaries: string[] }

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
  for (const c of canaries) {
    const i = output.indexOf(c);
    if (i >= 0) out.push(`${c} in ...${output.slice(Math.max(0, i - 80), i + c.length + 20)}...`);
  }
  // Masked or not, no fragment of a canary may appear either (e.g. a truncated value).
  if (!out.length && output.includes(CANARY_PREFIX)) {
    const i = output.indexOf(CANARY_PREFIX);
    out.push(`a canary fragment in ...${output.slice(Math.max(0, i - 80), i + 30)}...`);
  }
  return out;
}
