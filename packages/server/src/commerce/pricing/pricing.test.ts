import { describe, expect, it } from 'vitest';
import type { ShippingConfig } from '../../config/types.js';
import { ApplicationError } from '../../errors/wire.js';
import { commerceSettings } from '../settings.js';
import { discountAmount, discountRefusal, type DiscountCode } from './discount.js';
import { chooseDelivery, shippingOffers } from './shipping.js';
import { lineTax } from './tax.js';
import { priceCart, type PricingInput } from './totals.js';

const NOW = Date.parse('2025-06-15T12:00:00Z');
const code = (over: Partial<DiscountCode> = {}): DiscountCode => ({
  id: 'd1',
  code: 'WELCOME10',
  kind: 'percentage',
  value: 10,
  minSubtotal: 0,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  used: 0,
  active: true,
  ...over,
});
const SHIPPING: ShippingConfig = {
  methods: [
    { id: 'standard', name: 'Standard', rates: [{ countries: ['FR', 'US'], amount: 7.5 }], freeAbove: 100 },
    { id: 'express', name: 'Express', rates: [{ countries: ['FR'], amount: 20 }] },
  ],
};
const vat = (pricesIncludeTax: boolean) =>
  commerceSettings({
    shop: {
      pricesIncludeTax,
      taxRates: [
        { country: 'FR', rate: 20, name: 'VAT' },
        { country: 'US', rate: 8.25 },
      ],
    },
  });
const price = (over: Partial<PricingInput>) =>
  priceCart({ currency: 'EUR', settings: vat(false), lines: [], now: NOW, ...over });

describe('discount codes', () => {
  it('apply between their dates, below their usage limit and from their minimum', () => {
    expect(discountRefusal(code(), 1000, NOW)).toBeUndefined();
    expect(discountRefusal(undefined, 1000, NOW)).toBe('COUPON_NOT_FOUND');
    expect(discountRefusal(code({ active: false }), 1000, NOW)).toBe('COUPON_NOT_FOUND');
    expect(discountRefusal(code({ startsAt: new Date(NOW + 1) }), 1000, NOW)).toBe('COUPON_NOT_ACTIVE_YET');
    expect(discountRefusal(code({ endsAt: new Date(NOW) }), 1000, NOW)).toBe('COUPON_EXPIRED');
    expect(discountRefusal(code({ usageLimit: 5, used: 5 }), 1000, NOW)).toBe('COUPON_USAGE_EXCEEDED');
    expect(discountRefusal(code({ usageLimit: 5, used: 4 }), 1000, NOW)).toBeUndefined();
    expect(discountRefusal(code({ minSubtotal: 5000 }), 4999, NOW)).toBe('COUPON_MINIMUM_NOT_REACHED');
    expect(discountRefusal(code({ minSubtotal: 5000 }), 5000, NOW)).toBeUndefined();
  });

  it('take a rounded percentage, or an amount never above the subtotal', () => {
    expect(discountAmount({ kind: 'percentage', value: 15 }, 1999)).toBe(300);
    expect(discountAmount({ kind: 'amount', value: 500 }, 1999)).toBe(500);
    expect(discountAmount({ kind: 'amount', value: 5000 }, 1999)).toBe(1999);
  });
});

describe('tax per line', () => {
  it('is added on top, or is the part of a price that includes it', () => {
    expect(lineTax(1000, 20, false)).toEqual({ rate: 20, tax: 200, total: 1200 });
    expect(lineTax(1200, 20, true)).toEqual({ rate: 20, tax: 200, total: 1200 });
    expect(lineTax(999, 5.5, true)).toEqual({ rate: 5.5, tax: 52, total: 999 });
    expect(lineTax(1000, 0, false)).toEqual({ rate: 0, tax: 0, total: 1000 });
  });
});

describe('priceCart', () => {
  it('multiplies lines by their price and adds tax of the delivery country on top', () => {
    const p = price({
      lines: [
        { id: 'a', unitPrice: 1850, quantity: 2 },
        { id: 'b', unitPrice: 999, quantity: 1 },
      ],
      country: 'FR',
    });
    expect(p.lines.map((l) => [l.subtotal, l.tax, l.total])).toEqual([
      [3700, 740, 4440],
      [999, 200, 1199],
    ]);
    expect([p.subtotal, p.discount, p.tax, p.shipping, p.total]).toEqual([4699, 0, 940, 0, 5639]);
    expect([p.taxRate, p.taxName]).toEqual([20, 'VAT']);
  });

  it('takes no tax without a country or for a country without a rate', () => {
    const lines = [{ id: 'a', unitPrice: 1000, quantity: 1 }];
    expect(price({ lines }).tax).toBe(0);
    expect(price({ lines, country: 'JP' }).total).toBe(1000);
  });

  it('spreads a discount over the lines so that they add up exactly, and taxes what is left', () => {
    const p = price({
      lines: [
        { id: 'a', unitPrice: 1000, quantity: 1 },
        { id: 'b', unitPrice: 1000, quantity: 1 },
        { id: 'c', unitPrice: 1000, quantity: 1 },
      ],
      couponCode: 'TAKE100',
      discount: code({ code: 'TAKE100', kind: 'amount', value: 100 }),
      country: 'FR',
    });
    expect(p.lines.map((l) => l.discount)).toEqual([34, 33, 33]);
    expect(p.lines.map((l) => l.tax)).toEqual([193, 193, 193]);
    expect([p.subtotal, p.discount, p.tax, p.total]).toEqual([3000, 100, 579, 3479]);
    expect(p.coupon).toEqual({ id: 'd1', code: 'TAKE100', kind: 'amount', amount: 100 });
  });

  it('keeps prices that include tax as they are and shows the tax inside them', () => {
    const p = priceCart({
      currency: 'EUR',
      settings: vat(true),
      lines: [{ id: 'a', unitPrice: 2400, quantity: 1 }],
      couponCode: 'WELCOME10',
      discount: code(),
      country: 'FR',
      now: NOW,
    });
    expect([p.subtotal, p.discount, p.tax, p.total, p.taxIncluded]).toEqual([2400, 240, 360, 2160, true]);
  });

  it('reports a code that does not apply, and refuses it when an order is placed', () => {
    const input: PricingInput = {
      currency: 'EUR',
      settings: vat(false),
      lines: [{ id: 'a', unitPrice: 1000, quantity: 1 }],
      couponCode: 'BIG',
      discount: code({ code: 'BIG', minSubtotal: 5000 }),
      now: NOW,
    };
    const p = priceCart(input);
    expect([p.coupon, p.couponRefusal, p.discount]).toEqual([null, 'COUPON_MINIMUM_NOT_REACHED', 0]);
    expect(() => priceCart({ ...input, strict: true })).toThrow(ApplicationError);
    expect(priceCart({ ...input, couponCode: 'GONE', discount: undefined }).couponRefusal).toBe('COUPON_NOT_FOUND');
  });

  it('prices delivery in minor units, the cheapest when none is chosen, free above the total after discount', () => {
    const lines = [{ id: 'a', unitPrice: 5000, quantity: 2 }];
    const base = { lines, country: 'FR', shipping: SHIPPING };
    expect(price(base).delivery).toEqual({ methodId: 'standard', name: 'Standard', country: 'FR', amount: 0 });
    expect(price({ ...base, shippingMethod: 'express' }).shipping).toBe(2000);
    const discounted = price({ ...base, couponCode: 'WELCOME10', discount: code() });
    expect([discounted.shipping, discounted.delivery?.methodId]).toEqual([750, 'standard']);
    expect(discounted.total).toBe(9000 + 1800 + 750);
    expect(shippingOffers(SHIPPING, 'FR', 100, 'EUR').map((o) => [o.id, o.amount, o.freeAbove])).toEqual([
      ['standard', 750, 10000],
      ['express', 2000, undefined],
    ]);
  });

  it('reports a delivery it cannot price, and refuses it when an order is placed', () => {
    const lines = [{ id: 'a', unitPrice: 100, quantity: 1 }];
    expect(price({ lines, country: 'JP', shipping: SHIPPING }).deliveryError?.code).toBe(
      'SHIPPING_COUNTRY_UNSUPPORTED',
    );
    expect(price({ lines, shipping: SHIPPING }).delivery).toBeNull();
    expect(() => price({ lines, shipping: SHIPPING, strict: true })).toThrow(/country/);
    expect(() => chooseDelivery(SHIPPING, { methodId: 'express', country: 'US' }, 100, 'EUR')).toThrow(
      /does not deliver to US/,
    );
    expect(() => chooseDelivery(SHIPPING, { methodId: 'drone', country: 'FR' }, 100, 'EUR')).toThrow(/drone/);
  });

  it('works in a zero-decimal currency: yen stay whole, config decimals round to a yen', () => {
    const settings = commerceSettings({
      shop: { currency: 'JPY', taxRates: [{ country: 'JP', rate: 10, name: '消費税' }] },
    });
    const yen: ShippingConfig = {
      methods: [{ id: 'std', name: 'Standard', rates: [{ countries: ['JP'], amount: 799.5 }], freeAbove: 10000 }],
    };
    const p = priceCart({
      currency: settings.currency,
      settings,
      lines: [
        { id: 'a', unitPrice: 1980, quantity: 3 },
        { id: 'b', unitPrice: 555, quantity: 1 },
      ],
      couponCode: 'WELCOME10',
      discount: code(),
      country: 'JP',
      shipping: yen,
      now: NOW,
    });
    expect(p.currency).toBe('JPY');
    expect(p.lines.map((l) => [l.subtotal, l.discount, l.tax])).toEqual([
      [5940, 594, 535],
      [555, 56, 50],
    ]);
    expect([p.subtotal, p.discount, p.tax, p.shipping, p.total]).toEqual([6495, 650, 585, 800, 7230]);
    expect(p.lines.every((l) => Number.isInteger(l.total))).toBe(true);
  });
});
