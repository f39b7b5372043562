/**
 * What the storefront's sitemap lists of the catalog (storefront/seo-routes.ts): the visible products' pages and the
 * categories, as a visitor sees them. Products are walked in keyset pages by id (the primary key serves the order), so
 * a shop of a million products is read a thousand at a time and never held in memory; a file of the sitemap starts
 * after a product id, carried in its address as an opaque position.
 */
import type { Queryable } from '../../store/types.js';

/** A product's page: its slug and when it last changed (ISO 8601). */
export interface CatalogPage {
  slug: string;
  updated: string;
}

/** Where a products file starts: after this product id; the first file has none. */
const PREFIX = 'p.';
export const encodePosition = (id: string) => `${PREFIX}${Buffer.from(id).toString('base64url')}`;
/** The product id a position names, or undefined for a forged or mangled one. */
export function decodePosition(position: string): string | undefined {
  if (!position.startsWith(PREFIX) || position.length > 600) return undefined;
  const encoded = position.slice(PREFIX.length);
  if (!/^[A-Za-z0-9_-]+$/.test(encoded)) return undefined;
  const id = Buffer.from(encoded, 'base64url').toString();
  return id && encodePosition(id) === position ? id : undefined;
}

/** Visible products after `afterId` (from the first when absent), by id, at most `limit`. */
export async function visibleProductPages(
  db: Queryable,
  siteId: string,
  afterId: string | undefined,
  limit: number,
): Promise<{ pages: CatalogPage[]; lastId: string | undefined }> {
  const { rows } = await db.query<{ id: string; slug: string; updated_at: Date | string }>(
    `select id, slug, updated_at from commerce_products
     where site_id = $1 and visible ${afterId === undefined ? '' : 'and id > $3'}
     order by id limit $2`,
    afterId === undefined ? [siteId, limit] : [siteId, limit, afterId],
  );
  return {
    pages: rows.map((r) => ({ slug: r.slug, updated: new Date(r.updated_at).toISOString() })),
    lastId: rows.at(-1)?.id,
  };
}

/**
 * How the visible products split into files of `perFile`: each file's start (undefined for the first, then the
 * position after every `perFile`-th product) and how many there are. One pass over the primary key, in the database.
 */
export async function productFileStarts(
  db: Queryable,
  siteId: string,
  perFile: number,
): Promise<{ starts: (string | undefined)[]; count: number }> {
  const { rows } = await db.query<{ id: string; n: string | number }>(
    `select id, n from (
       select id, row_number() over (order by id) as n, count(*) over () as total
       from commerce_products where site_id = $1 and visible
     ) p where n % $2 = 0 and n < total`,
    [siteId, perFile],
  );
  const count = await db.query<{ n: string | number }>(
    'select count(*) as n from commerce_products where site_id = $1 and visible',
    [siteId],
  );
  return { starts: [undefined, ...rows.map((r) => encodePosition(r.id))], count: Number(count.rows[0]?.n ?? 0) };
}

/**
 * The categories' slugs, by name: visible collections with at least one visible product, except `all-products` and
 * the Wix templates' home page lists (`hidden-…`), as the storefront's catalog offers them; at most `max`.
 */
export async function categorySlugs(db: Queryable, siteId: string, max: number): Promise<string[]> {
  if (max <= 0) return [];
  const { rows } = await db.query<{ slug: string }>(
    `select c.slug from commerce_collections c
     where c.site_id = $1 and c.visible and c.slug <> 'all-products' and c.slug not like 'hidden-%'
       and exists (select 1 from commerce_collection_products l
                   join commerce_products p on p.site_id = l.site_id and p.id = l.product_id
                   where l.site_id = c.site_id and l.collection_id = c.id and p.visible)
     order by c.name, c.id limit $2`,
    [siteId, max],
  );
  return rows.map((r) => r.slug);
}
