/**
 * A cart on the eCom wire (`@wix/ecom` `currentCart`): its lines priced from the catalog now, the coupon it holds,
 * the buyer, the currency and `subtotal` (which Wix's typings no longer list but minimal-examples reads:
 * `cart.subtotal.formattedAmount`); and the answer of `estimate-totals`: the cart with its totals for a delivery
 * address (tax of its country, delivery methods there), as ecom-totals.ts shapes them.
 */
import type { Product } from '../catalog/types.js';
import type { Cart } from '../carts/store.js';
import type { Quote } from '../quote.js';
import { wixQuotedLine, type LineContext } from './ecom-lines.js';
import { wixPrice } from './ecom-money.js';
import {
  appliedDiscounts,
  calculatedLineItems,
  calculationErrors,
  priceSummary,
  shippingInfo,
  taxSummary,
} from './ecom-totals.js';

export interface WireContext extends LineContext {
  /** The site's default language, in which `original` texts are. */
  siteLanguage: string;
  /** The buyer's language (Accept-Language among the site's languages). */
  buyerLanguage: string;
}

export const translatedName = (ctx: WireContext) => (p: Product) => p.translations[ctx.buyerLanguage]?.name || p.name;

export const buyerInfo = (owner: Cart['owner'], email?: string | null) => ({
  ...(owner.kind === 'member' ? { memberId: owner.id } : { visitorId: owner.id }),
  ...(email ? { email } : {}),
});

export function wixCart(cart: Cart, quote: Quote, ctx: WireContext, checkoutId: string | null) {
  return {
    id: cart.id,
    lineItems: quote.lines.map((q) => wixQuotedLine(q, ctx, translatedName(ctx))),
    buyerInfo: buyerInfo(cart.owner),
    currency: ctx.currency,
    conversionCurrency: ctx.currency,
    paymentCurrency: ctx.currency,
    buyerLanguage: ctx.buyerLanguage,
    siteLanguage: ctx.siteLanguage,
    taxIncludedInPrices: quote.priced.taxIncluded,
    weightUnit: 'KG',
    ...(checkoutId ? { checkoutId } : {}),
    appliedDiscounts: quote.priced.coupon
      ? [{ coupon: { id: quote.priced.coupon.id, code: quote.priced.coupon.code } }]
      : [],
    // Before the discount and before tax added on top, as Wix's cart subtotal is.
    subtotal: wixPrice(quote.priced.subtotal, ctx),
    createdDate: cart.createdAt.toISOString(),
    updatedDate: cart.updatedAt.toISOString(),
  };
}

export function wixEstimate(cart: Cart, quote: Quote, ctx: WireContext, checkoutId: string | null) {
  const summary = priceSummary(quote, ctx);
  const nothing = wixPrice(0, ctx);
  return {
    cart: wixCart(cart, quote, ctx, checkoutId),
    calculatedLineItems: calculatedLineItems(quote, ctx),
    priceSummary: summary,
    taxSummary: taxSummary(quote, ctx),
    shippingInfo: shippingInfo(quote, ctx),
    appliedDiscounts: appliedDiscounts(quote, ctx),
    calculationErrors: calculationErrors(quote),
    weightUnit: 'KG',
    currency: ctx.currency,
    // Nothing is paid online before issue #51: the whole total is paid later (on delivery or by transfer).
    payNow: { subtotal: nothing, shipping: nothing, tax: nothing, discount: nothing, total: nothing },
    payLater: summary,
    violations: [],
    additionalFees: [],
  };
}
