/**
 * Settings files whose YAML aliases stand for far more than they spell out, each at a size that grows
 * with `scale` (1, 4, 16...): the text grows linearly, what it stands for exponentially.
 */

const name = (i: number): string => `n${i}`;

/** Billion laughs: each level a list of nine aliases of the level below. */
export function billionLaughs(scale: number): string {
  const levels = 10 * scale;
  const lines = [`${name(0)}: &${name(0)} [x, x, x, x, x, x, x, x, x]`];
  for (let i = 1; i <= levels; i++)
    lines.push(
      `${name(i)}: &${name(i)} [${Array(9)
        .fill(`*${name(i - 1)}`)
        .join(', ')}]`,
    );
  return `${lines.join('\n')}\n`;
}

/**
 * Aliases whose dotted names collide: `s: {t: X}` and `s.t: X` flatten to the same settings, so the
 * number of distinct settings stays small while the paths to them double at each level.
 */
export function collidingDottedKeys(scale: number): string {
  const levels = 30 * scale;
  const lines = [`${name(0)}: &${name(0)} {search.max_buckets: 10}`];
  for (let i = 1; i <= levels; i++) lines.push(`${name(i)}: &${name(i)} {s: {t: *${name(i - 1)}}, s.t: *${name(i - 1)}}`);
  return `${lines.join('\n')}\n`;
}

/** A list of host names for reindex.remote.allowlist, four times longer at each level. */
export function allowlistExpansion(scale: number): string {
  const levels = 12 * scale;
  const lines = [`${name(0)}: &${name(0)} [old1.example.com:9200, old2.example.com:9200]`];
  for (let i = 1; i <= levels; i++)
    lines.push(
      `${name(i)}: &${name(i)} [${Array(4)
        .fill(`*${name(i - 1)}`)
        .join(', ')}]`,
    );
  lines.push(`reindex.remote.allowlist: *${name(levels)}`);
  return `${lines.join('\n')}\n`;
}

/** A few aliases of one large list: few aliases, many values. */
export function fewAliasesManyValues(scale: number): string {
  const items = Array.from({ length: 3000 * scale }, (_, i) => `h${i}`).join(', ');
  return `big: &big [${items}]\na: *big\nb: *big\nc: *big\nd: *big\n`;
}

/** A few aliases of one long value: few values, many characters. */
export function fewAliasesLongValue(scale: number): string {
  return `long: &long ${'x'.repeat(300_000 * scale)}\n${['a', 'b', 'c', 'd'].map((k) => `${k}: *long`).join('\n')}\n`;
}

/** Merge keys (<<) of merge keys, each level merging the level below twice. */
export function mergeKeys(scale: number): string {
  const levels = 20 * scale;
  const lines = [`${name(0)}: &${name(0)} {a: 1, b: 2}`];
  for (let i = 1; i <= levels; i++)
    lines.push(`${name(i)}: &${name(i)} {<<: [*${name(i - 1)}, *${name(i - 1)}], k${i}: {<<: *${name(i - 1)}}}`);
  return `${lines.join('\n')}\n`;
}

export const HOSTILE_YAML: Record<string, (scale: number) => string> = {
  billionLaughs,
  collidingDottedKeys,
  allowlistExpansion,
  fewAliasesManyValues,
  fewAliasesLongValue,
  mergeKeys,
};
