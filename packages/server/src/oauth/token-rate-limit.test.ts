import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing.js';

let server: TestServer;
beforeAll(async () => {
  process.env.VITRINE_TOKEN_RATE_LIMIT = '3';
  try {
    server = await startTestServer();
  } finally {
    delete process.env.VITRINE_TOKEN_RATE_LIMIT;
  }
});
afterAll(() => server.close());

describe('token endpoint per-IP limit', () => {
  it('answers 429 with Retry-After and an RFC 6749 body past the limit', async () => {
    const call = () =>
      fetch(`${server.url}/oauth2/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ clientId: server.clientId, grantType: 'anonymous' }) });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await call()).status);
    expect(statuses).toEqual([200, 200, 200]);
    const refused = await call();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ error: 'too_many_requests' });
  });
});
