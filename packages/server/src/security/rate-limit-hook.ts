import type { FastifyReply, FastifyRequest } from 'fastify';
import { OAuthError, httpErrors } from '../errors/wire.js';
import { clientIp } from './client-ip.js';
import type { RateLimiter } from './rate-limit.js';

/**
 * A per-IP limit as a Fastify preHandler, for routes outside the identity flows (the token endpoint).
 * `style: 'oauth'` answers RFC 6749-shaped `{error, error_description}`; otherwise the wire envelope.
 * Both carry Retry-After.
 */
export function perIpLimit(
  limiter: Pick<RateLimiter, 'hit'>,
  rule: { name: string; limit: number; windowSeconds: number; style?: 'oauth' | 'envelope' },
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  return async (request) => {
    const result = await limiter.hit(`ip:${rule.name}:${clientIp(request)}`, rule);
    if (result.allowed) return;
    if (rule.style === 'oauth') {
      const error = new OAuthError(429, 'too_many_requests', 'Too many requests, try again later');
      error.headers['retry-after'] = String(result.retryAfterSeconds);
      throw error;
    }
    throw httpErrors.tooManyRequests(result.retryAfterSeconds);
  };
}
