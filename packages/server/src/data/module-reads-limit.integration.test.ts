/**
 * A read of a module's collection (`Stores/Products`) builds the whole catalog whatever it asks, so each one counts
 * as a heavy read against the caller's per-address limit; site API keys and the admin key are not counted.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server.js';

let server: TestServer;

beforeAll(async () => {
  vi.stubEnv('VITRINE_DATA_QUERY_RATE_LIMIT', '2');
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  vi.unstubAllEnvs();
  await server?.close();
});

const query = (auth?: string) =>
  fetch(`${server.url}/wix-data/v2/items/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
    body: JSON.stringify({ dataCollectionId: 'Stores/Products', query: { paging: { limit: 1 } } }),
  });

describe('Stores/Products reads and the heavy-read limit', () => {
  it('counts every read, even a one-item page, per address; the admin key is not counted', async () => {
    expect((await query()).status).toBe(200);
    expect((await query()).status).toBe(200);
    const limited = await query();
    expect(limited.status).toBe(429);
    expect(
      ((await limited.json()) as { details: { applicationError: { code: string } } }).details.applicationError.code,
    ).toBe('WD_TOO_MANY_REQUESTS');
    const get = await fetch(`${server.url}/wix-data/v2/items/any-id?dataCollectionId=Stores%2FProducts`);
    expect(get.status).toBe(429);
    expect((await query(`Bearer ${server.adminKey}`)).status).toBe(200);
  });
});
