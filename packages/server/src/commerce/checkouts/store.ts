/**
 * Checkouts in `commerce_checkouts`: the cart's lines frozen with the buyer's email, delivery address and method,
 * and coupon. A cart has at most one open checkout (not yet placed): making a checkout again from the same cart
 * refreshes that one, so a shopper (or a script) cannot pile checkouts up; deleting the cart deletes it.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../store/types.js';
import type { CartLine, CartOwner } from '../carts/store.js';
import type { DeliveryAddress } from './address.js';

export interface Checkout {
  id: string;
  cartId: string | null;
  owner: CartOwner;
  lines: CartLine[];
  buyerEmail: string | null;
  shippingAddress: DeliveryAddress | null;
  shippingMethod: string | null;
  couponCode: string | null;
  channelType: string | null;
  orderId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

interface CheckoutRow {
  id: string;
  cart_id: string | null;
  owner_kind: 'visitor' | 'member';
  owner_id: string;
  lines: CartLine[];
  buyer_email: string | null;
  shipping_address: DeliveryAddress | null;
  shipping_method: string | null;
  coupon_code: string | null;
  channel_type: string | null;
  order_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const toCheckout = (r: CheckoutRow): Checkout => ({
  id: r.id,
  cartId: r.cart_id,
  owner: { kind: r.owner_kind, id: r.owner_id },
  lines: r.lines,
  buyerEmail: r.buyer_email,
  shippingAddress: r.shipping_address,
  shippingMethod: r.shipping_method,
  couponCode: r.coupon_code,
  channelType: r.channel_type,
  orderId: r.order_id,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

export async function findCheckout(
  db: Queryable,
  siteId: string,
  id: string,
  lock = false,
): Promise<Checkout | undefined> {
  const { rows } = await db.query<CheckoutRow>(
    `select * from commerce_checkouts where site_id = $1 and id = $2${lock ? ' for update' : ''}`,
    [siteId, id],
  );
  return rows[0] && toCheckout(rows[0]);
}

/**
 * The checkout made from a cart: its open one, else the one last placed. Looked up by the cart's owner too, so
 * `commerce_checkouts_owner` serves it (the owner's few checkouts, not the site's).
 */
export async function findCheckoutByCart(
  db: Queryable,
  siteId: string,
  cart: { id: string; owner: CartOwner },
): Promise<Checkout | undefined> {
  const { rows } = await db.query<CheckoutRow>(
    `select * from commerce_checkouts where site_id = $1 and owner_kind = $2 and owner_id = $3 and cart_id = $4
     order by (order_id is null) desc, updated_at desc limit 1`,
    [siteId, cart.owner.kind, cart.owner.id, cart.id],
  );
  return rows[0] && toCheckout(rows[0]);
}

export interface CheckoutSeed {
  cartId: string;
  owner: CartOwner;
  lines: CartLine[];
  couponCode: string | null;
  channelType: string | null;
}

/** The cart's open checkout with the cart's lines and coupon now (made when there is none); its id. */
export async function saveCheckoutFromCart(tx: Queryable, siteId: string, seed: CheckoutSeed, now: number) {
  const at = new Date(now);
  const lines = JSON.stringify(seed.lines.map((l) => ({ ...l })));
  const { rows } = await tx.query<{ id: string }>(
    `update commerce_checkouts set lines = $4::jsonb, coupon_code = $5, channel_type = coalesce($6, channel_type),
       updated_at = $7
     where site_id = $1 and cart_id = $2 and owner_kind = $3 and owner_id = $8 and order_id is null returning id`,
    [siteId, seed.cartId, seed.owner.kind, lines, seed.couponCode, seed.channelType, at, seed.owner.id],
  );
  if (rows[0]) return rows[0].id;
  const id = randomUUID();
  await tx.query(
    `insert into commerce_checkouts (site_id, id, cart_id, owner_kind, owner_id, lines, coupon_code, channel_type,
       created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $9)`,
    [siteId, id, seed.cartId, seed.owner.kind, seed.owner.id, lines, seed.couponCode, seed.channelType, at],
  );
  return id;
}

export interface CheckoutChanges {
  buyerEmail?: string | null;
  shippingAddress?: DeliveryAddress | null;
  shippingMethod?: string | null;
  couponCode?: string | null;
}

export async function changeCheckout(
  tx: Queryable,
  siteId: string,
  id: string,
  changes: CheckoutChanges,
  now: number,
): Promise<void> {
  const has = (k: keyof CheckoutChanges) => (k in changes ? 'true' : 'false');
  await tx.query(
    `update commerce_checkouts set
       buyer_email = case when ${has('buyerEmail')} then $3 else buyer_email end,
       shipping_address = case when ${has('shippingAddress')} then $4::jsonb else shipping_address end,
       shipping_method = case when ${has('shippingMethod')} then $5 else shipping_method end,
       coupon_code = case when ${has('couponCode')} then $6 else coupon_code end,
       updated_at = $7
     where site_id = $1 and id = $2`,
    [
      siteId,
      id,
      changes.buyerEmail ?? null,
      changes.shippingAddress ? JSON.stringify(changes.shippingAddress) : null,
      changes.shippingMethod ?? null,
      changes.couponCode ?? null,
      new Date(now),
    ],
  );
}

export async function markPlaced(tx: Queryable, siteId: string, id: string, orderId: string, now: number) {
  await tx.query(`update commerce_checkouts set order_id = $3, updated_at = $4 where site_id = $1 and id = $2`, [
    siteId,
    id,
    orderId,
    new Date(now),
  ]);
}
