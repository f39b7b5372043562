/**
 * The variant picker's rules, apart from the page: which choices a shopper may pick given the others, which
 * variant a full choice names, and where to start. Variants name their choices by description, as the Stores wire
 * sends them (`{"Size": "Blanket", "Colour": "Sage"}`).
 */
import type { Product, ProductVariant } from '../catalog/product-types.js';

export type Selection = Record<string, string>;

const matches = (variant: ProductVariant, selection: Selection) =>
  Object.entries(selection).every(([option, choice]) => variant.choices[option] === choice);

/** The variant the selection names in full (a product without options: its one variant). */
export function selectedVariant(product: Product, selection: Selection): ProductVariant | undefined {
  if (!product.options.length) return product.variants[0];
  if (product.options.some((o) => selection[o.name] === undefined)) return undefined;
  return product.variants.find((v) => matches(v, selection));
}

/** Whether some variant in stock has `choice` for `option` with the other options as selected. */
export function choiceAvailable(product: Product, selection: Selection, option: string, choice: string): boolean {
  const wanted = { ...selection, [option]: choice };
  return product.variants.some((v) => v.inStock && matches(v, wanted));
}

/** Where the picker starts: the first variant in stock, else nothing chosen. */
export function initialSelection(product: Product): Selection {
  const first = product.variants.find((v) => v.inStock);
  return first && product.options.length ? { ...first.choices } : {};
}

/**
 * The selection after picking `choice` for `option`: the other choices stay when the variant they make is in
 * stock, else they move to the first variant in stock with the new choice (Blanket is sold out in Charcoal: picking
 * Blanket while Charcoal is chosen moves the colour to one there is).
 */
export function pick(product: Product, selection: Selection, option: string, choice: string): Selection {
  const next = { ...selection, [option]: choice };
  if (product.variants.some((v) => v.inStock && matches(v, next))) return next;
  const other = product.variants.find((v) => v.inStock && v.choices[option] === choice);
  return other ? { ...other.choices } : next;
}
