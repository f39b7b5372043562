/**
 * Text matching at scale (issue #28): `$startsWith` / `$contains` / `$endsWith` compile to a LIKE the on-demand
 * text indexes serve (a text_pattern_ops b-tree, a pg_trgm GIN), on PGlite and PostgreSQL, with unchanged answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../store/types.js';
import { Params } from './filter/compile.js';
import { parseFilter } from './filter/parse.js';
import { AUTO_INDEX_MIN_ITEMS, sortIndexName } from './indexes.js';
import { itemsWhere, queryItems } from './query.js';
import { maybeIndexText, textIndexSql } from './text-indexes.js';
import { callers, collection, openTestDb, scopeFor, testSite } from '../../test-support/data.js';

let db: Database;
const coll = collection('Big', 'ANYONE');
const site = testSite([coll]);
const ids = (r: { dataItems: { id: string }[] }) => r.dataItems.map((d) => d.id).sort();

beforeAll(async () => {
  db = await openTestDb();
  await db.query(
    `insert into data_items (site_id, collection_id, id, data, created_at, updated_at)
     select 'site1', 'Big', 'b' || g, jsonb_build_object('_id', 'b' || g, 'title', 'Item ' || lpad(g::text, 5, '0')), now(), now()
     from generate_series(1, $1::int) g`,
    [AUTO_INDEX_MIN_ITEMS],
  );
  // Titles with LIKE's special characters, a number and a missing title: each must match only literally.
  const odd: [string, unknown][] = [
    ['p1', 'A%B'],
    ['p2', 'A_B'],
    ['p3', 'AxB'],
    ['p4', 'A\\B'],
    ['p5', 12345],
    ['p6', undefined],
  ];
  for (const [id, title] of odd) {
    await db.query(
      `insert into data_items (site_id, collection_id, id, data, created_at, updated_at) values ('site1', 'Big', $1, $2::jsonb, now(), now())`,
      [id, JSON.stringify(title === undefined ? { _id: id } : { _id: id, title })],
    );
  }
}, 120_000);
afterAll(async () => db?.close());

async function query(filter: unknown) {
  return ids(
    await queryItems(scopeFor(db, site, callers.anonymous), coll, { query: { filter, paging: { limit: 1000 } } }),
  );
}

/** The plan of the API's own WHERE for `filter`, with sequential scans off so an index is used if it can be. */
async function plan(filter: unknown): Promise<string> {
  const params = new Params();
  const scope = scopeFor(db, site, callers.anonymous);
  const where = itemsWhere(scope, coll, { ownerOnly: undefined }, parseFilter(filter, 'f'), params);
  return db.transaction(async (tx) => {
    await tx.query('set local enable_seqscan = off');
    const rows = (
      await tx.query<Record<string, string>>(`explain select 1 from data_items i where ${where}`, params.values)
    ).rows;
    return rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

describe('text matching', () => {
  it('matches LIKE’s special characters literally, case-insensitively, strings only', async () => {
    expect(await query({ title: { $contains: '%' } })).toEqual(['p1']);
    expect(await query({ title: { $contains: '_' } })).toEqual(['p2']);
    expect(await query({ title: { $contains: '\\' } })).toEqual(['p4']);
    expect(await query({ title: { $startsWith: 'a_' } })).toEqual(['p2']);
    expect(await query({ title: { $endsWith: '%b' } })).toEqual(['p1']);
    expect(await query({ title: { $contains: '234' } })).toEqual(['b1234', 'b234']);
    expect(await query({ $not: [{ title: { $startsWith: 'item' } }] })).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
  });

  it('builds a prefix and a trigram index on first use, and the queries use them', async () => {
    const before = await query({ title: { $startsWith: 'ITEM 0012' } });
    expect(before).toHaveLength(10);
    const errors: unknown[] = [];
    maybeIndexText(db, 'site1', coll, parseFilter({ title: { $startsWith: 'x' }, n: { $contains: 'y' } }, 'f'), (e) =>
      errors.push(e),
    );
    maybeIndexText(db, 'site1', coll, parseFilter({ title: { $contains: 'y' } }, 'f'), (e) => errors.push(e));
    const names = ['title#prefix', 'title#trigram'].map(sortIndexName);
    for (let i = 0; i < 200; i++) {
      const found = await db.query('select 1 from data_sort_indexes where index_name = any($1)', [names]);
      if (found.rows.length === 2) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(errors).toEqual([]);
    expect((await db.query('select indexname from pg_indexes where indexname = any($1)', [names])).rows).toHaveLength(
      2,
    );
    // A prefix is served by either (PostgreSQL's planner may prefer the trigram index on a small table).
    expect(await plan({ title: { $startsWith: 'ITEM 0012' } })).toMatch(new RegExp(names.join('|')));
    expect(await plan({ title: { $contains: 'em 012' } })).toContain(names[1]);
    expect(await query({ title: { $startsWith: 'ITEM 0012' } })).toEqual(before);
    expect(await query({ title: { $contains: 'M 0012' } })).toEqual(before);
  });

  it('never writes unsafe names into DDL', () => {
    expect(textIndexSql(db, ['title'], 'prefix')).toContain(
      `(lower((data -> 'title'::text) #>> '{}'::text[])) text_pattern_ops`,
    );
    expect(textIndexSql(db, ["x'; drop table data_items; --"], 'trigram')).toBeUndefined();
  });
});
