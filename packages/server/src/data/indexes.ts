/**
 * Sort indexes on demand. Sorting a large collection by a user field needs a btree on that field's sort keys
 * (the same expressions `sortKeys` emits, then `id`), otherwise every matching row is read and sorted.
 * The first query that sorts a collection of at least AUTO_INDEX_MIN_ITEMS items by one plain field starts
 * building such an index in the background, partial to that site and collection; at most
 * MAX_AUTO_INDEXES per collection, recorded in `data_sort_indexes` so every instance sees them.
 *
 * DDL cannot take parameters, so only values matching strict patterns (identifier-like field segments,
 * site/collection ids without quotes or backslashes) are ever written into it; anything else is not indexed.
 */
import { createHash } from 'node:crypto';
import type { CollectionConfig } from '../config/types.js';
import type { Database } from '../store/types.js';
import type { SortSpec } from './filter/ast.js';
import { sortKeys } from './filter/compile.js';

export const AUTO_INDEX_MIN_ITEMS = 2000;
export const MAX_AUTO_INDEXES = 8;
const SEGMENT = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;
const SAFE_LITERAL = /^[A-Za-z0-9 _.:@-]{1,200}$/;

const known = new Set<string>();
const building = new Set<string>();

export function sortIndexName(siteId: string, collectionId: string, field: string): string {
  return `data_sort_${createHash('sha256').update(`${siteId}\0${collectionId}\0${field}`).digest('hex').slice(0, 24)}`;
}

/** The CREATE INDEX statement, or undefined when the names are not safe to write into DDL. */
export function sortIndexSql(db: Database, siteId: string, collectionId: string, path: readonly string[]): string | undefined {
  if (!path.every((p) => SEGMENT.test(p)) || !SAFE_LITERAL.test(siteId) || !SAFE_LITERAL.test(collectionId)) return undefined;
  const x = `(data${path.map((p) => ` -> '${p}'::text`).join('')})`;
  const name = sortIndexName(siteId, collectionId, path.join('.'));
  const concurrently = db.kind === 'postgres' ? 'concurrently ' : '';
  return (
    `create index ${concurrently}if not exists ${name} on data_items (${sortKeys(x, false).map((k) => `(${k})`).join(', ')}, id collate "C") ` +
    `where site_id = '${siteId}' and collection_id = '${collectionId}'`
  );
}

/** Starts building a sort index when useful; never throws, never delays the query. */
export function maybeIndexSort(db: Database, siteId: string, collection: CollectionConfig, sort: readonly SortSpec[], onError: (e: unknown) => void): void {
  if (sort.length !== 1 || sort[0]!.path[0]!.startsWith('_')) return;
  const field = sort[0]!.field;
  const key = `${siteId}\0${collection.id}\0${field}`;
  if (known.has(key) || building.has(key)) return;
  const sql = sortIndexSql(db, siteId, collection.id, sort[0]!.path);
  if (!sql) return;
  building.add(key);
  void ensure(db, siteId, collection.id, field, sql)
    .then((done) => {
      if (done) known.add(key);
    })
    .catch(onError)
    .finally(() => building.delete(key));
}

async function ensure(db: Database, siteId: string, collectionId: string, field: string, sql: string): Promise<boolean> {
  const have = await db.query<{ field: string }>('select field from data_sort_indexes where site_id = $1 and collection_id = $2', [siteId, collectionId]);
  if (have.rows.some((r) => r.field === field)) return true;
  if (have.rows.length >= MAX_AUTO_INDEXES) return true;
  const big = await db.query(
    'select 1 from data_items where site_id = $1 and collection_id = $2 order by created_at offset $3 limit 1',
    [siteId, collectionId, AUTO_INDEX_MIN_ITEMS - 1],
  );
  if (big.rows.length === 0) return false;
  await db.exec(sql);
  await db.query('insert into data_sort_indexes (site_id, collection_id, field, index_name) values ($1, $2, $3, $4) on conflict do nothing', [
    siteId,
    collectionId,
    field,
    sortIndexName(siteId, collectionId, field),
  ]);
  return true;
}
