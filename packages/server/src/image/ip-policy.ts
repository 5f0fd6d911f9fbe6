import { BlockList, isIP } from 'node:net';

/**
 * Addresses an image URL may never point at unless the operator allow-lists them: private,
 * loopback, link-local (incl. cloud metadata 169.254.169.254), CGNAT, unique-local, multicast,
 * reserved and documentation ranges. IPv4-mapped IPv6 is unwrapped and checked as IPv4; the
 * translation and tunnelling ranges that embed an IPv4 address (IPv4-translated, NAT64, 6to4,
 * Teredo) are refused as a whole, since the embedded address may be a private one.
 */
const forbiddenRanges: Array<[string, number, 'ipv4' | 'ipv6']> = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.0.2.0', 24, 'ipv4'],
  ['192.88.99.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['198.51.100.0', 24, 'ipv4'],
  ['203.0.113.0', 24, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['::', 96, 'ipv6'], // unspecified, loopback and the deprecated IPv4-compatible form
  ['64:ff9b::', 96, 'ipv6'], // NAT64: would reach arbitrary IPv4, private ones included
  ['64:ff9b:1::', 48, 'ipv6'],
  ['100::', 64, 'ipv6'],
  ['2001::', 32, 'ipv6'], // Teredo: embeds (obfuscated) IPv4 addresses of server and client
  ['2001:db8::', 32, 'ipv6'],
  ['2002::', 16, 'ipv6'], // 6to4 embeds an IPv4 address
  ['fc00::', 7, 'ipv6'], // unique-local (incl. fd00:ec2::254 metadata)
  ['fe80::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];

export interface AddressPolicy {
  /** True when the address may be connected to. */
  isAllowed(address: string): boolean;
  /** True when a host name is allow-listed by name (its addresses are then not checked). */
  isHostAllowListed(hostname: string): boolean;
}

/** Builds the policy from the operator's allow-list: CIDRs (`10.1.0.0/16`), addresses or host names. */
export function createAddressPolicy(allowList: string[]): AddressPolicy {
  const forbidden = new BlockList();
  for (const [address, prefix, type] of forbiddenRanges) forbidden.addSubnet(address, prefix, type);

  const allowed = new BlockList();
  const allowedHosts = new Set<string>();
  for (const entry of allowList) {
    const [address, prefix] = entry.split('/');
    const family = isIP(address ?? '');
    if (family === 0) {
      allowedHosts.add(entry.toLowerCase());
    } else {
      const type = family === 4 ? 'ipv4' : 'ipv6';
      allowed.addSubnet(address!, prefix === undefined ? (family === 4 ? 32 : 128) : Number(prefix), type);
    }
  }

  return {
    isAllowed(address) {
      const normalized = unwrapMappedIpv4(address);
      const family = isIP(normalized);
      if (family === 0) return false;
      const type = family === 4 ? 'ipv4' : 'ipv6';
      if (allowed.check(normalized, type)) return true;
      return !forbidden.check(normalized, type);
    },
    isHostAllowListed(hostname) {
      return allowedHosts.has(hostname.toLowerCase());
    },
  };
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted quad included); null if it is not one. */
function ipv6Groups(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...new Array(8 - front.length - back.length).fill(0), ...back];
}

/**
 * IPv4-mapped (`::ffff:10.0.0.1`, `::ffff:a00:1`) and IPv4-translated (`::ffff:0:10.0.0.1`,
 * RFC 2765) addresses → the IPv4 address they carry; anything else unchanged.
 */
export function unwrapMappedIpv4(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  const g = ipv6Groups(bare);
  if (!g) return bare;
  const mapped = g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff;
  const translated = g.slice(0, 4).every((x) => x === 0) && g[4] === 0xffff && g[5] === 0;
  if (!mapped && !translated) return bare;
  const high = g[6]!;
  const low = g[7]!;
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}
