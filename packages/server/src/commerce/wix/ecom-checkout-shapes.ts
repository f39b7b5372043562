/**
 * A checkout on the eCom wire (`@wix/ecom` `checkout`): its frozen lines priced from the catalog now, with each
 * line's tax and discount, the buyer, the delivery address and choice, the totals for the address's country, the
 * coupon, `completed` once placed. A checkout line's image is `media` (Wix's name there), a cart line's `image`.
 */
import type { Checkout } from '../checkouts/store.js';
import { wixAddress } from '../checkouts/address.js';
import type { Quote } from '../quote.js';
import { buyerInfo, translatedName, type WireContext } from './ecom-cart-shapes.js';
import { wixQuotedLine } from './ecom-lines.js';
import { wixPrice } from './ecom-money.js';
import {
  appliedDiscounts,
  calculationErrors,
  lineBreakdown,
  priceSummary,
  shippingInfo,
  taxSummary,
} from './ecom-totals.js';

export function wixCheckout(checkout: Checkout, quote: Quote, ctx: WireContext) {
  const summary = priceSummary(quote, ctx);
  const nothing = wixPrice(0, ctx);
  const destination = wixAddress(checkout.shippingAddress);
  return {
    id: checkout.id,
    lineItems: quote.lines.map((q) => {
      const { image, ...line } = wixQuotedLine(q, ctx, translatedName(ctx));
      const breakdown = lineBreakdown(quote, ctx, q.line.id);
      return {
        ...line,
        ...(image ? { media: image } : {}),
        ...(breakdown
          ? {
              totalPriceAfterTax: breakdown.totalPriceAfterTax,
              totalPriceBeforeTax: breakdown.totalPriceBeforeTax,
              taxDetails: breakdown.taxDetails,
              discount: breakdown.totalDiscount,
            }
          : {}),
      };
    }),
    shippingInfo: { ...(destination ? { shippingDestination: destination } : {}), ...shippingInfo(quote, ctx) },
    buyerInfo: buyerInfo(checkout.owner, checkout.buyerEmail),
    conversionCurrency: ctx.currency,
    paymentCurrency: ctx.currency,
    currency: ctx.currency,
    priceSummary: summary,
    calculationErrors: calculationErrors(quote),
    appliedDiscounts: appliedDiscounts(quote, ctx),
    customFields: [],
    weightUnit: 'KG',
    taxSummary: taxSummary(quote, ctx),
    channelType: checkout.channelType ?? 'WEB',
    siteLanguage: ctx.siteLanguage,
    buyerLanguage: ctx.buyerLanguage,
    completed: checkout.orderId !== null,
    taxIncludedInPrice: quote.priced.taxIncluded,
    createdBy: checkout.owner.kind === 'member' ? { memberId: checkout.owner.id } : { visitorId: checkout.owner.id },
    createdDate: checkout.createdAt.toISOString(),
    updatedDate: checkout.updatedAt.toISOString(),
    payNow: { subtotal: nothing, shipping: nothing, tax: nothing, discount: nothing, total: nothing },
    payLater: summary,
    additionalFees: [],
    violations: [],
    ...(checkout.cartId ? { cartId: checkout.cartId } : {}),
  };
}
