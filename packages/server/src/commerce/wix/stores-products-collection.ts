/**
 * `Stores/Products` through `@wix/data` (`items.query('Stores/Products')`, `items.get('Stores/Products', id)`), as
 * Wix exposes its Stores app's products to data code: read-only, anyone reads the visible products (a site API
 * key or the admin key the hidden ones too), at most 100 a page, writes refused with WDE0027 as Wix refuses them
 * (data/module-collections.ts). The fields are those of Wix's "Products" collection (docs/data.md → Stores/Products):
 * prices as numbers in major units with their formatted text, `mainMedia` and `mediaItems` as URLs, `productOptions`
 * keyed by option name, `collections` as the ids of the product's collections (so `hasSome('collections', [id])`
 * finds a collection's products). Computed from the same product view as catalog v1 (v1-shapes.ts).
 */
import type { JsonObject, ModuleCollection } from '../../data/index.js';
import type { Product } from '../catalog/types.js';
import { loadProducts, productIds } from '../catalog/store.js';
import { commerceSettings } from '../settings.js';
import { productV1 } from './v1-shapes.js';
import type { WireReader } from './product-view.js';

export const STORES_PRODUCTS = 'Stores/Products';

const date = (d: Date) => ({ $date: d.toISOString() });

/** Text of an HTML description, for `plainDescription`. */
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** One product as an item of Wix's `Stores/Products` collection, in `language` when the product has it. */
export function storesProductItem(product: Product, reader: WireReader, language: string | undefined): JsonObject {
  const translated = language ? product.translations[language] : undefined;
  const name = translated?.name || product.name;
  const description = translated?.description || product.description;
  const v1 = productV1(product, reader);
  const media = v1.media.items.map((m) => ({
    id: m.id,
    type: 'image',
    src: m.image.url,
    title: m.title,
    description: m.image.altText ?? '',
  }));
  const item = {
    _id: product.id,
    _createdDate: date(product.createdAt),
    _updatedDate: date(product.updatedAt),
    name,
    description,
    plainDescription: plain(description),
    slug: product.slug,
    productType: product.productType,
    mainMedia: media[0]?.src ?? null,
    mediaItems: media,
    ribbon: v1.ribbon,
    brand: v1.brand,
    currency: reader.currency,
    price: v1.price.price,
    discountedPrice: v1.price.discountedPrice,
    formattedPrice: v1.price.formatted.price,
    formattedDiscountedPrice: v1.price.formatted.discountedPrice,
    discount: v1.discount,
    sku: v1.sku,
    weight: v1.weight,
    inStock: v1.stock.inStock,
    trackInventory: v1.stock.trackInventory,
    ...(v1.stock.trackInventory ? { quantityInStock: v1.stock.quantity ?? 0 } : {}),
    manageVariants: v1.manageVariants,
    productOptions: Object.fromEntries(v1.productOptions.map((o) => [o.name, o])),
    customTextFields: [],
    additionalInfoSections: [],
    productPageUrl: v1.productPageUrl.path,
    collections: product.collectionIds,
    inventoryItem: product.id,
    numericId: v1.numericId,
    lastUpdated: date(product.updatedAt),
  };
  // Plain JSON (no undefined, no class instances), as stored items are.
  return JSON.parse(JSON.stringify(item)) as JsonObject;
}

/**
 * The collection the data service serves from the catalog (plugged in by app.ts). `publicUrl` is read per request,
 * as catalogReader does (a test server learns its port after the app is built).
 */
export function storesProductsCollection(publicUrl: () => string): ModuleCollection {
  return {
    id: STORES_PRODUCTS,
    maxLimit: 100,
    async items({ db, site, admin, language }) {
      const base = publicUrl().replace(/\/+$/, '');
      const reader: WireReader = { shopper: !admin, currency: commerceSettings(site).currency, publicUrl: base };
      const products = await loadProducts(db, site.id, await productIds(db, site.id, !admin));
      return products.map((p) => storesProductItem(p, reader, language));
    },
  };
}
