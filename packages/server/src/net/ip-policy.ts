import { BlockList, isIP } from 'node:net';
import { addAddressOrCidr, listHolds, unwrapMappedIpv4 } from './address-blocks.ts';

/**
 * The policy is an allow-list: an outbound URL (an image to fetch, a webhook to call) may reach
 * only a **global unicast** address — IPv4 outside multicast, the reserved 240/4 and every block of
 * the IANA IPv4 special-purpose registry; IPv6 inside 2000::/3 and outside every block of the IANA
 * IPv6 special-purpose registry — unless the operator allow-lists it (IMAGE_URL_ALLOW,
 * WEBHOOK_URL_ALLOW). Everything else is refused, including space that
 * no registry entry names: site-local fec0::/10, IPv4-compatible ::/96, unassigned IPv6.
 *
 * Special-purpose blocks are refused even where the registry calls them globally reachable
 * (anycast relays, AS112 sinks, AMT, NAT64 64:ff9b::/96): no image host lives there, and the
 * translation and tunnelling blocks (NAT64, 6to4, Teredo) embed IPv4 addresses that may be private
 * ones. IPv4-mapped (and -translated) IPv6 is unwrapped and judged as the IPv4 address it carries.
 */
const ipv4NotGlobal: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private-use
  ['100.64.0.0', 10], // shared address space (CGNAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link local (incl. cloud metadata 169.254.169.254)
  ['172.16.0.0', 12], // private-use
  ['192.0.0.0', 24], // IETF protocol assignments (incl. PCP/TURN anycast, NAT64 discovery)
  ['192.0.2.0', 24], // documentation
  ['192.31.196.0', 24], // AS112-v4
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16], // private-use
  ['192.175.48.0', 24], // direct delegation AS112
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the limited broadcast 255.255.255.255
];

/** Global unicast IPv6 (RFC 4291 §2.4), then the special-purpose blocks inside it. */
const ipv6GlobalUnicast: [string, number] = ['2000::', 3];
const ipv6NotGlobal: Array<[string, number]> = [
  ['2001::', 23], // IETF protocol assignments: Teredo, PCP/TURN/DNS-SD anycast, benchmarking, AMT, AS112, ORCHID, DETs
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds an IPv4 address
  ['2620:4f:8000::', 48], // direct delegation AS112
  ['3fff::', 20], // documentation
];

export interface AddressPolicy {
  /** True when the address may be connected to. */
  isAllowed(address: string): boolean;
  /** True when a host name is allow-listed by name (its addresses are then not checked). */
  isHostAllowListed(hostname: string): boolean;
}

/** Builds the policy from the operator's allow-list: CIDRs (`10.1.0.0/16`), addresses or host names. */
export function createAddressPolicy(allowList: string[]): AddressPolicy {
  // Special-purpose blocks outside 2000::/3 (loopback, NAT64, discard, SRv6, unique- and link-local…)
  // need no entry: nothing outside global unicast is allowed in the first place.
  const ipv4Refused = new BlockList();
  for (const [address, prefix] of ipv4NotGlobal) ipv4Refused.addSubnet(address, prefix, 'ipv4');
  const ipv6Global = new BlockList();
  ipv6Global.addSubnet(ipv6GlobalUnicast[0], ipv6GlobalUnicast[1], 'ipv6');
  const ipv6Refused = new BlockList();
  for (const [address, prefix] of ipv6NotGlobal) ipv6Refused.addSubnet(address, prefix, 'ipv6');
  const isGlobalUnicast = (address: string, family: 4 | 6) =>
    family === 4 ? !ipv4Refused.check(address, 'ipv4') : ipv6Global.check(address, 'ipv6') && !ipv6Refused.check(address, 'ipv6');

  const allowed = new BlockList();
  const allowedHosts = new Set<string>();
  for (const entry of allowList) if (!addAddressOrCidr(allowed, entry)) allowedHosts.add(entry.toLowerCase());

  return {
    isAllowed(address) {
      const normalized = unwrapMappedIpv4(address);
      const family = isIP(normalized);
      if (family === 0) return false;
      if (listHolds(allowed, normalized)) return true;
      return isGlobalUnicast(normalized, family as 4 | 6);
    },
    isHostAllowListed(hostname) {
      return allowedHosts.has(hostname.toLowerCase());
    },
  };
}
