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

// IPv6 with a prefix, in hexadecimal groups with at most one `::` (no zone, no embedded IPv4).
const IPV6_CIDR = /^([0-9a-fA-F:]+)\/(\d{1,3})$/;
const HEX_GROUP = /^[0-9a-fA-F]{1,4}$/;

function ipv6Groups(text: string): number[] | undefined {
  const gap = text.indexOf('::');
  if (gap !== text.lastIndexOf('::')) return undefined;
  const head = gap < 0 ? text : text.slice(0, gap);
  const tail = gap < 0 ? '' : text.slice(gap + 2);
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  if (![...h, ...t].every((g) => HEX_GROUP.test(g))) return undefined;
  if (gap < 0 ? h.length !== 8 : h.length + t.length > 7) return undefined;
  const zeros = 8 - h.length - t.length;
  return [...h, ...Array.from({ length: gap < 0 ? 0 : zeros }, () => '0'), ...t].map((g) => parseInt(g, 16));
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
  const m = IPV6_CIDR.exec(raw);
  const groups = m ? ipv6Groups(m[1]) : undefined;
  if (!m || !groups) return undefined;
  const prefix = Number(m[2]);
  if (prefix > 128) return undefined;
  const network = groups.map((g, i) => {
    const bits = Math.max(0, Math.min(16, prefix - i * 16));
    return bits === 16 ? g : g & ((0xffff << (16 - bits)) & 0xffff);
  });
  if (network.every((g, i) => g === groups[i])) return { kind: 'block', family: 'IPv6', prefix, text: raw };
  return { kind: 'host-bits', family: 'IPv6', prefix, network: `${ipv6Text(network)}/${prefix}` };
}

export function checkCidr(raw: string): CidrCheck {
  const fast = checkIpv4Cidr(raw) ?? checkIpv6Cidr(raw);
  if (fast) return fast;
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
