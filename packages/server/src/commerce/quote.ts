/**
 * Lines priced from the catalog as it is now: what a cart, its estimate, a checkout and the order placed from
 * it all show. Each line is found in the catalog (product and variant); a line whose product or variant is gone or
 * hidden is kept for the shopper to see but priced at nothing and left out of the totals (checkout refuses it).
 */
import { shippingIn } from '../config/shipping.js';
import type { SiteConfig } from '../config/types.js';
import type { Queryable } from '../store/types.js';
import { loadProducts } from './catalog/store.js';
import type { Product, Variant } from './catalog/types.js';
import type { CartLine } from './carts/store.js';
import { findDiscountByCode } from './discounts/store.js';
import { priceCart, type PricedCart, type PricedLine } from './pricing/totals.js';
import { commerceSettings } from './settings.js';

export interface QuotedLine {
  line: CartLine;
  product: Product | undefined;
  variant: Variant | undefined;
  /** For sale now: the product and the variant exist and are visible. */
  sellable: boolean;
  /** The priced line, for sellable lines. */
  priced: PricedLine | undefined;
}

export interface Quote {
  lines: QuotedLine[];
  priced: PricedCart;
}

export interface QuoteInput {
  lines: readonly CartLine[];
  couponCode?: string | null | undefined;
  country?: string | null | undefined;
  shippingMethod?: string | null | undefined;
  now: number;
  /** The shopper's language: delivery methods are named in it where the config translates them. */
  language?: string | undefined;
  /** Placing an order: a code that does not apply and a delivery that cannot be priced throw. */
  strict?: boolean;
  /** The lines' products as the caller read them already (the current cart's kept products), instead of a read. */
  products?: readonly Product[];
}

export async function quoteLines(
  db: Queryable,
  site: Pick<SiteConfig, 'id' | 'shop' | 'shipping'>,
  input: QuoteInput,
): Promise<Quote> {
  const settings = commerceSettings(site);
  const ids = [...new Set(input.lines.map((l) => l.productId))];
  // One after the other: `db` may be a transaction's single connection.
  const products = input.products ?? (await loadProducts(db, site.id, ids));
  const discount = input.couponCode ? await findDiscountByCode(db, site.id, input.couponCode) : undefined;
  const byId = new Map(products.map((p) => [p.id, p]));
  const found = input.lines.map((line) => {
    const product = byId.get(line.productId);
    const variant = product?.variants.find((v) => v.id === line.variantId);
    const sellable = !!product?.visible && !!variant?.visible;
    return { line, product, variant, sellable };
  });
  const sellable = found.filter((f) => f.sellable);
  const priced = priceCart({
    currency: settings.currency,
    settings,
    lines: sellable.map((f) => ({ id: f.line.id, unitPrice: f.variant!.price, quantity: f.line.quantity })),
    country: input.country ?? undefined,
    couponCode: input.couponCode,
    discount,
    shipping: site.shipping && shippingIn(site.shipping, input.language),
    shippingMethod: input.shippingMethod,
    now: input.now,
    strict: input.strict ?? false,
  });
  const pricedById = new Map(priced.lines.map((l) => [l.id, l]));
  return { lines: found.map((f) => ({ ...f, priced: pricedById.get(f.line.id) })), priced };
}
