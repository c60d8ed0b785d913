// Which IP addresses a fetch of a user-named URL may connect to (issue 20, OWASP API7:2023).
// The shape is an allow-list: an address is fetchable only when ipaddr.js calls it plain
// `unicast` (every special-purpose range it knows — loopback, private, link-local with
// the cloud metadata address, CGNAT, multicast, reserved, documentation, benchmarking,
// 240/4, ULA, 6to4, Teredo, NAT64, … — is something else), and an IPv6 address must
// moreover lie in the global unicast block 2000::/3, which shuts out the deprecated
// IPv4-compatible ::a.b.c.d forms and every unassigned block. An IPv4-mapped address
// (::ffff:a.b.c.d) is judged by the IPv4 address it carries.
import ipaddr from 'ipaddr.js';

export type AddressOptions = {
  /** TEST-ONLY (BOOKMARK_FETCH_ALLOW_LOOPBACK): lets 127/8 and ::1 through, nothing else. */
  allowLoopback?: boolean;
};

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/** The address parsed, with an IPv4-mapped IPv6 address turned into the IPv4 it carries; null when not an IP. */
function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = text.replace(/^\[|\]$/g, '');
  // NOTE: ipaddr.isValid accepts the classful spellings ("127.1", "0x7f.1"); only the
  // four-part dotted form and IPv6 are addresses here (WHATWG URL has already turned
  // the odd spellings of a URL host into the dotted form).
  if (!ipaddr.IPv4.isValidFourPartDecimal(bare) && !(bare.includes(':') && ipaddr.IPv6.isValid(bare))) return null;
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed;
}

/** Whether `text` is an IPv4 (four-part dotted) or IPv6 address, brackets allowed. */
export function isIpAddress(text: string): boolean {
  return parseAddress(text) !== null;
}

/** One spelling per address (`::ffff:7f00:1` and `::ffff:127.0.0.1` → `127.0.0.1`), to compare two; null when not an IP. */
export function canonicalAddress(text: string): string | null {
  const address = parseAddress(text);
  return address === null ? null : address.toNormalizedString();
}

/** Whether `text` is a loopback address (127/8, ::1, or ::ffff:127.x.y.z). */
export function isLoopbackAddress(text: string): boolean {
  const address = parseAddress(text);
  return address !== null && address.range() === 'loopback';
}

/**
 * Whether a fetch must never connect to `text`: anything but a globally reachable unicast
 * address, and anything that is not an IP address at all.
 */
export function isRefusedAddress(text: string, options: AddressOptions = {}): boolean {
  const address = parseAddress(text);
  if (address === null) return true;
  const range = address.range();
  if (range === 'loopback') return options.allowLoopback !== true;
  if (range !== 'unicast') return true;
  if (address.kind() === 'ipv6') return !(address as ipaddr.IPv6).match(GLOBAL_UNICAST_V6);
  return false;
}
