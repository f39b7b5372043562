/**
 * Checkout's limits (audit V5-4: one guest order took every unit of the catalog, and members had no limit at
 * all). A site sets them in `sites[].shop` (config/schema/shop.ts, also in the console's settings); these are
 * the defaults, documented in docs/commerce.md → Limits and docs/storefront.md → Limits of checkout.
 */
import type { SiteConfig } from '../config/types.js';

/** The hard caps whatever a site sets: units on one line, lines in one cart. */
export const MAX_LINE_QUANTITY = 99;
export const MAX_CART_LINES = 100;

export interface ShopLimits {
  /** Units of one product per order; in the commerce module, units of one variant (one cart line). */
  maxUnitsPerProduct: number;
  /** Units per order, all lines together. */
  maxUnitsPerOrder: number;
  /** Different products per order; in the commerce module, lines (variants). */
  maxLinesPerOrder: number;
  /** Orders awaiting payment per member, guest email, visitor and client address. */
  maxOpenUnpaidOrders: number;
  memberOrdersPerHour: number;
  /** Guest orders per client address and hour (each mails the address it names). */
  guestOrdersPerHour: number;
  /** An order still awaiting payment after this long is cancelled and its stock freed. */
  unpaidOrderHours: number;
}

export const DEFAULT_SHOP_LIMITS: ShopLimits = {
  maxUnitsPerProduct: 10,
  maxUnitsPerOrder: 50,
  maxLinesPerOrder: 30,
  maxOpenUnpaidOrders: 3,
  memberOrdersPerHour: 10,
  guestOrdersPerHour: 20,
  unpaidOrderHours: 48,
};

/** The largest value each key may take (the schema's maximums; the hard caps for the cart). */
const CEILINGS: ShopLimits = {
  maxUnitsPerProduct: MAX_LINE_QUANTITY,
  maxUnitsPerOrder: MAX_LINE_QUANTITY * MAX_CART_LINES,
  maxLinesPerOrder: MAX_CART_LINES,
  maxOpenUnpaidOrders: 100,
  memberOrdersPerHour: 1000,
  guestOrdersPerHour: 1000,
  unpaidOrderHours: 2160,
};

/** The site's limits: each key set in the config (a whole number within the schema's range), else its default. */
export function shopLimits(site: Pick<SiteConfig, 'shop'>): ShopLimits {
  const set = site.shop ?? {};
  const limits = { ...DEFAULT_SHOP_LIMITS };
  for (const key of Object.keys(limits) as (keyof ShopLimits)[]) {
    const value = set[key];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= CEILINGS[key])
      limits[key] = value;
  }
  return limits;
}
