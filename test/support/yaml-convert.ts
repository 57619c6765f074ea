/** JSON values written as block YAML, as a team would write them: the parity tests of the YAML reading use them. */

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const RESERVED = /^(?:y|yes|n|no|on|off|true|false|null)$/i;
const key = (k: string): string => (PLAIN_KEY.test(k) && !RESERVED.test(k) ? k : JSON.stringify(k));

/** The text of a number as the JSON fixture writes it: beyond 2^53 the parsed double is not what was written. */
export type Raw = (path: Array<string | number>) => string | undefined;

function scalar(v: unknown, at: Array<string | number>, raw: Raw): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number') return raw(at) ?? String(v);
  if (Array.isArray(v)) return '[]';
  if (isObject(v)) return '{}';
  return String(v);
}

/** A value in block style: maps as indented members, lists as dashes, strings always quoted. */
function block(v: unknown, at: Array<string | number>, indent: string, raw: Raw, out: string[]): void {
  if (isObject(v)) {
    for (const [k, x] of Object.entries(v)) {
      if ((isObject(x) && Object.keys(x).length) || (Array.isArray(x) && x.length)) {
        out.push(`${indent}${key(k)}:`);
        block(x, [...at, k], `${indent}  `, raw, out);
      } else out.push(`${indent}${key(k)}: ${scalar(x, [...at, k], raw)}`);
    }
  } else if (Array.isArray(v)) {
    v.forEach((x, i) => {
      if ((isObject(x) && Object.keys(x).length) || (Array.isArray(x) && x.length)) {
        const inner: string[] = [];
        block(x, [...at, i], `${indent}  `, raw, inner);
        out.push(`${indent}- ${inner[0].trimStart()}`, ...inner.slice(1));
      } else out.push(`${indent}- ${scalar(x, [...at, i], raw)}`);
    });
  }
}

export function toYaml(value: unknown, raw: Raw, indent = ''): string | undefined {
  if (!isObject(value)) return undefined;
  if (!Object.keys(value).length) return `${indent}{}\n`;
  const out: string[] = [];
  block(value, [], indent, raw, out);
  return `${out.join('\n')}\n`;
}

export const manifestOf = (userConfig: string): string =>
  `apiVersion: vendor.io/v1alpha1\nkind: Search\nmetadata:\n  name: fixture\nspec:\n  cloudName: google-europe-west1\n  userConfig:\n${userConfig}`;
