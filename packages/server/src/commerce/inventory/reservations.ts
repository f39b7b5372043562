/**
 * Stock that cannot be oversold (docs/commerce.md → Stock reservations). Placing an order takes each tracked
 * variant's units with one conditional update in the order's transaction — `stock = stock - n where stock >= n`,
 * never a read then a write — so of two orders for the last unit one update matches and the other matches no row:
 * OUT_OF_STOCK, and its transaction rolls back. What was taken is recorded per order in `commerce_reservations`;
 * cancelling the order (an owner, or the expiry of an unpaid one) gives exactly that back, once: the release is
 * itself a conditional update (`released_at is null`). Variants are taken in (product, variant) order, so two
 * orders of overlapping carts cannot deadlock.
 */
import { appError } from '../../errors/catalogue.js';
import type { Queryable } from '../../store/types.js';

export interface StockTake {
  productId: string;
  variantId: string;
  quantity: number;
  /** For the refusal's words. */
  name: string;
}

const byVariant = (a: StockTake, b: StockTake) =>
  a.productId < b.productId
    ? -1
    : a.productId > b.productId
      ? 1
      : a.variantId < b.variantId
        ? -1
        : a.variantId > b.variantId
          ? 1
          : 0;

/**
 * Takes the units of every tracked variant (untracked ones are sold without counting); returns what it took, for
 * `recordReservations` once the order is written. Throws OUT_OF_STOCK or PRODUCT_UNAVAILABLE on a miss, which
 * rolls the order's transaction back with whatever it took before.
 */
export async function takeStock(tx: Queryable, siteId: string, takes: readonly StockTake[]): Promise<StockTake[]> {
  const taken: StockTake[] = [];
  for (const take of [...takes].sort(byVariant)) {
    const { rowCount } = await tx.query(
      `update commerce_variants set stock = stock - $4
       where site_id = $1 and product_id = $2 and id = $3 and track_stock and stock >= $4`,
      [siteId, take.productId, take.variantId, take.quantity],
    );
    if (rowCount === 1) {
      taken.push(take);
      continue;
    }
    const { rows } = await tx.query<{ track_stock: boolean; stock: number }>(
      `select track_stock, stock from commerce_variants where site_id = $1 and product_id = $2 and id = $3`,
      [siteId, take.productId, take.variantId],
    );
    const variant = rows[0];
    if (variant && !variant.track_stock) continue;
    if (!variant)
      throw appError('PRODUCT_UNAVAILABLE', {
        description: `“${take.name}” is no longer sold.`,
        data: { productId: take.productId, variantId: take.variantId },
      });
    throw appError('OUT_OF_STOCK', {
      description:
        variant.stock > 0 ? `Only ${variant.stock} of “${take.name}” left in stock.` : `“${take.name}” is sold out.`,
      data: {
        productId: take.productId,
        variantId: take.variantId,
        available: variant.stock,
        requested: take.quantity,
      },
    });
  }
  return taken;
}

/** Records what `takeStock` took for the order (written just before), so that cancelling gives it back. */
export async function recordReservations(
  tx: Queryable,
  siteId: string,
  orderId: string,
  taken: readonly StockTake[],
): Promise<void> {
  if (!taken.length) return;
  await tx.query(
    `insert into commerce_reservations (site_id, order_id, product_id, variant_id, quantity)
     select $1, $2, t.e ->> 0, t.e ->> 1, (t.e ->> 2)::integer from jsonb_array_elements($3::jsonb) as t(e)`,
    [siteId, orderId, JSON.stringify(taken.map((t) => [t.productId, t.variantId, t.quantity]))],
  );
}

/** Gives back what the order took and has not given back yet; returns the units given back per variant. */
export async function releaseStock(tx: Queryable, siteId: string, orderId: string, now: number): Promise<StockTake[]> {
  const { rows } = await tx.query<{ product_id: string; variant_id: string; quantity: number }>(
    `update commerce_reservations set released_at = $3
     where site_id = $1 and order_id = $2 and released_at is null
     returning product_id, variant_id, quantity`,
    [siteId, orderId, new Date(now)],
  );
  const released = rows
    .map((r) => ({ productId: r.product_id, variantId: r.variant_id, quantity: Number(r.quantity), name: '' }))
    .sort(byVariant);
  // A variant deleted since keeps nothing to give back to.
  for (const r of released)
    await tx.query(
      `update commerce_variants set stock = stock + $4 where site_id = $1 and product_id = $2 and id = $3`,
      [siteId, r.productId, r.variantId, r.quantity],
    );
  return released;
}
