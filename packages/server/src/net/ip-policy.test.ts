import { describe, expect, it } from 'vitest';
import { createAddressPolicy } from './ip-policy.ts';

/**
 * The IANA special-purpose address registries, as published (iana-ipv4-special-registry,
 * iana-ipv6-special-registry), written out here on their own — not read from the policy — so the
 * policy is checked against the registries rather than against itself. Every block is refused,
 * the "globally reachable" ones too: no image host lives at an anycast relay or AS112 sink, and the
 * translation blocks embed IPv4 addresses that may be private ones.
 */
const ipv4SpecialPurpose: Array<[string, string]> = [
  ['0.0.0.0/8', '"This network"'],
  ['0.0.0.0/32', '"This host on this network"'],
  ['10.0.0.0/8', 'Private-Use'],
  ['100.64.0.0/10', 'Shared Address Space'],
  ['127.0.0.0/8', 'Loopback'],
  ['169.254.0.0/16', 'Link Local'],
  ['172.16.0.0/12', 'Private-Use'],
  ['192.0.0.0/24', 'IETF Protocol Assignments'],
  ['192.0.0.0/29', 'IPv4 Service Continuity Prefix'],
  ['192.0.0.8/32', 'IPv4 dummy address'],
  ['192.0.0.9/32', 'Port Control Protocol Anycast'],
  ['192.0.0.10/32', 'Traversal Using Relays around NAT Anycast'],
  ['192.0.0.170/32', 'NAT64/DNS64 Discovery'],
  ['192.0.0.171/32', 'NAT64/DNS64 Discovery'],
  ['192.0.2.0/24', 'Documentation (TEST-NET-1)'],
  ['192.31.196.0/24', 'AS112-v4'],
  ['192.52.193.0/24', 'AMT'],
  ['192.88.99.0/24', 'Deprecated (6to4 Relay Anycast)'],
  ['192.168.0.0/16', 'Private-Use'],
  ['192.175.48.0/24', 'Direct Delegation AS112 Service'],
  ['198.18.0.0/15', 'Benchmarking'],
  ['198.51.100.0/24', 'Documentation (TEST-NET-2)'],
  ['203.0.113.0/24', 'Documentation (TEST-NET-3)'],
  ['240.0.0.0/4', 'Reserved'],
  ['255.255.255.255/32', 'Limited Broadcast'],
];

const ipv6SpecialPurpose: Array<[string, string]> = [
  ['::1/128', 'Loopback Address'],
  ['::/128', 'Unspecified Address'],
  ['64:ff9b::/96', 'IPv4-IPv6 Translat.'],
  ['64:ff9b:1::/48', 'IPv4-IPv6 Translat. (local use)'],
  ['100::/64', 'Discard-Only Address Block'],
  ['100:0:0:1::/64', 'Dummy IPv6 Prefix'],
  ['2001::/23', 'IETF Protocol Assignments'],
  ['2001::/32', 'TEREDO'],
  ['2001:1::1/128', 'Port Control Protocol Anycast'],
  ['2001:1::2/128', 'Traversal Using Relays around NAT Anycast'],
  ['2001:1::3/128', 'DNS-SD Service Registration Protocol Anycast'],
  ['2001:2::/48', 'Benchmarking'],
  ['2001:3::/32', 'AMT'],
  ['2001:4:112::/48', 'AS112-v6'],
  ['2001:10::/28', 'Deprecated (previously ORCHID)'],
  ['2001:20::/28', 'ORCHIDv2'],
  ['2001:30::/28', 'Drone Remote ID Protocol Entity Tags (DETs) Prefix'],
  ['2001:db8::/32', 'Documentation'],
  ['2002::/16', '6to4'],
  ['2620:4f:8000::/48', 'Direct Delegation AS112 Service'],
  ['3fff::/20', 'Documentation'],
  ['5f00::/16', 'Segment Routing (SRv6) SIDs'],
  ['fc00::/7', 'Unique-Local'],
  ['fe80::/10', 'Link-Local Unicast'],
];

/** Unicast space outside global unicast that no special-purpose entry lists: deprecated or unassigned, and multicast. */
const outsideGlobalUnicast: Array<[string, string]> = [
  ['224.0.0.0/4', 'IPv4 multicast'],
  ['fec0::/10', 'site-local (deprecated, RFC 3879)'],
  ['ff00::/8', 'IPv6 multicast'],
  ['::/96', 'IPv4-compatible (deprecated, RFC 4291)'],
  ['4000::/3', 'IPv6 unassigned'],
  ['e000::/4', 'IPv6 unassigned'],
  ['::ffff:0:0/96', 'IPv4-mapped, of a refused IPv4 address (checked as IPv4: here 0.0.0.0/8 and 255.255.255.255)'],
];

const ipv4ToInt = (a: string) => a.split('.').reduce((n, o) => n * 256 + Number(o), 0);
const intToIpv4 = (n: number) => [24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256).join('.');

function ipv6ToBig(address: string): bigint {
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const all = [...front, ...new Array(8 - front.length - back.length).fill('0'), ...back];
  return all.reduce((n, g) => (n << 16n) + BigInt(Number.parseInt(g, 16)), 0n);
}
const bigToIpv6 = (n: bigint) => Array.from({ length: 8 }, (_, i) => ((n >> BigInt(16 * (7 - i))) & 0xffffn).toString(16)).join(':');

/** First, middle and last address of a block (the one address of a /32 or /128). */
function samplesOf(cidr: string): string[] {
  const [base, bits] = cidr.split('/') as [string, string];
  if (base.includes(':')) {
    const size = 1n << BigInt(128 - Number(bits));
    const first = ipv6ToBig(base);
    return [...new Set([first, first + size / 2n, first + size - 1n])].map(bigToIpv6);
  }
  const size = 2 ** (32 - Number(bits));
  const first = ipv4ToInt(base);
  return [...new Set([first, first + Math.floor(size / 2), first + size - 1])].map(intToIpv4);
}

describe('imageUrl address policy: an allow-list of global unicast', () => {
  const policy = createAddressPolicy([]);

  it.each(ipv4SpecialPurpose)('refuses IPv4 special-purpose %s (%s)', (cidr) => {
    for (const address of samplesOf(cidr)) {
      expect(policy.isAllowed(address), address).toBe(false);
      // The same address as IPv4-mapped IPv6 is the same address.
      expect(policy.isAllowed(`::ffff:${address}`), `::ffff:${address}`).toBe(false);
    }
  });

  it.each(ipv6SpecialPurpose)('refuses IPv6 special-purpose %s (%s)', (cidr) => {
    for (const address of samplesOf(cidr)) expect(policy.isAllowed(address), address).toBe(false);
  });

  it.each(outsideGlobalUnicast)('refuses %s (%s)', (cidr) => {
    const samples = cidr === '::ffff:0:0/96' ? ['::ffff:0.0.0.0', '::ffff:255.255.255.255'] : samplesOf(cidr);
    for (const address of samples) expect(policy.isAllowed(address), address).toBe(false);
  });

  it('refuses fec0::/10 in every spelling (issue #56: it was fetched, and from lo when bound there)', () => {
    for (const address of ['fec0::1', 'FEC0::1', 'fec0:0:0:0:0:0:0:1', 'feff:ffff::1', 'fec0::10.0.0.1', '[fec0::1]']) {
      expect(policy.isAllowed(address), address).toBe(false);
    }
  });

  it('allows global unicast next to the refused blocks', () => {
    for (const address of [
      '1.1.1.1',
      '8.8.8.8',
      '93.184.216.34',
      '9.255.255.255',
      '11.0.0.0',
      '100.63.255.255',
      '100.128.0.0',
      '192.0.1.1',
      '198.17.255.255',
      '223.255.255.254',
      '::ffff:93.184.216.34',
      '2606:4700:4700::1111',
      '2a00:1450:4001:80b::200e',
      '2001:200::1',
      '2620:4f:7fff::1',
      '2a01:4f8::1',
      '2000::1',
    ]) {
      expect(policy.isAllowed(address), address).toBe(true);
    }
  });

  it('lets the operator allow-list a refused block', () => {
    const internal = createAddressPolicy(['10.20.0.0/16', 'fec0::/10', 'images.internal']);
    expect(internal.isAllowed('10.20.1.2')).toBe(true);
    expect(internal.isAllowed('10.21.1.2')).toBe(false);
    expect(internal.isAllowed('fec0::5')).toBe(true);
    expect(internal.isHostAllowListed('IMAGES.internal')).toBe(true);
  });

  it('refuses what is not an IP address', () => {
    for (const address of ['', 'localhost', '1.2.3', '::g', '2130706433']) expect(policy.isAllowed(address), address).toBe(false);
  });
});
