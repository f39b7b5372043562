/**
 * Where a browser page should reach this server: at the origin it already uses, when that origin is one the
 * client allows (the demo client allows both `localhost` and `127.0.0.1`; a shop may answer at two host names),
 * so the storefront's API calls and its silent sign-in frame stay on the page's own origin (CSP `'self'`,
 * same-site cookies). Any other Host header, a forged one included, gets the configured public URL: a client
 * can only ever be sent to an origin the site's owner listed.
 */
import type { FastifyRequest } from 'fastify';

/** `http://host:port` as the request addressed this server (Fastify's `host` follows `trustProxy`). */
function requestOrigin(request: Pick<FastifyRequest, 'protocol' | 'host'>): string | undefined {
  const candidate = `${request.protocol}://${request.host}`;
  if (!URL.canParse(candidate)) return undefined;
  const url = new URL(candidate);
  // Only a bare origin: a Host header carrying a path, credentials or anything the parser re-writes is not one.
  return url.origin === candidate.toLowerCase() ? url.origin : undefined;
}

/**
 * The base URL for pages and API calls made from this request's page: the request's own origin (plus the public
 * URL's path, for a server behind a proxy at `/shop`) when `allowedOrigins` lists it; else `publicUrl`.
 */
export function pageBaseUrl(
  publicUrl: string,
  request: Pick<FastifyRequest, 'protocol' | 'host' | 'headers'>,
  allowedOrigins: readonly string[],
  { browserCallsOnly = false }: { browserCallsOnly?: boolean } = {},
): string {
  const origin = requestOrigin(request);
  const configured = new URL(publicUrl);
  if (!origin || origin === configured.origin || !allowedOrigins.includes(origin)) return publicUrl;
  // An API call answered with a page address (a redirect session): only a browser on that very origin says where
  // its page is. A shop's backend calling from its own network names an address the shopper's browser may not
  // share, and a passkey works only on the public URL's host (its relying party): those get the public URL.
  if (browserCallsOnly && request.headers.origin !== origin) return publicUrl;
  return origin + configured.pathname.replace(/\/+$/, '');
}
