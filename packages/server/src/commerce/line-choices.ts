/** A variant's choices as the shopper reads them (carts, checkouts, orders, mails), in the product's option order. */
import type { Product, Variant } from './catalog/types.js';

export interface LineChoice {
  /** The option, e.g. "Size". */
  name: string;
  /** The variant's choice value, e.g. "M" or "#1f3a5f". */
  value: string;
  /** What the shopper reads: "Medium", "Navy". */
  description: string;
  /** A colour option (shown as a swatch). */
  color: boolean;
}

export function lineChoices(product: Pick<Product, 'options'>, variant: Pick<Variant, 'choices'>): LineChoice[] {
  return product.options.flatMap((o) => {
    const value = variant.choices[o.name];
    if (value === undefined) return [];
    const choice = o.choices.find((c) => c.value === value);
    return [{ name: o.name, value, description: choice?.description || value, color: o.optionType === 'color' }];
  });
}
