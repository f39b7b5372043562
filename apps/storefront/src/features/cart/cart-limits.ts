/**
 * The site's caps on one cart (served in the run-time config; checkout refuses a cart past them with
 * INVALID_CART, audit V5-4): how much more a product may take, and which cap stops it.
 */
import type { CartLimits } from '../../config/runtime-config.js';
import { countItems } from './cart-api.js';
import type { CartLine } from './cart-api.js';

/** Which cap a full cart met: units of this product, units of the order, or different products. */
export type CartLimitReached = 'product' | 'units' | 'lines';

export interface CartRoom {
  /** Units of the product the cart may still take. */
  room: number;
  /** Set when `room` is 0. */
  reached?: CartLimitReached;
  /** The cap `reached` names. */
  max?: number;
}

const unitsOf = (lines: readonly CartLine[], productId: string) =>
  countItems(lines.filter((l) => l.productId == productId));

/** How many more units of `productId` the cart may take. */
export function roomFor(lines: readonly CartLine[], productId: string, limits: CartLimits): CartRoom {
  const inCart = unitsOf(lines, productId);
  const products = new Set(lines.map((l) => l.productId)).size;
  if (inCart == 0 && products >= limits.maxLinesPerOrder)
    return { room: 0, reached: 'lines', max: limits.maxLinesPerOrder };
  const byProduct = limits.maxUnitsPerProduct - inCart;
  const byOrder = limits.maxUnitsPerOrder - countItems(lines);
  const room = Math.max(0, Math.min(byProduct, byOrder));
  if (room > 0) return { room };
  return byProduct <= byOrder
    ? { room, reached: 'product', max: limits.maxUnitsPerProduct }
    : { room, reached: 'units', max: limits.maxUnitsPerOrder };
}

/** The most `line` may hold: its product's cap less its other lines, within the order's units. */
export function lineMax(lines: readonly CartLine[], line: CartLine, limits: CartLimits): number {
  return line.quantity + Math.max(0, roomFor(lines, line.productId, limits).room);
}

/** The cap a cart met for any further product (shown in the cart), if one. */
export function cartFull(
  lines: readonly CartLine[],
  limits: CartLimits,
): { reached: CartLimitReached; max: number } | undefined {
  if (countItems(lines) >= limits.maxUnitsPerOrder) return { reached: 'units', max: limits.maxUnitsPerOrder };
  if (new Set(lines.map((l) => l.productId)).size >= limits.maxLinesPerOrder)
    return { reached: 'lines', max: limits.maxLinesPerOrder };
  return undefined;
}
