/** F-4: per-address limits on data writes and on heavy reads; ordinary reads and API-key callers are never counted. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startDataServer, type DataServer } from '../../test-support/data-server.js';

const V2 = '/wix-data/v2';
const ENV = { VITRINE_DATA_WRITE_RATE_LIMIT: '3', VITRINE_DATA_QUERY_RATE_LIMIT: '2' };
let server: DataServer;

beforeAll(async () => {
  for (const [k, v] of Object.entries(ENV)) vi.stubEnv(k, v);
  server = await startDataServer();
}, 120_000);
afterAll(async () => {
  vi.unstubAllEnvs();
  await server?.close();
});

function expectLimited(res: Awaited<ReturnType<DataServer['call']>>) {
  expect(res.status).toBe(429);
  expect(res.body.details.applicationError.code).toBe('WD_TOO_MANY_REQUESTS');
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('data API rate limits per address', () => {
  it('limits writes (any write endpoint, one bucket), but not API-key callers', async () => {
    const visitor = await server.visitorToken();
    const insert = () =>
      server.call(`${V2}/items`, {
        auth: visitor,
        body: { dataCollectionId: 'Cart', dataItem: { data: { sku: 'A' } } },
      });
    expect((await insert()).status).toBe(200);
    expect((await insert()).status).toBe(200);
    const first = await insert();
    expect(first.status).toBe(200);
    expectLimited(await insert());
    const patch = {
      dataCollectionId: 'Cart',
      patch: { dataItemId: first.body.dataItem.id, fieldModifications: [{ action: 'REMOVE_FIELD', fieldPath: 'sku' }] },
    };
    expectLimited(await server.call(`${V2}/items/patch`, { auth: visitor, body: patch }));
    expectLimited(
      await server.call(`${V2}/bulk/items/remove`, {
        auth: visitor,
        body: { dataCollectionId: 'Cart', dataItemIds: ['x'] },
      }),
    );
    // Another visitor from the same address shares the bucket: the limit is per address, not per token.
    expectLimited(
      await server.call(`${V2}/items`, {
        auth: await server.visitorToken(),
        body: { dataCollectionId: 'Cart', dataItem: { data: {} } },
      }),
    );
    const admin = `Bearer ${server.adminKey}`;
    for (let i = 0; i < 5; i++) {
      const res = await server.call(`${V2}/items`, {
        auth: admin,
        body: { dataCollectionId: 'Products', dataItem: { data: { n: i } } },
      });
      expect(res.status).toBe(200);
    }
    // Reads are not writes.
    expect((await server.call(`${V2}/items/query`, { auth: visitor, body: { dataCollectionId: 'Cart' } })).status).toBe(
      200,
    );
  });

  it('limits heavy reads only; ordinary reads are never counted', async () => {
    const ids = Array.from({ length: 150 }, (_, i) => `id-${i}`);
    const heavy = { dataCollectionId: 'Products', query: { filter: { _id: { $in: ids } } } };
    const light = { dataCollectionId: 'Products', query: { filter: { _id: 'id-1' } } };
    for (let i = 0; i < 10; i++) expect((await server.call(`${V2}/items/query`, { body: light })).status).toBe(200);
    expect((await server.call(`${V2}/items/query`, { body: heavy })).status).toBe(200);
    expect(
      (await server.call(`${V2}/items/count`, { body: { dataCollectionId: 'Products', filter: heavy.query.filter } }))
        .status,
    ).toBe(200);
    expectLimited(await server.call(`${V2}/items/query`, { body: heavy }));
    expectLimited(
      await server.call(`${V2}/items/aggregate`, {
        body: { dataCollectionId: 'Products', initialFilter: heavy.query.filter },
      }),
    );
    expectLimited(
      await server.call(`${V2}/items/query-distinct-values`, {
        body: { dataCollectionId: 'Products', fieldName: 'title', filter: heavy.query.filter },
      }),
    );
    expect((await server.call(`${V2}/items/query`, { body: light })).status).toBe(200);
    expect((await server.call(`${V2}/items/query`, { auth: `Bearer ${server.adminKey}`, body: heavy })).status).toBe(
      200,
    );
  });
});
