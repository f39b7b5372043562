import { describe, expect, it } from 'vitest';
import type { Product } from '../catalog/product-types.js';
import { choiceAvailable, initialSelection, pick, selectedVariant } from './variant-choice.js';

const choice = (description: string) => ({ value: description, description, inStock: true, visible: true });
const variant = (id: string, size: string, colour: string, price: number, inStock: boolean) => ({
  id,
  choices: { Size: size, Colour: colour },
  price,
  inStock,
  ...(inStock ? {} : { stock: 0 }),
});
// The demo's wool throw: Throw or Blanket (dearer), in Oat, Charcoal or Sage; Blanket only in Oat is left.
const throw_: Product = {
  _id: 'p',
  title: 'Merino Wool Throw',
  slug: 'wool-throw',
  price: 120,
  priceMax: 160,
  currency: 'USD',
  inStock: true,
  collectionIds: [],
  options: [
    { name: 'Size', optionType: 'drop_down', choices: [choice('Throw'), choice('Blanket')] },
    { name: 'Colour', optionType: 'color', choices: [choice('Oat'), choice('Charcoal'), choice('Sage')] },
  ],
  variants: [
    variant('t-oat', 'Throw', 'Oat', 120, true),
    variant('t-charcoal', 'Throw', 'Charcoal', 120, true),
    variant('t-sage', 'Throw', 'Sage', 120, false),
    variant('b-oat', 'Blanket', 'Oat', 160, true),
    variant('b-charcoal', 'Blanket', 'Charcoal', 160, false),
    variant('b-sage', 'Blanket', 'Sage', 160, false),
  ],
};

describe('the variant picker', () => {
  it('starts on the first variant in stock and names it once every option is chosen', () => {
    expect(initialSelection(throw_)).toEqual({ Size: 'Throw', Colour: 'Oat' });
    expect(selectedVariant(throw_, { Size: 'Blanket', Colour: 'Oat' })?.id).toBe('b-oat');
    expect(selectedVariant(throw_, { Size: 'Blanket' })).toBeUndefined();
  });

  it('turns off a choice with nothing in stock given the other choices', () => {
    expect(choiceAvailable(throw_, { Size: 'Throw', Colour: 'Oat' }, 'Colour', 'Sage')).toBe(false);
    expect(choiceAvailable(throw_, { Size: 'Blanket', Colour: 'Oat' }, 'Colour', 'Charcoal')).toBe(false);
    expect(choiceAvailable(throw_, { Size: 'Throw', Colour: 'Charcoal' }, 'Size', 'Blanket')).toBe(false);
    expect(choiceAvailable(throw_, { Size: 'Throw', Colour: 'Oat' }, 'Size', 'Blanket')).toBe(true);
  });

  it('moves the other choices to a variant in stock when a pick leaves none', () => {
    expect(pick(throw_, { Size: 'Throw', Colour: 'Charcoal' }, 'Size', 'Blanket')).toEqual({
      Size: 'Blanket',
      Colour: 'Oat',
    });
    expect(pick(throw_, { Size: 'Throw', Colour: 'Oat' }, 'Colour', 'Charcoal')).toEqual({
      Size: 'Throw',
      Colour: 'Charcoal',
    });
  });

  it('needs no choice for a product without options', () => {
    const mug = { ...throw_, options: [], variants: [{ id: 'only', choices: {}, price: 18, inStock: true }] };
    expect(initialSelection(mug)).toEqual({});
    expect(selectedVariant(mug, {})?.id).toBe('only');
  });
});
