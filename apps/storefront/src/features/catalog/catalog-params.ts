/**
 * The catalog's state lives in the URL (`?q=&category=&sort=&page=`), so a search can be shared,
 * bookmarked and restored with Back. Parsing is forgiving: junk values fall back to defaults.
 */
export type CatalogSort = 'featured' | 'price-asc' | 'price-desc';

export interface CatalogParams {
  search: string;
  category: string;
  sort: CatalogSort;
  /** 1-based. */
  page: number;
}

export const PAGE_SIZE = 12;
const SORTS: readonly CatalogSort[] = ['featured', 'price-asc', 'price-desc'];

export function readCatalogParams(search: URLSearchParams): CatalogParams {
  const sort = search.get('sort') as CatalogSort | null;
  const page = Number.parseInt(search.get('page') ?? '', 10);
  return {
    search: (search.get('q') ?? '').trim().slice(0, 100),
    category: search.get('category') ?? '',
    sort: sort && SORTS.includes(sort) ? sort : 'featured',
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 1000) : 1,
  };
}

/** The query string for `params`, leaving defaults out; changing a filter resets the page. */
export function writeCatalogParams(params: CatalogParams): URLSearchParams {
  const out = new URLSearchParams();
  if (params.search) out.set('q', params.search);
  if (params.category) out.set('category', params.category);
  if (params.sort != 'featured') out.set('sort', params.sort);
  if (params.page > 1) out.set('page', String(params.page));
  return out;
}
