import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { ServerConfig } from '../../config/types.js';

/**
 * SSRF guard of every outbound request (docs/webhooks.md "SSRF guard"; the client is ./request.ts). Only
 * public unicast addresses may be reached unless `webhooks.allowPrivateNetworks` is on (off by default in
 * every mode). The check runs on the address the connection really uses (a `lookup` hook of the HTTP
 * request), so a name that resolves to a public address when saved and to 127.0.0.1 at delivery (DNS
 * rebinding) is still refused.
 *
 * The error never names the address: delivery errors are shown to site owners and site API keys, and
 * what a name resolves to inside the server's network is not theirs to learn (audit S-13).
 */

/** What the operator allows outbound requests to reach: the config file's switch, never a site setting. */
export interface OutboundPolicy {
  allowPrivateNetworks: boolean;
}

/**
 * `webhooks.allowPrivateNetworks` (the name it had when webhooks were the only outbound requests): whether
 * any outbound request may reach private, loopback and reserved addresses. Only when the config says so.
 */
export function privateNetworksAllowed(config: Pick<ServerConfig, 'webhooks'>): boolean {
  return config.webhooks?.allowPrivateNetworks === true;
}

export const outboundPolicy = (config: Pick<ServerConfig, 'webhooks'>): OutboundPolicy => ({
  allowPrivateNetworks: privateNetworksAllowed(config),
});

export class BlockedAddressError extends Error {
  constructor(literal: boolean) {
    super(
      `${literal ? "the URL's address is" : 'the host resolves to an address that is'} not allowed ` +
        '(private, loopback or reserved; webhooks.allowPrivateNetworks is off)',
    );
    this.name = 'BlockedAddressError';
  }
}

const cidr = (range: string) => ipaddr.IPv6.parseCIDR(range);
// IPv4-compatible addresses (RFC 4291 §2.5.5.1), deprecated: nothing legitimate uses them.
const IPV4_COMPATIBLE = cidr('::/96');
// NAT64's well-known prefix (RFC 6052 §2.1) carries a public IPv4 address in its last 32 bits (DNS64
// synthesises it on IPv6-only hosts); the embedded address is judged like any IPv4 address.
const NAT64_WELL_KNOWN = cidr('64:ff9b::/96');
// Local-use NAT64 (RFC 8215): a network's own translator, where the IPv4 address sits depends on the
// operator's prefix length. Refused whatever it carries.
const NAT64_LOCAL_USE = cidr('64:ff9b:1::/48');
// Tunnels and translation that reach an IPv4 address through a relay (6to4 RFC 3056, deprecated by
// RFC 7526; Teredo RFC 4380; IPv4-translated RFC 6145). Refused whatever they carry; ipaddr.js names
// these ranges too, the explicit list keeps them refused whatever it calls them.
const TUNNELS: [string, [ipaddr.IPv6, number]][] = [
  ['6to4', cidr('2002::/16')],
  ['teredo', cidr('2001::/32')],
  ['ipv4Translated', cidr('::ffff:0:0:0/96')],
];

/** The range name of a refused address, or undefined for a public unicast one. */
export function blockedRange(address: string): string | undefined {
  const bare = address.split('%')[0]!; // a zone index (fe80::1%eth0) does not change the range
  const family = isIP(bare);
  if (family === 4) return ipv4Blocked(ipaddr.IPv4.parse(bare));
  if (family !== 6) return 'invalid';
  // ipaddr.js reads "::a.b.c.d" as IPv4-mapped, and that is how resolvers print an IPv4-compatible
  // address (::5db8:d822 comes back as "::93.184.216.34"). The URL parser reads it as written.
  try {
    return ipv6Blocked(ipaddr.IPv6.parse(new URL(`http://[${bare}]/`).hostname.slice(1, -1)));
  } catch {
    return 'invalid';
  }
}

function ipv4Blocked(address: ipaddr.IPv4): string | undefined {
  const range = address.range();
  return range === 'unicast' ? undefined : range;
}

function lastIPv4(address: ipaddr.IPv6): ipaddr.IPv4 {
  return new ipaddr.IPv4(address.toByteArray().slice(12));
}

function embeddedBlocked(form: string, embedded: ipaddr.IPv4): string | undefined {
  const range = ipv4Blocked(embedded);
  return range && `${form}(${range})`;
}

function ipv6Blocked(address: ipaddr.IPv6): string | undefined {
  if (address.isIPv4MappedAddress()) return embeddedBlocked('ipv4Mapped', address.toIPv4Address());
  const range = address.range();
  if (range === 'unspecified' || range === 'loopback') return range;
  if (address.match(IPV4_COMPATIBLE)) return 'ipv4Compatible';
  if (address.match(NAT64_LOCAL_USE)) return 'nat64LocalUse';
  if (address.match(NAT64_WELL_KNOWN)) return embeddedBlocked('nat64', lastIPv4(address));
  const tunnel = TUNNELS.find(([, prefix]) => address.match(prefix));
  if (tunnel) return tunnel[0];
  if (range !== 'unicast') return range;
  // ISATAP (RFC 5214): any /64 with the interface identifier [00|02]00:5efe:<IPv4>.
  const [, , , , idHigh, idLow] = address.parts;
  if ((idHigh! & ~0x0300) === 0 && idLow === 0x5efe) return embeddedBlocked('isatap', lastIPv4(address));
  return undefined;
}

export function checkAddress(address: string, allowPrivate: boolean, literal = false): void {
  if (allowPrivate) return;
  if (blockedRange(address)) throw new BlockedAddressError(literal);
}

type LookupOptions = { all?: boolean; family?: number | string; hints?: number };
type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
/** Every address a name resolves to (the system resolver; tests answer for it to check what the guard does with each form). */
export type ResolveAll = (
  hostname: string,
  options: LookupOptions,
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const systemResolve: ResolveAll = (hostname, options, callback) =>
  dnsLookup(hostname, { ...options, all: true } as { all: true }, callback);

/** A `lookup` for http.request that refuses blocked addresses (every address when `all` is asked). */
export function guardedLookup(allowPrivate: boolean, resolve: ResolveAll = systemResolve) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, options, (err, addresses) => {
      if (err) return callback(err, '');
      try {
        for (const a of addresses) checkAddress(a.address, allowPrivate);
      } catch (error) {
        return callback(error as NodeJS.ErrnoException, '');
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
      callback(null, first.address, first.family);
    });
  };
}
