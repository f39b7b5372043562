/**
 * The totals of a priced cart or checkout on the eCom wire: `priceSummary` (subtotal before discount and tax,
 * delivery, tax, discount, total), `calculatedLineItems` (each line's tax and discount), `taxSummary`, the
 * applied coupon, the delivery choice and its offers (`shippingInfo`), and `calculationErrors` for a coupon that
 * does not apply or a delivery that cannot be priced (as Wix reports them: beside the totals, not as a failure).
 */
import { ERRORS } from '../../errors/catalogue.js';
import type { ApplicationError } from '../../errors/wire.js';
import type { Quote } from '../quote.js';
import { wixPrice, wixRate, type MoneyFormat } from './ecom-money.js';

export function priceSummary(quote: Quote, money: MoneyFormat) {
  const p = quote.priced;
  return {
    subtotal: wixPrice(p.subtotal, money),
    shipping: wixPrice(p.shipping, money),
    tax: wixPrice(p.tax, money),
    discount: wixPrice(p.discount, money),
    total: wixPrice(p.total, money),
    additionalFees: wixPrice(0, money),
  };
}

/** Each priced line's tax and discount (`calculatedLineItems`; a checkout's lines carry the same fields). */
export function lineBreakdown(quote: Quote, money: MoneyFormat, lineId: string) {
  const line = quote.priced.lines.find((l) => l.id === lineId);
  if (!line) return undefined;
  const net = line.subtotal - line.discount;
  const beforeTax = quote.priced.taxIncluded ? net - line.tax : net;
  return {
    totalPriceAfterTax: wixPrice(line.total, money),
    totalPriceBeforeTax: wixPrice(beforeTax, money),
    taxDetails: {
      taxableAmount: wixPrice(beforeTax, money),
      taxRate: wixRate(line.taxRate),
      totalTax: wixPrice(line.tax, money),
      rateBreakdown: line.tax
        ? [{ name: quote.priced.taxName ?? 'Tax', rate: wixRate(line.taxRate), tax: wixPrice(line.tax, money) }]
        : [],
    },
    totalDiscount: wixPrice(line.discount, money),
    price: wixPrice(line.unitPrice, money),
    priceBeforeDiscounts: wixPrice(line.unitPrice, money),
    lineItemPrice: wixPrice(line.subtotal, money),
    fullPrice: wixPrice(line.unitPrice, money),
  };
}

export function calculatedLineItems(quote: Quote, money: MoneyFormat) {
  return quote.priced.lines.map((l) => ({
    lineItemId: l.id,
    pricesBreakdown: lineBreakdown(quote, money, l.id),
    paymentOption: 'FULL_PAYMENT_OFFLINE',
  }));
}

export function taxSummary(quote: Quote, money: MoneyFormat) {
  const p = quote.priced;
  const taxable = p.lines.reduce((a, l) => a + (l.subtotal - l.discount - (p.taxIncluded ? l.tax : 0)), 0);
  return {
    taxableAmount: wixPrice(taxable, money),
    totalTax: wixPrice(p.tax, money),
    calculationDetails: { rateType: 'MANUAL_RATE', manualRateReason: 'GLOBAL_SETTING_TO_MANUAL' },
  };
}

export function appliedDiscounts(quote: Quote, money: MoneyFormat) {
  const coupon = quote.priced.coupon;
  if (!coupon) return [];
  return [
    {
      coupon: { id: coupon.id, code: coupon.code, name: coupon.code, amount: wixPrice(coupon.amount, money) },
      discountType: 'GLOBAL',
      lineItemIds: quote.priced.lines.filter((l) => l.discount > 0).map((l) => l.id),
    },
  ];
}

const details = (error: ApplicationError) => ({
  applicationError: { code: error.code, description: error.message, data: error.data },
});

export function calculationErrors(quote: Quote) {
  const p = quote.priced;
  const refusal = p.couponRefusal ? ERRORS[p.couponRefusal] : undefined;
  return {
    ...(refusal
      ? { couponCalculationError: { applicationError: { code: refusal.code, description: refusal.text, data: {} } } }
      : {}),
    ...(p.deliveryError ? { generalShippingCalculationError: details(p.deliveryError) } : {}),
    orderValidationErrors: [],
  };
}

export function shippingInfo(quote: Quote, money: MoneyFormat) {
  const p = quote.priced;
  const offer = (o: { id: string; name: string; description?: string; amount: number }) => ({
    code: o.id,
    title: o.name,
    logistics: o.description ? { deliveryTime: o.description } : {},
    cost: { price: wixPrice(o.amount, money), otherCharges: [] },
  });
  const chosen = p.delivery && p.deliveryOffers.find((o) => o.id === p.delivery!.methodId);
  return {
    ...(p.delivery
      ? {
          selectedCarrierServiceOption: {
            code: p.delivery.methodId,
            title: p.delivery.name,
            logistics: chosen?.description ? { deliveryTime: chosen.description } : {},
            cost: {
              totalPriceAfterTax: wixPrice(p.delivery.amount, money),
              totalPriceBeforeTax: wixPrice(p.delivery.amount, money),
              price: wixPrice(p.delivery.amount, money),
            },
            requestedShippingOption: true,
            otherCharges: [],
          },
        }
      : {}),
    carrierServiceOptions: p.deliveryOffers.length
      ? [{ carrierId: 'vitrine', shippingOptions: p.deliveryOffers.map(offer) }]
      : [],
  };
}
