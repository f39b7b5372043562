import { describe, expect, it } from 'vitest';
import { taxChanges, type TaxFields } from './taxes-form.js';

describe('the taxes form', () => {
  const before: TaxFields = {
    currency: 'EUR',
    pricesIncludeTax: true,
    rates: [{ country: 'FR', rate: '20', name: 'TVA' }],
  };

  it('sends only what changed, as the settings keys', () => {
    expect(taxChanges(before, before)).toEqual({});
    expect(taxChanges(before, { ...before, pricesIncludeTax: false })).toEqual({ 'shop.pricesIncludeTax': false });
    expect(
      taxChanges(before, {
        ...before,
        currency: 'gbp',
        rates: [...before.rates, { country: 'de', rate: '19,5', name: '' }],
      }),
    ).toEqual({
      'shop.currency': 'GBP',
      'shop.taxRates': [
        { country: 'FR', rate: 20, name: 'TVA' },
        { country: 'DE', rate: 19.5 },
      ],
    });
  });

  it('leaves out empty rows and sends a rate that is not a number as typed, for the server to name', () => {
    const after = {
      ...before,
      rates: [
        { country: '', rate: '', name: '' },
        { country: 'ES', rate: 'lots', name: '' },
      ],
    };
    expect(taxChanges(before, after)).toEqual({ 'shop.taxRates': [{ country: 'ES', rate: 'lots' }] });
  });
});

describe('the taxes form reads the settings', () => {
  it("takes the shop section's fields by name", async () => {
    const { taxFieldsOf } = await import('./taxes-form.js');
    const field = (name: string, value: unknown) => ({
      key: `shop.${name}`,
      name,
      path: `sites[0].shop.${name}`,
      schema: {},
      value,
      source: 'default' as const,
      locked: false,
      secret: false,
    });
    expect(
      taxFieldsOf([
        field('currency', 'EUR'),
        field('pricesIncludeTax', true),
        field('taxRates', [{ country: 'FR', rate: 20 }]),
      ]),
    ).toEqual({ currency: 'EUR', pricesIncludeTax: true, rates: [{ country: 'FR', rate: '20', name: '' }] });
  });
});
