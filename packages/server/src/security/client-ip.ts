import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The address rate limits key on. Fastify resolves `request.ip` from X-Forwarded-For only as far as
 * the app trusts its proxies (TRUST_PROXY), so a client cannot pick its own bucket by sending the header.
 */
export function clientIp(request: FastifyRequest): string {
  return request.ip || request.socket.remoteAddress || 'unknown';
}

/**
 * Did the request reach the server through a proxy that TRUST_PROXY trusts? Only then is a header such a
 * proxy sets (a country code) the proxy's word; without one, whoever sends the request writes it (audit
 * V5-12). Fastify takes the client's address from X-Forwarded-For only past trusted hops, so the address
 * differs from the socket's peer exactly when that peer was trusted as a proxy.
 */
export function cameThroughTrustedProxy(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress;
  return peer !== undefined && Boolean(request.ip) && request.ip !== peer;
}

/**
 * What Fastify's `trustProxy` gets: `false` (X-Forwarded-For ignored), a hop count (trust that many
 * proxies in front of the server: `1` takes the address the nearest proxy appended), or the proxies'
 * own addresses and ranges (proxy-addr also knows `loopback`, `linklocal` and `uniquelocal`).
 */
export type TrustProxy = false | number | string[];

const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];
const EXPECTED = 'must be a number of proxy hops (e.g. 1) or a comma-separated list of proxy addresses or CIDR ranges';

export function parseTrustProxy(raw: string | undefined): { value: TrustProxy; warning?: string } | { error: string } {
  const text = (raw ?? '').trim();
  if (text === '' || text === '0' || text === 'false') return { value: false };
  // `true` used to trust every hop, which let clients choose their address: one hop is what it meant behind a load balancer.
  if (text === 'true') {
    return {
      value: 1,
      warning:
        'TRUST_PROXY=true is read as TRUST_PROXY=1 (trust only the nearest proxy); set a hop count or the proxy addresses to silence this',
    };
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 16 ? { value: hops } : { error: `TRUST_PROXY ${EXPECTED} (got "${text}"; at most 16 hops)` };
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isProxyAddress(entry));
  if (bad !== undefined)
    return { error: `TRUST_PROXY ${EXPECTED} (got "${text.slice(0, 100)}"; "${bad.slice(0, 60)}" is not an address)` };
  return { value: entries };
}

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Fastify's own hop count fails closed (it trusts nothing), so hops become proxy-addr's trust function:
 * the first `n` addresses counted from the socket are proxies. A hop count cannot check that a request
 * really came through the proxy, so the server must not be reachable directly; addresses are stricter.
 */
export function fastifyTrustProxy(value: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}
