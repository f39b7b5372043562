/**
 * Unindexed reads of large collections are refused with the index to declare (data/query-guard.ts, issue #54),
 * and counts answer exactly or from the estimate, flagged (read-limits.ts), through the real server. The cost
 * limit and the count bound are lowered so that 5,000 items stand for a million: what is checked is the decision
 * and its words, not a time. A 12-item collection answers every shape as before.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { IndexConfig } from '../config/types.js';
import { collection } from '../../test-support/data.js';
import { startDataServer, type DataServer } from '../../test-support/data-server.js';

const QUERY = '/wix-data/v2/items/query';
const byCategoryTitle: IndexConfig = {
  fields: [
    { field: 'category', order: 'ASC' },
    { field: 'title', order: 'ASC' },
  ],
  unique: false,
};
const SMALL = [...Array(12).keys()].map((n) => ({ _id: `s${n}`, title: `Small ${n}`, price: n, stock: 12 - n }));

let server: DataServer;
const ENV = { VITRINE_DATA_QUERY_COST_LIMIT: '100', VITRINE_DATA_COUNT_LIMIT: '1000' };

beforeAll(async () => {
  for (const [key, value] of Object.entries(ENV)) vi.stubEnv(key, value);
  server = await startDataServer((config) => ({
    ...config,
    sites: config.sites.map((site) => ({
      ...site,
      collections: [
        ...site.collections,
        collection('Small', { read: 'ANYONE', insert: 'ADMIN' }, SMALL),
        { ...collection('Big', { read: 'ANYONE', insert: 'ADMIN' }), indexes: [byCategoryTitle] },
      ],
    })),
  }));
  const { db } = server.vitrine.ctx;
  await db.query(
    `insert into data_items (site_id, collection_id, id, data, created_at, updated_at)
     select $1, 'Big', 'b' || g, jsonb_build_object('_id', 'b' || g, 'title', 'Item ' || lpad(g::text, 5, '0'),
       'category', 'c' || (g % 10), 'price', (g * 7919) % 1000, 'stock', (g * 37) % 500), now(), now()
     from generate_series(1, 5000) g`,
    [server.siteId],
  );
  await server.vitrine.ctx.db.exec('analyze data_items');
}, 300_000);
afterAll(async () => {
  vi.unstubAllEnvs();
  await server?.close();
});

const query = (dataCollectionId: string, q: object, returnTotalCount = false) =>
  server.call(QUERY, {
    body: { dataCollectionId, query: { paging: { limit: 5 }, ...q }, returnTotalCount },
    headers: { 'x-vitrine-site-id': server.siteId },
  });
const sort = (...fields: string[]) => fields.map((fieldName) => ({ fieldName, order: 'ASC' }));
const refusal = (body: { details: { applicationError: { code: string; description: string; data: object } } }) =>
  body.details.applicationError;

describe('unindexed reads of a large collection', () => {
  it('answers a small collection as before, whatever the sort or filter', async () => {
    const sorted = await query(
      'Small',
      { sort: sort('stock', 'title'), filter: { title: { $contains: 'all 1' } } },
      true,
    );
    expect(sorted.status).toBe(200);
    expect(sorted.body.dataItems.map((d: { data: { stock: number } }) => d.data.stock)).toEqual([1, 2, 11]);
    expect(sorted.body.pagingMetadata.total).toBe(3);
    const ranged = await query('Small', { filter: { price: { $gte: 10 } }, sort: sort('price') });
    expect(ranged.body.dataItems.map((d: { id: string }) => d.id)).toEqual(['s10', 's11']);
  });

  it('refuses a sort on several fields no index holds with 400, naming the index to declare', async () => {
    const refused = await query('Big', { filter: { category: 'c3' }, sort: sort('stock', 'price') }, true);
    expect(refused.status).toBe(400);
    const error = refusal(refused.body);
    expect(error.code).toBe('WD_INDEX_REQUIRED');
    expect(error.data).toEqual({
      collectionId: 'Big',
      field: 'query.sort',
      building: false,
      index: {
        fields: [
          { field: 'category', order: 'ASC' },
          { field: 'stock', order: 'ASC' },
          { field: 'price', order: 'ASC' },
        ],
      },
    });
    expect(error.description).toContain('collections[].indexes');
    expect(error.description).toContain('"Big"');
    expect(refused.headers.get('retry-after')).toBeNull();
  });

  it('serves the shape a declared index holds (category pinned, sorted by title)', async () => {
    const served = await query('Big', { filter: { category: 'c3' }, sort: sort('title') }, true);
    expect(served.status).toBe(200);
    expect(served.body.dataItems.map((d: { id: string }) => d.id)).toEqual(['b3', 'b13', 'b23', 'b33', 'b43']);
    expect(served.body.pagingMetadata.total).toBe(500);
  });

  it('answers 503 with Retry-After while the on-demand index of a one-field sort is built, then serves it', async () => {
    const first = await query('Big', { sort: [{ fieldName: 'price', order: 'DESC' }] });
    // The build starts with this request, so it is refused, not held for the build (nor run as a full sort).
    expect(first.status).toBe(503);
    expect(first.headers.get('retry-after')).toBe('5');
    expect(refusal(first.body)).toMatchObject({
      code: 'WD_INDEX_REQUIRED',
      data: { building: true, index: { fields: [{ field: 'price', order: 'DESC' }] } },
    });
    expect(refusal(first.body).description).toContain('being built');
    let answer = first;
    for (let i = 0; i < 200 && answer.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 50));
      answer = await query('Big', { sort: [{ fieldName: 'price', order: 'DESC' }] });
    }
    expect(answer.status).toBe(200);
    expect(answer.body.dataItems.map((d: { data: { price: number } }) => d.data.price)).toEqual([
      999, 999, 999, 999, 999,
    ]);
  });

  it('refuses a text match before its index exists, then serves it', async () => {
    const first = await query('Big', { filter: { title: { $contains: '0042' } } });
    expect(first.status).toBe(503);
    expect(refusal(first.body).data).toMatchObject({ field: 'query.filter', index: null, building: true });
    let answer = first;
    for (let i = 0; i < 200 && answer.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 50));
      answer = await query('Big', { filter: { title: { $contains: '0042' } } });
    }
    expect(answer.body.dataItems.map((d: { id: string }) => d.id)).toEqual(['b42', 'b420', 'b421', 'b422', 'b423']);
  });
});

describe('counts of a large collection (bound 1,000 here)', () => {
  it('is exact under the bound, with tooManyToCount false, on the small collection too', async () => {
    const small = await query('Small', { filter: { price: { $lt: 5 } } }, true);
    expect(small.body.pagingMetadata).toMatchObject({ total: 5, tooManyToCount: false });
    const counted = await query('Big', { filter: { category: 'c3' }, sort: sort('title') }, true);
    expect(counted.body.pagingMetadata).toMatchObject({ total: 500, tooManyToCount: false });
  });

  it('answers the estimate, flagged, when far more than the bound match; count() stays exact', async () => {
    const estimated = await query('Big', {}, true);
    expect(estimated.status).toBe(200);
    expect(estimated.body.pagingMetadata.tooManyToCount).toBe(true);
    expect(estimated.body.pagingMetadata.total).toBeGreaterThan(1000);
    expect(estimated.body.dataItems).toHaveLength(5);
    const exact = await server.call('/wix-data/v2/items/count', {
      body: { dataCollectionId: 'Big' },
      headers: { 'x-vitrine-site-id': server.siteId },
    });
    expect(exact.body.totalCount).toBe(5000);
  });
});
