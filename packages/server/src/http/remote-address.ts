import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';
import { addAddressOrCidr, listHolds, unwrapMappedIpv4 } from '../net/address-blocks.ts';
import type { AppEnv } from './context.ts';

/** The connection's peer address (@hono/node-server puts the request in `c.env.incoming`); '' in-process. */
function peerAddress(c: Context): string {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress ?? '';
}

/** X-Forwarded-For entries read at most: a proxy chain is a few hops; the rest is whatever a client wrote. */
const maxForwardedHops = 16;

/**
 * How the client's address is found (`TRUSTED_PROXIES`): the connection's peer, unless that peer is
 * one of the operator's proxies — then the X-Forwarded-For entry the nearest untrusted hop wrote,
 * read from the right (the part a client writes itself is on the left and is never believed). A
 * proxy that sent no usable entry leaves its own address. With no trusted proxies the header is
 * ignored: any client can write it.
 */
export function createClientAddress(trustedProxies: ReadonlyArray<string>): (c: Context) => string {
  if (trustedProxies.length === 0) return peerAddress;
  const trusted = new BlockList();
  for (const entry of trustedProxies) addAddressOrCidr(trusted, entry);
  const isTrusted = (address: string) => listHolds(trusted, address);
  return (c) => {
    const peer = peerAddress(c);
    if (!isTrusted(unwrapMappedIpv4(peer))) return peer;
    const hops = (c.req.header('x-forwarded-for') ?? '').split(',').slice(-maxForwardedHops).reverse();
    for (const hop of hops) {
      const entry = hop.trim();
      if (isIP(entry) === 0) return peer;
      // An IPv4 client of a dual-stack proxy may be written `::ffff:10.0.0.1`.
      const address = unwrapMappedIpv4(entry);
      if (!isTrusted(address)) return address;
    }
    return peer;
  };
}

/**
 * The client's address as the failed-login limits count it: set once per request by the app
 * (`createClientAddress`); the connection's peer where no app set it.
 */
export function remoteAddress(c: Context): string {
  return (c as Context<AppEnv>).get('clientAddress') ?? peerAddress(c);
}
