import { describe, expect, it } from 'vitest';
import { addressLine, methodLine, soldLine } from './order-lines.js';

describe("an order's lines as the console reads them", () => {
  it('says the variant bought with its choices as the shopper read them, and its money', () => {
    const line = soldLine(
      {
        id: 'l1',
        name: 'Merino Wool Throw',
        choices: { Size: 'Blanket', Colour: '#3d3d3d' },
        options: [
          { name: 'Size', value: 'Blanket', description: 'Blanket' },
          { name: 'Colour', value: '#3d3d3d', description: 'Charcoal' },
        ],
        sku: 'WT-B-C',
        media: { url: '/assets/products/wool-throw.svg' },
        quantity: 2,
        unitPrice: 16000,
        discount: 3200,
        tax: 4800,
        taxRate: 20,
        total: 28800,
      },
      0,
    );
    expect(line).toEqual({
      id: 'l1',
      name: 'Merino Wool Throw',
      choices: 'Size: Blanket, Colour: Charcoal',
      sku: 'WT-B-C',
      image: '/assets/products/wool-throw.svg',
      quantity: 2,
      unitPrice: 16000,
      discount: 3200,
      tax: 4800,
      taxRate: 20,
      total: 28800,
    });
  });

  it('shows nothing for what is missing or not what it should be, and no image from another scheme', () => {
    expect(soldLine({ name: 7, media: { url: 'javascript:alert(1)' }, quantity: '2' }, 3)).toMatchObject({
      id: '3',
      name: '',
      image: '',
      quantity: 0,
      choices: '',
    });
  });

  it('puts an address and a delivery method on one line', () => {
    expect(
      addressLine({ name: 'Ada', addressLine: '1 rue de Rivoli', postalCode: '75001', city: 'Paris', country: 'FR' }),
    ).toBe('Ada, 1 rue de Rivoli, 75001 Paris, FR');
    expect(addressLine(null)).toBe('');
    expect(methodLine({ methodId: 'standard', name: 'Standard delivery' })).toBe('Standard delivery');
  });
});
