/**
 * "Equal on the first field, sorted by the second" on a declared two-field index (issue #28): the query the
 * server sends for `category = X` sorted by price is answered by an index scan of the declared (category, price)
 * index that seeks to X and reads price order — no Sort node, the category in the Index Cond — and its pages,
 * offset and cursor, hold the right items. Checked with EXPLAIN on the statement the server sent, with
 * sequential scans off: a test collection is small enough for the planner to read it whole, and the question
 * is whether the index can serve the statement, not what the planner prefers at 30 rows.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { IndexConfig } from '../config/types.js';
import type { Database } from '../store/types.js';
import { collection } from '../../test-support/data.js';
import { declaredIndexName } from './declared-indexes.js';
import { startDataServer, type DataServer } from '../../test-support/data-server.js';

const V2 = '/wix-data/v2';
const byCategoryPrice: IndexConfig = {
  fields: [
    { field: 'category', order: 'ASC' },
    { field: 'price', order: 'ASC' },
  ],
  unique: false,
};
const SEED = [...Array(30).keys()].map((n) => ({
  _id: `p${String(n).padStart(2, '0')}`,
  category: `c${n % 3}`,
  price: (n * 7) % 30,
}));

let server: DataServer;
let db: Database;
const sent: [string, readonly unknown[]][] = [];

beforeAll(async () => {
  vi.stubEnv('VITRINE_DATA_COUNT_LIMIT', '1000');
  server = await startDataServer((config) => ({
    ...config,
    sites: config.sites.map((site) => ({
      ...site,
      collections: [
        ...site.collections,
        { ...collection('Shelf', { read: 'ANYONE', insert: 'ADMIN' }, SEED), indexes: [byCategoryPrice] },
        { ...collection('Bulk', { read: 'ANYONE', insert: 'ADMIN' }), indexes: [byCategoryPrice] },
      ],
    })),
  }));
  db = server.vitrine.ctx.db;
  // 3,000 items: category "big" 2,400 of them, "small" 600.
  await db.query(
    `insert into data_items (site_id, collection_id, id, data, created_at, updated_at)
     select $1, 'Bulk', 'b' || g, jsonb_build_object('_id', 'b' || g, 'category', case when g % 5 = 0 then 'small' else 'big' end, 'price', g % 97), now(), now()
     from generate_series(1, 3000) g`,
    [server.siteId],
  );
  await db.exec('analyze data_items');
  const query = db.query.bind(db);
  db.query = ((sql: string, params?: readonly unknown[]) => {
    sent.push([sql, params ?? []]);
    return query(sql, params);
  }) as Database['query'];
  // On PostgreSQL the count runs under its time limit (read-limits.ts).
  const within = db.queryWithin?.bind(db);
  if (within)
    db.queryWithin = ((ms: number, sql: string, params?: readonly unknown[]) => {
      sent.push([sql, params ?? []]);
      return within(ms, sql, params);
    }) as Database['queryWithin'];
}, 120_000);
afterAll(async () => {
  vi.unstubAllEnvs();
  await server?.close();
});

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}
// Either collection's: a declared index is whole-table (led by site and collection), the two are alike.
const declaredScan = new RegExp(
  `^(${declaredIndexName('demo', 'Shelf', byCategoryPrice)}|${declaredIndexName('demo', 'Bulk', byCategoryPrice)})$`,
);
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

/** The plan of the page statement the last query sent, sequential and bitmap scans off. */
async function pagePlan(): Promise<PlanNode[]> {
  const [sql, params] = sent.filter(([s]) => s.startsWith('select i.data')).at(-1)!;
  const plan = await db.transaction(async (tx) => {
    await tx.query('set local enable_seqscan = off');
    await tx.query('set local enable_bitmapscan = off');
    const r = await tx.query<Record<string, unknown>>(`explain (format json) ${sql}`, params);
    const cell = Object.values(r.rows[0]!)[0];
    return (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
  });
  return nodes(plan[0]!.Plan);
}

const query = (query: object) => server.call(`${V2}/items/query`, { body: { dataCollectionId: 'Shelf', query } });
const expected = (category: string) =>
  SEED.filter((s) => s.category === category)
    .sort((a, b) => a.price - b.price || (a._id < b._id ? -1 : 1))
    .map((s) => s._id);

describe('a declared (category, price) index', () => {
  it('serves category = X sorted by price: seeks to X, reads price order, no sort', async () => {
    const res = await query({ filter: { category: 'c1' }, sort: [{ fieldName: 'price', order: 'ASC' }] });
    expect(res.status).toBe(200);
    expect(res.body.dataItems.map((i: { id: string }) => i.id)).toEqual(expected('c1'));
    const plan = await pagePlan();
    const scan = plan.find((n) => declaredScan.test(n['Index Name'] ?? ''));
    expect(scan?.['Node Type']).toBe('Index Scan');
    expect(scan?.['Index Cond']).toContain("'c1'");
    expect(plan.map((n) => n['Node Type'])).not.toContain('Sort');
    expect(plan.map((n) => n['Node Type'])).not.toContain('Incremental Sort');
  });

  it('reads it backwards for price descending, with a price floor in the seek', async () => {
    const res = await query({
      filter: { category: 'c2', price: { $gte: 10 } },
      sort: [{ fieldName: 'price', order: 'DESC' }],
    });
    expect(res.body.dataItems.map((i: { id: string }) => i.id)).toEqual(
      SEED.filter((s) => s.category === 'c2' && s.price >= 10)
        .sort((a, b) => b.price - a.price || (a._id < b._id ? 1 : -1))
        .map((s) => s._id),
    );
    const plan = await pagePlan();
    const scan = plan.find((n) => declaredScan.test(n['Index Name'] ?? ''));
    expect(scan?.['Node Type']).toBe('Index Scan');
    expect(scan?.['Index Cond']).toMatch(/'c2'[\s\S]*>= '10'::numeric/);
    expect(plan.map((n) => n['Node Type'])).not.toContain('Sort');
  });

  it('pages by cursor through the same order', async () => {
    const ids: string[] = [];
    let res = await query({
      filter: { category: 'c0' },
      sort: [{ fieldName: 'price', order: 'ASC' }],
      cursorPaging: { limit: 3 },
    });
    ids.push(...res.body.dataItems.map((i: { id: string }) => i.id));
    while (res.body.pagingMetadata.cursors.next) {
      res = await query({ cursorPaging: { limit: 3, cursor: res.body.pagingMetadata.cursors.next } });
      expect(res.status).toBe(200);
      ids.push(...res.body.dataItems.map((i: { id: string }) => i.id));
    }
    expect(ids).toEqual(expected('c0'));
  });

  it('counts category = X exactly through the same keys', async () => {
    const res = await server.call(`${V2}/items/query`, {
      body: {
        dataCollectionId: 'Shelf',
        query: { filter: { category: 'c1' }, paging: { limit: 2 } },
        returnTotalCount: true,
      },
    });
    expect(res.body.pagingMetadata).toMatchObject({ total: 10, tooManyToCount: false });
  });
});

describe('counts on a declared index (bound 1,000, estimate factor 2)', () => {
  const counted = async (category: string) => {
    sent.length = 0;
    const res = await server.call(`${V2}/items/query`, {
      body: { dataCollectionId: 'Bulk', query: { filter: { category }, paging: { limit: 1 } }, returnTotalCount: true },
    });
    expect(res.status).toBe(200);
    return { meta: res.body.pagingMetadata, counts: sent.filter(([s]) => s.startsWith('select count(*)')).length };
  };

  it('answers 2,400 matches from the index statistics’ estimate, without counting', async () => {
    // Containment (the GIN form) is estimated from a sample of whole documents, here under 2 × the bound.
    const { meta, counts } = await counted('big');
    expect(meta.tooManyToCount).toBe(true);
    expect(meta.total).toBeGreaterThanOrEqual(2000);
    expect(counts).toBe(0);
  });

  it('counts 600 matches exactly', async () => {
    expect(await counted('small')).toEqual({
      meta: expect.objectContaining({ total: 600, tooManyToCount: false }),
      counts: 1,
    });
  });
});
