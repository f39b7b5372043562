import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../config/types.js';
import type { AppContext } from '../context.js';
import type { Database } from '../store/types.js';
import { seedCollections } from './seed.js';
import { collection, openTestDb, testSite } from '../../test-support/data.js';

let db: Database;
beforeAll(async () => {
  db = await openTestDb();
}, 120_000);
afterAll(async () => db.close());

function ctxWith(seed: Record<string, unknown>[]): AppContext {
  const site = testSite([collection('Catalog', 'ANYONE', seed), collection('Empty', 'ANYONE')]);
  return {
    db,
    config: { sites: [site] } as unknown as ServerConfig,
    now: () => Date.UTC(2024, 0, 1),
  } as unknown as AppContext;
}

describe('seedCollections', () => {
  it('inserts seed items once, in order, even when two instances start together', async () => {
    const ctx = ctxWith([
      { _id: 'a', title: 'A', at: { $date: '2024-02-02' } },
      { title: 'B' },
      { _id: 'c', title: 'C' },
    ]);
    await Promise.all([seedCollections(ctx), seedCollections(ctx)]);
    await seedCollections(ctx);
    const rows = await db.query<{ data: Record<string, unknown> }>(
      "select data from data_items where site_id = 'site1' and collection_id = 'Catalog' order by created_at, seq",
    );
    expect(rows.rows.map((r) => r.data.title)).toEqual(['A', 'B', 'C']);
    expect(rows.rows[0]!.data).toMatchObject({
      _id: 'a',
      at: { $date: '2024-02-02T00:00:00.000Z' },
      _createdDate: { $date: '2024-01-01T00:00:00.000Z' },
    });
    expect(rows.rows[1]!.data._id).toEqual(expect.any(String));
    // Removing seeded items does not bring them back at the next start.
    await db.query("delete from data_items where collection_id = 'Catalog'");
    await seedCollections(ctx);
    expect((await db.query("select 1 from data_items where collection_id = 'Catalog'")).rows).toHaveLength(0);
  });

  it('names the bad seed item', async () => {
    const ctx = ctxWith([{ ok: 1 }, { when: { $date: 'soon' } }]);
    await db.query('delete from data_seeds');
    await expect(seedCollections(ctx)).rejects.toThrow(/Seed item 1 of collection "Catalog"/);
    expect((await db.query('select 1 from data_seeds')).rows).toHaveLength(0);
  });
});
