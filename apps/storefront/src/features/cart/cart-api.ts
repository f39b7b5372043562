/**
 * The shopper's current cart on the eCom wire (`/ecom/v1/carts/current`, docs/commerce.md → Carts): one per
 * visitor or member, made by the first line added, handed to the member at sign-in by the server.
 */
import { ApiRequestError } from '@vitrine/react';
import type { EcomFetch } from '../../app/ecom-fetch.js';
import type { Cart, LineItem } from '../../app/ecom-types.js';
import { OWNED_CART_NOT_FOUND } from '../../app/error-codes.js';

export type CartLine = LineItem;

export const CURRENT = '/ecom/v1/carts/current';

export interface AddItem {
  /** The module's product id. */
  productId: string;
  /** One of its variants; a product without options needs none. */
  variantId?: string;
  quantity?: number;
}

export const noCart = (e: unknown) => e instanceof ApiRequestError && e.code == OWNED_CART_NOT_FOUND;

/**
 * The cart, or null when the shopper has none yet. `orNone=true` (Vitrine's own, docs/commerce.md → The eCom wire)
 * has the server answer `{}` then instead of Wix's 404 `OWNED_CART_NOT_FOUND`, which the browser would log as a
 * failed resource; a server answering the 404 anyway (one that does not know the flag) is read the same way.
 */
export async function fetchCart(ecom: EcomFetch): Promise<Cart | null> {
  try {
    return (await ecom<{ cart?: Cart }>('GET', `${CURRENT}?orNone=true`)).cart ?? null;
  } catch (e) {
    if (noCart(e)) return null;
    throw e;
  }
}

export async function addToCart(ecom: EcomFetch, item: AddItem): Promise<Cart> {
  const lineItem = {
    catalogReference: {
      catalogItemId: item.productId,
      ...(item.variantId ? { options: { variantId: item.variantId } } : {}),
    },
    quantity: item.quantity ?? 1,
  };
  return (await ecom<{ cart: Cart }>('POST', `${CURRENT}/add-to-cart`, { lineItems: [lineItem] })).cart;
}

export async function setLineQuantity(ecom: EcomFetch, lineId: string, quantity: number): Promise<Cart> {
  const path = `${CURRENT}/update-line-items-quantity`;
  return (await ecom<{ cart: Cart }>('POST', path, { lineItems: [{ id: lineId, quantity }] })).cart;
}

export async function removeLine(ecom: EcomFetch, lineId: string): Promise<Cart> {
  return (await ecom<{ cart: Cart }>('POST', `${CURRENT}/remove-line-items`, { lineItemIds: [lineId] })).cart;
}

/** Total number of items (sum of quantities), as shown on the cart link. */
export const countItems = (lines: readonly Pick<CartLine, 'quantity'>[]): number =>
  lines.reduce((n, line) => n + line.quantity, 0);

/** A whole quantity from 0 to `max` (the room the site's caps leave: cart-limits.ts). */
export const clampQuantity = (n: number, max: number): number => Math.max(0, Math.min(max, Math.floor(n)));
