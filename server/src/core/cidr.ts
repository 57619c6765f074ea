import ipaddr from 'ipaddr.js';

/** What a string written as an address block turns out to be. */
export type CidrCheck =
  | { kind: 'block'; family: 'IPv4' | 'IPv6'; prefix: number; text: string }
  | { kind: 'host-bits'; family: 'IPv4' | 'IPv6'; prefix: number; network: string }
  | { kind: 'bare-address'; family: 'IPv4' | 'IPv6'; suggestion: string }
  | { kind: 'bad-prefix'; family: 'IPv4' | 'IPv6'; prefix: string; max: number }
  | { kind: 'invalid'; reason: string };

const IPV4_DOTTED = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * Parses a CIDR block strictly: IPv4 only in four-part decimal notation (ipaddr.js also
 * accepts hexadecimal, octal and shortened forms, which the service does not).
 */
function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (text.includes(':')) return ipaddr.IPv6.isValid(text) ? ipaddr.IPv6.parse(text) : undefined;
  return IPV4_DOTTED.test(text) && ipaddr.IPv4.isValidFourPartDecimal(text) ? ipaddr.IPv4.parse(text) : undefined;
}

// Canonical dotted-decimal IPv4 with a prefix: the common case, read character by character
// without ipaddr.js (a large ip_filter holds thousands). Anything else takes the general path.
function checkIpv4Cidr(raw: string): CidrCheck | undefined {
  const parts = [0, 0, 0, 0, 0];
  let part = 0, digits = 0;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      // No leading zeros in an octet (as ipaddr.js's four-part decimal check); at most three digits.
      if (digits === 3 || (digits === 1 && parts[part] === 0 && part < 4)) return undefined;
      parts[part] = parts[part] * 10 + (c - 48);
      digits++;
    } else if ((c === 46 && part < 3) || (c === 47 && part === 3)) {
      if (!digits) return undefined;
      part++;
      digits = 0;
    } else return undefined;
  }
  if (part !== 4 || !digits) return undefined;
  const [a, b, c, d, prefix] = parts;
  if (a > 255 || b > 255 || c > 255 || d > 255 || prefix > 32) return undefined;
  const address = ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
  const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
  const network = (address & mask) >>> 0;
  if (network === address) return { kind: 'block', family: 'IPv4', prefix, text: raw };
  const dotted = `${network >>> 24}.${(network >>> 16) & 255}.${(network >>> 8) & 255}.${network & 255}`;
  return { kind: 'host-bits', family: 'IPv4', prefix, network: `${dotted}/${prefix}` };
}

/** Reads `a:b:c` (1 to 4 hex digits a group) from text[from, to) into `out`; false when malformed. */
function readHexGroups(text: string, from: number, to: number, out: number[]): boolean {
  let value = 0, digits = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 58 /* : */) {
      if (!digits || i === to - 1) return false;
      out.push(value);
      value = 0;
      digits = 0;
      continue;
    }
    const hex = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : c >= 65 && c <= 70 ? c - 55 : -1;
    if (hex < 0 || digits === 4) return false;
    value = value * 16 + hex;
    digits++;
  }
  if (digits) out.push(value);
  return true;
}

/**
 * The eight groups of the IPv6 address in text[0, end): hexadecimal groups with at most one
 * `::` (no zone, no embedded IPv4). Read character by character: ip_filter entries come by
 * the thousand.
 */
function ipv6Groups(text: string, end: number): number[] | undefined {
  const gap = text.indexOf('::');
  if (gap >= end || gap !== text.lastIndexOf('::', end - 2)) return undefined;
  const head: number[] = [];
  const tail: number[] = [];
  if (gap < 0) {
    if (!readHexGroups(text, 0, end, head) || head.length !== 8) return undefined;
    return head;
  }
  if (!readHexGroups(text, 0, gap, head) || !readHexGroups(text, gap + 2, end, tail)) return undefined;
  if (head.length + tail.length > 7) return undefined;
  while (head.length + tail.length < 8) head.push(0);
  for (const g of tail) head.push(g);
  return head;
}

/** RFC 5952 text of eight groups, as ipaddr.js writes it: the longest run of zero groups becomes `::`. */
function ipv6Text(groups: number[]): string {
  const normalized = groups.map((g) => g.toString(16)).join(':');
  const runs = /((^|:)(0(:|$)){2,})/g;
  let best = -1, bestLength = -1;
  for (let m = runs.exec(normalized); m; m = runs.exec(normalized)) if (m[0].length > bestLength) { best = m.index; bestLength = m[0].length; }
  return bestLength < 0 ? normalized : `${normalized.slice(0, best)}::${normalized.slice(best + bestLength)}`;
}

function checkIpv6Cidr(raw: string): CidrCheck | undefined {
  const slash = raw.indexOf('/');
  if (slash < 1 || slash < raw.length - 4 || slash === raw.length - 1) return undefined;
  let prefix = 0;
  for (let i = slash + 1; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c < 48 || c > 57) return undefined;
    prefix = prefix * 10 + (c - 48);
  }
  if (prefix > 128) return undefined;
  const groups = ipv6Groups(raw, slash);
  if (!groups) return undefined;
  let same = true;
  const network = groups.slice();
  for (let i = 0; i < 8; i++) {
    const bits = Math.max(0, Math.min(16, prefix - i * 16));
    if (bits < 16) network[i] = groups[i] & ((0xffff << (16 - bits)) & 0xffff);
    if (network[i] !== groups[i]) same = false;
  }
  if (same) return { kind: 'block', family: 'IPv6', prefix, text: raw };
  return { kind: 'host-bits', family: 'IPv6', prefix, network: `${ipv6Text(network)}/${prefix}` };
}

export function checkCidr(raw: string): CidrCheck {
  return checkIpv4Cidr(raw) ?? checkIpv6Cidr(raw) ?? checkCidrGeneral(raw);
}

/** Every kind of input, through ipaddr.js; exported so that tests can hold the fast paths to it. */
export function checkCidrGeneral(raw: string): CidrCheck {
  if (raw !== raw.trim()) return { kind: 'invalid', reason: 'it has blanks around it' };
  if (!raw) return { kind: 'invalid', reason: 'it is empty' };
  const slash = raw.indexOf('/');
  const addressText = slash < 0 ? raw : raw.slice(0, slash);
  const address = parseAddress(addressText);
  if (!address) return { kind: 'invalid', reason: `${JSON.stringify(addressText)} is not an IPv4 or IPv6 address` };
  const family = address.kind() === 'ipv4' ? 'IPv4' : 'IPv6';
  const max = family === 'IPv4' ? 32 : 128;
  if (slash < 0) return { kind: 'bare-address', family, suggestion: `${addressText}/${max}` };
  const prefixText = raw.slice(slash + 1);
  const prefix = /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!(prefix >= 0 && prefix <= max)) return { kind: 'bad-prefix', family, prefix: prefixText, max };
  const network = family === 'IPv4'
    ? ipaddr.IPv4.networkAddressFromCIDR(`${addressText}/${prefix}`)
    : ipaddr.IPv6.networkAddressFromCIDR(`${addressText}/${prefix}`);
  const same = network.toNormalizedString() === address.toNormalizedString();
  if (!same) return { kind: 'host-bits', family, prefix, network: `${network.toString()}/${prefix}` };
  return { kind: 'block', family, prefix, text: raw };
}

/** True for a block that admits every address of its family (`0.0.0.0/0`, `::/0`). */
export const isWholeInternet = (raw: string): boolean => {
  // Only a prefix length of zero admits every address: most entries are rejected without parsing.
  if (!/\/0{1,3}$/.test(raw)) return false;
  const c = checkCidr(raw);
  return (c.kind === 'block' || c.kind === 'host-bits') && c.prefix === 0;
};
