/**
 * Issue #28 over HTTP: totals are exact only up to the count bound (past it, the planner's estimate flagged
 * `tooManyToCount`), and offsets past the window are refused with an error that names cursor paging, while
 * cursor paging still reads the whole collection. Small limits (count bound 5, offset window 4) keep it fast.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { collection } from '../../test-support/data.js';
import { startDataServer, type DataServer } from '../../test-support/data-server.js';

const V2 = '/wix-data/v2';
const ENV = { VITRINE_DATA_COUNT_LIMIT: '5', VITRINE_DATA_MAX_OFFSET: '4' };
// 12 items: kind "a" 8 of them (more than the bound), kind "b" 4 (within it).
const SEED = [...Array(12).keys()].map((n) => ({ _id: `m${String(n).padStart(2, '0')}`, n, kind: n < 8 ? 'a' : 'b' }));
let server: DataServer;

beforeAll(async () => {
  for (const [k, v] of Object.entries(ENV)) vi.stubEnv(k, v);
  server = await startDataServer((config) => ({
    ...config,
    sites: config.sites.map((site) => ({
      ...site,
      collections: [...site.collections, collection('Many', { read: 'ANYONE', insert: 'ADMIN' }, SEED)],
    })),
  }));
}, 120_000);
afterAll(async () => {
  vi.unstubAllEnvs();
  await server?.close();
});

const query = (query: object, extra: object = {}) =>
  server.call(`${V2}/items/query`, { body: { dataCollectionId: 'Many', query, ...extra } });

describe('total counts up to the bound', () => {
  it('counts exactly when no more than the bound match', async () => {
    const res = await query({ filter: { kind: 'b' }, paging: { limit: 2 } }, { returnTotalCount: true });
    expect(res.status).toBe(200);
    expect(res.body.pagingMetadata).toEqual({
      count: 2,
      offset: 0,
      hasNext: true,
      cursors: {},
      total: 4,
      tooManyToCount: false,
    });
  });

  it('answers the planner’s estimate with tooManyToCount past the bound', async () => {
    for (const filter of [{ kind: 'a' }, {}]) {
      const res = await query({ filter, paging: { limit: 2 } }, { returnTotalCount: true });
      expect(res.status).toBe(200);
      const meta = res.body.pagingMetadata;
      expect(meta).toMatchObject({ count: 2, offset: 0, hasNext: true, tooManyToCount: true });
      // An estimate, but never below what was counted (bound + 1).
      expect(Number.isInteger(meta.total)).toBe(true);
      expect(meta.total).toBeGreaterThanOrEqual(6);
    }
  });

  it('says the same through GraphQL', async () => {
    const res = await server.call('/graphql/alpha', {
      body: { query: '{ items(collection: "Many", limit: 2) { totalCount pagingMetadata { total tooManyToCount } } }' },
    });
    expect(res.status).toBe(200);
    const page = res.body.data.items;
    expect(page.pagingMetadata.tooManyToCount).toBe(true);
    expect(page.totalCount).toBe(page.pagingMetadata.total);
    expect(page.totalCount).toBeGreaterThanOrEqual(6);
  });

  it('leaves /items/count exact', async () => {
    const res = await server.call(`${V2}/items/count`, { body: { dataCollectionId: 'Many', filter: { kind: 'a' } } });
    expect(res.body).toEqual({ totalCount: 8 });
  });
});

describe('the offset window', () => {
  it('accepts an offset up to the window', async () => {
    const res = await query({ sort: [{ fieldName: 'n', order: 'ASC' }], paging: { limit: 2, offset: 4 } });
    expect(res.status).toBe(200);
    expect(res.body.dataItems.map((i: { data: { n: number } }) => i.data.n)).toEqual([4, 5]);
  });

  it('refuses an offset past it with a 400 that names cursor paging, before reading', async () => {
    const res = await query({ paging: { limit: 2, offset: 5 } });
    expect(res.status).toBe(400);
    const violation = res.body.details.validationError.fieldViolations[0];
    expect(violation).toMatchObject({
      field: 'query.paging.offset',
      ruleName: 'OFFSET_TOO_LARGE',
      data: { maxOffset: 4 },
    });
    expect(violation.description).toContain('cursorPaging');
    const distinct = await server.call(`${V2}/items/query-distinct-values`, {
      body: { dataCollectionId: 'Many', fieldName: 'n', paging: { offset: 5 } },
    });
    expect(distinct.status).toBe(400);
    expect(distinct.body.details.validationError.fieldViolations[0].ruleName).toBe('OFFSET_TOO_LARGE');
  });

  it('lets cursor paging read past the window', async () => {
    const seen: number[] = [];
    let res = await query({ sort: [{ fieldName: 'n', order: 'ASC' }], cursorPaging: { limit: 5 } });
    for (;;) {
      expect(res.status).toBe(200);
      seen.push(...res.body.dataItems.map((i: { data: { n: number } }) => i.data.n));
      const next = res.body.pagingMetadata.cursors.next;
      if (!next) break;
      res = await query({ cursorPaging: { cursor: next } });
    }
    expect(seen).toEqual([...Array(12).keys()]);
  });
});
