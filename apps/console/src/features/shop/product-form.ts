/**
 * The product editor's draft: what the owner types (decimals as text, stock as text) and the product input the
 * server takes (minor units, whole numbers). Kept apart from the components so the conversion is tested alone.
 */
import type { Product, ProductInput, ProductMedia, ProductOption, VariantInput } from '../../api/types.js';
import { toDecimal, toMinor } from './money.js';

export interface VariantDraft {
  id?: string;
  choices: Record<string, string>;
  sku: string;
  price: string;
  compareAtPrice: string;
  /** Empty: stock is not counted for this variant. */
  stock: string;
  /** The stock the variant had when the page read it: unchanged, it is not sent, so sales meanwhile are kept. */
  loadedStock?: number | null;
  weight: string;
  visible: boolean;
  media: ProductMedia[];
}

export interface ProductDraft {
  name: string;
  slug: string;
  description: string;
  visible: boolean;
  /** Without options: the one variant's price; with options: the price of variants the grid adds. */
  price: string;
  compareAtPrice: string;
  /** Stock of the variants the grid adds. */
  stock: string;
  media: ProductMedia[];
  /** Undefined on a new product until the owner picks: the server then puts it in the all-products collection. */
  collectionIds: string[] | undefined;
  options: ProductOption[];
  variants: VariantDraft[];
  translations: Record<string, { name?: string; description?: string }>;
}

export const emptyDraft = (): ProductDraft => ({
  name: '',
  slug: '',
  description: '',
  visible: true,
  price: '',
  compareAtPrice: '',
  stock: '',
  media: [],
  collectionIds: undefined,
  options: [],
  variants: [{ choices: {}, sku: '', price: '', compareAtPrice: '', stock: '', weight: '', visible: true, media: [] }],
  translations: {},
});

/** "Merino Wool Throw!" → "merino-wool-throw": a slug the server accepts, suggested from the name. */
export const slugFrom = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);

export function variantDraft(v: VariantInput, currency: string): VariantDraft {
  const tracked = v.trackStock ?? (v.stock !== undefined && v.stock !== null);
  return {
    ...(v.id ? { id: v.id } : {}),
    choices: v.choices ?? {},
    sku: v.sku ?? '',
    price: toDecimal(v.price, currency),
    compareAtPrice:
      v.compareAtPrice === null || v.compareAtPrice === undefined ? '' : toDecimal(v.compareAtPrice, currency),
    stock: tracked && typeof v.stock === 'number' ? String(v.stock) : '',
    ...(v.id ? { loadedStock: tracked ? (v.stock ?? null) : null } : {}),
    weight: v.weight === null || v.weight === undefined ? '' : String(v.weight),
    visible: v.visible ?? true,
    media: v.media ?? [],
  };
}

export function draftOf(product: Product, currency: string): ProductDraft {
  const variants = product.variants.map((v) => variantDraft(v, currency));
  const first = variants[0];
  return {
    name: product.name,
    slug: product.slug,
    description: product.description,
    visible: product.visible,
    price: first?.price ?? '',
    compareAtPrice: product.options.length ? '' : (first?.compareAtPrice ?? ''),
    stock: product.options.length ? '' : (first?.stock ?? ''),
    media: product.media,
    collectionIds: product.collectionIds,
    options: product.options,
    variants,
    translations: product.translations,
  };
}

/** A field the owner got wrong, said as the page says it (the server checks everything again). */
export class DraftError extends Error {}

function amount(text: string, currency: string, what: string): number {
  const minor = toMinor(text, currency);
  if (minor === undefined) throw new DraftError(`${what}: "${text}" is not an amount in ${currency}`);
  return minor;
}

function count(text: string, what: string): number {
  if (!/^\s*\d{1,10}\s*$/.test(text)) throw new DraftError(`${what}: "${text}" is not a whole number`);
  return Number(text);
}

export const choicesLabel = (choices: Record<string, string>, options: ProductOption[]) =>
  options
    .map((o) => {
      const value = choices[o.name];
      return o.choices.find((c) => c.value === value)?.description || value || '?';
    })
    .join(' / ') || 'The product';

/** One variant as the server takes it. */
export function variantInput(v: VariantDraft, currency: string, label: string): VariantInput {
  const stock = v.stock.trim();
  const trackStock = stock !== '';
  const stockValue = trackStock ? count(stock, `Stock of ${label}`) : null;
  const weight = v.weight.trim();
  if (weight && !/^\d+(\.\d+)?$/.test(weight)) throw new DraftError(`Weight of ${label}: "${weight}" is not a number`);
  return {
    ...(v.id ? { id: v.id } : {}),
    choices: v.choices,
    sku: v.sku.trim() || null,
    price: amount(v.price, currency, `Price of ${label}`),
    compareAtPrice: v.compareAtPrice.trim() ? amount(v.compareAtPrice, currency, `Compare-at price of ${label}`) : null,
    weight: weight ? Number(weight) : null,
    trackStock,
    // An existing variant whose stock was not changed here keeps the server's (orders may have taken some since).
    ...(v.id && stockValue === (v.loadedStock ?? null) ? {} : { stock: stockValue }),
    visible: v.visible,
    media: v.media,
  };
}

/** The whole product as the server takes it; a product without options sends its one variant from the fields. */
export function productInput(draft: ProductDraft, currency: string): ProductInput {
  const options = draft.options.map((o) => ({
    ...o,
    name: o.name.trim(),
    choices: o.choices.map((c) => ({ value: c.value.trim(), description: c.description.trim() })),
  }));
  const variants = options.length
    ? draft.variants.map((v) => variantInput(v, currency, choicesLabel(v.choices, options)))
    : [
        variantInput(
          {
            ...(draft.variants[0] ?? emptyDraft().variants[0]!),
            choices: {},
            price: draft.price,
            compareAtPrice: draft.compareAtPrice,
            stock: draft.stock,
          },
          currency,
          'The product',
        ),
      ];
  const translations = filledTranslations(draft.translations);
  return {
    slug: draft.slug.trim(),
    name: draft.name.trim(),
    description: draft.description,
    visible: draft.visible,
    options,
    media: draft.media.map((m) => ({ ...m, altText: m.altText?.trim() ?? '' })),
    ...(draft.collectionIds ? { collectionIds: draft.collectionIds } : {}),
    variants,
    translations,
  };
}

/** Translations as saved: fields left empty are dropped (they fall back to the default language), then empty languages. */
export function filledTranslations(translations: ProductDraft['translations']): ProductDraft['translations'] {
  return Object.fromEntries(
    Object.entries(translations)
      .map(([lang, t]) => [lang, Object.fromEntries(Object.entries(t).filter(([, text]) => text?.trim()))] as const)
      .filter(([, t]) => Object.keys(t).length),
  );
}
