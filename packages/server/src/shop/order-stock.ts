/**
 * The stock an order took, kept apart from the order item (audit V5-5): checkout records each product's units
 * in `shop_order_stock` (migration 45), and cancelling (by an owner, or the expiry of an unpaid order) gives
 * back exactly those units, once. The order's `lines` are what the shopper sees; nothing read from them moves
 * stock, so no rewrite of an order can add units to the catalog, and a second cancel returns nothing.
 */
import { dateValue, type JsonObject, writeRow } from '../data/index.js';
import type { Queryable } from '../store/types.js';

/** Checkout, in its transaction: the units taken per product (products without a numeric stock take none). */
export async function recordStockTaken(
  tx: Queryable,
  siteId: string,
  orderId: string,
  taken: ReadonlyMap<string, number>,
): Promise<void> {
  if (!taken.size) return;
  await tx.query(
    `insert into shop_order_stock (site_id, order_id, product_id, quantity)
     select $1, $2, t.e ->> 0, (t.e ->> 1)::integer from jsonb_array_elements($3::jsonb) as t(e)`,
    [siteId, orderId, JSON.stringify([...taken])],
  );
}

/**
 * Gives back what the order took and has not given back yet (a conditional update: two cancels, or two
 * instances expiring the same order, return it once); returns the units per product given back.
 */
export async function returnStock(
  tx: Queryable,
  siteId: string,
  products: string,
  orderId: string,
  now: number,
): Promise<Map<string, number>> {
  const { rows: taken } = await tx.query<{ product_id: string; quantity: number }>(
    `update shop_order_stock set returned_at = $3 where site_id = $1 and order_id = $2 and returned_at is null
     returning product_id, quantity`,
    [siteId, orderId, new Date(now)],
  );
  const quantities = new Map(taken.map((r) => [r.product_id, Number(r.quantity)]));
  if (!quantities.size) return quantities;
  // Locked in id order, like checkout, so a cancel and a checkout of the same products cannot deadlock.
  const { rows } = await tx.query<{ id: string; data: JsonObject }>(
    `select id, data from data_items where site_id = $1 and collection_id = $2
     and id in (select jsonb_array_elements_text($3::jsonb)) order by id for update`,
    [siteId, products, JSON.stringify([...quantities.keys()])],
  );
  for (const row of rows) {
    // A product whose stock an editor has since cleared (unlimited) has nothing to give back to.
    if (typeof row.data.stock !== 'number') continue;
    const stock = row.data.stock + quantities.get(row.id)!;
    await writeRow(tx, siteId, products, { ...row.data, stock, _updatedDate: dateValue(now) }, now);
  }
  return quantities;
}
