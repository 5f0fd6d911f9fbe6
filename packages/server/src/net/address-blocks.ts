import { type BlockList, isIP } from 'node:net';

/** `10.0.0.1`, `10.0.0.0/8`, `fd00::/8`: an address, with a prefix no longer than its family's. */
export function isAddressOrCidr(entry: string): boolean {
  const [address, prefix] = entry.split('/');
  const family = isIP(address ?? '');
  return family !== 0 && (prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128)));
}

/** Adds an address or CIDR to `list`; false (nothing added) when the entry is neither (a host name). */
export function addAddressOrCidr(list: BlockList, entry: string): boolean {
  if (!isAddressOrCidr(entry)) return false;
  const [address, prefix] = entry.split('/') as [string, string | undefined];
  const family = isIP(address);
  list.addSubnet(address, prefix === undefined ? (family === 4 ? 32 : 128) : Number(prefix), family === 4 ? 'ipv4' : 'ipv6');
  return true;
}

/** Whether an address (of either family) is in `list`; false for what is not an address. */
export function listHolds(list: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
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
