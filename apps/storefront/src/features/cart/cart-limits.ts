/**
 * The site's caps on one cart (served in the run-time config; the commerce module refuses a cart past them with
 * INVALID_CART, docs/commerce.md → Limits): how much more a product's variant may take, and which cap stops it. As
 * on the server, a "product" here is a cart line: one variant of a product.
 */
import type { CartLimits } from '../../config/runtime-config.js';
import { countItems } from './cart-api.js';
import type { CartLine } from './cart-api.js';

/** Which cap a full cart met: units of this line, units of the order, or different lines. */
export type CartLimitReached = 'product' | 'units' | 'lines';

export interface CartRoom {
  /** Units of the variant the cart may still take. */
  room: number;
  /** Set when `room` is 0. */
  reached?: CartLimitReached;
  /** The cap `reached` names. */
  max?: number;
}

type Line = Pick<CartLine, 'id' | 'quantity' | 'catalogReference'>;

/** Whether `line` holds the product's variant (any of its variants when none is named). */
export const holds = (line: Line, productId: string, variantId?: string) =>
  line.catalogReference.catalogItemId == productId &&
  (variantId === undefined || line.catalogReference.options?.variantId == variantId);

/** How many more units of the product's variant the cart may take. */
export function roomFor(lines: readonly Line[], productId: string, limits: CartLimits, variantId?: string): CartRoom {
  const mine = lines.filter((l) => holds(l, productId, variantId));
  // Without a variant named (a catalog card of a product without options) the fullest line is the one it adds to.
  const inCart = Math.max(0, ...mine.map((l) => l.quantity));
  if (mine.length == 0 && lines.length >= limits.maxLinesPerOrder)
    return { room: 0, reached: 'lines', max: limits.maxLinesPerOrder };
  const byLine = limits.maxUnitsPerProduct - inCart;
  const byOrder = limits.maxUnitsPerOrder - countItems(lines);
  const room = Math.max(0, Math.min(byLine, byOrder));
  if (room > 0) return { room };
  return byLine <= byOrder
    ? { room, reached: 'product', max: limits.maxUnitsPerProduct }
    : { room, reached: 'units', max: limits.maxUnitsPerOrder };
}

/** The most `line` may hold: the cap per line, within the order's units. */
export function lineMax(lines: readonly Line[], line: Line, limits: CartLimits): number {
  const others = countItems(lines.filter((l) => l.id != line.id));
  return Math.max(0, Math.min(limits.maxUnitsPerProduct, limits.maxUnitsPerOrder - others));
}

/** The cap a cart met for any further line, if one. */
export function cartFull(
  lines: readonly Line[],
  limits: CartLimits,
): { reached: CartLimitReached; max: number } | undefined {
  if (countItems(lines) >= limits.maxUnitsPerOrder) return { reached: 'units', max: limits.maxUnitsPerOrder };
  if (lines.length >= limits.maxLinesPerOrder) return { reached: 'lines', max: limits.maxLinesPerOrder };
  return undefined;
}
