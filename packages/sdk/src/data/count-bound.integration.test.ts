/**
 * Integration: past the server's count bound (VITRINE_DATA_COUNT_LIMIT, here 2) the result says its
 * `totalCount` is an estimate (`tooManyToCount`), on the first page and the pages after it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import { OAuthStrategy, createClient } from '@vitrine/sdk';
import { items } from './index.js';

let server: TestServer;
let saved: string | undefined;
beforeAll(async () => {
  saved = process.env.VITRINE_DATA_COUNT_LIMIT;
  process.env.VITRINE_DATA_COUNT_LIMIT = '2';
  server = await startTestServer();
});
afterAll(async () => {
  if (saved === undefined) delete process.env.VITRINE_DATA_COUNT_LIMIT;
  else process.env.VITRINE_DATA_COUNT_LIMIT = saved;
  await server?.close();
});

const visitor = () =>
  createClient({ modules: { items }, auth: OAuthStrategy({ clientId: server.clientId, baseUrl: server.url }) }).items;

describe('totals past the count bound', () => {
  it('flags an estimated total, and keeps the flag on later pages', async () => {
    const page = await visitor().query('Products').limit(1).find({ returnTotalCount: true });
    expect(page.tooManyToCount).toBe(true);
    expect(page.totalCount).toBeGreaterThanOrEqual(3);
    expect((await page.next()).tooManyToCount).toBe(true);
  });

  it('leaves an exact total unflagged', async () => {
    const exact = await visitor()
      .query('Products')
      .eq('category', 'Stationery')
      .gt('price', 20)
      .find({ returnTotalCount: true });
    expect(exact.totalCount).toBe(2);
    expect(exact.tooManyToCount).toBe(false);
  });
});
