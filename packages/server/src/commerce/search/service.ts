/**
 * Product search for shoppers (docs/commerce.md → Search): visible products whose words match the text, stemmed
 * in the shopper's language, ranked; when no product says the words, the same with the shop's closest words
 * (typos.ts). With each product, where its name says the words (ranges, highlight.ts); with the
 * page, the facet counts over the candidates (collections, price ranges, in stock).
 */
import type { Queryable } from '../../store/types.js';
import { currencyDigits } from '../money.js';
import { loadProducts } from '../catalog/store.js';
import type { Product } from '../catalog/types.js';
import { highlightRanges, type Range } from './highlight.js';
import { candidatesOf, type SearchInput } from './input.js';
import { searchRows } from './query.js';
import { correctTerms, isShopWord } from './typos.js';

/** `text`: products say the words; `similar`: none did, so the words were corrected to the closest of the shop's. */
export type MatchMode = 'text' | 'similar';

/** Price buckets' edges in the currency's major units: under 10, 10–25, 25–50, … 500 and up. */
const PRICE_EDGES_MAJOR = [10, 25, 50, 100, 250, 500];

export const priceEdges = (currency: string): number[] =>
  PRICE_EDGES_MAJOR.map((e) => e * 10 ** currencyDigits(currency));

export interface SearchHit {
  product: Product;
  rank: number;
  /** Where the name shown (translated when the shopper's language has one) says the words. */
  nameHighlights: Range[];
}

export interface SearchFacets {
  collections: { id: string; name: string; slug: string; count: number }[];
  /** `to` exclusive, absent for the last range; minor units. */
  prices: { from: number; to?: number; count: number }[];
  inStock: number;
}

export interface SearchResult {
  hits: SearchHit[];
  total: number;
  /** False when the search stopped at its candidates (input.ts): the total and the facets count those. */
  exhaustive: boolean;
  matched: MatchMode;
  /** With `similar`: the words searched instead of the shopper's. */
  corrected?: string;
  facets?: SearchFacets;
}

export interface SearchScope {
  db: Queryable;
  siteId: string;
  currency: string;
  /** The shopper's language when it is not the site's default (names and highlights in it). */
  language?: string | undefined;
  /** The language whose stemming applies to the text: the shopper's. */
  config: string;
}

const EMPTY: SearchResult = { hits: [], total: 0, exhaustive: true, matched: 'text' };

export async function searchProducts(scope: SearchScope, input: SearchInput): Promise<SearchResult> {
  if (input.terms.length === 0) return { ...EMPTY, ...(input.facets ? { facets: emptyFacets() } : {}) };
  const edges = priceEdges(scope.currency);
  let terms = input.terms;
  if (input.prefix && (await isShopWord(scope.db, scope.siteId, terms[terms.length - 1]!)))
    input = { ...input, prefix: false };
  let rows = await searchRows(scope.db, scope.siteId, input, scope.config, edges);
  // Nothing says the words: the shop's closest words instead (typos), when there are any.
  if (rows.total === 0) {
    const corrected = await correctTerms(scope.db, scope.siteId, input.terms);
    if (corrected.some((t, i) => t !== input.terms[i])) {
      terms = corrected;
      rows = await searchRows(scope.db, scope.siteId, { ...input, terms }, scope.config, edges);
    }
  }
  const matched: MatchMode = terms === input.terms ? 'text' : 'similar';
  const products = new Map(
    (
      await loadProducts(
        scope.db,
        scope.siteId,
        rows.ids.map((r) => r.id),
      )
    ).map((p) => [p.id, p]),
  );
  const hits: SearchHit[] = [];
  for (const { id, rank } of rows.ids) {
    const product = products.get(id);
    if (!product) continue; // deleted between the two reads
    const name = (scope.language && product.translations[scope.language]?.name) || product.name;
    hits.push({ product, rank, nameHighlights: highlightRanges(name, terms) });
  }
  return {
    hits,
    total: rows.total,
    exhaustive: rows.total < candidatesOf(input),
    matched,
    ...(matched === 'similar' ? { corrected: terms.join(' ') } : {}),
    ...(input.facets ? { facets: await facets(scope, rows, edges) } : {}),
  };
}

const emptyFacets = (): SearchFacets => ({ collections: [], prices: [], inStock: 0 });

async function facets(
  scope: SearchScope,
  rows: Awaited<ReturnType<typeof searchRows>>,
  edges: number[],
): Promise<SearchFacets> {
  const counted = rows.collections ?? [];
  const names = new Map<string, { name: string; slug: string }>();
  if (counted.length > 0) {
    const { rows: collections } = await scope.db.query<{
      id: string;
      slug: string;
      name: string;
      translations: Record<string, { name?: string }> | null;
    }>(
      `select id, slug, name, translations from commerce_collections
       where site_id = $1 and visible and id = any($2::text[])`,
      [scope.siteId, counted.map((c) => c.id)],
    );
    for (const c of collections)
      names.set(c.id, {
        slug: c.slug,
        name: (scope.language && c.translations?.[scope.language]?.name) || c.name,
      });
  }
  const prices = [...(rows.prices ?? [])]
    .sort((a, b) => a.bucket - b.bucket)
    .map(({ bucket, count }) => ({
      from: bucket === 0 ? 0 : edges[bucket - 1]!,
      ...(bucket < edges.length ? { to: edges[bucket]! } : {}),
      count,
    }));
  return {
    collections: counted.flatMap((c) => {
      const known = names.get(c.id);
      return known ? [{ id: c.id, ...known, count: c.count }] : [];
    }),
    prices,
    inStock: rows.inStock ?? 0,
  };
}
