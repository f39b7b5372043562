import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../store/types.js';
import { parseSort } from './filter/parse.js';
import { AUTO_INDEX_MIN_ITEMS, maybeIndexRanges, maybeIndexSort, sortIndexName, sortIndexSql } from './indexes.js';
import { parseFilter } from './filter/parse.js';
import { queryItems } from './query.js';
import { callers, collection, openTestDb, scopeFor, testSite } from '../../test-support/data.js';

let db: Database;
beforeAll(async () => {
  db = await openTestDb();
}, 120_000);
afterAll(async () => db.close());

describe('on-demand sort indexes', () => {
  it('never writes unsafe names into DDL', () => {
    expect(sortIndexSql(db, ['price'])).toContain(
      `on data_items (site_id, collection_id, (case jsonb_typeof((data -> 'price'::text))`,
    );
    expect(sortIndexSql(db, ["x'; drop table data_items; --"])).toBeUndefined();
    expect(sortIndexSql(db, ['a', 'b c'])).toBeUndefined();
    expect(sortIndexSql(db, ['a\\'])).toBeUndefined();
    expect(sortIndexSql(db, ['a', 'b', 'c', 'd', 'e'])).toBeUndefined();
  });

  it('builds an index for a large collection sorted by one field, and results stay the same', async () => {
    const coll = collection('Big', 'ANYONE');
    const site = testSite([coll, collection('Small', 'ANYONE')]);
    await db.query(
      `insert into data_items (site_id, collection_id, id, data, created_at, updated_at)
       select 'site1', 'Big', 'b' || g, jsonb_build_object('_id', 'b' || g, 'price', (g * 7919) % 1000), now(), now() from generate_series(1, $1::int) g`,
      [AUTO_INDEX_MIN_ITEMS],
    );
    const s = scopeFor(db, site, callers.anonymous);
    const request = {
      query: { filter: { price: { $gte: 990 } }, sort: [{ fieldName: 'price', order: 'DESC' }], paging: { limit: 5 } },
    };
    const before = await queryItems(s, coll, request);
    const errors: unknown[] = [];
    maybeIndexSort(db, 'site1', coll, parseSort([{ fieldName: 'price' }], 's'), (e) => errors.push(e));
    maybeIndexSort(db, 'site1', site.collections[1]!, parseSort([{ fieldName: 'price' }], 's'), (e) => errors.push(e));
    const name = sortIndexName('price');
    for (let i = 0; i < 100; i++) {
      const found = await db.query('select 1 from data_sort_indexes where index_name = $1', [name]);
      if (found.rows.length) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(errors).toEqual([]);
    expect((await db.query('select index_name from data_sort_indexes')).rows).toEqual([{ index_name: name }]);
    expect((await db.query('select 1 from pg_indexes where indexname = $1', [name])).rows).toHaveLength(1);
    const after = await queryItems(s, coll, request);
    expect(after.dataItems.map((d) => d.id)).toEqual(before.dataItems.map((d) => d.id));
    expect(after.dataItems.map((d) => d.data.price)).toEqual([999, 999, 998, 998, 997]);
  });

  it('builds the same index for a field a range filters on (the range and its count read the index)', async () => {
    const coll = collection('Big', 'ANYONE');
    const errors: unknown[] = [];
    const filter = parseFilter({ $or: [{ qty: { $lt: 5 } }, { price: { $gt: 3 } }], name: 'x' }, 'f');
    maybeIndexRanges(db, 'site1', coll, filter, (e) => errors.push(e));
    const name = sortIndexName('qty');
    for (let i = 0; i < 100; i++) {
      if ((await db.query('select 1 from data_sort_indexes where index_name = $1', [name])).rows.length) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(errors).toEqual([]);
    expect((await db.query('select field from data_sort_indexes order by field')).rows).toEqual([
      { field: 'price' },
      { field: 'qty' },
    ]);
  });
});
