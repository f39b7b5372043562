/**
 * The cart is a set of `Cart` items `{productId, quantity}` owned by the shopper (permission AUTHOR:
 * a visitor's token owns them from the first click; the server hands them to the member on sign-in).
 */
import type { ShopClient } from '../../app/shop-client.js';

export type CartLine = {
  _id: string;
  productId: string;
  quantity: number;
};

export const CART = 'Cart';

export async function fetchCartLines(client: ShopClient): Promise<CartLine[]> {
  const result = await client.items.query<CartLine>(CART).ascending('_createdDate').limit(100).find();
  return result.items.filter((line) => typeof line.productId == 'string' && line.quantity > 0);
}

export async function insertCartLine(client: ShopClient, productId: string, quantity: number): Promise<CartLine> {
  return client.items.insert<Omit<CartLine, '_id'> & { _id?: string }>(CART, {
    productId,
    quantity,
  }) as Promise<CartLine>;
}

export async function updateCartLine(client: ShopClient, line: CartLine): Promise<CartLine> {
  return client.items.update<CartLine>(CART, { _id: line._id, productId: line.productId, quantity: line.quantity });
}

export async function removeCartLine(client: ShopClient, lineId: string): Promise<void> {
  await client.items.remove(CART, lineId);
}

/** Total number of items (sum of quantities), as shown on the cart link. */
export const countItems = (lines: readonly CartLine[]): number => lines.reduce((n, line) => n + line.quantity, 0);

/** A whole quantity from 0 to `max` (the room the site's caps leave: cart-limits.ts). */
export const clampQuantity = (n: number, max: number): number => Math.max(0, Math.min(max, Math.floor(n)));
