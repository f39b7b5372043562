/**
 * The catalog's reads on the Stores wire (app/stores-module.ts): a page of products for the catalog's filters,
 * the categories (the shop's collections), one product by its slug.
 */
import type { ShopClient } from '../../app/shop-client.js';
import type { StoresModule, TextRange } from '../../app/stores-module.js';
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
  // Words with the default order: the server's search ranks them (stems, typos, names above descriptions).
  if (params.search && params.sort == 'featured') return searchPage(client, params, categories);
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

/** The search ranks its best 480 + 48 matches: the pages offered stop there (docs/commerce.md → Search). */
const SEARCH_PAGES = Math.floor(480 / PAGE_SIZE) + 1;

async function searchPage(
  client: CatalogClient,
  params: CatalogParams,
  categories: readonly Category[],
): Promise<CatalogPage> {
  const collectionId = params.category
    ? (categories.find((c) => c.id == params.category)?.collectionId ?? params.category)
    : undefined;
  const answer = await client.stores.searchProducts({
    q: params.search,
    limit: PAGE_SIZE,
    offset: Math.min(params.page - 1, SEARCH_PAGES - 1) * PAGE_SIZE,
    facets: false,
    ...(collectionId ? { collectionId } : {}),
  });
  return {
    products: answer.results.map((r) => fromWire(r.product)),
    totalCount: answer.total,
    tooManyToCount: !answer.exhaustive,
    totalPages: Math.min(SEARCH_PAGES, Math.max(1, Math.ceil(answer.total / PAGE_SIZE))),
  };
}

export interface Suggestion {
  id: string;
  slug: string;
  name: string;
  /** Where the name says the words typed, to mark them. */
  highlights: TextRange[];
}

/** Up to six products for what has been typed so far, best first. */
export async function fetchSuggestions(client: CatalogClient, text: string): Promise<Suggestion[]> {
  const answer = await client.stores.searchProducts({ q: text, limit: 6, facets: false });
  return answer.results.map((r) => ({
    id: r.product.id,
    slug: r.product.slug,
    name: r.product.name,
    highlights: r.nameHighlights,
  }));
}
