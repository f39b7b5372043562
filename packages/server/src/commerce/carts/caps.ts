/**
 * The caps on what one cart, and so one order, may hold (audit V5-4), from the site's limits (limits.ts): units
 * on one line (one variant), lines, and units in all. Checked when a cart changes and again when an order is
 * placed (a site may have lowered them since). A refusal names the limit (`data.limit`, `data.max`).
 */
import { appError } from '../../errors/catalogue.js';
import { MAX_CART_LINES, MAX_LINE_QUANTITY, type ShopLimits } from '../limits.js';
import type { CartLine } from './store.js';

const overCap = (description: string, limit: keyof ShopLimits, max: number, line?: CartLine) =>
  appError('INVALID_CART', {
    description,
    data: { limit, max, ...(line ? { productId: line.productId, variantId: line.variantId } : {}) },
  });

export function checkCaps(lines: readonly CartLine[], limits: ShopLimits): void {
  const perLine = Math.min(limits.maxUnitsPerProduct, MAX_LINE_QUANTITY);
  const maxLines = Math.min(limits.maxLinesPerOrder, MAX_CART_LINES);
  let units = 0;
  for (const line of lines) {
    if (line.quantity > perLine)
      throw overCap(`At most ${perLine} of one item per order.`, 'maxUnitsPerProduct', perLine, line);
    units += line.quantity;
  }
  if (lines.length > maxLines)
    throw overCap(`An order holds at most ${maxLines} different items.`, 'maxLinesPerOrder', maxLines);
  if (units > limits.maxUnitsPerOrder)
    throw overCap(
      `An order holds at most ${limits.maxUnitsPerOrder} items in all.`,
      'maxUnitsPerOrder',
      limits.maxUnitsPerOrder,
    );
}
