/**
 * Catalog v1 and collections v2 as `@wix/stores` reads them (`products`, `collections`): REST names (`id`; the
 * SDK renames it `_id`), prices as numbers in major units with their formatted text, `productOptions` with
 * choices, `variants` with their own price and stock, media with `image {url, width, height, altText}`.
 */
import { formatMoney, toMajor } from '../money.js';
import { wireChoices } from '../catalog/choices.js';
import { numericIdOf } from '../catalog/query-fields.js';
import { variantInStock, type Collection, type MediaItem, type Product, type Variant } from '../catalog/types.js';
import { absoluteUrl, choiceState, originalPrice, productView, type WireReader } from './product-view.js';

/** Wix's `PriceData`: `price` is the original price, `discountedPrice` what is paid. */
export function priceData(v: Pick<Variant, 'price' | 'compareAtPrice'>, currency: string) {
  const original = originalPrice(v);
  return {
    currency,
    price: toMajor(original, currency),
    discountedPrice: toMajor(v.price, currency),
    formatted: { price: formatMoney(original, currency), discountedPrice: formatMoney(v.price, currency) },
  };
}

export function mediaItemV1(m: MediaItem) {
  const image = { url: m.url, width: m.width, height: m.height, altText: m.altText ?? null };
  return { id: m.id, mediaType: 'image', title: m.altText ?? '', image, thumbnail: image };
}

export function mediaV1(items: MediaItem[]) {
  const list = items.map(mediaItemV1);
  return list.length ? { mainMedia: list[0], items: list } : { items: list };
}

const major = (minor: number, currency: string) => toMajor(minor, currency);

export function variantV1(product: Product, v: Variant, currency: string) {
  const price = priceData(v, currency);
  return {
    id: v.id,
    choices: wireChoices(product.options, v.choices),
    variant: {
      priceData: price,
      convertedPriceData: price,
      weight: v.weight ?? 0,
      sku: v.sku ?? '',
      visible: v.visible,
    },
    stock: v.trackStock
      ? { trackQuantity: true, quantity: v.stock, inStock: v.stock > 0 }
      : { trackQuantity: false, inStock: true },
  };
}

export function productV1(product: Product, reader: WireReader) {
  const { currency } = reader;
  const view = productView(product, reader);
  const cheapest = view.cheapest ?? { price: 0, compareAtPrice: null };
  const price = priceData(cheapest, currency);
  const managed = product.options.length > 0;
  const single = managed ? undefined : view.variants[0];
  const weights = view.variants.map((v) => v.weight ?? 0);
  const saving = originalPrice(cheapest) - cheapest.price;
  // In the shopper's language where the product has a translation (reader.ts), else the site's default.
  const translation = reader.language ? product.translations[reader.language] : undefined;
  return {
    id: product.id,
    name: translation?.name || product.name,
    slug: product.slug,
    visible: product.visible,
    productType: product.productType,
    description: translation?.description || product.description,
    sku: single?.sku ?? '',
    weight: single?.weight ?? 0,
    weightRange: {
      minValue: weights.length ? Math.min(...weights) : 0,
      maxValue: weights.length ? Math.max(...weights) : 0,
    },
    stock: {
      trackInventory: view.tracked,
      ...(view.tracked ? { quantity: view.quantity } : {}),
      inStock: view.status !== 'OUT_OF_STOCK',
      inventoryStatus: view.status,
    },
    price,
    priceData: price,
    convertedPriceData: price,
    priceRange: { minValue: major(view.minPrice, currency), maxValue: major(view.maxPrice, currency) },
    discount: saving > 0 ? { type: 'AMOUNT', value: major(saving, currency) } : { type: 'NONE', value: 0 },
    additionalInfoSections: [],
    ribbons: product.ribbon ? [{ text: product.ribbon }] : [],
    ribbon: product.ribbon ?? '',
    brand: product.brand,
    media: mediaV1(view.media),
    customTextFields: [],
    manageVariants: managed,
    productOptions: product.options.map((o) => ({
      optionType: o.optionType,
      name: o.name,
      choices: o.choices.map((c) => ({
        value: c.value,
        description: c.description,
        media: { items: [] },
        ...choiceState(view, o.name, c.value),
      })),
    })),
    productPageUrl: { base: reader.publicUrl, path: `/products/${product.slug}` },
    numericId: numericIdOf(product.createdAt),
    inventoryItemId: product.id,
    collectionIds: product.collectionIds,
    variants: view.variants.map((v) => variantV1(product, v, currency)),
    lastUpdated: product.updatedAt.toISOString(),
    createdDate: product.createdAt.toISOString(),
    seoData: { tags: [], settings: { preventAutoRedirect: false, keywords: [] } },
  };
}

/** `GET /stores-reader/v1/variants/{productId}-{variantId}`: one variant with its product's names. */
export function storeVariantV1(product: Product, v: Variant, reader: WireReader) {
  const choices = wireChoices(product.options, v.choices);
  const image = v.media[0] ?? product.media[0];
  return {
    id: `${product.id}-${v.id}`,
    variantId: v.id,
    productId: product.id,
    variantName: Object.values(choices).join(' | ') || product.name,
    productName: product.name,
    managedVariant: product.options.length > 0,
    sku: v.sku ?? '',
    stock: v.trackStock
      ? { trackQuantity: true, quantity: v.stock, inStock: variantInStock(v) }
      : { trackQuantity: false, inStock: true },
    choices,
    collectionIds: product.collectionIds,
    ...(image
      ? {
          media: {
            image: { url: absoluteUrl(image.url, reader.publicUrl), width: image.width, height: image.height },
          },
        }
      : {}),
  };
}

/**
 * Collections v2 (`collections.getCollectionBySlug` and friends), named and described in the shopper's language
 * where the collection has a translation (reader.ts), else the site's default, as catalog v1's products are.
 */
export function collectionV1(c: Collection, reader: WireReader) {
  const media = c.media.map((m) => ({ ...m, url: absoluteUrl(m.url, reader.publicUrl) }));
  const translation = reader.language ? c.translations[reader.language] : undefined;
  return {
    id: c.id,
    name: translation?.name || c.name,
    description: translation?.description || c.description,
    slug: c.slug,
    visible: c.visible,
    numberOfProducts: c.productCount,
    media: mediaV1(media),
  };
}
