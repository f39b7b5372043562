/**
 * Which variant a cart line names. The eCom wire names it by `catalogReference`: the product
 * (`catalogItemId`) and, in `options`, either the variant (`{variantId}`, as nextjs/commerce and astro/commerce
 * send it) or the choices (`{options: {Size: "M"}}`, as minimal-examples sends it). A choice is matched by its
 * value or by its description, since Wix's templates send either ("M" or "Medium"; a colour's name rather than
 * its code), exactly first, then ignoring case. A product without options needs neither: its one variant.
 */
import { appError } from '../../errors/catalogue.js';
import { invalidField } from '../../errors/wire.js';
import type { Product, ProductOption, Variant } from '../catalog/types.js';
import { variantByChoices } from '../catalog/variants.js';

export interface CatalogReference {
  catalogItemId?: unknown;
  appId?: unknown;
  options?: unknown;
}

const record = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** The product id a reference names; a validation error for none. */
export function referencedProductId(reference: CatalogReference | undefined, field: string): string {
  const id = reference?.catalogItemId;
  if (typeof id !== 'string' || !id || id.length > 200)
    throw invalidField(`${field}.catalogItemId`, 'must name a product', 'REQUIRED');
  return id;
}

function findOption(product: Product, name: string): ProductOption | undefined {
  return (
    product.options.find((o) => o.name === name) ??
    product.options.find((o) => o.name.toLowerCase() === name.toLowerCase())
  );
}

/** The choice value an option's given text means (a value or a description), or undefined. */
export function choiceValue(option: ProductOption, given: string): string | undefined {
  const lower = given.toLowerCase();
  const choice =
    option.choices.find((c) => c.value === given) ??
    option.choices.find((c) => c.description === given) ??
    option.choices.find((c) => c.value.toLowerCase() === lower || c.description.toLowerCase() === lower);
  return choice?.value;
}

/** The variant a reference names on `product` (already found and for sale). */
export function referencedVariant(product: Product, reference: CatalogReference | undefined, field: string): Variant {
  const options = record(reference?.options) ?? {};
  const variants = product.variants;
  const variantId = options.variantId;
  if (typeof variantId === 'string' && variantId) {
    const variant = variants.find((v) => v.id === variantId);
    if (!variant)
      throw invalidField(`${field}.options.variantId`, `"${product.name}" has no variant ${variantId.slice(0, 100)}`);
    return variant;
  }
  const given = record(options.options);
  if (!given || Object.keys(given).length === 0) {
    if (variants.length === 1 && product.options.length === 0) return variants[0]!;
    throw invalidField(
      `${field}.options`,
      `choose ${product.options.map((o) => o.name).join(', ')} of "${product.name}" (options.options or options.variantId)`,
      'REQUIRED',
    );
  }
  const choices: Record<string, string> = {};
  for (const [name, text] of Object.entries(given)) {
    const option = findOption(product, name);
    const value = option && typeof text === 'string' ? choiceValue(option, text) : undefined;
    if (!option || value === undefined)
      throw invalidField(
        `${field}.options.options`,
        `"${product.name}" has no ${name} "${String(text).slice(0, 100)}"`,
      );
    choices[option.name] = value;
  }
  const variant = variantByChoices(variants, choices);
  if (!variant)
    throw invalidField(
      `${field}.options.options`,
      `choose one of each of ${product.options.map((o) => o.name).join(', ')} for "${product.name}"`,
    );
  return variant;
}

/** A product that is not for sale (unknown, hidden) or a hidden variant: PRODUCT_UNAVAILABLE. */
export const unavailable = (productId: string, variantId?: string) =>
  appError('PRODUCT_UNAVAILABLE', {
    description: 'This item is not for sale.',
    data: { productId, ...(variantId ? { variantId } : {}) },
  });
