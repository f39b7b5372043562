import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../errors/wire.js';
import type { Database } from '../store/index.js';
import { createRateLimiter } from './rate-limit.js';
import { perIpLimit } from './rate-limit-hook.js';
import { openMigratedPglite } from '../../test-support/database.js';

let db: Database;
beforeAll(async () => {
  db = await openMigratedPglite();
});
afterAll(() => db.close());

describe('perIpLimit', () => {
  it('answers 429 with Retry-After in the OAuth shape once the limit is reached', async () => {
    const app = Fastify();
    app.setErrorHandler((error, _req, reply) => {
      if (error instanceof ApiError) return reply.code(error.status).headers(error.headers).send(error.toBody());
      return reply.code(500).send();
    });
    const limiter = createRateLimiter({ db });
    app.post(
      '/oauth2/token',
      { preHandler: perIpLimit(limiter, { name: `token-${Date.now()}`, limit: 2, windowSeconds: 30, style: 'oauth' }) },
      async () => ({ ok: true }),
    );
    const hit = () => app.inject({ method: 'POST', url: '/oauth2/token', payload: {} });
    expect((await hit()).statusCode).toBe(200);
    expect((await hit()).statusCode).toBe(200);
    const limited = await hit();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'too_many_requests', error_description: expect.any(String) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await app.close();
  });
});
