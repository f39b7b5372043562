/**
 * The rules between a product's options and its variants: each variant names one choice of every option, no two
 * variants name the same combination, and a product without options has exactly one variant. `variantGrid` makes
 * every combination (the console's "generate variants", the demo).
 */
import { appError } from '../../errors/catalogue.js';
import type { MediaItem, ProductOption } from './types.js';

export interface VariantInput {
  id?: string;
  choices?: Record<string, string>;
  sku?: string | null;
  price: number;
  compareAtPrice?: number | null;
  weight?: number | null;
  trackStock?: boolean;
  /** Absent on an existing variant: its stock stays as it is. */
  stock?: number | null;
  visible?: boolean;
  media?: MediaItem[];
}

export const MAX_OPTIONS = 6;
export const MAX_CHOICES = 100;
export const MAX_VARIANTS = 300;

const invalid = (description: string) => appError('INVALID_PRODUCT', { description });
const comboKey = (choices: Record<string, string>, options: ProductOption[]) =>
  JSON.stringify(options.map((o) => choices[o.name]));

export function checkVariants(options: ProductOption[], variants: VariantInput[]): VariantInput[] {
  if (options.length > MAX_OPTIONS) throw invalid(`A product has at most ${MAX_OPTIONS} options`);
  const names = new Set<string>();
  for (const o of options) {
    if (!o.name.trim()) throw invalid('Every option needs a name');
    if (names.has(o.name)) throw invalid(`Two options are named "${o.name}"`);
    names.add(o.name);
    if (o.choices.length === 0 || o.choices.length > MAX_CHOICES)
      throw invalid(`Option "${o.name}" needs 1 to ${MAX_CHOICES} choices`);
    if (new Set(o.choices.map((c) => c.value)).size !== o.choices.length)
      throw invalid(`Option "${o.name}" lists a choice twice`);
  }
  if (variants.length === 0) throw invalid('A product needs at least one variant');
  if (variants.length > MAX_VARIANTS) throw invalid(`A product has at most ${MAX_VARIANTS} variants`);
  if (options.length === 0 && variants.length > 1) throw invalid('A product without options has one variant');
  const seen = new Set<string>();
  for (const v of variants) {
    const choices = v.choices ?? {};
    const keys = Object.keys(choices);
    if (keys.length !== options.length || !options.every((o) => keys.includes(o.name)))
      throw invalid(
        `Each variant names one choice of every option (${options.map((o) => o.name).join(', ') || 'none'})`,
      );
    for (const o of options)
      if (!o.choices.some((c) => c.value === choices[o.name]))
        throw invalid(`"${choices[o.name]}" is not a choice of option "${o.name}"`);
    const key = comboKey(choices, options);
    if (seen.has(key)) throw invalid('Two variants name the same choices');
    seen.add(key);
    if (!Number.isSafeInteger(v.price) || v.price < 0)
      throw invalid('A price is a whole number of minor units, 0 or more');
    if (v.compareAtPrice != null && (!Number.isSafeInteger(v.compareAtPrice) || v.compareAtPrice < 0))
      throw invalid('A compare-at price is a whole number of minor units, 0 or more');
    if (v.stock != null && (!Number.isInteger(v.stock) || v.stock < 0 || v.stock > 1_000_000_000))
      throw invalid('Stock is a whole number, 0 or more');
  }
  return variants;
}

/** Every combination of the options' choices, each with `base`'s price and stock (the variant grid). */
export function variantGrid(options: ProductOption[], base: Omit<VariantInput, 'choices' | 'id'>): VariantInput[] {
  let combos: Record<string, string>[] = [{}];
  for (const o of options)
    combos = combos.flatMap((c) => o.choices.map((choice) => ({ ...c, [o.name]: choice.value })));
  if (combos.length > MAX_VARIANTS)
    throw invalid(`These options make ${combos.length} variants; at most ${MAX_VARIANTS}`);
  return combos.map((choices) => ({ ...base, choices }));
}

/** The variant of `choices` among `variants` (a cart line named by options instead of a variant id). */
export function variantByChoices<T extends { choices: Record<string, string> }>(
  variants: T[],
  choices: Record<string, string>,
): T | undefined {
  return variants.find(
    (v) =>
      Object.keys(v.choices).length === Object.keys(choices).length &&
      Object.entries(v.choices).every(([k, value]) => choices[k] === value),
  );
}
