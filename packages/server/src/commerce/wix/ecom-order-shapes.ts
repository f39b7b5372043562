/**
 * An order on the eCom wire (`@wix/ecom` `orders`): the lines as they were sold (names, choices, prices, tax,
 * discount, kept on the order), the buyer, the totals, the delivery, and the status mapped to Wix's three fields:
 *
 *   module status       status     paymentStatus   fulfillmentStatus
 *   AWAITING_PAYMENT    APPROVED   NOT_PAID        NOT_FULFILLED
 *   PAID                APPROVED   PAID            NOT_FULFILLED
 *   FULFILLED           APPROVED   PAID            FULFILLED
 *   CANCELED            CANCELED   (as it was)     NOT_FULFILLED
 */
import { wixAddress } from '../checkouts/address.js';
import type { Order } from '../orders/store.js';
import { catalogReference, descriptionLines, productUrl, wixImage } from './ecom-lines.js';
import { wixPrice, wixRate, type MoneyFormat } from './ecom-money.js';

const PAID_STATUSES = new Set(['PAID', 'PARTIALLY_REFUNDED', 'FULLY_REFUNDED']);

export function wixOrder(order: Order, ctx: MoneyFormat & { publicUrl: string; siteLanguage: string }) {
  const money: MoneyFormat = { currency: order.currency, language: ctx.language };
  const price = (minor: number) => wixPrice(minor, money);
  const buyer = {
    ...(order.memberId ? { memberId: order.memberId } : { visitorId: order.visitorId ?? undefined }),
    ...(order.buyerEmail ? { email: order.buyerEmail } : {}),
  };
  const destination = wixAddress(order.shippingAddress);
  return {
    id: order.id,
    number: order.number,
    createdDate: order.createdAt.toISOString(),
    updatedDate: order.updatedAt.toISOString(),
    lineItems: order.lines.map((l) => {
      const net = l.subtotal - l.discount;
      const beforeTax = order.pricesIncludeTax ? net - l.tax : net;
      return {
        id: l.id,
        productName: { original: l.originalName ?? l.name, translated: l.name },
        catalogReference: catalogReference(l.productId, l.variantId, l.options),
        quantity: l.quantity,
        totalDiscount: price(l.discount),
        descriptionLines: descriptionLines(l.options),
        ...(l.media ? { image: wixImage(l.media, ctx.publicUrl) } : {}),
        url: productUrl(l.slug, ctx.publicUrl),
        physicalProperties: {
          ...(l.sku ? { sku: l.sku } : {}),
          ...(l.weight !== null ? { weight: l.weight } : {}),
          shippable: l.physical,
        },
        itemType: { preset: l.physical ? 'PHYSICAL' : 'DIGITAL' },
        price: price(l.unitPrice),
        priceBeforeDiscounts: price(l.unitPrice),
        lineItemPrice: price(l.subtotal),
        totalPriceBeforeTax: price(beforeTax),
        totalPriceAfterTax: price(l.total),
        paymentOption: 'FULL_PAYMENT_OFFLINE',
        taxDetails: { taxRate: wixRate(l.taxRate), totalTax: price(l.tax), taxableAmount: price(beforeTax) },
        taxInfo: { taxAmount: price(l.tax), taxIncludedInPrice: order.pricesIncludeTax },
        priceUndetermined: false,
        fixedQuantity: false,
      };
    }),
    buyerInfo: buyer,
    paymentStatus: order.paymentStatus,
    fulfillmentStatus: order.status === 'FULFILLED' ? 'FULFILLED' : 'NOT_FULFILLED',
    status: order.status === 'CANCELED' ? 'CANCELED' : 'APPROVED',
    buyerLanguage: ctx.language,
    siteLanguage: ctx.siteLanguage,
    weightUnit: 'KG',
    currency: order.currency,
    taxIncludedInPrices: order.pricesIncludeTax,
    priceSummary: {
      subtotal: price(order.subtotal),
      shipping: price(order.shippingTotal),
      tax: price(order.taxTotal),
      discount: price(order.discountTotal),
      total: price(order.total),
      totalAdditionalFees: price(0),
    },
    ...(order.shippingMethod
      ? {
          shippingInfo: {
            code: order.shippingMethod.methodId,
            title: order.shippingMethod.name,
            ...(destination ? { logistics: { shippingDestination: destination } } : {}),
            cost: {
              price: price(order.shippingTotal),
              totalPriceBeforeTax: price(order.shippingTotal),
              totalPriceAfterTax: price(order.shippingTotal),
            },
          },
        }
      : destination
        ? { recipientInfo: destination }
        : {}),
    taxSummary: { totalTax: price(order.taxTotal) },
    appliedDiscounts: order.couponCode
      ? [
          {
            coupon: { code: order.couponCode, name: order.couponCode, amount: price(order.discountTotal) },
            discountType: 'GLOBAL',
            lineItemIds: order.lines.filter((l) => l.discount > 0).map((l) => l.id),
          },
        ]
      : [],
    activities: [],
    attributionSource: 'UNSPECIFIED',
    createdBy: order.memberId ? { memberId: order.memberId } : { visitorId: order.visitorId ?? undefined },
    channelInfo: { type: 'WEB' },
    checkoutId: order.checkoutId,
    // Refunds do not reopen a balance: what is owed is nothing once the order was paid.
    balanceSummary: { balance: price(PAID_STATUSES.has(order.paymentStatus) ? 0 : order.total) },
    archived: false,
    customFields: [],
    additionalFees: [],
    imported: false,
  };
}
