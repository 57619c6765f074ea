import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkCidr, checkCidrGeneral } from '../server/src/core/cidr';
import { Rng } from './fuzz/rng';

/**
 * Canonical IPv4 and IPv6 blocks are read character by character; everything else goes
 * through ipaddr.js. The fast readers must agree with ipaddr.js on every input they accept.
 */

const HAND_PICKED = [
  '10.0.0.0/8', '10.0.0.1/8', '0.0.0.0/0', '255.255.255.255/32', '256.0.0.0/8', '01.2.3.4/8', '1.2.3/8', '1.2.3.4/33', '1.2.3.4/',
  '::/0', '::1/128', '::1/64', '2001:db8::/32', '2001:db8::1/32', '2001:DB8::/32', '2001:db8:0:0:0:0:0:0/32', '1:2:3:4:5:6:7:8/128',
  '1:2:3:4:5:6:7:8:9/128', '1:2:3:4:5:6:7/128', '1::2::3/64', '1:::2/64', ':1::/64', '1::/64', '::ffff/96', '12345::/16', 'fe80::1%eth0/64',
  '::ffff:1.2.3.4/128', '2001:db8::/129', '2001:db8::/0128', '2001:db8::/', '/64', '2001:db8:://64', 'g::/16', '1:2:3:4:5:6:7::/112',
  '::2:3:4:5:6:7:8/16', '1:2:3:4:5:6::8/127', ' 10.0.0.0/8', '10.0.0.0/8 ', '', '10.0.0.0', '2001:db8::1',
];

const below = (rng: Rng, n: number): number => rng.int(0, n - 1);

function randomCandidate(rng: Rng): string {
  const hex = '0123456789abcdefABCDEF';
  const pick = (s: string): string => s[below(rng, s.length)];
  if (below(rng, 2) === 0) {
    const octet = (): string => String(below(rng, 4) === 0 ? below(rng, 400) : below(rng, 256)) + (below(rng, 30) === 0 ? '0' : '');
    return `${[octet(), octet(), octet(), octet()].slice(0, below(rng, 8) === 0 ? 3 : 4).join('.')}/${below(rng, 36)}`;
  }
  const groups = Array.from({ length: 1 + below(rng, 9) }, () => Array.from({ length: below(rng, 6) }, () => pick(hex)).join(''));
  let text = groups.join(':');
  if (below(rng, 2) === 0) { const at = below(rng, text.length + 1); text = `${text.slice(0, at)}::${text.slice(at)}`; }
  if (below(rng, 20) === 0) text = text.replace(':', ':::');
  return `${text}/${below(rng, 140)}`;
}

test('the fast CIDR readers agree with ipaddr.js', () => {
  const rng = new Rng(20261121);
  const inputs = [...HAND_PICKED, ...Array.from({ length: 20000 }, () => randomCandidate(rng))];
  const accepted = { IPv4: 0, IPv6: 0 };
  for (const raw of inputs) {
    const general = checkCidrGeneral(raw);
    assert.deepEqual(checkCidr(raw), general, raw);
    if (general.kind === 'block' || general.kind === 'host-bits') accepted[general.family]++;
  }
  // The generator must reach valid blocks of both families, not only rejected inputs.
  assert.ok(accepted.IPv4 > 1000 && accepted.IPv6 > 1000, `valid blocks generated: ${JSON.stringify(accepted)}`);
});
