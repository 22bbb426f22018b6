/**
 * What per-address limits count (ADR 0013): an IPv4 address as it is, an IPv6 address by its
 * network (the first `ipv6Prefix` bits, a /64 by default): one subscriber's devices pick new
 * addresses in their /64 at will, so counting each address let one person pass a limit many
 * times over. IPv4-mapped IPv6 (`::ffff:a.b.c.d`) counts as its IPv4 address. Anything that is
 * not an address (an account id, an email) is returned as it is.
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export function addressKey(value: string, ipv6Prefix: number): string {
  if (isIP(value) === 0) return value;
  const address = ipaddr.process(value);
  if (address.kind() === 'ipv4') return address.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/${ipv6Prefix}`);
  return `${network.toString()}/${ipv6Prefix}`;
}
