/** F-4 / F-7 over HTTP: oversized filters and field paths are 400s decided before any SQL runs. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDataServer, type DataServer } from '../../test-support/data-server.js';

const V2 = '/wix-data/v2';
let server: DataServer;
const statements: string[] = [];

beforeAll(async () => {
  server = await startDataServer();
  // Record every statement the data service sends (the real database still runs them).
  const db = server.vitrine.ctx.db;
  const query = db.query;
  db.query = (sql, params) => {
    statements.push(sql);
    return query(sql, params);
  };
  const transaction = db.transaction;
  db.transaction = (fn) => {
    statements.push('begin');
    return transaction(fn);
  };
}, 120_000);
afterAll(async () => server?.close());

async function refused(path: string, body: unknown) {
  statements.length = 0;
  const res = await server.call(`${V2}${path}`, { body });
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(400);
  expect(statements.filter((s) => /data_items|begin/.test(s))).toEqual([]);
  return res.body.details.validationError.fieldViolations[0] as {
    field: string;
    description: string;
    ruleName: string;
  };
}

describe('query cost limits', () => {
  it('refuses the audit’s 2 MB filter with a 400 naming the limit, before any SQL', async () => {
    const values = [...Array(500).keys()];
    const body = {
      dataCollectionId: 'Products',
      query: { filter: { $or: Array.from({ length: 1000 }, () => ({ tags: { $hasAll: values } })) } },
    };
    expect(JSON.stringify(body).length).toBeGreaterThan(1_900_000);
    const v = await refused('/items/query', body);
    expect(v).toMatchObject({ ruleName: 'TOO_LARGE', description: expect.stringMatching(/more than 2000 operands/) });
    expect(v.field).toMatch(/^query\.filter\.\$or\[\d+\]\.tags\.\$hasAll$/);
    const count = await refused('/items/count', { dataCollectionId: 'Products', filter: body.query.filter });
    expect(count.description).toMatch(/more than 2000 operands/);
  });

  it('refuses field paths that would overflow the bind parameters (the audit’s F-7 repro) on query and count', async () => {
    const p = Array(256).fill('a').join('.');
    const filter = { $and: Array(300).fill({ [p]: 1 }) };
    for (const [path, body] of [
      ['/items/query', { dataCollectionId: 'Products', query: { filter } }],
      ['/items/count', { dataCollectionId: 'Products', filter }],
      ['/items/query-distinct-values', { dataCollectionId: 'Products', fieldName: p }],
      ['/items/aggregate', { dataCollectionId: 'Products', initialFilter: filter }],
    ] as const) {
      const v = await refused(path, body);
      expect(v.description, path).toMatch(/at most 32 segments/);
    }
  });

  it('still answers generous real filters', async () => {
    const ids = Array.from({ length: 1000 }, (_, i) => `id-${i}`);
    const res = await server.call(`${V2}/items/query`, {
      body: {
        dataCollectionId: 'Products',
        query: {
          filter: {
            $or: [{ _id: { $in: ids } }, ...Array.from({ length: 200 }, (_, i) => ({ title: { $contains: `x${i}` } }))],
          },
        },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.dataItems).toEqual([]);
  });
});
