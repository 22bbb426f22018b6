/**
 * Address ranges in CIDR notation (venue networks, ADR 0025), read and matched with ipaddr.js.
 * IPv4 is taken only as four decimal parts: ipaddr.js also reads octal and hexadecimal parts, so
 * `010.0.0.0/8` would mean 8.0.0.0/8. A range is kept from its first address, in its shortest
 * form, so one range is written one way. An IPv4 client seen as IPv4-mapped IPv6
 * (`::ffff:a.b.c.d`, a dual-stack socket) matches the IPv4 ranges.
 */
import { isIP } from 'node:net';
import { VENUE_NETWORKS, VENUE_RANGE_MESSAGES, venueRangeStartMessage } from '@questfield/contract';
import ipaddr from 'ipaddr.js';

export type AddressRange = [ipaddr.IPv4 | ipaddr.IPv6, number];

export type ParsedRange =
  { ok: true; range: AddressRange; text: string } | { ok: false; message: string };

const refused = (message: string): ParsedRange => ({ ok: false, message });

function parseCidr(address: string, bits: number): AddressRange | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) {
    return bits <= 32 ? [ipaddr.IPv4.parse(address), bits] : null;
  }
  // A zone (`fe80::1%eth0`) names a link of this machine, never a venue.
  if (address.includes('%') || !ipaddr.IPv6.isValid(address)) return null;
  return bits <= 128 ? [ipaddr.IPv6.parse(address), bits] : null;
}

const sameAddress = (a: ipaddr.IPv4 | ipaddr.IPv6, b: ipaddr.IPv4 | ipaddr.IPv6) =>
  a.toByteArray().join('.') === b.toByteArray().join('.');

/** A venue network's range, or why it is refused (the words the operator reads). */
export function parseVenueRange(written: string): ParsedRange {
  const [address = '', bitsText = '', ...rest] = written.trim().split('/');
  if (rest.length > 0 || !/^\d{1,3}$/.test(bitsText))
    return refused(VENUE_RANGE_MESSAGES.malformed);
  const bits = Number(bitsText);
  const range = parseCidr(address, bits);
  if (range === null) return refused(VENUE_RANGE_MESSAGES.malformed);
  const [first] = range;
  if (first.kind() === 'ipv6' && (first as ipaddr.IPv6).isIPv4MappedAddress()) {
    return refused(VENUE_RANGE_MESSAGES.mapped);
  }
  const widest = first.kind() === 'ipv4' ? VENUE_NETWORKS.widestIpv4 : VENUE_NETWORKS.widestIpv6;
  if (bits < widest) return refused(VENUE_RANGE_MESSAGES.tooWide);
  const start =
    first.kind() === 'ipv4'
      ? ipaddr.IPv4.networkAddressFromCIDR(`${address}/${bits}`)
      : ipaddr.IPv6.networkAddressFromCIDR(`${address}/${bits}`);
  const text = `${start.toString()}/${bits}`;
  if (!sameAddress(first, start)) return refused(venueRangeStartMessage(written.trim(), text));
  return { ok: true, range: [start, bits], text };
}

/** Whether `address` (a client's, as the limits see it) is in one of `ranges`. */
export function inRanges(address: string, ranges: readonly AddressRange[]): boolean {
  if (ranges.length === 0 || isIP(address) === 0) return false;
  const client = ipaddr.process(address);
  // Matching across kinds throws in ipaddr.js: an IPv4 client is never in an IPv6 range.
  return ranges.some(
    ([start, bits]) => start.kind() === client.kind() && client.match(start, bits),
  );
}
