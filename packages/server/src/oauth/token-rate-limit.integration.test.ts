import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp, type VitrineApp, loadConfig } from '../../test-support/boot.js';
import type { Database } from '../store/types.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { openMigratedPglite } from '../../test-support/database.js';

/** Builds the app(s) while VITRINE_TOKEN_RATE_LIMIT is set: the token route reads it when registered. */
async function withTokenLimit<T>(limit: number, build: () => Promise<T>): Promise<T> {
  vi.stubEnv('VITRINE_TOKEN_RATE_LIMIT', String(limit));
  try {
    return await build();
  } finally {
    vi.unstubAllEnvs();
  }
}

const anonymous = (clientId: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ clientId, grantType: 'anonymous' }),
});

describe('token endpoint per-IP limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await withTokenLimit(3, () => startTestServer());
  });
  afterAll(() => server.close());

  it('answers 429 with Retry-After and an RFC 6749 body past the limit', async () => {
    const call = () => fetch(`${server.url}/oauth2/token`, anonymous(server.clientId));
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await call()).status);
    expect(statuses).toEqual([200, 200, 200]);
    const refused = await call();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ error: 'too_many_requests' });
  });
});

describe('token endpoint per-IP limit across two instances on one database (audit F-18)', () => {
  let db: Database;
  const instances: VitrineApp[] = [];
  beforeAll(async () => {
    db = await openMigratedPglite();
    const config = loadConfig({ env: { PUBLIC_URL: 'http://127.0.0.1:8080' }, ephemeral: true });
    for (let i = 0; i < 2; i++)
      instances.push(
        await withTokenLimit(600, () => createApp({ config, db, logLevel: 'silent', mailDelivery: false })),
      );
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await db.close();
  });

  it('lets through the limit within 10 %, with requests alternating between the instances', async () => {
    const clientId = instances[0]!.ctx.config.storefront.clientId;
    const statuses: number[] = [];
    let next = 0;
    // Eight requests in flight from one address, alternating instances, 800 in all.
    const worker = async () => {
      while (next < 800) {
        const i = next++;
        const { statusCode } = await instances[i % 2]!.app.inject({
          ...anonymous(clientId),
          url: '/oauth2/token',
          remoteAddress: '198.51.100.9',
        } as never);
        statuses.push(statusCode);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    const ok = statuses.filter((s) => s === 200).length;
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(ok).toBeGreaterThanOrEqual(540);
    expect(ok).toBeLessThanOrEqual(660);
  });
});
