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
