/**
 * The variant grid in the editor: whether the variants still fit the options, what a rename of an option or a
 * choice does to them, and how the server's grid (POST …/variant-grid) is merged with what the owner has typed.
 */
import type { ProductOption, VariantInput } from '../../api/types.js';
import { toMinor } from './money.js';
import { variantDraft, type VariantDraft } from './product-form.js';

/** The same combination, whatever the key order. */
export const choicesKey = (choices: Record<string, string>) =>
  JSON.stringify(Object.entries(choices).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** Do the variants name exactly every combination of the options' choices? Else the grid must be generated again. */
export function gridFits(options: ProductOption[], variants: VariantDraft[]): boolean {
  if (!options.length) return true;
  const combinations = options.reduce((n, o) => n * o.choices.length, 1);
  if (combinations !== variants.length) return false;
  const keys = new Set(variants.map((v) => choicesKey(v.choices)));
  if (keys.size !== variants.length) return false;
  return variants.every(
    (v) =>
      Object.keys(v.choices).length === options.length &&
      options.every((o) => o.choices.some((c) => c.value === v.choices[o.name])),
  );
}

/**
 * The options changed from `before` to `after`: an option or a choice renamed in place (same count) is renamed in
 * the variants too, so fixing a typo keeps the grid; choices added or removed leave the grid to be generated.
 */
export function renameInVariants(variants: VariantDraft[], before: ProductOption[], after: ProductOption[]) {
  if (before.length !== after.length) return variants;
  return variants.map((v) => {
    const choices: Record<string, string> = {};
    before.forEach((old, i) => {
      const next = after[i]!;
      const value = v.choices[old.name];
      if (value === undefined) return;
      const at = old.choices.findIndex((c) => c.value === value);
      const renamed = old.choices.length === next.choices.length && at >= 0 ? next.choices[at]!.value : value;
      choices[next.name] = renamed;
    });
    return { ...v, choices };
  });
}

/** The drafts as the grid call's `existing`: amounts as far as they read, so a half-typed price does not block it. */
export const existingForGrid = (variants: VariantDraft[], currency: string): VariantInput[] =>
  variants.map((v) => ({
    ...(v.id ? { id: v.id } : {}),
    choices: v.choices,
    price: toMinor(v.price, currency) ?? 0,
  }));

/**
 * The server's grid, each combination the owner already had keeping its draft exactly as typed; a new one takes
 * the base compare-at price, and is not stock-counted when the base stock is empty.
 */
export function mergeGrid(
  grid: VariantInput[],
  drafts: VariantDraft[],
  base: { compareAtPrice: string; stock: string },
  currency: string,
): VariantDraft[] {
  const byChoices = new Map(drafts.map((d) => [choicesKey(d.choices), d]));
  return grid.map((v) => {
    const kept = byChoices.get(choicesKey(v.choices ?? {}));
    if (kept) return kept;
    const fresh = variantDraft(v, currency);
    return { ...fresh, compareAtPrice: base.compareAtPrice, stock: base.stock.trim() ? fresh.stock : '' };
  });
}
