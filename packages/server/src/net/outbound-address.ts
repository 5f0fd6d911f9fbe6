import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import type { AddressPolicy } from './ip-policy.ts';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** An outbound URL (an image to fetch, a webhook to call) as parsed, or why it may not be called at all. */
export type OutboundUrl = { url: URL } | { problem: 'invalid' | 'scheme' | 'credentials' };

/** An absolute http(s) URL without credentials — what idlens calls out to — or the reason it is not one. */
export function parseOutboundUrl(raw: string): OutboundUrl {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { problem: 'invalid' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { problem: 'scheme' };
  if (url.username || url.password) return { problem: 'credentials' };
  return { url };
}

/** The URL's host as an address or name: an IPv6 literal without its brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** Why an outbound URL's host may not be connected to. */
export class OutboundAddressRefused extends Error {
  override readonly name = 'OutboundAddressRefused';
  readonly reason: 'unresolved' | 'not-allowed';
  constructor(reason: 'unresolved' | 'not-allowed') {
    super(
      reason === 'unresolved' ? 'the host name does not resolve' : 'the address is not a global unicast one (private, loopback, link-local, special-purpose…)',
    );
    this.reason = reason;
  }
}

/**
 * The address to connect to for `url`, checked against the outbound policy (SSRF): every address
 * the name resolves to must be allowed — an attacker who controls the name controls which answer
 * a client would use —, unless the name itself is allow-listed. Connect to the answer with
 * `pinnedLookup`, never by resolving the name again (DNS rebinding).
 */
export async function resolveAllowedAddress(url: URL, policy: AddressPolicy): Promise<ResolvedAddress> {
  const hostname = hostOf(url);
  const byName = policy.isHostAllowListed(hostname);
  let addresses: ResolvedAddress[];
  if (isIP(hostname)) {
    addresses = [{ address: hostname, family: isIP(hostname) as 4 | 6 }];
  } else {
    try {
      addresses = (await lookup(hostname, { all: true, verbatim: true })) as ResolvedAddress[];
    } catch {
      throw new OutboundAddressRefused('unresolved');
    }
  }
  if (!byName && (addresses.length === 0 || addresses.some((a) => !policy.isAllowed(a.address)))) throw new OutboundAddressRefused('not-allowed');
  return addresses[0]!;
}

/** A `lookup` for http(s).request that answers the checked address: the Host header and TLS SNI still use the name. */
export function pinnedLookup(resolved: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, [resolved]);
    } else {
      callback(null, resolved.address, resolved.family);
    }
  };
}
