/** A collection's products set at once, in order (the console's "products in this collection"). */
import type { Queryable } from '../../store/types.js';

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
