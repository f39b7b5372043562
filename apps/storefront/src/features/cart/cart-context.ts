import { createContext, useContext } from 'react';
import type { CartLimits } from '../../config/runtime-config.js';
import type { CartLine } from './cart-api.js';
import type { CartRoom } from './cart-limits.js';

export interface CartContextValue {
  lines: CartLine[];
  /** `loading` until the shopper's cart is known (no stale cart of another shopper is ever shown). */
  status: 'loading' | 'success' | 'error';
  /** Sum of quantities. */
  count: number;
  /** The last failed change, as a sentence for the shopper. */
  error: string | undefined;
  /** The site's caps on one cart: `add` and `setQuantity` never go past them. */
  limits: CartLimits;
  /** How many more units of a product the cart may take, and the cap that stops it. */
  room(productId: string): CartRoom;
  add(productId: string, quantity?: number): Promise<void>;
  setQuantity(lineId: string, quantity: number): Promise<void>;
  remove(lineId: string): Promise<void>;
  /** Reloads from the server (e.g. after checkout emptied it). */
  reload(): Promise<unknown>;
}

export const CartContext = createContext<CartContextValue | null>(null);

export function useCart(): CartContextValue {
  const cart = useContext(CartContext);
  if (!cart) throw new Error('useCart must be used inside <CartProvider>');
  return cart;
}
