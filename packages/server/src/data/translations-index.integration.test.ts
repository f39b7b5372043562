/**
 * On-demand sort indexes for sorts in a language (data/indexes.ts): a large collection sorted by a translatable field
 * in French gets an index on the very expression the compiler emits, the planner uses it, and results stay the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../store/types.js';
import { AUTO_INDEX_MIN_ITEMS, sortIndexName, sortIndexSql } from './indexes.js';
import { queryItems } from './query.js';
import { callers, collection, openTestDb, recordingDb, scopeFor, testSite } from '../../test-support/data.js';
import type { SentStatement } from '../../test-support/data.js';

let db: Database;
beforeAll(async () => {
  db = await openTestDb();
}, 120_000);
afterAll(async () => db?.close());

const books = { ...collection('Books', 'ANYONE'), translatable: ['title'] };
const site = { ...testSite([books]), languages: ['en', 'fr'] };

describe('sort indexes in a language', () => {
  it('writes only safe languages and single top-level fields into DDL', () => {
    expect(sortIndexSql(db, ['title'], 'fr')).toContain(
      `coalesce(translations -> 'fr'::text -> 'title'::text, data -> 'title'::text)`,
    );
    expect(sortIndexSql(db, ['title'], "fr'; drop table data_items; --")).toBeUndefined();
    expect(sortIndexSql(db, ['a', 'b'], 'fr')).toBeUndefined();
  });

  it('builds the index on the first French sort of a large collection; the planner uses it', async () => {
    await db.query(
      `insert into data_items (site_id, collection_id, id, data, translations, created_at, updated_at)
       select 'site1', 'Books', 'b' || g, jsonb_build_object('_id', 'b' || g, 'title', 'T' || lpad(g::text, 5, '0')),
              case when g % 2 = 0 then jsonb_build_object('fr', jsonb_build_object('title', 'F' || lpad(((g * 7919) % 10000)::text, 5, '0'))) end,
              now(), now()
       from generate_series(1, $1::int) g`,
      [AUTO_INDEX_MIN_ITEMS],
    );
    const scope = scopeFor(db, site, callers.anonymous);
    const request = { language: 'fr', query: { sort: [{ fieldName: 'title', order: 'DESC' }], paging: { limit: 3 } } };
    const before = await queryItems(scope, books, request);
    // What each item shows in French, computed apart from SQL: the translation of even items, the default of odd ones.
    const shown = Array.from({ length: AUTO_INDEX_MIN_ITEMS }, (_, i) => i + 1)
      .map((g) => (g % 2 === 0 ? `F${String((g * 7919) % 10000).padStart(5, '0')}` : `T${String(g).padStart(5, '0')}`))
      .sort();
    expect(before.dataItems.map((d) => d.data.title)).toEqual(shown.slice(-3).reverse());
    const name = sortIndexName('title@fr');
    for (let i = 0; i < 200; i++) {
      if ((await db.query('select 1 from data_sort_indexes where index_name = $1', [name])).rows.length) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await db.query('select 1 from pg_indexes where indexname = $1', [name])).rows).toHaveLength(1);
    const after = await queryItems(scope, books, request);
    expect(after.dataItems.map((d) => d.id)).toEqual(before.dataItems.map((d) => d.id));
    const ascending = await queryItems(scope, books, {
      language: 'fr',
      query: { sort: [{ fieldName: 'title', order: 'ASC' }], paging: { limit: 2 } },
    });
    expect(ascending.dataItems.map((d) => d.data.title)).toEqual(shown.slice(0, 2));
    // The statement the service sends, explained with its own parameters: an index scan, no sort of every row.
    const sent: SentStatement[] = [];
    const recording = recordingDb(db, sent);
    await queryItems(scopeFor(recording, site, callers.anonymous), books, request);
    const statement = sent.find((q) => q.text.startsWith('select i.data'))!;
    const plan = await db.query<{ 'QUERY PLAN': string }>(`explain ${statement.text}`, statement.params);
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain(name);
  });
});
