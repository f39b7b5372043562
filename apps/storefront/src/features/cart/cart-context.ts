import { createContext, useContext } from 'react';
import type { Cart } from '../../app/ecom-types.js';
import type { CartLimits } from '../../config/runtime-config.js';
import type { AddItem, CartLine } from './cart-api.js';
import type { CartRoom } from './cart-limits.js';

/** The shopper's eCom current cart (cart-api.ts), as every page reads and changes it. */
export interface CartContextValue {
  /** The cart's line items as `GET /ecom/v1/carts/current` returns them. */
  lines: CartLine[];
  /** The whole cart (subtotal, currency, code); null before the shopper's first add. */
  cart: Cart | null;
  /** `loading` until the shopper's cart is known (no stale cart of another shopper is ever shown). */
  status: 'loading' | 'success' | 'error';
  /** Sum of quantities. */
  count: number;
  /** The last failed change, as a catalog id of a sentence for the shopper. */
  error: string | undefined;
  /** The site's caps on one cart: `add` and `setQuantity` never go past them. */
  limits: CartLimits;
  /** How many more units of a product's variant the cart may take, and the cap that stops it. */
  room(productId: string, variantId?: string): CartRoom;
  add(item: AddItem): Promise<void>;
  setQuantity(lineId: string, quantity: number): Promise<void>;
  remove(lineId: string): Promise<void>;
  /** Sets the discount code; rejects with the server's refusal (coupon-errors.ts words it). */
  applyCoupon(code: string): Promise<void>;
  removeCoupon(): Promise<void>;
  /** Asks the server for the cart again (e.g. after a failed order, or lines put back in it). */
  reload(): Promise<unknown>;
  /** The cart became an order (the server deleted it): shows none from now on, without asking. */
  ordered(): void;
}

export const CartContext = createContext<CartContextValue | null>(null);

export function useCart(): CartContextValue {
  const cart = useContext(CartContext);
  if (!cart) throw new Error('useCart must be used inside <CartProvider>');
  return cart;
}
