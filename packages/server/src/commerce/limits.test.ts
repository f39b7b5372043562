import { describe, expect, it } from 'vitest';
import { SiteSchema } from '../config/schema/site.js';
import { DEFAULT_SHOP_LIMITS, shopLimits } from './limits.js';

describe('shopLimits', () => {
  it('takes each key the site sets and the default for the others', () => {
    expect(shopLimits({})).toEqual(DEFAULT_SHOP_LIMITS);
    expect(shopLimits({ shop: { maxUnitsPerProduct: 5, unpaidOrderHours: 72 } })).toEqual({
      ...DEFAULT_SHOP_LIMITS,
      maxUnitsPerProduct: 5,
      unpaidOrderHours: 72,
    });
  });

  it('never takes a value outside the schema’s range', () => {
    expect(shopLimits({ shop: { maxUnitsPerProduct: 500, maxOpenUnpaidOrders: 0, memberOrdersPerHour: 1.5 } })).toEqual(
      DEFAULT_SHOP_LIMITS,
    );
  });

  it('is a section of the site schema, so the console’s settings show it', () => {
    const shop = (SiteSchema as unknown as { properties: Record<string, { properties: object }> }).properties.shop;
    // Beside the limits, the section holds the commerce settings (settings.ts): currency, tax, the demo catalog,
    // and the owner's offline payment methods (docs/payments.md).
    expect(Object.keys(shop!.properties).sort()).toEqual(
      [
        ...Object.keys(DEFAULT_SHOP_LIMITS),
        'currency',
        'pricesIncludeTax',
        'taxRates',
        'demoCatalog',
        'offlinePayments',
      ].sort(),
    );
  });
});
