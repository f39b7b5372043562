import type { FastifyRequest } from 'fastify';

/**
 * The address rate limits key on. Fastify resolves `request.ip` from X-Forwarded-For only when the
 * app trusts its proxy (TRUST_PROXY), so a client cannot pick its own bucket by sending the header.
 */
export function clientIp(request: FastifyRequest): string {
  return request.ip || request.socket.remoteAddress || 'unknown';
}
