/**
 * Collections as the wire reads them: a query (filter, sort, page) or one by id or slug. Shoppers see visible
 * collections, and a collection's product count is of the products they can see.
 */
import type { Queryable } from '../../store/types.js';
import { conditionSql, type Condition } from './filter.js';
import { orderSql, type SortKey } from './query.js';
import { COLLECTION_FIELDS, COLLECTION_SORTS } from './query-fields.js';
import type { Collection, MediaItem } from './types.js';

interface Row {
  id: string;
  slug: string;
  name: string;
  description: string;
  visible: boolean;
  media: MediaItem[];
  translations: Collection['translations'];
  product_count: string | number;
  total?: string | number;
}

const columns = (visibleOnly: boolean) => `c.id, c.slug, c.name, c.description, c.visible, c.media, c.translations,
  (select count(*) from commerce_collection_products l join commerce_products p
     on p.site_id = l.site_id and p.id = l.product_id
   where l.site_id = c.site_id and l.collection_id = c.id${visibleOnly ? ' and p.visible' : ''}) as product_count`;

const toCollection = (r: Row): Collection => ({
  id: r.id,
  slug: r.slug,
  name: r.name,
  description: r.description,
  visible: r.visible,
  media: r.media,
  translations: r.translations ?? {},
  productCount: Number(r.product_count),
});

export interface CollectionQuery {
  filter?: Condition | undefined;
  sort: SortKey[];
  offset: number;
  limit: number;
  visibleOnly: boolean;
}

export async function findCollections(
  db: Queryable,
  siteId: string,
  q: CollectionQuery,
): Promise<{ collections: Collection[]; total: number; hasNext: boolean }> {
  const params: unknown[] = [siteId];
  const where = ['c.site_id = $1'];
  if (q.visibleOnly) where.push('c.visible');
  if (q.filter) where.push(conditionSql(q.filter, COLLECTION_FIELDS, params));
  params.push(q.limit + 1, q.offset);
  const { rows } = await db.query<Row>(
    `select ${columns(q.visibleOnly)}, count(*) over () as total from commerce_collections c
     where ${where.join(' and ')} order by ${orderSql(q.sort, COLLECTION_SORTS, 'lower(c.name) asc', 'c.id')}
     limit $${params.length - 1} offset $${params.length}`,
    params,
  );
  return {
    collections: rows.slice(0, q.limit).map(toCollection),
    total: rows[0] ? Number(rows[0].total) : 0,
    hasNext: rows.length > q.limit,
  };
}

/** One collection by id or slug; a hidden one is not found for shoppers. */
export async function readCollection(
  db: Queryable,
  siteId: string,
  by: { id: string } | { slug: string },
  visibleOnly: boolean,
): Promise<Collection | undefined> {
  const test = 'id' in by ? 'c.id = $2' : 'c.slug = $2';
  const { rows } = await db.query<Row>(
    `select ${columns(visibleOnly)} from commerce_collections c
     where c.site_id = $1 and ${test}${visibleOnly ? ' and c.visible' : ''}`,
    [siteId, 'id' in by ? by.id : by.slug],
  );
  return rows[0] ? toCollection(rows[0]) : undefined;
}
