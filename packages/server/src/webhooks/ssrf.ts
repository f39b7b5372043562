import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';

/**
 * SSRF guard. Only public unicast addresses may be reached unless private networks are allowed
 * (development, or `webhooks.allowPrivateNetworks`). The check runs on the address the connection
 * really uses (a `lookup` hook of the HTTP request), so a name that resolves to a public address when
 * saved and to 127.0.0.1 at delivery (DNS rebinding) is still refused.
 */
export class BlockedAddressError extends Error {
  constructor(
    readonly address: string,
    readonly range: string,
  ) {
    super(`refused: ${address} is a ${range} address (set webhooks.allowPrivateNetworks to allow it)`);
    this.name = 'BlockedAddressError';
  }
}

/** The range name of a non-public address, or undefined for a public unicast one. */
export function blockedRange(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return 'invalid';
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  return range === 'unicast' ? undefined : range;
}

export function checkAddress(address: string, allowPrivate: boolean): void {
  if (allowPrivate) return;
  const range = blockedRange(address);
  if (range) throw new BlockedAddressError(address, range);
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for http.request that refuses blocked addresses (every address when `all` is asked). */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean; family?: number | string }, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true } as { all: true }, (err, addresses) => {
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
