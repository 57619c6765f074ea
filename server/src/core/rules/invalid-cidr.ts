import { checkCidr, holdsCidr, isPlainCidrBlock } from '../cidr';
import { formatPath } from '../paths';
import { defineRule, intentFix } from '../rule';
import type { Fix, Segment } from '../types';
import { isPlaceholder, show } from '../values';
import { eachKnownField, type Visit } from '../walk';

export default defineRule({
  meta: {
    id: 'invalid-cidr',
    defaultSeverity: 'error',
    summary: '`ip_filter` entries must be CIDR blocks; host bits set is a warning.',
    details: [
      'Each `ip_filter` entry (a string, or the `network` of an object entry) is an IPv4 or IPv6 address block in CIDR notation, such as `10.20.0.0/16` or `2001:db8::/32`. The API rejects anything else.',
      '',
      '- A single address without a prefix length is reported with a fix that adds `/32` (IPv4) or `/128` (IPv6).',
      '- A block whose address has host bits set (`10.0.0.1/8`) is accepted, but it really means the network `10.0.0.0/8`, which is often wider than intended: this is reported as a warning, and the fix rewrites the block to the network it stands for. Check that the whole network is what you want to allow.',
      '',
      'IPv4 addresses must be written as four decimal numbers. Placeholders filled in at deploy time (`<OFFICE_NETWORK>`, `${VPN_CIDR}`) are not checked.',
    ].join('\n'),
    fixable: true,
    examples: {
      valid: [{ code: '{ "ip_filter": ["10.20.0.0/16", { "network": "2001:db8::/32", "description": "office" }] }' }],
      invalid: [
        { code: '{ "ip_filter": ["10.20.0.1"] }' },
        { code: '{ "ip_filter": ["10.0.0.1/8"] }' },
        { code: '{ "ip_filter": [{ "network": "10.0.0.300/24" }] }' },
      ],
    },
  },
  check(ctx) {
    // Most entries of a long ip_filter are plain blocks: only the others are kept for a closer look.
    const suspects: Visit[] = [];
    eachKnownField(ctx.value, holdsCidr, (v) => {
      if (typeof v.value === 'string' && !isPlaceholder(v.value) && !isPlainCidrBlock(v.value))
        suspects.push({ path: v.path, value: v.value, schema: v.schema });
    });
    for (const v of suspects) {
      if (typeof v.value !== 'string') continue;
      const value = v.value;
      const result = checkCidr(value);
      if (result.kind === 'block') continue;
      // Only an entry with a finding needs its path spelled out and its position in the text.
      const field = formatPath(v.path);
      // The value's range, from the document's index: no parse tree is needed to replace a string.
      const at = ctx.doc.locate(v.path, 'value');
      const replace = (title: string, text: string): Fix | undefined =>
        intentFix(ctx.doc, title, { kind: 'set', path: v.path, value: text });
      const report = (message: string, fix?: Fix, severity?: 'warning'): void =>
        ctx.report({ path: v.path as Segment[], at, message, fix, severity });
      switch (result.kind) {
        case 'bare-address': {
          const bits = result.family === 'IPv4' ? '/32' : '/128';
          report(
            `${field} is ${show(value)}, a single ${result.family} address, but ip_filter takes CIDR blocks. Add ${bits} to allow just this address.`,
            replace(`Add ${bits}`, result.suggestion),
          );
          break;
        }
        case 'host-bits':
          report(
            `${field} is ${show(value)}, which has host bits set: the block is really ${result.network}, all addresses with the same first ${result.prefix} bits. Write ${result.network} if that is what you mean, or use a longer prefix to allow less.`,
            replace(`Replace with ${result.network}`, result.network),
            'warning',
          );
          break;
        case 'bad-prefix':
          report(
            `${field} is ${show(value)}, but the prefix length /${result.prefix} is not valid for ${result.family}: it must be 0 to ${result.max}.`,
          );
          break;
        case 'invalid': {
          const trimmed = value.trim();
          const fix = trimmed !== value && checkCidr(trimmed).kind === 'block' ? replace('Remove the blanks', trimmed) : undefined;
          report(
            `${field} is ${show(value)}, which is not a CIDR block: ${result.reason}. Write an address block such as 10.20.0.0/16 or 2001:db8::/32.`,
            fix,
          );
          break;
        }
      }
    }
  },
});
