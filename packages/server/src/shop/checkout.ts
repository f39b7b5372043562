/**
 * Checkout in one transaction: lock the shopper's cart lines and the products they name, price them
 * from the catalog, price the delivery (shipping.ts), check and decrement stock, take the next order number,
 * write the order, empty the cart and let the caller enqueue the confirmation mail. A member's order is
 * theirs (the data API shows it to them under SITE_MEMBER_AUTHOR); a guest's has no owner until a member
 * with its verified email signs in (guest-orders.ts). Any failure rolls everything back: no order without
 * its stock, no stock taken without an order, no mail for an order that was not placed.
 */
import { randomUUID } from 'node:crypto';
import type { ShippingConfig } from '../config/types.js';
import {
  dateValue,
  type JsonObject,
  SHOP_COLLECTIONS,
  buildData,
  deleteRow,
  envelope,
  insertRow,
  writeRow,
} from '../data/index.js';
import type { Database, Queryable } from '../store/types.js';
import { emitEvent } from '../webhooks/emit.js';
import type { WebhookIdentity } from '../webhooks/events.js';
import type { ShippingAddress } from './address.js';
import type { Buyer } from './buyer.js';
import { recordGuestOrder } from './guest-orders.js';
import type { ShopLimits } from './limits.js';
import { checkOpenOrders } from './order-limits.js';
import { recordStockTaken } from './order-stock.js';
import {
  formatOrderNumber,
  HARD_CAPS,
  priceOrder,
  quantitiesOf,
  type CartCaps,
  type PricedOrder,
  type ProductRow,
} from './pricing.js';
import { chooseShipping, shippingOptions, type ChosenShipping, type ShippingOption } from './shipping.js';

export interface ShopCollections {
  products: string;
  cart: string;
  orders: string;
}

export const DEFAULT_COLLECTIONS: ShopCollections = { ...SHOP_COLLECTIONS };

/**
 * The first status of every order: no payment provider yet, shoppers pay on delivery or by bank transfer.
 * Later statuses (paid, shipped, …) are the console's (#30).
 */
export const INITIAL_ORDER_STATUS = 'AWAITING_PAYMENT';
export const PAYMENT_METHOD = 'OFFLINE';

export type { Buyer } from './buyer.js';

export interface CheckoutInput {
  siteId: string;
  buyer: Buyer;
  shippingAddress: ShippingAddress | null;
  /** The chosen method's id; needed when the site has `shipping`. */
  shippingMethod: string | undefined;
  shipping: ShippingConfig | undefined;
  collections: ShopCollections;
  /** The site's limits (limits.ts): caps on the order, open unpaid orders per buyer. */
  limits: ShopLimits;
  /** The client's address, for a guest's open-order cap (and stored with the guest order). */
  clientIp?: string;
  now: number;
  /** Runs inside the transaction once the order is written (the confirmation mail). */
  onPlaced?: (tx: Queryable, order: JsonObject, priced: PricedOrder, shipping: ChosenShipping | null) => Promise<void>;
}

interface Row {
  id: string;
  data: JsonObject;
}

const cartOwner = (buyer: Buyer) => (buyer.kind === 'member' ? buyer.memberId : buyer.visitorId);

async function readCart(tx: Queryable, siteId: string, collections: ShopCollections, owner: string, lock: boolean) {
  return tx.query<Row>(
    `select id, data from data_items where site_id = $1 and collection_id = $2 and owner_id = $3
     order by created_at, seq${lock ? ' for update' : ''}`,
    [siteId, collections.cart, owner],
  );
}

async function readProducts(
  tx: Queryable,
  siteId: string,
  collections: ShopCollections,
  ids: string[],
  lock: boolean,
): Promise<{ rows: Row[]; byId: Map<string, ProductRow> }> {
  // Locked in id order, so two checkouts of overlapping carts cannot deadlock.
  const { rows } = await tx.query<Row>(
    `select id, data from data_items where site_id = $1 and collection_id = $2
     and id in (select jsonb_array_elements_text($3::jsonb)) order by id${lock ? ' for update' : ''}`,
    [siteId, collections.products, JSON.stringify(ids)],
  );
  const byId = new Map<string, ProductRow>(
    rows.map((r) => [
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
  return { rows, byId };
}

async function priceCart(
  tx: Queryable,
  siteId: string,
  collections: ShopCollections,
  owner: string,
  lock: boolean,
  caps: CartCaps,
) {
  const cart = await readCart(tx, siteId, collections, owner, lock);
  const quantities = quantitiesOf(
    cart.rows.map((r) => ({ id: r.id, productId: r.data.productId, quantity: r.data.quantity })),
    caps,
  );
  const products = await readProducts(tx, siteId, collections, [...quantities.keys()], lock);
  return { cart, products, priced: priceOrder(quantities, products.byId) };
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

const addCents = (a: number, b: number) => (Math.round(a * 100) + Math.round(b * 100)) / 100;

export interface CheckoutQuote {
  lines: PricedOrder['lines'];
  itemCount: number;
  subtotal: number;
  /** The methods for the country given (empty without a country or without `shipping`). */
  shippingOptions: ShippingOption[];
  shipping: ChosenShipping | null;
  total: number;
  currency: string;
}

/** The review step: the cart priced as checkout would price it now, with the delivery for a country. */
export async function quoteCheckout(
  db: Queryable,
  input: Pick<CheckoutInput, 'siteId' | 'buyer' | 'shipping' | 'collections' | 'shippingMethod'> & {
    country: string | undefined;
    caps?: CartCaps;
  },
): Promise<CheckoutQuote> {
  const owner = cartOwner(input.buyer);
  const { priced } = await priceCart(db, input.siteId, input.collections, owner, false, input.caps ?? HARD_CAPS);
  const options =
    input.shipping && input.country ? shippingOptions(input.shipping, input.country, priced.subtotal) : [];
  const shipping =
    input.shipping && input.shippingMethod && input.country
      ? chooseShipping(input.shipping, { methodId: input.shippingMethod, country: input.country }, priced.subtotal)
      : null;
  return {
    lines: priced.lines,
    itemCount: priced.itemCount,
    subtotal: priced.subtotal,
    shippingOptions: options,
    shipping,
    total: addCents(priced.subtotal, shipping?.amount ?? 0),
    currency: 'USD',
  };
}

/** Places the order; returns the stored order item. Throws the `shopErrors` on a cart it cannot sell. */
export async function checkout(db: Database, input: CheckoutInput): Promise<JsonObject> {
  const { siteId, buyer, collections, now } = input;
  return db.transaction(async (tx) => {
    // First, before any product row is locked: the buyer's own lock (order-limits.ts) comes before them.
    const { clientIp, limits } = input;
    await checkOpenOrders(tx, { siteId, orders: collections.orders, buyer, clientIp, max: limits.maxOpenUnpaidOrders });
    const { cart, products, priced } = await priceCart(tx, siteId, collections, cartOwner(buyer), true, limits);
    const shipping = input.shipping
      ? chooseShipping(
          input.shipping,
          { methodId: input.shippingMethod, country: input.shippingAddress?.country },
          priced.subtotal,
        )
      : null;

    const stamp = dateValue(now);
    for (const row of products.rows) {
      const take = priced.decrements.get(row.id);
      if (!take) continue;
      const stock = (row.data.stock as number) - take;
      await writeRow(tx, siteId, collections.products, { ...row.data, stock, _updatedDate: stamp }, now);
    }

    const number = formatOrderNumber(await nextOrderNumber(tx, siteId));
    const memberId = buyer.kind === 'member' ? buyer.memberId : null;
    const order = buildData(
      {
        number,
        status: INITIAL_ORDER_STATUS,
        paymentMethod: PAYMENT_METHOD,
        memberId,
        // A guest's contact address; members are reached through their account.
        guestEmail: buyer.kind === 'guest' ? buyer.email : null,
        lines: priced.lines.map((l) => JSON.parse(JSON.stringify(l)) as JsonObject),
        itemCount: priced.itemCount,
        subtotal: priced.subtotal,
        shippingMethod: shipping ? { ...shipping } : null,
        shippingTotal: shipping?.amount ?? 0,
        total: addCents(priced.subtotal, shipping?.amount ?? 0),
        currency: 'USD',
        shippingAddress: input.shippingAddress ? { ...input.shippingAddress } : null,
      },
      randomUUID(),
      memberId,
      stamp,
      stamp,
    );
    await insertRow(tx, siteId, collections.orders, order, memberId ?? undefined, now);
    await recordStockTaken(tx, siteId, String(order._id), priced.decrements);
    if (buyer.kind === 'guest')
      await recordGuestOrder(
        tx,
        siteId,
        String(order._id),
        { email: buyer.email, visitorId: buyer.visitorId, clientIp },
        now,
      );

    for (const row of cart.rows) await deleteRow(tx, siteId, collections.cart, row.id);
    const identity: WebhookIdentity =
      buyer.kind === 'member'
        ? { identityType: 'MEMBER', memberId: buyer.memberId }
        : { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: buyer.visitorId };
    await emitEvent(tx, { siteId, type: 'order.created', identity, data: envelope(collections.orders, order), now });
    await input.onPlaced?.(tx, order, priced, shipping);
    return order;
  });
}
