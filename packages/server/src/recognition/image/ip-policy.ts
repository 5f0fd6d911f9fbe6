import { BlockList, isIP } from 'node:net';

/**
 * Addresses an image URL may never point at unless the operator allow-lists them: private,
 * loopback, link-local (incl. cloud metadata 169.254.169.254), CGNAT, unique-local, multicast,
 * reserved and documentation ranges. IPv4-mapped IPv6 is unwrapped and checked as IPv4.
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

/** `::ffff:10.0.0.1` and `::ffff:a00:1` → `10.0.0.1`; anything else unchanged. */
export function unwrapMappedIpv4(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (dotted) return dotted[1]!;
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(bare);
  if (hex) {
    const high = parseInt(hex[1]!, 16);
    const low = parseInt(hex[2]!, 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return bare;
}
