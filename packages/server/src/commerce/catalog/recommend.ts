/**
 * The catalog's one recommendation algorithm (docs/commerce.md#recommendations): the visible products other than
 * the ones given, ranked by
 *   1. how many collections they share with the given products (the `all-products` collection, which holds
 *      everything, does not count);
 *   2. units sold in the last 90 days (at most the site's 1,000 newest orders of that time; cancelled ones left
 *      out);
 *   3. newest first.
 * With no products given it is best sellers, then newest. One statement; its work is bounded by the site's
 * collections of the given products (at most 100), its 1,000 newest orders and its catalog.
 */
import type { Queryable } from '../../store/types.js';
import { ALL_PRODUCTS_COLLECTION_ID } from './ids.js';

/** Wix Stores' app ids (catalog v3 and catalog v1): the catalog items and algorithms the catalog answers for. */
export const STORES_APP_IDS: readonly string[] = [
  '215238eb-22a5-4c36-9e7b-e7c08025e04e',
  '1380b703-ce81-ff05-f115-39571d94dfcd',
];

const SALES_DAYS = 90;
const SALES_ORDERS = 1000;

export async function recommendProducts(
  db: Queryable,
  siteId: string,
  given: readonly string[],
  limit: number,
  now: number,
): Promise<string[]> {
  const since = new Date(now - SALES_DAYS * 86_400_000).toISOString();
  const { rows } = await db.query<{ id: string }>(
    `with given as (select jsonb_array_elements_text($2::jsonb) as id),
     shared as (
       select l2.product_id, count(distinct l2.collection_id) as n
       from commerce_collection_products l1
       join commerce_collections c on c.site_id = l1.site_id and c.id = l1.collection_id
       join commerce_collection_products l2 on l2.site_id = l1.site_id and l2.collection_id = l1.collection_id
       where l1.site_id = $1 and l1.product_id in (select id from given)
         and c.id <> $3 and c.slug <> 'all-products'
       group by l2.product_id),
     recent as (
       select o.lines from commerce_orders o
       where o.site_id = $1 and o.created_at > $4::timestamptz and lower(o.status) not like 'cancel%'
         and jsonb_typeof(o.lines) = 'array'
       order by o.created_at desc limit ${SALES_ORDERS}),
     sold as (
       select line->>'productId' as product_id,
         sum(case when jsonb_typeof(line->'quantity') = 'number' then (line->>'quantity')::numeric else 0 end) as units
       from recent, jsonb_array_elements(recent.lines) as line
       group by 1)
     select p.id from commerce_products p
     left join shared on shared.product_id = p.id
     left join sold on sold.product_id = p.id
     where p.site_id = $1 and p.visible and p.id not in (select id from given)
     order by coalesce(shared.n, 0) desc, coalesce(sold.units, 0) desc, p.created_at desc, p.id
     limit $5`,
    [siteId, JSON.stringify(given), ALL_PRODUCTS_COLLECTION_ID, since, limit],
  );
  return rows.map((r) => r.id);
}
