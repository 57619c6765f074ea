/**
 * Checks of string formats that JSON Schema cannot express. Each returns why the value is
 * malformed (a phrase that completes "it ..."), or undefined when it is fine.
 */

const LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;

export function hostnameProblem(value: string): string | undefined {
  if (!value) return 'is empty';
  if (/\s/.test(value)) return 'contains blanks';
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return 'starts with a scheme; give the host name only';
  if (value.includes('/')) return 'contains a path; give the host name only';
  if (value.includes(':')) return 'contains a port; give the host name only';
  const name = value.endsWith('.') ? value.slice(0, -1) : value;
  if (name.length > 253) return 'is longer than the 253 characters a DNS name may have';
  const labels = name.split('.');
  if (labels.length < 2) return 'is not a fully qualified domain name (it has no dot)';
  const bad = labels.find((l) => !LABEL.test(l));
  if (bad !== undefined)
    return bad === ''
      ? 'has an empty label (two dots in a row)'
      : `has the label ${JSON.stringify(bad)}, but a DNS label is 1 to 63 letters, digits or hyphens and does not start or end with a hyphen`;
  if (/^\d+$/.test(labels[labels.length - 1])) return 'is an IP address or ends in a numeric label, not a domain name';
  return undefined;
}

/** The host name inside a URL-like value, when the writer pasted a URL (`https://search.example.com/`). */
export function hostOfUrl(value: string): string | undefined {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value.trim())) return undefined;
  try {
    const host = new URL(value.trim()).hostname;
    return host && !hostnameProblem(host) ? host : undefined;
  } catch {
    return undefined;
  }
}

export function urlProblem(value: string): string | undefined {
  if (!value) return 'is empty';
  if (/\s/.test(value)) return 'contains blanks or line breaks';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not an absolute URL (it needs https:// and a host)';
  }
  // `admin:pw@host` parses with the user name as its scheme: a scheme is named only when `//` follows it.
  if (!value.toLowerCase().startsWith(`${url.protocol}//`)) return 'is not an absolute URL (it needs https:// and a host)';
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return `uses the scheme ${url.protocol.replace(/:$/, '')}, but only http(s) URLs can be fetched`;
  if (!url.hostname) return 'has no host';
  return undefined;
}

// A label of 1 to 63 letters, digits or hyphens, not starting or ending with a hyphen; a port
// from 1 to 65535, without leading zeros.
const HOST_LABEL = '(?!-)[A-Za-z0-9-]{1,63}(?<!-)';
const PORT = '(?:[1-9]\\d{0,3}|[1-5]\\d{4}|6[0-4]\\d{3}|65[0-4]\\d{2}|655[0-2]\\d|6553[0-5])';
/** At least one letter or hyphen before the colon: a host of digits and dots only is an IPv4 address, not judged here. */
const COMMON_HOST_PORT = new RegExp(`^(?=[^:]*[A-Za-z-])(?:${HOST_LABEL}\\.)*${HOST_LABEL}\\.?:${PORT}$`);

/**
 * True for the common `name.example.com:9200`: a host name in valid labels (one trailing dot
 * allowed) and a port from 1 to 65535. False means only that the general check below must judge
 * the value. A large whitelist holds thousands: one regular expression, which V8 runs as native
 * code from its first calls, costs a fraction of a character loop run in the interpreter.
 */
export function hostPortLooksValid(value: string): boolean {
  return COMMON_HOST_PORT.test(value);
}

export function hostPortProblem(value: string): string | undefined {
  return hostPortLooksValid(value) ? undefined : hostPortProblemOf(value);
}

/**
 * Any value, with regular expressions. Exported so that tests can hold the fast path against it.
 * The engine reads each entry as a pattern of `host:port` in which `*` matches any text
 * (`*.example.com:9200`, `127.0.10.*:9200`, `localhost:*`): a part with a `*` is judged only for
 * the characters it may hold.
 */
export function hostPortProblemOf(value: string): string | undefined {
  if (!value) return 'is empty';
  if (/\s/.test(value)) return 'contains blanks';
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return 'starts with a scheme; write host:port only';
  const m = /^(\[[0-9A-Fa-f:.*]+\]|[^:/\[\]]+):([\d*]+)$/.exec(value);
  if (!m) return value.includes(':') ? 'is not of the form host:port' : 'has no port; write host:port';
  const [, host, portText] = m;
  const port = Number(portText);
  if (!portText.includes('*') && !(port >= 1 && port <= 65535)) return `has the port ${portText}, but a port is 1 to 65535`;
  if (host.startsWith('[')) return undefined;
  if (host.includes('*'))
    return /^[A-Za-z0-9*.-]+$/.test(host)
      ? undefined
      : `has the host ${JSON.stringify(host)}, which holds characters no host name has (a * matches any text)`;
  if (/^[\d.]+$/.test(host))
    return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) && host.split('.').every((p) => Number(p) <= 255)
      ? undefined
      : `has the host ${JSON.stringify(host)}, which is not a valid IPv4 address`;
  const labels = (host.endsWith('.') ? host.slice(0, -1) : host).split('.');
  return labels.every((l) => LABEL.test(l)) ? undefined : `has the host ${JSON.stringify(host)}, which is not a valid host name`;
}

const BEGIN = '-----BEGIN CERTIFICATE-----';
const END = '-----END CERTIFICATE-----';

export function pemProblem(value: string): string | undefined {
  const text = value.replace(/\r\n/g, '\n').trim();
  if (!text) return 'is empty';
  if (!text.includes(BEGIN)) return `has no "${BEGIN}" line`;
  let rest = text;
  let blocks = 0;
  while (rest.trim()) {
    // Text outside the blocks is explanation, which readers skip (RFC 7468: a CA bundle's `# Issuer:`
    // lines); a boundary there is another kind of block (a private key) or a broken one.
    const begin = rest.indexOf(BEGIN);
    const before = begin < 0 ? rest : rest.slice(0, begin);
    if (before.includes('-----'))
      return blocks
        ? `has a block that is not a certificate after certificate ${blocks} (each block must start with "${BEGIN}")`
        : `has a block that is not a certificate before "${BEGIN}"`;
    if (begin < 0) break;
    rest = rest.slice(begin);
    const end = rest.indexOf(END);
    if (end < 0) return `has a certificate (block ${blocks + 1}) without its "${END}" line`;
    const body = rest.slice(BEGIN.length, end);
    if (body.includes('-----')) return `has a certificate (block ${blocks + 1}) whose "${END}" line is missing before the next block`;
    const base64 = body.replace(/\s+/g, '');
    if (!base64) return `has an empty certificate (block ${blocks + 1})`;
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64) || base64.length % 4 !== 0)
      return `has a certificate (block ${blocks + 1}) whose body is not valid base64`;
    blocks++;
    rest = rest.slice(end + END.length);
  }
  return undefined;
}
