import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkCidr, checkCidrGeneral, isPlainCidrBlock } from '../../../server/src/core/cidr';
import { Rng } from '../../fuzz/rng';

/**
 * IPv4 and IPv6 blocks are read character by character (a large ip_filter holds thousands);
 * every other text goes through ipaddr.js. Whatever a fast path answers, ipaddr.js must answer
 * the same.
 */

const HEX = '0123456789abcdefABCDEF';

function ipv4Like(rng: Rng): string {
  const octet = (): string =>
    rng.chance(0.9) ? String(rng.int(0, 255)) : rng.pick(['0', '00', '01', '255', '256', '999', String(rng.int(0, 300)), '']);
  let text = [octet(), octet(), octet(), octet(), octet()].slice(0, rng.chance(0.9) ? 4 : rng.pick([3, 5])).join('.');
  if (rng.chance(0.9)) text += `/${rng.pick(['0', '8', '16', '24', '32', '33', '032', '0032', '', String(rng.int(0, 40))])}`;
  return text;
}

function ipv6Like(rng: Rng): string {
  const group = (): string => Array.from({ length: rng.chance(0.9) ? rng.int(1, 4) : rng.pick([0, 5]) }, () => rng.pick([...HEX])).join('');
  const groups = Array.from({ length: rng.chance(0.5) ? 8 : rng.int(1, 9) }, group);
  // A gap (`::`) in place of some groups, sometimes a malformed one.
  if (rng.chance(0.5)) groups.splice(rng.int(0, groups.length), rng.int(1, 3), rng.chance(0.9) ? '' : ':');
  let text = groups.join(':');
  if (rng.chance(0.2)) text = rng.pick(['::', ':', '']) + text + rng.pick(['::', ':', '']);
  if (rng.chance(0.9)) text += `/${rng.pick(['0', '48', '64', '128', '129', '0128', '', String(rng.int(0, 140))])}`;
  return text;
}

function mutate(rng: Rng, text: string): string {
  const i = rng.int(0, text.length);
  switch (rng.int(0, 5)) {
    case 0:
      return text.slice(0, i) + text.slice(i + 1);
    case 1:
      return text.slice(0, i) + rng.pick([' ', '/', ':', '.', 'g', '1', 'f', '%', '\n']) + text.slice(i);
    case 2:
      return ` ${text}`;
    default:
      return text;
  }
}

test('IPv4 and IPv6 blocks read by the fast paths are judged exactly as by ipaddr.js', () => {
  const rng = new Rng(20261121);
  const fixed = [
    '0.0.0.0/0',
    '::/0',
    '10.0.0.1/8',
    '2001:db8::/32',
    '2001:db8::1/32',
    '::',
    '::1/128',
    '1::/0',
    '1:2:3:4:5:6:7:8/128',
    '1:2:3:4:5:6:7::/112',
    '::2:3:4:5:6:7:8/16',
    '1:2:3:4:5:6:7:8:9/64',
    ':::/8',
    '1:::2/64',
    'fe80::1%eth0/64',
    '::ffff:10.0.0.1/128',
    '10.20.30.40/16',
    '300.1.2.0/24',
    '01.2.3.4/8',
    '1.2.3.4/',
    '/8',
    '1.2.3.4//8',
    '1::2::3/64',
    // Near misses of the common forms that one regular expression tells at once.
    '1.2.3.0/24',
    '1.2.3.1/24',
    '1.2.0.0/16',
    '1.2.1.0/16',
    '1.0.0.0/8',
    '1.0.0.1/8',
    '256.0.0.0/8',
    '01.0.0.0/8',
    '1.2.3.4/32',
    '1.2.3.04/32',
    '1:2::/32',
    '1:2::/31',
    '1:2:3::/32',
    '12345::/16',
    'g::/16',
    '1:2:3:4::/64',
    '1:2:3:4::1/64',
    '1:2:3:4:5:6:7:8::/128',
    'A:B:C:D::/64',
  ];
  const blocks = { IPv4: 0, IPv6: 0 };
  const inputs = [
    ...fixed,
    ...Array.from({ length: 20_000 }, (_, i) => {
      const r = rng.fork(i);
      const t = r.chance(0.5) ? ipv4Like(r) : ipv6Like(r);
      return r.chance(0.2) ? mutate(r, t) : t;
    }),
  ];
  // The fixed texts again at the end: the first blocks of a run are read character by character, the
  // later ones by the regular expression first, and the near misses must be judged right both ways.
  for (const raw of [...inputs, ...fixed]) {
    const general = checkCidrGeneral(raw);
    assert.deepEqual(checkCidr(raw), general, JSON.stringify(raw));
    if (isPlainCidrBlock(raw)) assert.equal(general.kind, 'block', JSON.stringify(raw));
    if (general.kind === 'block' || general.kind === 'host-bits') blocks[general.family]++;
  }
  assert.ok(blocks.IPv4 > 2_000 && blocks.IPv6 > 1_000, `too few blocks among the inputs: ${JSON.stringify(blocks)}`);
  const plain = inputs.filter(isPlainCidrBlock).length;
  assert.ok(plain > 1_500, `only ${plain} inputs were told blocks by the fast paths`);
});
