/**
 * The catalog's collections (migration 90): saved, listed, found by id or slug, and which products they hold, in
 * order. The wire's reads with a caller's visibility are in collection-query.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../store/types.js';
import type { Collection, MediaItem } from './types.js';

interface CollectionRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  visible: boolean;
  media: MediaItem[];
  translations: Collection['translations'];
  product_count: string | number;
}

const COLLECTION_COLUMNS = `c.id, c.slug, c.name, c.description, c.visible, c.media, c.translations,
  (select count(*) from commerce_collection_products l where l.site_id = c.site_id and l.collection_id = c.id)
    as product_count`;

const toCollection = (r: CollectionRow): Collection => ({
  id: r.id,
  slug: r.slug,
  name: r.name,
  description: r.description,
  visible: r.visible,
  media: r.media,
  translations: r.translations ?? {},
  productCount: Number(r.product_count),
});

/** Every collection of the site, by name. */
export async function listCollections(db: Queryable, siteId: string): Promise<Collection[]> {
  const { rows } = await db.query<CollectionRow>(
    `select ${COLLECTION_COLUMNS} from commerce_collections c where c.site_id = $1 order by c.name, c.id`,
    [siteId],
  );
  return rows.map(toCollection);
}

export async function findCollection(
  db: Queryable,
  siteId: string,
  by: { id: string } | { slug: string },
): Promise<Collection | undefined> {
  const [column, value] = 'id' in by ? ['id', by.id] : ['slug', by.slug];
  const { rows } = await db.query<CollectionRow>(
    `select ${COLLECTION_COLUMNS} from commerce_collections c where c.site_id = $1 and c.${column} = $2`,
    [siteId, value],
  );
  return rows[0] ? toCollection(rows[0]) : undefined;
}

export interface CollectionInput {
  id?: string;
  slug: string;
  name: string;
  description?: string;
  visible?: boolean;
  media?: MediaItem[];
  /** Absent: a new collection has none, a changed one keeps its own. */
  translations?: Collection['translations'];
}

export async function saveCollection(tx: Queryable, siteId: string, input: CollectionInput, now: number) {
  const id = input.id ?? randomUUID();
  await tx.query(
    `insert into commerce_collections (site_id, id, slug, name, description, visible, media, created_at, translations)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, coalesce($9::jsonb, '{}'))
     on conflict (site_id, id) do update set slug = excluded.slug, name = excluded.name,
       description = excluded.description, visible = excluded.visible, media = excluded.media,
       translations = coalesce($9::jsonb, commerce_collections.translations)`,
    [
      siteId,
      id,
      input.slug,
      input.name,
      input.description ?? '',
      input.visible ?? true,
      JSON.stringify(input.media ?? []),
      new Date(now).toISOString(),
      input.translations === undefined ? null : JSON.stringify(input.translations),
    ],
  );
  return id;
}

/** Puts products into a collection (products already in it stay; unknown product ids are skipped). */
export async function addToCollection(tx: Queryable, siteId: string, collectionId: string, productIds: string[]) {
  await tx.query(
    `insert into commerce_collection_products (site_id, collection_id, product_id, position)
     select $1, $2, given.id, given.n - 1 from jsonb_array_elements_text($3::jsonb) with ordinality as given(id, n)
     where exists (select 1 from commerce_products p where p.site_id = $1 and p.id = given.id)
     on conflict do nothing`,
    [siteId, collectionId, JSON.stringify(productIds)],
  );
}

/**
 * Makes `productIds` the collection's products, in that order: others leave it, these join or move; ids of no
 * product of the site are skipped. Two statements whatever the list's length.
 */
export async function setCollectionProducts(
  tx: Queryable,
  siteId: string,
  collectionId: string,
  productIds: readonly string[],
): Promise<void> {
  const list = JSON.stringify([...new Set(productIds)]);
  await tx.query(
    `delete from commerce_collection_products where site_id = $1 and collection_id = $2
     and product_id not in (select jsonb_array_elements_text($3::jsonb))`,
    [siteId, collectionId, list],
  );
  await tx.query(
    `insert into commerce_collection_products (site_id, collection_id, product_id, position)
     select $1, $2, given.id, given.n - 1
     from jsonb_array_elements_text($3::jsonb) with ordinality as given(id, n)
     where exists (select 1 from commerce_products p where p.site_id = $1 and p.id = given.id)
     on conflict (site_id, collection_id, product_id) do update set position = excluded.position`,
    [siteId, collectionId, list],
  );
}
