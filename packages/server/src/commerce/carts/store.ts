/**
 * Carts in `commerce_carts` and `commerce_cart_lines`: one cart per visitor or member (unique on its owner), its
 * lines naming a product and a variant with a quantity, and the coupon code it holds. Changes run in a
 * transaction that locks the cart row first (`lockCart`), so two requests of the same shopper apply one after
 * the other and the caps hold over both.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../store/types.js';

/** Whose cart: a visitor token's visitor, or a signed-in member. */
export interface CartOwner {
  kind: 'visitor' | 'member';
  id: string;
}

export interface CartLine {
  id: string;
  productId: string;
  variantId: string;
  quantity: number;
}

export interface Cart {
  id: string;
  owner: CartOwner;
  couponCode: string | null;
  lines: CartLine[];
  createdAt: Date;
  updatedAt: Date;
}

export interface CartRow {
  id: string;
  owner_kind: 'visitor' | 'member';
  owner_id: string;
  coupon_code: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface LineRow {
  id: string;
  product_id: string;
  variant_id: string;
  quantity: number;
}

export const cartOf = (row: CartRow, lines: LineRow[]): Cart => ({
  id: row.id,
  owner: { kind: row.owner_kind, id: row.owner_id },
  couponCode: row.coupon_code,
  lines: lines.map((r) => ({ id: r.id, productId: r.product_id, variantId: r.variant_id, quantity: r.quantity })),
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

async function withLines(db: Queryable, siteId: string, row: CartRow | undefined): Promise<Cart | undefined> {
  if (!row) return undefined;
  const { rows } = await db.query<LineRow>(
    `select id, product_id, variant_id, quantity from commerce_cart_lines where site_id = $1 and cart_id = $2
     order by created_at, id`,
    [siteId, row.id],
  );
  return cartOf(row, rows);
}

/**
 * The owner's cart with its lines; `lock` takes the cart row for the rest of the transaction. Unlocked, one
 * statement reads both (the current cart answers on every page view). Locked, the lines are read after the lock
 * is held: a statement that waited for the lock would still see the lines as they were when it started, not the
 * ones the transaction it waited for committed.
 */
export async function findCart(
  db: Queryable,
  siteId: string,
  owner: CartOwner,
  lock = false,
): Promise<Cart | undefined> {
  if (lock) {
    const { rows } = await db.query<CartRow>(
      `select * from commerce_carts where site_id = $1 and owner_kind = $2 and owner_id = $3 for update`,
      [siteId, owner.kind, owner.id],
    );
    return withLines(db, siteId, rows[0]);
  }
  const { rows } = await db.query<CartRow & { line_rows: LineRow[] }>(
    `select c.*, coalesce((select jsonb_agg(jsonb_build_object('id', l.id, 'product_id', l.product_id,
         'variant_id', l.variant_id, 'quantity', l.quantity) order by l.created_at, l.id)
       from commerce_cart_lines l where l.site_id = c.site_id and l.cart_id = c.id), '[]'::jsonb) as line_rows
     from commerce_carts c where c.site_id = $1 and c.owner_kind = $2 and c.owner_id = $3`,
    [siteId, owner.kind, owner.id],
  );
  return rows[0] && cartOf(rows[0], rows[0].line_rows);
}

export async function findCartById(db: Queryable, siteId: string, id: string): Promise<Cart | undefined> {
  const { rows } = await db.query<CartRow>(`select * from commerce_carts where site_id = $1 and id = $2`, [siteId, id]);
  return withLines(db, siteId, rows[0]);
}

/** The owner's cart, made when it has none, locked for the transaction (two first adds make one cart). */
export async function openCart(tx: Queryable, siteId: string, owner: CartOwner, now: number): Promise<Cart> {
  const at = new Date(now);
  await tx.query(
    `insert into commerce_carts (site_id, id, owner_kind, owner_id, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $5) on conflict (site_id, owner_kind, owner_id) do nothing`,
    [siteId, randomUUID(), owner.kind, owner.id, at],
  );
  return (await findCart(tx, siteId, owner, true))!;
}

/** Writes the cart's lines as given (new ids are inserted, missing ones deleted) and stamps the cart. */
export async function saveLines(
  tx: Queryable,
  siteId: string,
  cart: Pick<Cart, 'id' | 'lines'>,
  now: number,
): Promise<void> {
  const at = new Date(now);
  await tx.query(
    `delete from commerce_cart_lines where site_id = $1 and cart_id = $2
     and id not in (select jsonb_array_elements_text($3::jsonb))`,
    [siteId, cart.id, JSON.stringify(cart.lines.map((l) => l.id))],
  );
  for (const line of cart.lines)
    await tx.query(
      `insert into commerce_cart_lines (site_id, cart_id, id, product_id, variant_id, quantity, created_at)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (site_id, cart_id, id) do update set quantity = excluded.quantity`,
      [siteId, cart.id, line.id, line.productId, line.variantId, line.quantity, at],
    );
  await touchCart(tx, siteId, cart.id, now);
}

export async function touchCart(tx: Queryable, siteId: string, cartId: string, now: number): Promise<void> {
  await tx.query(`update commerce_carts set updated_at = $3 where site_id = $1 and id = $2`, [
    siteId,
    cartId,
    new Date(now),
  ]);
}

export async function setCartCoupon(
  tx: Queryable,
  siteId: string,
  cartId: string,
  code: string | null,
  now: number,
): Promise<void> {
  await tx.query(`update commerce_carts set coupon_code = $3, updated_at = $4 where site_id = $1 and id = $2`, [
    siteId,
    cartId,
    code,
    new Date(now),
  ]);
}

/**
 * Deletes a cart, its lines and the checkouts made from it that were never placed (found by their owner, which
 * `commerce_checkouts_owner` serves: the owner has a few checkouts, the site may have millions).
 */
export async function deleteCart(tx: Queryable, siteId: string, cart: Pick<Cart, 'id' | 'owner'>): Promise<void> {
  await tx.query(
    `delete from commerce_checkouts where site_id = $1 and owner_kind = $2 and owner_id = $3 and cart_id = $4
     and order_id is null`,
    [siteId, cart.owner.kind, cart.owner.id, cart.id],
  );
  await tx.query(`delete from commerce_carts where site_id = $1 and id = $2`, [siteId, cart.id]);
}

export const newLineId = (): string => randomUUID();
