import { describe, expect, it } from 'vitest';
import { DraftError, emptyDraft, productInput, slugFrom, variantDraft, type ProductDraft } from './product-form.js';

const size = { name: 'Size', optionType: 'drop_down' as const, choices: [{ value: 'S', description: 'S' }] };

describe('the product draft', () => {
  it('sends a product without options as one variant from the price fields, in minor units', () => {
    const draft: ProductDraft = {
      ...emptyDraft(),
      name: ' Mug ',
      slug: 'mug',
      price: '18.5',
      compareAtPrice: '20',
      stock: '7',
    };
    const input = productInput(draft, 'EUR');
    expect(input.name).toBe('Mug');
    expect(input.variants).toEqual([
      expect.objectContaining({ choices: {}, price: 1850, compareAtPrice: 2000, stock: 7, trackStock: true }),
    ]);
  });

  it('leaves an unchanged stock out so the server keeps what orders took meanwhile, and sends a changed one', () => {
    const loaded = variantDraft(
      { id: 'v1', choices: { Size: 'S' }, price: 1000, stock: 4, trackStock: true, sku: null, compareAtPrice: null },
      'EUR',
    );
    const draft: ProductDraft = { ...emptyDraft(), name: 'T', slug: 't', options: [size], variants: [loaded] };
    expect(productInput(draft, 'EUR').variants[0]).not.toHaveProperty('stock');
    const changed = { ...draft, variants: [{ ...loaded, stock: '9' }] };
    expect(productInput(changed, 'EUR').variants[0]).toMatchObject({ id: 'v1', stock: 9, price: 1000 });
    const untracked = { ...draft, variants: [{ ...loaded, stock: '' }] };
    expect(productInput(untracked, 'EUR').variants[0]).toMatchObject({ trackStock: false, stock: null });
  });

  it('names the variant whose price is not an amount', () => {
    const bad: ProductDraft = {
      ...emptyDraft(),
      options: [size],
      variants: [{ ...emptyDraft().variants[0]!, choices: { Size: 'S' }, price: '12.345' }],
    };
    expect(() => productInput(bad, 'EUR')).toThrow(new DraftError('Price of S: "12.345" is not an amount in EUR'));
  });

  it('suggests a slug from the name', () => {
    expect(slugFrom('Écharpe en laine, grise!')).toBe('echarpe-en-laine-grise');
  });
});
