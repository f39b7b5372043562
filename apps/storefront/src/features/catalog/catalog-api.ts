/**
 * The catalog's reads on the Stores wire (app/stores-module.ts): a page of products for the catalog's filters,
 * the categories (the shop's collections), one product by its slug.
 */
import type { ShopClient } from '../../app/shop-client.js';
import type { StoresModule } from '../../app/stores-module.js';
import { PAGE_SIZE } from './catalog-params.js';
import type { CatalogParams } from './catalog-params.js';
import { fromWire } from './product-types.js';
import type { Product } from './product-types.js';

/** What the catalog reads: the client's `stores` module (the browser's, or the server entry's in-process one). */
export type CatalogClient = Pick<ShopClient, 'stores'> | { stores: StoresModule };

export interface CatalogPage {
  products: Product[];
  totalCount: number;
  /** More products match than the catalog offers pages for: `totalCount` is shown as "10,000+ products". */
  tooManyToCount: boolean;
  totalPages: number;
}

/**
 * The Stores wire pages by offset up to 100,000 (docs/commerce.md → Queries); the catalog offers the pages up to
 * 10,000 products and says "10,000+" past that, as it always has.
 */
export const COUNT_SHOWN = 10_000;
const MAX_PAGES = Math.floor(COUNT_SHOWN / PAGE_SIZE) + 1;

export interface Category {
  /** The collection's slug: what the catalog's address holds (`?category=kitchen`). */
  id: string;
  /** The collection's id, which products list in `collectionIds`. */
  collectionId: string;
  name: string;
}

/** Collections that are not categories: everything, and the home page's lists of the Wix templates. */
const notACategory = (slug: string) => slug == 'all-products' || slug.startsWith('hidden-');

/** The shop's categories: its visible collections with products, by name. */
export async function fetchCategories(client: CatalogClient): Promise<Category[]> {
  const collections = await client.stores.queryCollections();
  return collections
    .filter((c) => !notACategory(c.slug) && c.numberOfProducts > 0)
    .map((c) => ({ id: c.slug, collectionId: c.id, name: c.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export async function fetchCatalogPage(
  client: CatalogClient,
  params: CatalogParams,
  categories: readonly Category[],
): Promise<CatalogPage> {
  const filters: Record<string, unknown>[] = [];
  if (params.search) filters.push({ name: { $contains: params.search } });
  if (params.category) {
    // An unknown category matches nothing (an id no collection has), rather than everything.
    const collectionId = categories.find((c) => c.id == params.category)?.collectionId ?? params.category;
    filters.push({ collectionIds: { $hasSome: [collectionId] } });
  }
  const byName = { fieldName: 'name', order: 'ASC' } as const;
  const sort =
    params.sort == 'price-asc'
      ? [{ fieldName: 'price', order: 'ASC' } as const, byName]
      : params.sort == 'price-desc'
        ? [{ fieldName: 'price', order: 'DESC' } as const, byName]
        : [byName];
  const result = await client.stores.queryProducts({
    ...(filters.length ? { filter: filters.length == 1 ? filters[0]! : { $and: filters } } : {}),
    sort,
    limit: PAGE_SIZE,
    offset: (params.page - 1) * PAGE_SIZE,
  });
  const totalCount = result.total;
  const totalPages = Math.min(MAX_PAGES, Math.max(1, Math.ceil(totalCount / PAGE_SIZE)));
  return {
    products: result.products.map(fromWire),
    totalCount: Math.min(totalCount, COUNT_SHOWN),
    tooManyToCount: totalCount > COUNT_SHOWN,
    totalPages,
  };
}

export async function fetchProductBySlug(client: CatalogClient, slug: string): Promise<Product | null> {
  const product = await client.stores.productBySlug(slug);
  return product ? fromWire(product) : null;
}
