import ipaddr from 'ipaddr.js';
import type { SchemaNode } from './schema';
import { shortened } from './values';

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
// The address read last, as an unsigned 32-bit number (no object per entry).
let ipv4Address = 0;

/** The prefix length of `a.b.c.d/n` in canonical decimal, with the address in ipv4Address; -1 otherwise. */
function readIpv4Cidr(raw: string): number {
  let a = 0,
    b = 0,
    c = 0,
    d = 0;
  let value = 0,
    part = 0,
    digits = 0;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw.charCodeAt(i);
    if (ch >= 48 && ch <= 57) {
      // No leading zeros in an octet (as ipaddr.js's four-part decimal check); at most three digits.
      if (digits === 3 || (digits === 1 && value === 0 && part < 4)) return -1;
      value = value * 10 + (ch - 48);
      digits++;
    } else if ((ch === 46 && part < 3) || (ch === 47 && part === 3)) {
      if (!digits) return -1;
      if (part === 0) a = value;
      else if (part === 1) b = value;
      else if (part === 2) c = value;
      else d = value;
      part++;
      value = 0;
      digits = 0;
    } else return -1;
  }
  if (part !== 4 || !digits) return -1;
  if (a > 255 || b > 255 || c > 255 || d > 255 || value > 32) return -1;
  ipv4Address = ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
  return value;
}

const ipv4Mask = (prefix: number): number => (prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0);

function checkIpv4Cidr(raw: string): CidrCheck | undefined {
  const prefix = readIpv4Cidr(raw);
  if (prefix < 0) return undefined;
  const address = ipv4Address;
  const network = (address & ipv4Mask(prefix)) >>> 0;
  if (network === address) return { kind: 'block', family: 'IPv4', prefix, text: raw };
  const dotted = `${network >>> 24}.${(network >>> 16) & 255}.${(network >>> 8) & 255}.${network & 255}`;
  return { kind: 'host-bits', family: 'IPv4', prefix, network: `${dotted}/${prefix}` };
}

// IPv6 with a prefix, in hexadecimal groups with at most one `::` (no zone, no embedded IPv4),
// read character by character into eight groups: allocation-free for the common case.
const groupsScratch = [0, 0, 0, 0, 0, 0, 0, 0];

const hexValue = (c: number): number => (c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : c >= 65 && c <= 70 ? c - 55 : -1);

/**
 * Reads `from`..`to` as groups of one to four hex digits separated by single colons (an empty
 * range is no group) into `out` from `at`; the number of groups, or -1 when it is not that.
 */
function readGroups(text: string, from: number, to: number, out: number[], at: number): number {
  if (from === to) return 0;
  let count = 0,
    value = 0,
    digits = 0;
  for (let i = from; i <= to; i++) {
    if (i === to || text.charCodeAt(i) === 58) {
      if (!digits || at + count >= 8) return -1;
      out[at + count++] = value;
      value = 0;
      digits = 0;
      continue;
    }
    const h = hexValue(text.charCodeAt(i));
    if (h < 0 || digits === 4) return -1;
    value = value * 16 + h;
    digits++;
  }
  return count;
}

/** Eight groups of an IPv6 address written from 0 to `end`, into groupsScratch; false when it is not one. */
function readIpv6Groups(text: string, end: number): boolean {
  const found = text.indexOf('::');
  const gap = found >= 0 && found < end ? found : -1;
  if (gap >= 0) {
    const again = text.indexOf('::', gap + 1);
    if (again >= 0 && again < end) return false;
  }
  const groups = groupsScratch;
  const head = readGroups(text, 0, gap < 0 ? end : gap, groups, 0);
  if (head < 0) return false;
  if (gap < 0) return head === 8;
  const tail = readGroups(text, gap + 2, end, groups, head);
  if (tail < 0 || head + tail > 7) return false;
  // Move the tail to the end and fill the gap with zeros.
  for (let i = tail - 1; i >= 0; i--) groups[8 - tail + i] = groups[head + i];
  for (let i = head; i < 8 - tail; i++) groups[i] = 0;
  return true;
}

/** The prefix length of `groups/n`, with the groups in groupsScratch; -1 when it is not that. */
function readIpv6Cidr(raw: string): number {
  // `address/prefix`: the address of hex digits and colons, the prefix of one to three digits.
  const slash = raw.indexOf('/');
  if (slash <= 0 || raw.length - slash - 1 < 1 || raw.length - slash - 1 > 3) return -1;
  let prefix = 0;
  for (let i = slash + 1; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c < 48 || c > 57) return -1;
    prefix = prefix * 10 + (c - 48);
  }
  return readIpv6Groups(raw, slash) && prefix <= 128 ? prefix : -1;
}

/** RFC 5952 text of eight groups, as ipaddr.js writes it: the longest run of zero groups becomes `::`. */
function ipv6Text(groups: number[]): string {
  const normalized = groups.map((g) => g.toString(16)).join(':');
  const runs = /((^|:)(0(:|$)){2,})/g;
  let best = -1,
    bestLength = -1;
  for (let m = runs.exec(normalized); m; m = runs.exec(normalized))
    if (m[0].length > bestLength) {
      best = m.index;
      bestLength = m[0].length;
    }
  return bestLength < 0 ? normalized : `${normalized.slice(0, best)}::${normalized.slice(best + bestLength)}`;
}

const networkGroup = (g: number, i: number, prefix: number): number => {
  const bits = Math.max(0, Math.min(16, prefix - i * 16));
  return bits === 16 ? g : g & ((0xffff << (16 - bits)) & 0xffff);
};

function checkIpv6Cidr(raw: string): CidrCheck | undefined {
  const prefix = readIpv6Cidr(raw);
  if (prefix < 0) return undefined;
  const groups = groupsScratch;
  if (ipv6HostBitsClear(prefix)) return { kind: 'block', family: 'IPv6', prefix, text: raw };
  const network = groups.map((g, i) => networkGroup(g, i, prefix));
  return { kind: 'host-bits', family: 'IPv6', prefix, network: `${ipv6Text(network)}/${prefix}` };
}

function ipv6HostBitsClear(prefix: number): boolean {
  for (let i = 0; i < 8; i++) if (networkGroup(groupsScratch[i], i, prefix) !== groupsScratch[i]) return false;
  return true;
}

// The forms most blocks are written in, host bits clear by their shape: an IPv4 address with
// /32, or ending in zero octets for /24, /16 and /8; an IPv6 address of all eight groups with
// /128, or of its first k groups and `::` with /16k. One regular expression tells them: V8 runs it
// as native code from its first calls, while a character loop runs in the interpreter until it
// has run often enough to be compiled, which a one-shot run over one long ip_filter barely reaches.
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const GROUP = '[0-9A-Fa-f]{1,4}';
const COMMON_IPV4 = `${OCTET}\\.(?:${OCTET}\\.(?:${OCTET}\\.(?:${OCTET}\\/32|0\\/24)|0\\.0\\/16)|0\\.0\\.0\\/8)`;
const COMMON_IPV6 = [
  `${GROUP}(?::${GROUP}){7}\\/128`,
  ...[1, 2, 3, 4, 5, 6, 7].map((k) => `${GROUP}(?::${GROUP}){${k - 1}}::\\/${16 * k}`),
].join('|');
const COMMON_BLOCK = new RegExp(`^(?:${COMMON_IPV4}|${COMMON_IPV6})$`);
// Compiling that expression costs about a millisecond, as much as reading several hundred blocks
// character by character: a run over a configuration with a few entries (most runs) never pays it,
// one over a long ip_filter starts using it after these first blocks. Both ways give the same answer.
const BLOCKS_BEFORE_EXPRESSION = 256;
let blocksRead = 0;

/**
 * True for an IPv4 or IPv6 block in the forms the fast paths read, with no host bits set: what
 * most entries of a long ip_filter are, told without building a result. False says nothing.
 */
export function isPlainCidrBlock(raw: string): boolean {
  if (blocksRead >= BLOCKS_BEFORE_EXPRESSION) {
    if (COMMON_BLOCK.test(raw)) return true;
  } else blocksRead++;
  const v4 = readIpv4Cidr(raw);
  if (v4 >= 0) return (ipv4Address & ipv4Mask(v4)) >>> 0 === ipv4Address;
  const v6 = readIpv6Cidr(raw);
  return v6 >= 0 && ipv6HostBitsClear(v6);
}

export function checkCidr(raw: string): CidrCheck {
  return checkIpv4Cidr(raw) ?? checkIpv6Cidr(raw) ?? checkCidrGeneral(raw);
}

/** Any text, through ipaddr.js. Exported so that tests can hold the fast paths above against it. */
export function checkCidrGeneral(raw: string): CidrCheck {
  if (raw !== raw.trim()) return { kind: 'invalid', reason: 'it has blanks around it' };
  if (!raw) return { kind: 'invalid', reason: 'it is empty' };
  const slash = raw.indexOf('/');
  const addressText = slash < 0 ? raw : raw.slice(0, slash);
  const address = parseAddress(addressText);
  // What is quoted of the text is cut short, as every message quotes a value (an entry may be megabytes long).
  if (!address) return { kind: 'invalid', reason: `${JSON.stringify(shortened(addressText))} is not an IPv4 or IPv6 address` };
  const family = address.kind() === 'ipv4' ? 'IPv4' : 'IPv6';
  const max = family === 'IPv4' ? 32 : 128;
  if (slash < 0) return { kind: 'bare-address', family, suggestion: `${addressText}/${max}` };
  const prefixText = raw.slice(slash + 1);
  // `10.20.0.0/16 office network`: a block with words after it, not a prefix length of that text.
  const lead = /^\d+/.exec(prefixText)?.[0];
  if (lead !== undefined && lead.length < prefixText.length)
    return {
      kind: 'invalid',
      reason: `text follows the block ${addressText}/${shortened(lead)}: ${JSON.stringify(shortened(prefixText.slice(lead.length)))}`,
    };
  const prefix = /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!(prefix >= 0 && prefix <= max)) return { kind: 'bad-prefix', family, prefix: shortened(prefixText), max };
  const network =
    family === 'IPv4'
      ? ipaddr.IPv4.networkAddressFromCIDR(`${addressText}/${prefix}`)
      : ipaddr.IPv6.networkAddressFromCIDR(`${addressText}/${prefix}`);
  const same = network.toNormalizedString() === address.toNormalizedString();
  if (!same) return { kind: 'host-bits', family, prefix, network: `${network.toString()}/${prefix}` };
  return { kind: 'block', family, prefix, text: raw };
}

/** Fields whose values are CIDR blocks. */
export const holdsCidr = (schema: SchemaNode): boolean => schema.valueFormat === 'cidr';

/** True for a block that admits every address of its family (`0.0.0.0/0`, `::/0`). */
export const isWholeInternet = (raw: string): boolean => {
  // Only a prefix length of zero admits every address: most entries are rejected without parsing.
  if (raw.charCodeAt(raw.length - 1) !== 48 || !/\/0{1,3}$/.test(raw)) return false;
  const c = checkCidr(raw);
  return (c.kind === 'block' || c.kind === 'host-bits') && c.prefix === 0;
};
