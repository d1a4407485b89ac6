/**
 * The form of a client's address that limits are counted by (issue 30 M2). An IPv4 address is one
 * client. An IPv6 client is handed a whole /64 by its provider (a phone, a home router, a cloud
 * server) and picks any address in it at will, so counting full IPv6 addresses gave one client
 * 2^64 fresh limits; every limit keyed by address counts the /64 instead. An IPv4-mapped IPv6
 * address (`::ffff:192.0.2.1`, what a dual-stack socket reports) is the IPv4 address it maps.
 */

import { ipv4Bytes, ipv6Bytes } from './vehicle-photo-hosts';

/** Brackets, a port and an interface zone are not part of the address. */
function bareAddress(raw: string): string {
  let text = raw.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed?.[1]) text = bracketed[1];
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(text);
  if (withPort?.[1]) text = withPort[1];
  const zone = text.indexOf('%');
  return zone >= 0 ? text.slice(0, zone) : text;
}

/**
 * The address a limit counts a client by: an IPv4 address as it is; an IPv6 address as its /64
 * network, written as an address (`2001:db8:1:2::`, which every IP parser still accepts); an
 * IPv4-mapped IPv6 address as its IPv4 address. Anything else (not an address at all) is returned
 * trimmed, so it still counts as one client.
 */
export function addressForLimits(raw: string): string {
  const text = bareAddress(raw);
  if (ipv4Bytes(text)) return text;
  const bytes = ipv6Bytes(text);
  if (!bytes) return raw.trim();
  const group = (i: number) => (((bytes[2 * i] ?? 0) << 8) | (bytes[2 * i + 1] ?? 0)).toString(16);
  const mapped = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  if (mapped) return bytes.slice(12).join('.');
  return `${[0, 1, 2, 3].map(group).join(':')}::`;
}
