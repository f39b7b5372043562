/**
 * Checkout in one transaction: lock the member's cart lines and the products they name, price them
 * from the catalog, check and decrement stock, take the next order number, write the order (owned by
 * the member, so the data API shows it to them under SITE_MEMBER_AUTHOR) and empty the cart.
 * Any failure rolls everything back: no order without its stock, no stock taken without an order.
 */
import { randomUUID } from 'node:crypto';
import { dateValue, type JsonObject } from '../data/json.js';
import { buildData, deleteRow, envelope, insertRow, writeRow } from '../data/store.js';
import type { Database, Queryable } from '../store/types.js';
import type { ShippingAddress } from './address.js';
import { formatOrderNumber, priceOrder, quantitiesOf, type ProductRow } from './pricing.js';
import { emitEvent } from '../webhooks/emit.js';
import { memberIdentity } from '../webhooks/events.js';

export interface ShopCollections {
  products: string;
  cart: string;
  orders: string;
}

export const DEFAULT_COLLECTIONS: ShopCollections = { products: 'Products', cart: 'Cart', orders: 'Orders' };

export interface CheckoutInput {
  siteId: string;
  memberId: string;
  shippingAddress: ShippingAddress | null;
  collections: ShopCollections;
  now: number;
}

interface Row {
  id: string;
  data: JsonObject;
}

async function nextOrderNumber(tx: Queryable, siteId: string): Promise<number> {
  const { rows } = await tx.query<{ last_number: string | number }>(
    `insert into shop_order_counters (site_id, last_number) values ($1, 1)
     on conflict (site_id) do update set last_number = shop_order_counters.last_number + 1
     returning last_number`,
    [siteId],
  );
  return Number(rows[0]!.last_number);
}

/** Places the order; returns the stored order item. Throws the `shopErrors` on a cart it cannot sell. */
export async function checkout(db: Database, input: CheckoutInput): Promise<JsonObject> {
  const { siteId, memberId, collections, now } = input;
  return db.transaction(async (tx) => {
    const cart = await tx.query<Row>(
      `select id, data from data_items where site_id = $1 and collection_id = $2 and owner_id = $3
       order by created_at, seq for update`,
      [siteId, collections.cart, memberId],
    );
    const quantities = quantitiesOf(
      cart.rows.map((r) => ({ id: r.id, productId: r.data.productId, quantity: r.data.quantity })),
    );

    // Locked in id order, so two checkouts of overlapping carts cannot deadlock.
    const productRows = await tx.query<Row>(
      `select id, data from data_items where site_id = $1 and collection_id = $2
       and id in (select jsonb_array_elements_text($3::jsonb)) order by id for update`,
      [siteId, collections.products, JSON.stringify([...quantities.keys()])],
    );
    const products = new Map<string, ProductRow>(
      productRows.rows.map((r) => [
        r.id,
        {
          id: r.id,
          title: r.data.title,
          slug: r.data.slug,
          price: r.data.price,
          image: r.data.image,
          stock: r.data.stock,
        },
      ]),
    );
    const priced = priceOrder(quantities, products);

    const stamp = dateValue(now);
    for (const row of productRows.rows) {
      const take = priced.decrements.get(row.id);
      if (!take) continue;
      const stock = (row.data.stock as number) - take;
      await writeRow(tx, siteId, collections.products, { ...row.data, stock, _updatedDate: stamp }, now);
    }

    const number = formatOrderNumber(await nextOrderNumber(tx, siteId));
    const order = buildData(
      {
        number,
        status: 'PLACED',
        memberId,
        lines: priced.lines.map((l) => JSON.parse(JSON.stringify(l)) as JsonObject),
        itemCount: priced.itemCount,
        subtotal: priced.subtotal,
        total: priced.total,
        currency: 'USD',
        shippingAddress: input.shippingAddress ? { ...input.shippingAddress } : null,
      },
      randomUUID(),
      memberId,
      stamp,
      stamp,
    );
    await insertRow(tx, siteId, collections.orders, order, memberId, now);

    for (const row of cart.rows) await deleteRow(tx, siteId, collections.cart, row.id);
    await emitEvent(tx, {
      siteId,
      type: 'order.created',
      identity: memberIdentity(memberId),
      data: envelope(collections.orders, order),
      now,
    });
    return order;
  });
}
