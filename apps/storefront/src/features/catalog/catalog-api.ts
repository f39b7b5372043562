import type { ShopClient } from '../../app/shop-client.js';
import { PAGE_SIZE } from './catalog-params.js';
import type { CatalogParams } from './catalog-params.js';
import { CATEGORIES, PRODUCTS } from './product-types.js';
import type { Product } from './product-types.js';

export interface CatalogPage {
  products: Product[];
  totalCount: number;
  /** More products match than the server counts exactly: `totalCount` is an estimate ("10,000+ products"). */
  tooManyToCount: boolean;
  totalPages: number;
}

/**
 * The server counts exactly up to 10,000 matches and refuses offsets past 10,000 (VITRINE_DATA_COUNT_LIMIT,
 * VITRINE_DATA_MAX_OFFSET, docs/data.md → Large collections): past that the catalog shows "10,000+" and offers
 * only the pages it can open.
 */
export const COUNT_SHOWN = 10_000;
const MAX_PAGES = Math.floor(COUNT_SHOWN / PAGE_SIZE) + 1;

export async function fetchCatalogPage(client: ShopClient, params: CatalogParams): Promise<CatalogPage> {
  let query = client.items.query<Product>(PRODUCTS);
  if (params.search) query = query.contains('title', params.search);
  if (params.category) query = query.eq('category', params.category);
  if (params.sort == 'price-asc') query = query.ascending('price', 'title');
  else if (params.sort == 'price-desc') query = query.descending('price').ascending('title');
  else query = query.ascending('title');
  const result = await query
    .limit(PAGE_SIZE)
    .skip((params.page - 1) * PAGE_SIZE)
    .find({ returnTotalCount: true });
  const totalCount = result.totalCount ?? result.items.length;
  const totalPages = Math.min(MAX_PAGES, Math.max(1, Math.ceil(totalCount / PAGE_SIZE)));
  return { products: result.items, totalCount, tooManyToCount: result.tooManyToCount, totalPages };
}

export interface Category {
  /** What products hold in `category` (the `Categories` item's id). */
  id: string;
  /** Its name in the shopper's language (the client sends the language with every read). */
  name: string;
}

/**
 * Every category in use, by name in the shopper's language. The names come from the `Categories` collection,
 * translated by the server; a shop without one shows the ids products hold.
 */
export async function fetchCategories(client: ShopClient): Promise<Category[]> {
  const [used, named] = await Promise.all([
    client.items.query(PRODUCTS).limit(100).distinct<string>('category'),
    client.items
      .query<{ _id: string; name?: unknown }>(CATEGORIES)
      .limit(100)
      .find()
      .catch(() => undefined),
  ]);
  const names = new Map((named?.items ?? []).map((c) => [c._id, typeof c.name == 'string' ? c.name : c._id]));
  return used.items
    .filter((c): c is string => typeof c == 'string' && c.length > 0)
    .map((id) => ({ id, name: names.get(id) ?? id }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export async function fetchProductBySlug(client: ShopClient, slug: string): Promise<Product | null> {
  const result = await client.items.query<Product>(PRODUCTS).eq('slug', slug).limit(1).find();
  return result.items[0] ?? null;
}

export async function fetchProductsByIds(client: ShopClient, ids: string[]): Promise<Product[]> {
  if (!ids.length) return [];
  const result = await client.items
    .query<Product>(PRODUCTS)
    .hasSome('_id', ids)
    .limit(Math.min(ids.length, 100))
    .find();
  return result.items;
}
