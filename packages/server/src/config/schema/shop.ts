/**
 * `sites[].shop`: checkout's limits (audit V5-4), so one shopper, guest or member, cannot hold the catalog's
 * stock. Every key is optional; shop/limits.ts gives the defaults (docs/storefront.md → Limits of checkout).
 * A self-contained piece of the site schema: the console's settings show it without code of their own.
 *
 *   "shop": { "maxUnitsPerProduct": 10, "maxUnitsPerOrder": 50, "maxLinesPerOrder": 30,
 *             "maxOpenUnpaidOrders": 3, "memberOrdersPerHour": 10, "guestOrdersPerHour": 20,
 *             "unpaidOrderHours": 48 }
 */
import { Type } from 'typebox';
import { Optional, Strict } from './common.js';

const Count = (minimum: number, maximum: number, description: string) =>
  Type.Integer({ minimum, maximum, description, 'x-message': `must be a whole number from ${minimum} to ${maximum}` });

export const ShopSchema = Strict({
  maxUnitsPerProduct: Optional(Count(1, 99, 'Units of one product an order may hold (default 10)')),
  maxUnitsPerOrder: Optional(Count(1, 9_900, 'Units an order may hold in all (default 50)')),
  maxLinesPerOrder: Optional(Count(1, 100, 'Different products an order may hold (default 30)')),
  maxOpenUnpaidOrders: Optional(
    Count(1, 100, 'Orders awaiting payment a member, guest email, visitor or client address may have (default 3)'),
  ),
  memberOrdersPerHour: Optional(Count(1, 1000, 'Orders a member may place per hour (default 10)')),
  guestOrdersPerHour: Optional(Count(1, 1000, 'Guest orders per client address per hour (default 20)')),
  unpaidOrderHours: Optional(
    Count(1, 2160, 'Hours after which an order still awaiting payment is cancelled and its stock freed (default 48)'),
  ),
});
