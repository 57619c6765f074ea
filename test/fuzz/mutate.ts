import type { Rng } from './rng';

/** Tokens whose insertion most often breaks or confuses a JSON parser. */
const TOKENS = [
  '{',
  '[',
  '"',
  '\\',
  ',',
  ':',
  '}',
  ']',
  '{"',
  '["',
  '",',
  '\\u',
  '\\ud800',
  '\ud800',
  '\udc00',
  '😀',
  '\u0000',
  '\r',
  '\n',
  '\r\n',
  '\t',
  '//',
  '/*',
  '*/',
  '// search-config-disable-next-line',
  '/* search-config-disable */',
  '// search-config-enable',
  'null',
  'true',
  '1e999',
  '-',
  '0x10',
  '.',
  'NaN',
  '\uFEFF',
  '"__proto__":',
  '"constructor":{}',
  ',,',
  ']]]]',
  '}}}}',
  '[[[[',
  '{{{{',
];

function randomChar(rng: Rng): string {
  const r = rng.next();
  if (r < 0.5) return String.fromCharCode(rng.int(32, 126));
  if (r < 0.7) return String.fromCharCode(rng.int(0, 31));
  if (r < 0.85) return String.fromCharCode(rng.int(0xd800, 0xdfff));
  return String.fromCodePoint(rng.int(0x80, 0x10ffff));
}

/** One random edit of the text: flips, truncation, insertions, deletions, duplications, splices. */
export function mutateOnce(rng: Rng, text: string, donors: readonly string[]): string {
  const at = rng.int(0, text.length);
  const span = (): number => rng.int(1, Math.max(1, Math.min(64, text.length - at)));
  switch (rng.int(0, 7)) {
    case 0: {
      // flip one bit of one UTF-16 code unit
      if (!text.length) return TOKENS[0];
      const i = Math.min(at, text.length - 1);
      return text.slice(0, i) + String.fromCharCode(text.charCodeAt(i) ^ (1 << rng.int(0, 7))) + text.slice(i + 1);
    }
    case 1:
      return text.slice(0, at) + randomChar(rng) + text.slice(at + 1);
    case 2:
      return text.slice(0, at);
    case 3:
      return text.slice(0, at) + rng.pick(TOKENS) + text.slice(at);
    case 4:
      return text.slice(0, at) + text.slice(at + span());
    case 5: {
      const n = span();
      return text.slice(0, at + n) + text.slice(at, at + n) + text.slice(at + n);
    }
    case 6: {
      // splice a piece of another document in
      const donor = donors.length ? rng.pick(donors) : text;
      const from = rng.int(0, donor.length);
      return text.slice(0, at) + donor.slice(from, from + rng.int(1, 200)) + text.slice(at);
    }
    default: {
      // repeat a character many times: long runs stress scanners
      const ch = text[Math.min(at, Math.max(0, text.length - 1))] ?? '[';
      return text.slice(0, at) + ch.repeat(rng.int(2, 2000)) + text.slice(at);
    }
  }
}

export function mutate(rng: Rng, text: string, donors: readonly string[]): string {
  let out = text;
  const n = rng.pick([1, 1, 1, 2, 3, 5, 8]);
  for (let i = 0; i < n; i++) out = mutateOnce(rng, out, donors);
  return out;
}
