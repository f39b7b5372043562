/**
 * The console's "generate variants": every combination of the options' choices, where a combination an
 * existing variant already names keeps that variant (its id, price, stock, SKU) and a new one takes the base
 * price and stock. Nothing is written; the console saves the product with the grid it shows.
 */
import type { ProductOption } from '../catalog/types.js';
import { checkVariants, variantByChoices, variantGrid, type VariantInput } from '../catalog/variants.js';

export function variantGridKeeping(
  options: ProductOption[],
  base: { price: number; stock: number },
  existing: VariantInput[],
): VariantInput[] {
  const grid = variantGrid(options, { price: base.price, stock: base.stock }).map((fresh) => {
    const kept = variantByChoices(
      existing.map((v) => ({ ...v, choices: v.choices ?? {} })),
      fresh.choices ?? {},
    );
    return kept ?? fresh;
  });
  // The same checks as saving: names, duplicate choices, sizes.
  return checkVariants(options, grid);
}
