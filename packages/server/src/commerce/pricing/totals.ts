/**
 * A cart or checkout priced, as one pure function (tested without a database, JPY included): lines × the
 * variant's price; the discount code's amount spread over the lines in proportion to their subtotals
 * (`allocate`, so the parts add up exactly); tax per line after its discount at the delivery country's rate;
 * delivery from the site's `shipping` (free above a goods total after discount); the totals. Amounts are
 * minor units of the site's currency; nothing here reads a price from a client.
 *
 * `strict` is checkout's mode (placing an order): a code that does not apply and a delivery that cannot be
 * priced throw their errors. Otherwise (carts, estimates, checkout pages) they are reported and left out.
 */
import type { ShippingConfig } from '../../config/types.js';
import { appError } from '../../errors/catalogue.js';
import type { ApplicationError } from '../../errors/wire.js';
import { allocate } from '../money.js';
import type { CommerceSettings } from '../settings.js';
import { discountAmount, discountRefusal, type DiscountCode, type DiscountRefusal } from './discount.js';
import { chooseDelivery, shippingOffers, type ChosenShipping, type ShippingOffer } from './shipping.js';
import { lineTax, taxRateFor } from './tax.js';

export interface PricingLine {
  id: string;
  unitPrice: number;
  quantity: number;
}

export interface PricingInput {
  currency: string;
  settings: Pick<CommerceSettings, 'pricesIncludeTax' | 'taxRates'>;
  lines: readonly PricingLine[];
  /** The delivery country (ISO 3166 alpha-2): its tax rate and delivery methods. */
  country?: string | undefined;
  /** The code the cart or checkout holds, and the discount the store found for it (undefined: none). */
  couponCode?: string | null | undefined;
  discount?: DiscountCode | undefined;
  shipping?: ShippingConfig | undefined;
  shippingMethod?: string | null | undefined;
  now: number;
  strict?: boolean;
}

export interface PricedLine extends PricingLine {
  /** unitPrice × quantity. */
  subtotal: number;
  /** This line's part of the order's discount. */
  discount: number;
  /** Percent. */
  taxRate: number;
  tax: number;
  /** What the line costs after its discount, tax included. */
  total: number;
}

export interface PricedCart {
  currency: string;
  taxIncluded: boolean;
  lines: PricedLine[];
  /** Before discount and, when prices exclude it, before tax. */
  subtotal: number;
  discount: number;
  tax: number;
  shipping: number;
  total: number;
  /** The rate of the delivery country (0 without one), and its name ("VAT"). */
  taxRate: number;
  taxName: string | null;
  /** The code applied and what it took off; `couponRefusal` when the held code does not apply. */
  coupon: { id: string; code: string; kind: DiscountCode['kind']; amount: number } | null;
  couponRefusal: DiscountRefusal | null;
  /** The methods for the country (empty without a country or without `shipping`), the one chosen, why none. */
  deliveryOffers: ShippingOffer[];
  delivery: ChosenShipping | null;
  deliveryError: ApplicationError | null;
}

export function priceCart(input: PricingInput): PricedCart {
  const { currency, settings, strict = false } = input;
  const subtotals = input.lines.map((l) => l.unitPrice * l.quantity);
  const subtotal = subtotals.reduce((a, b) => a + b, 0);

  let coupon: PricedCart['coupon'] = null;
  let couponRefusal: DiscountRefusal | null = null;
  if (input.couponCode) {
    const refusal = discountRefusal(input.discount, subtotal, input.now);
    if (refusal && strict) throw appError(refusal);
    if (refusal) couponRefusal = refusal;
    else {
      const d = input.discount!;
      coupon = { id: d.id, code: d.code, kind: d.kind, amount: discountAmount(d, subtotal) };
    }
  }
  const discounts = allocate(coupon?.amount ?? 0, subtotals);

  const rate = taxRateFor(settings, input.country);
  const lines = input.lines.map((l, i): PricedLine => {
    const net = subtotals[i]! - discounts[i]!;
    const taxed = lineTax(net, rate?.rate ?? 0, settings.pricesIncludeTax);
    return {
      ...l,
      subtotal: subtotals[i]!,
      discount: discounts[i]!,
      taxRate: taxed.rate,
      tax: taxed.tax,
      total: taxed.total,
    };
  });
  const discount = discounts.reduce((a, b) => a + b, 0);
  const tax = lines.reduce((a, l) => a + l.tax, 0);
  const goods = lines.reduce((a, l) => a + l.total, 0);

  // Free delivery is judged on what the goods cost after the discount.
  const afterDiscount = subtotal - discount;
  let delivery: ChosenShipping | null = null;
  let deliveryError: ApplicationError | null = null;
  const offers =
    input.shipping && input.country ? shippingOffers(input.shipping, input.country, afterDiscount, currency) : [];
  if (input.shipping && (input.country || strict)) {
    try {
      delivery = chooseDelivery(
        input.shipping,
        { methodId: input.shippingMethod ?? undefined, country: input.country },
        afterDiscount,
        currency,
      );
    } catch (error) {
      if (strict) throw error;
      deliveryError = error as ApplicationError;
    }
  }
  const shipping = delivery?.amount ?? 0;
  return {
    currency,
    taxIncluded: settings.pricesIncludeTax,
    lines,
    subtotal,
    discount,
    tax,
    shipping,
    total: goods + shipping,
    taxRate: rate?.rate ?? 0,
    taxName: rate?.name ?? null,
    coupon,
    couponRefusal,
    deliveryOffers: offers,
    delivery,
    deliveryError,
  };
}
