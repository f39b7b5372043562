/**
 * What the current cart's answer needs beyond the cart, read in the cart's own statement (issue #54: the cart on
 * every page view at the data API's pace): the cart with its lines, its open checkout's id (a checkout not placed
 * yet), and the site's catalog version (migration 102), under which its products may already be kept parsed
 * (catalog/kept-products.ts). One statement instead of three.
 */
import type { Queryable } from '../../store/types.js';
import { cartOf, type Cart, type CartOwner, type CartRow, type LineRow } from './store.js';

export interface CurrentCart {
  cart: Cart;
  /** The cart's checkout not placed yet, the newest, if any. */
  openCheckoutId: string | null;
  /** The site's catalog version in the same snapshot; undefined before the catalog was ever written. */
  catalogVersion: string | undefined;
}

export async function readCurrentCart(
  db: Queryable,
  siteId: string,
  owner: CartOwner,
): Promise<CurrentCart | undefined> {
  const { rows } = await db.query<
    CartRow & { line_rows: LineRow[]; open_checkout_id: string | null; catalog_version: string | null }
  >(
    `select c.*, coalesce((select jsonb_agg(jsonb_build_object('id', l.id, 'product_id', l.product_id,
         'variant_id', l.variant_id, 'quantity', l.quantity) order by l.created_at, l.id)
       from commerce_cart_lines l where l.site_id = c.site_id and l.cart_id = c.id), '[]'::jsonb) as line_rows,
       (select k.id from commerce_checkouts k where k.site_id = c.site_id and k.owner_kind = c.owner_kind
         and k.owner_id = c.owner_id and k.cart_id = c.id and k.order_id is null
         order by k.updated_at desc limit 1) as open_checkout_id,
       (select v.version::text from commerce_catalog_versions v where v.site_id = c.site_id) as catalog_version
     from commerce_carts c where c.site_id = $1 and c.owner_kind = $2 and c.owner_id = $3`,
    [siteId, owner.kind, owner.id],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    cart: cartOf(row, row.line_rows),
    openCheckoutId: row.open_checkout_id,
    catalogVersion: row.catalog_version ?? undefined,
  };
}
